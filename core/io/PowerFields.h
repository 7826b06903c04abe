#pragma once

#include "core/io/JsonFields.h"
#include "core/model/DevicePower.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace cutlab::core {

// A machine's "power" object (docs/formats.md §1, machines[]): "compute_w", and "radio" (a
// preset) and/or "uplink"/"downlink" ({"alpha_mw_per_mbps", "beta_mw"}, replacing the preset's
// direction). Problems go to `fields` under `pointer`; nullopt then.
std::optional<DevicePower> readDevicePower(const nlohmann::ordered_json& value,
                                           const std::string& pointer, JsonFields& fields);

} // namespace cutlab::core
