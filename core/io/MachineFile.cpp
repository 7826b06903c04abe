#include "core/io/MachineFile.h"

#include "core/io/JsonText.h"

#include <cmath>

namespace cutlab::core {
namespace {

using Json = nlohmann::ordered_json;

constexpr double kMostRate = 1e9; // GFLOP/s or GB/s
constexpr double kMostOverheadMs = 1e6;
constexpr std::size_t kMostText = 4096; // bytes of an id, label or source

// A number in (0, most] (or [0, most] when zero is allowed), else an error sentence.
std::string readRate(const Json& object, const char* key, double most, bool zeroAllowed,
                     double& value) {
    const auto field = object.find(key);
    if (field == object.end() || !field->is_number())
        return std::string("'") + key + "' must be a number";
    value = field->get<double>();
    const bool low = zeroAllowed ? value < 0 : value <= 0;
    if (!std::isfinite(value) || low || value > most)
        return std::string("'") + key + "' must be " + (zeroAllowed ? "0" : "above 0") +
               " and at most " +
               (most == kMostRate         ? "1e9"
                : most == kMostOverheadMs ? "1e6"
                                          : "4");
    return {};
}

std::string readText(const Json& object, const char* key, bool required, std::string& value) {
    const auto field = object.find(key);
    if (field == object.end())
        return required ? std::string("'") + key + "' is missing" : std::string();
    if (!field->is_string() || field->get<std::string>().size() > kMostText ||
        (required && field->get<std::string>().empty()))
        return std::string("'") + key + "' must be a non-empty string of at most 4096 bytes";
    value = field->get<std::string>();
    return {};
}

std::string readClasses(const Json& document, MachinePreset& machine) {
    const auto classes = document.find("classes");
    if (classes == document.end())
        return {};
    if (!classes->is_array())
        return "'classes' must be a list";
    for (std::size_t i = 0; i < classes->size(); ++i) {
        const Json& entry = (*classes)[i];
        const std::string at = "classes[" + std::to_string(i) + "]: ";
        if (!entry.is_object())
            return at + "must be an object";
        std::string name;
        if (std::string error = readText(entry, "operator_class", true, name); !error.empty())
            return at + error;
        const auto operatorClass = operatorClassFromName(name);
        if (!operatorClass)
            return at + "unknown operator class '" + name + "' (expected one of " +
                   operatorClassNames() + ")";
        ClassRoofline rate{*operatorClass, 0, 0};
        for (const auto& [key, target] : {std::pair{"gflops", &rate.gflops}, {"gbps", &rate.gbps}})
            if (std::string error = readRate(entry, key, kMostRate, false, *target); !error.empty())
                return at + error;
        for (const ClassRoofline& earlier : machine.classRooflines)
            if (earlier.operatorClass == rate.operatorClass)
                return at + "'" + name + "' is listed twice";
        machine.classRooflines.push_back(rate);
    }
    return {};
}

// The optional "tokens" object: a language model's token peak and the calibrated shares.
std::string readTokenFigures(const Json& document, MachinePreset& machine) {
    const auto tokens = document.find("tokens");
    if (tokens == document.end())
        return {};
    if (!tokens->is_object())
        return "'tokens' must be an object with peak_gflops, compute_share and bandwidth_share";
    for (const auto& [key, target, most] :
         {std::tuple{"peak_gflops", &machine.tokenGflops, kMostRate},
          {"compute_share", &machine.tokenComputeShare, 4.0},
          {"bandwidth_share", &machine.tokenBandwidthShare, 4.0}})
        if (std::string error = readRate(*tokens, key, most, false, *target); !error.empty())
            return "tokens: " + error;
    return {};
}

std::string readMachine(const Json& document, MachinePreset& machine) {
    if (!document.is_object() || document.value("format", Json()) != "cutlab-machine")
        return "not a cutlab-machine document ('format' must be \"cutlab-machine\")";
    if (const auto version = document.find("version");
        version == document.end() || !version->is_number_integer() || *version != 1)
        return "'version' must be 1";
    std::string tier = "device";
    for (const auto& [key, target, required] : {std::tuple{"id", &machine.id, true},
                                                {"label", &machine.label, false},
                                                {"tier", &tier, false},
                                                {"source", &machine.source, false}})
        if (std::string error = readText(document, key, required, *target); !error.empty())
            return error;
    const auto parsedTier = tierFromName(tier);
    if (!parsedTier)
        return "unknown tier '" + tier + "' (expected device, edge or cloud)";
    machine.defaultTier = *parsedTier;
    for (const auto& [key, target, most, zero] :
         {std::tuple{"gflops", &machine.peakGflops, kMostRate, false},
          {"gbps", &machine.memoryGBps, kMostRate, false},
          {"overhead_ms", &machine.overheadMs, kMostOverheadMs, true}})
        if (std::string error = readRate(document, key, most, zero, *target); !error.empty())
            return error;
    machine.achievedFraction = 1;
    machine.fractionReason = "calibrated: the GFLOP/s are those reached";
    if (machine.label.empty())
        machine.label = machine.id;
    if (std::string error = readTokenFigures(document, machine); !error.empty())
        return error;
    return readClasses(document, machine);
}

} // namespace

Json machineToJson(const MachinePreset& machine, const Json& calibration) {
    Json classes = Json::array();
    for (const ClassRoofline& rate : machine.classRooflines)
        classes.push_back({{"operator_class", operatorClassName(rate.operatorClass)},
                           {"gflops", rate.gflops},
                           {"gbps", rate.gbps}});
    Json document = {{"format", "cutlab-machine"},
                     {"version", 1},
                     {"id", machine.id},
                     {"label", machine.label},
                     {"tier", tierName(machine.defaultTier)},
                     {"gflops", machine.achievedGflops()},
                     {"gbps", machine.memoryGBps},
                     {"overhead_ms", machine.overheadMs},
                     {"classes", classes},
                     {"source", machine.source}};
    if (machine.tokenGflops > 0)
        document["tokens"] = {{"peak_gflops", machine.tokenGflops},
                              {"compute_share", machine.tokenComputeShare},
                              {"bandwidth_share", machine.tokenBandwidthShare}};
    if (!calibration.is_null())
        document["calibration"] = calibration;
    return document;
}

std::optional<MachinePreset> machineFromJson(const Json& document, std::string& error) {
    MachinePreset machine;
    error = readMachine(document, machine);
    if (!error.empty())
        return std::nullopt;
    return machine;
}

std::optional<MachinePreset> readMachineFile(const std::string& path, std::string& error) {
    const std::optional<std::string> text = readTextFile(path, error);
    if (!text) {
        error = path + ": " + error;
        return std::nullopt;
    }
    const JsonParseResult parsed = parseJsonText(*text);
    if (!parsed.value) {
        error = path + ": " + (parsed.issue ? parsed.issue->text() : std::string("not JSON"));
        return std::nullopt;
    }
    auto machine = machineFromJson(*parsed.value, error);
    if (!machine)
        error = path + ": " + error;
    return machine;
}

} // namespace cutlab::core
