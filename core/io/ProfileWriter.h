#pragma once

#include "core/model/Profile.h"

#include <nlohmann/json.hpp>

namespace cutlab::core {

// The `cutlab-profile` document of a profile (docs/formats.md §1), so that a profile changed in
// memory (estimated machines added) can be written back:
//  - the values CutLab reads come from the structs: model name, input_bytes, batch, source;
//    machine id, tier, label; layer id, type, inputs (as ids), output_bytes, param_bytes, flops
//    and the times, keyed by machine id in machine order;
//  - every other field the file had is kept after them (ModelInfo/Machine/Layer::fields,
//    Profile::otherFields), so marks such as "estimated": true survive a write and a read;
//  - optional fields are written when they have a value or the file had them; whole numbers
//    are written as integers.
// Reading the document back with parseProfile gives the same profile.
nlohmann::ordered_json profileToJson(const Profile& profile);

} // namespace cutlab::core
