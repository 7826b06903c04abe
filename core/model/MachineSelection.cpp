#include "core/model/MachineSelection.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <utility>

namespace cutlab::core {
namespace {

std::string_view trimSpaces(std::string_view text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(" \t");
    return text.substr(first, last - first + 1);
}

// A positive finite number written whole (no trailing text); nullopt otherwise.
std::optional<double> numberOf(std::string_view text) {
    const std::string copy(trimSpaces(text));
    if (copy.empty())
        return std::nullopt;
    char* end = nullptr;
    const double value = std::strtod(copy.c_str(), &end);
    if (end != copy.c_str() + copy.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

// "TEXT@TIER" split at the '@' (tier text empty without one); `hasTier` says whether there was.
std::pair<std::string_view, std::string_view> splitTier(std::string_view text, bool& hasTier) {
    const auto at = text.find('@');
    hasTier = at != std::string_view::npos;
    if (!hasTier)
        return {trimSpaces(text), {}};
    return {trimSpaces(text.substr(0, at)), trimSpaces(text.substr(at + 1))};
}

std::string tierError(std::string_view tierName, std::string_view entry) {
    return "unknown tier '" + std::string(tierName) + "' in '" + std::string(entry) +
           "' (expected device, edge or cloud)";
}

// "ID=GFLOPS[@TIER]" then "GBPS[@TIER]": a custom machine described by its own roofline.
std::string parseCustom(const std::string& id, std::string_view flopsEntry,
                        std::string_view bandwidthEntry, MachineSelection& machine) {
    bool flopsTier = false, bandwidthTier = false;
    const auto [flopsText, tierA] = splitTier(flopsEntry, flopsTier);
    const auto [bandwidthText, tierB] = splitTier(bandwidthEntry, bandwidthTier);
    const auto gflops = numberOf(flopsText), gbps = numberOf(bandwidthText);
    if (!gflops || !gbps || *gflops <= 0 || *gbps <= 0 || *gflops > 1e9 || *gbps > 1e9)
        return "custom machine '" + id +
               "': GFLOPS and GBPS must be positive numbers up to 1e9 "
               "(" +
               id + "=GFLOPS,GBPS, e.g. " + id + "=50,20)";
    if (flopsTier && bandwidthTier)
        return "custom machine '" + id + "' names its tier twice";
    machine.preset = MachinePreset{};
    machine.preset.id = "custom";
    char label[96];
    std::snprintf(label, sizeof label, "custom machine, %g GFLOP/s, %g GB/s", *gflops, *gbps);
    machine.preset.label = label;
    machine.preset.peakGflops = *gflops;
    machine.preset.achievedFraction = 1;
    machine.preset.memoryGBps = *gbps;
    machine.preset.source = "given on the command line";
    machine.preset.fractionReason = "the GFLOP/s given are those reached";
    machine.tier = Tier::Device;
    if (flopsTier || bandwidthTier) {
        const std::string_view tierText = flopsTier ? tierA : tierB;
        const auto tier = tierFromName(tierText);
        if (!tier)
            return tierError(tierText, flopsTier ? flopsEntry : bandwidthEntry);
        machine.tier = *tier;
    }
    machine.machineId = id;
    return {};
}

bool endsWithJson(std::string_view text) {
    constexpr std::string_view suffix = ".json";
    return text.size() > suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// The text of an entry after "ID=" when it names a machine file, else empty.
std::string_view machineFileOf(std::string_view entry) {
    const auto equals = entry.find('=');
    const std::string_view rest =
        trimSpaces(equals == std::string_view::npos ? entry : entry.substr(equals + 1));
    const auto at = rest.rfind('@');
    const bool file = endsWithJson(rest) || (at != std::string_view::npos &&
                                             endsWithJson(trimSpaces(rest.substr(0, at))));
    return file ? rest : std::string_view();
}

// "[ID=]FILE.json[@TIER]": a machine file; returns an error sentence, empty when understood.
std::string parseFileEntry(std::string_view entry, const MachineFileReader& readFile,
                           MachineSelection& machine) {
    const auto equals = entry.find('=');
    const std::string id =
        equals == std::string_view::npos ? "" : std::string(trimSpaces(entry.substr(0, equals)));
    if (equals != std::string_view::npos && id.empty())
        return "'" + std::string(entry) + "' has an empty machine id before '='";
    const std::string_view rest = machineFileOf(entry);
    std::string_view path = rest, tierText;
    const auto at = rest.rfind('@');
    if (!endsWithJson(rest) && at != std::string_view::npos) {
        path = trimSpaces(rest.substr(0, at));
        tierText = trimSpaces(rest.substr(at + 1));
    }
    if (!readFile)
        return "'" + std::string(path) + "': machine files are not read here";
    std::string error;
    const auto preset = readFile(std::string(path), error);
    if (!preset)
        return error;
    machine.preset = *preset;
    machine.tier = preset->defaultTier;
    if (!tierText.empty()) {
        const auto tier = tierFromName(tierText);
        if (!tier)
            return tierError(tierText, rest);
        machine.tier = *tier;
    }
    machine.machineId = id.empty() ? preset->id : id;
    return {};
}

// One "[ID=]PRESET[@TIER]" entry; returns an error sentence, empty when understood.
std::string parseEntry(std::string_view entry, MachineSelection& machine) {
    std::string_view rest = entry;
    std::string id;
    if (const auto equals = rest.find('='); equals != std::string_view::npos) {
        id = std::string(trimSpaces(rest.substr(0, equals)));
        rest = trimSpaces(rest.substr(equals + 1));
        if (id.empty())
            return "'" + std::string(entry) + "' has an empty machine id before '='";
    }
    std::string_view presetName = rest;
    std::string_view tierName;
    const auto at = rest.find('@');
    if (at != std::string_view::npos) {
        presetName = trimSpaces(rest.substr(0, at));
        tierName = trimSpaces(rest.substr(at + 1));
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

// The id of a custom machine's first entry ("box=50"), empty for any other entry.
std::string customId(std::string_view entry) {
    const auto equals = entry.find('=');
    if (equals == std::string_view::npos)
        return {};
    bool hasTier = false;
    if (!numberOf(splitTier(entry.substr(equals + 1), hasTier).first))
        return {};
    return std::string(trimSpaces(entry.substr(0, equals)));
}

// Entries separated by commas, trimmed.
std::vector<std::string_view> entriesOf(std::string_view text) {
    std::vector<std::string_view> entries;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        entries.push_back(trimSpaces(text.substr(start, comma - start)));
        if (comma == text.size())
            return entries;
        start = comma + 1;
    }
}

} // namespace

MachineSelectionParse parseMachineSelection(std::string_view text,
                                            const MachineFileReader& readFile) {
    MachineSelectionParse result;
    const auto fail = [&result](std::string error) {
        result.machines.clear();
        result.error = std::move(error);
        return result;
    };
    if (trimSpaces(text).empty())
        return fail("no machines given (expected PRESET@TIER,... e.g. "
                    "pi4@device,nuc-i3@edge,gtx1080ti@cloud)");
    const std::vector<std::string_view> entries = entriesOf(text);
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const std::string_view entry = entries[i];
        if (entry.empty())
            return fail("an empty entry in '" + std::string(text) +
                        "' (two commas in a row, or one at an end)");
        MachineSelection machine;
        std::string error;
        bool hasTier = false;
        if (const std::string id = customId(entry); !id.empty()) {
            if (i + 1 == entries.size() || !numberOf(splitTier(entries[i + 1], hasTier).first))
                return fail("custom machine '" + id + "' needs its GB/s after its GFLOP/s (" + id +
                            "=GFLOPS,GBPS, e.g. " + id + "=50,20)");
            error = parseCustom(id, entry.substr(entry.find('=') + 1), entries[i + 1], machine);
            ++i;
        } else if (!machineFileOf(entry).empty()) {
            error = parseFileEntry(entry, readFile, machine);
        } else if (numberOf(splitTier(entry, hasTier).first)) {
            error = "'" + std::string(entry) +
                    "' is a bare number: a custom machine is written NAME=GFLOPS,GBPS";
        } else {
            error = parseEntry(entry, machine);
        }
        if (!error.empty())
            return fail(std::move(error));
        const bool seen = std::any_of(
            result.machines.begin(), result.machines.end(),
            [&](const MachineSelection& other) { return other.machineId == machine.machineId; });
        if (seen)
            return fail("machine id '" + machine.machineId +
                        "' is given twice (name one of them: ID=PRESET@TIER)");
        result.machines.push_back(std::move(machine));
    }
    return result;
}

std::vector<MachineSelection> defaultMachinesForTiers() {
    return parseMachineSelection("pi4@device,nuc-i3@edge,gtx1080ti@cloud").machines;
}

} // namespace cutlab::core
