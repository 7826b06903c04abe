#pragma once

#include "core/model/MachinePreset.h"
#include "core/model/Tier.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cutlab::core {

// One machine to add to a profile with estimated times: which preset describes it, the tier it
// sits in and its id in the profile.
struct MachineSelection {
    MachinePreset preset;
    Tier tier = Tier::Device;
    std::string machineId;
};

// Either the machines asked for or a sentence saying why the text is not understood.
struct MachineSelectionParse {
    std::vector<MachineSelection> machines;
    std::string error; // empty when the text is understood
    bool ok() const { return error.empty(); }
};

// Reads a machine file (core/io/MachineFile.h); nullopt with a sentence in `error` on failure.
using MachineFileReader =
    std::function<std::optional<MachinePreset>(const std::string& path, std::string& error)>;

// "[ID=]PRESET[@TIER],..." as `--machines` takes it ("pi4@device,nuc-i3@edge,gtx1080ti@cloud"):
// spaces around entries are ignored; a missing TIER is the preset's default tier, a missing ID
// the preset's id. A custom machine is "ID=GFLOPS,GBPS" (two list elements: the bare number
// after ID=GFLOPS is its GB/s; @TIER on either, default device), "pi4,box=50,20@edge,v100".
// Errors: a custom machine without its GB/s, a bare number elsewhere, numbers not in (0, 1e9], an
// empty list or entry, an unknown preset (the message lists the known ones), an unknown tier, an
// empty id, the same machine id twice. A PRESET ending in ".json" is a machine file read with
// `readFile` ("box.json", "phone=box.json@device"): the file's id, label and tier unless the
// entry gives them; without a reader it is an error.
MachineSelectionParse parseMachineSelection(std::string_view text,
                                            const MachineFileReader& readFile = {});

// One machine per tier: pi4@device, nuc-i3@edge, gtx1080ti@cloud.
std::vector<MachineSelection> defaultMachinesForTiers();

} // namespace cutlab::core
