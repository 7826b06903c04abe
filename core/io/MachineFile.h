#pragma once

#include "core/model/MachinePreset.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace cutlab::core {

// A machine described by its own roofline, as `cutlab-cli calibrate` writes it: a
// `cutlab-machine` JSON document (docs/formats.md §7). It is accepted wherever a preset is.

// The document of a machine; `calibration` (how it was fitted, how well) is written as given.
nlohmann::ordered_json machineToJson(const MachinePreset& machine,
                                     const nlohmann::ordered_json& calibration);

// The machine in a document, or nullopt with `error` naming the field and what is wrong.
std::optional<MachinePreset> machineFromJson(const nlohmann::ordered_json& document,
                                             std::string& error);

// Reads a machine file; on failure nullopt and `error` starts with the path.
std::optional<MachinePreset> readMachineFile(const std::string& path, std::string& error);

} // namespace cutlab::core
