#include "core/model/MachineSelection.h"

#include <algorithm>

namespace cutlab::core {
namespace {

std::string_view trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(" \t");
    return text.substr(first, last - first + 1);
}

// One "[ID=]PRESET[@TIER]" entry; returns an error sentence, empty when understood.
std::string parseEntry(std::string_view entry, MachineSelection& machine) {
    std::string_view rest = entry;
    std::string id;
    if (const auto equals = rest.find('='); equals != std::string_view::npos) {
        id = std::string(trim(rest.substr(0, equals)));
        rest = trim(rest.substr(equals + 1));
        if (id.empty())
            return "'" + std::string(entry) + "' has an empty machine id before '='";
    }
    std::string_view presetName = rest;
    std::string_view tierName;
    const auto at = rest.find('@');
    if (at != std::string_view::npos) {
        presetName = trim(rest.substr(0, at));
        tierName = trim(rest.substr(at + 1));
    }
    const MachinePreset* preset = findMachinePreset(presetName);
    if (!preset)
        return (presetName.empty() ? std::string("'") + std::string(entry) + "' names no preset"
                                   : "unknown preset '" + std::string(presetName) + "'") +
               " (known: " + machinePresetIds() + ")";
    machine.preset = *preset;
    machine.tier = preset->defaultTier;
    if (at != std::string_view::npos) {
        const auto tier = tierFromName(tierName);
        if (!tier)
            return "unknown tier '" + std::string(tierName) + "' in '" + std::string(entry) +
                   "' (expected device, edge or cloud)";
        machine.tier = *tier;
    }
    machine.machineId = id.empty() ? preset->id : id;
    return {};
}

} // namespace

MachineSelectionParse parseMachineSelection(std::string_view text) {
    MachineSelectionParse result;
    const auto fail = [&result](std::string error) {
        result.machines.clear();
        result.error = std::move(error);
        return result;
    };
    if (trim(text).empty())
        return fail("no machines given (expected PRESET@TIER,... e.g. "
                    "pi4@device,nuc-i3@edge,gtx1080ti@cloud)");
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view entry = trim(text.substr(start, comma - start));
        if (entry.empty())
            return fail("an empty entry in '" + std::string(text) +
                        "' (two commas in a row, or one at an end)");
        MachineSelection machine;
        if (std::string error = parseEntry(entry, machine); !error.empty())
            return fail(std::move(error));
        const bool seen = std::any_of(
            result.machines.begin(), result.machines.end(),
            [&](const MachineSelection& other) { return other.machineId == machine.machineId; });
        if (seen)
            return fail("machine id '" + machine.machineId +
                        "' is given twice (name one of them: ID=PRESET@TIER)");
        result.machines.push_back(std::move(machine));
        if (comma == text.size())
            break;
        start = comma + 1;
    }
    return result;
}

std::vector<MachineSelection> defaultMachinesForTiers() {
    return parseMachineSelection("pi4@device,nuc-i3@edge,gtx1080ti@cloud").machines;
}

} // namespace cutlab::core
