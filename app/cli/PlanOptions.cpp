#include "app/cli/PlanOptions.h"

#include "app/cli/CliError.h"
#include "app/cli/MemoryOptions.h"
#include "app/cli/PlannerHelp.h"
#include "app/cli/ProfileArgument.h"

#include "core/io/NetworkFile.h"
#include "core/model/PlanError.h"
#include "core/planners/InferencePlanner.h"
#include "core/planners/PlanQueryText.h"

#include <sstream>

namespace cutlab::cli {

std::string planOptionsHelp() {
    return "  --network PRESET|FILE        3g (default), 4g, fibre, ideal, a cutlab-network JSON "
           "or a "
           "Scission CSV\n"
           "  --planner NAME               " +
           core::plannerChoices({core::PlannerKind::Inference}, " | ", " | ") +
           " (default scission)\n"
           "  --top N                      how many ranked plans (default 5)\n"
           "  --input-bytes N              override model.input_bytes\n"
           "  --objective latency|transfer|throughput|energy|ttft|tpot|generate  what to rank by "
           "(ttft, tpot and\n"
           "                               generate: a language model's time to first token, per "
           "output token,\n"
           "                               or to generate --generate tokens; default "
           "latency);\n"
           "                               throughput: the period a stream sustains (scission);\n"
           "                               energy: the device's mJ per frame (scission, "
           "neurosurgeon)\n"
           "  --planner token-pipeline --stages ID,ID,... [--sequences S]  a language model's "
           "S sequences\n"
           "                               decoded at once over the chain: the split with the "
           "most tokens/s\n"
           "  --prompt N / --generate N    a language model's prompt and generated tokens "
           "(default: the\n"
           "                               profile's prompt_tokens and generate_tokens)\n"
           "  --max-latency MS             scission: a frame's total_ms at most MS\n"
           "  --power ID=WATTS@RADIO       a device's compute watts and radio (3g, lte, wifi) "
           "for\n"
           "                               --objective energy (replaces the profile's power)\n"
           "  --machines ID[,ID...]        only these machines are candidates\n"
           "  --use TIER / --skip TIER     that tier must / must not run layers (repeatable)\n"
           "  --pin LAYER@TIER             a layer must run on that tier (repeatable)\n"
           "  --forbid LAYER@TIER          a layer must not run on that tier (repeatable)\n"
           "  --max-upload TIER=BYTES      at most this many bytes leave that tier\n"
           "  --max-time TIER=MS|PCT%      compute on that tier, in ms or % of the plan's total "
           "compute\n"
           "  --return-result              jointdnn: the final output must come back to the "
           "device\n"
           "  --cuts X,Y                   evaluate one plan: X = last layer on the device, Y = "
           "last "
           "layer\n"
           "                               on the edge, 'none' = tier unused\n"
           "  --memory ID=BYTES[,ID=...]   a machine's memory (replaces its memory_bytes; "
           "GiB/GB/MiB/MB\n"
           "                               suffixes); plans it cannot hold are excluded\n"
           "  --planner stream --stages ID,ID,...  a stream of frames split into consecutive "
           "stages\n"
           "                               over this chain of machines: the latency/throughput "
           "front\n"
           "  --json                       cutlab-plan JSON on stdout instead of a table\n"
           "Layers are named by id, or #N for the layer at 0-based position N.\n" +
           plannerHelpLines({core::PlannerKind::Inference});
}

static std::vector<std::string> splitPlanOptionsList(const std::string& text) {
    std::vector<std::string> parts;
    std::stringstream stream(text);
    std::string part;
    while (std::getline(stream, part, ','))
        parts.push_back(part);
    return parts;
}

static std::pair<std::string, std::string> splitAt(const std::string& text, char separator,
                                                   const std::string& flag, const char* shape) {
    try {
        return core::splitQueryPart(text, separator, flag, shape);
    } catch (const core::PlanError& error) {
        throw CliError(error.what());
    }
}

// --power ID=WATTS@RADIO: the machine's compute watts and one of the radio presets.
static std::pair<std::string, core::DevicePower> parsePower(const std::string& text) {
    const auto [id, rest] = splitAt(text, '=', "--power", "ID=WATTS@RADIO");
    const auto [watts, radio] = splitAt(rest, '@', "--power", "ID=WATTS@RADIO");
    core::DevicePower power;
    power.computeWatts = parseNumber(watts, "--power");
    if (power.computeWatts < 0 || power.computeWatts > core::kMaxWatts)
        throw CliError("--power: the compute power must be 0 to 1e6 W, not '" + watts + "'");
    const auto preset = core::radioPreset(radio);
    if (!preset)
        throw CliError("--power: unknown radio '" + radio + "' (expected " +
                       core::radioPresetNames() + ")");
    power.uplink = preset->uplink;
    power.downlink = preset->downlink;
    return {id, power};
}

bool PlanOptions::consume(ArgumentCursor& cursor) {
    const std::string flag = cursor.peek();
    given.push_back(flag);
    auto take = [&] {
        cursor.next();
        return cursor.valueOf(flag);
    };
    if (flag == "--network")
        network = take();
    else if (flag == "--planner") {
        planner = take();
        if (planner != "stream" && planner != "token-pipeline")
            plannerOption(flag, planner, {core::PlannerKind::Inference});
    } else if (flag == "--power") {
        powers.push_back(parsePower(take()));
    } else if (flag == "--stages") {
        stages = splitPlanOptionsList(take());
        if (stages.empty())
            throw CliError("--stages needs machine ids, e.g. --stages phone,edge,cloud");
    } else if (flag == "--top")
        top = parsePositiveInt(take(), flag);
    else if (flag == "--input-bytes")
        inputBytes = parseNumber(take(), flag);
    else if (flag == "--objective") {
        const std::string value = take();
        if (value == "latency")
            objective = core::Objective::Latency;
        else if (value == "transfer")
            objective = core::Objective::Transfer;
        else if (value == "throughput")
            objective = core::Objective::Throughput;
        else if (value == "energy")
            objective = core::Objective::Energy;
        else if (auto tokens = core::tokenObjectiveNamed(value))
            tokenObjective = tokens;
        else
            throw CliError("--objective must be latency, transfer, throughput, energy, or for a "
                           "language model ttft, tpot or generate, not '" +
                           value + "'");
    } else if (flag == "--prompt") {
        promptTokens = parsePositiveInt(take(), flag);
    } else if (flag == "--generate") {
        generateTokens = parsePositiveInt(take(), flag);
    } else if (flag == "--sequences") {
        sequences = parsePositiveInt(take(), flag);
    } else if (flag == "--max-latency") {
        maxLatencyMs = parseNumber(take(), flag);
        if (*maxLatencyMs < 0)
            throw CliError("--max-latency must be a number of ms >= 0");
    } else if (flag == "--machines") {
        for (const auto& id : splitPlanOptionsList(take()))
            machines.push_back(id);
    } else if (flag == "--use")
        tierRules.emplace_back(take(), core::TierUse::Must);
    else if (flag == "--skip")
        tierRules.emplace_back(take(), core::TierUse::MustNot);
    else if (flag == "--pin")
        pins.push_back(splitAt(take(), '@', flag, "LAYER@TIER"));
    else if (flag == "--forbid")
        forbids.push_back(splitAt(take(), '@', flag, "LAYER@TIER"));
    else if (flag == "--max-upload")
        maxUploads.push_back(take());
    else if (flag == "--max-time")
        maxTimes.push_back(take());
    else if (flag == "--cuts")
        cuts = take();
    else if (flag == "--memory") {
        const auto limits = parseMemoryLimits(take());
        memoryLimits.insert(memoryLimits.end(), limits.begin(), limits.end());
    } else if (flag == "--return-result") {
        cursor.next();
        returnResult = true;
    } else if (flag == "--json") {
        cursor.next();
        json = true;
    } else {
        given.pop_back();
        return false;
    }
    return true;
}

core::Profile PlanOptions::loadProfile() const {
    core::Profile profile = loadProfileOrThrow(profilePath);
    MemoryOptions memory;
    memory.limits = memoryLimits;
    const std::vector<double> capacities = machineCapacities(profile, memory);
    for (std::size_t m = 0; m < profile.machines.size(); ++m)
        profile.machines[m].memoryBytes =
            capacities[m] > 0 ? std::optional<double>(capacities[m]) : std::nullopt;
    for (const auto& [id, power] : powers) {
        const int machine = profile.machineIndex(id);
        if (machine < 0)
            throw CliError("--power: unknown machine '" + id + "'");
        profile.machines[static_cast<std::size_t>(machine)].power = power;
    }
    return profile;
}

int resolveLayer(const core::Profile& profile, const std::string& name, const std::string& flag) {
    try {
        return core::resolveLayer(profile, name, flag);
    } catch (const core::PlanError& error) {
        throw CliError(error.what());
    }
}

core::Network loadNetworkOrThrow(const std::string& spec) {
    return *loadNetworkDocumentOrThrow(spec).network;
}

core::NetworkLoadResult loadNetworkDocumentOrThrow(const std::string& spec) {
    auto loaded = core::loadNetwork(spec);
    if (!loaded.ok()) {
        std::string message = spec + ": error: " + loaded.issues.front().text();
        for (std::size_t i = 1; i < loaded.issues.size(); ++i)
            message += "\n" + spec + ": error: " + loaded.issues[i].text();
        throw CliError(message);
    }
    return loaded;
}

core::InferenceQuery PlanOptions::query(const core::Profile& profile) const {
    core::PlanQueryText text;
    text.planner = planner;
    text.top = top;
    text.objective = objective;
    text.maxLatencyMs = maxLatencyMs;
    text.machines = machines;
    text.tierRules = tierRules;
    text.pins = pins;
    text.forbids = forbids;
    text.maxUploads = maxUploads;
    text.maxTimes = maxTimes;
    text.returnResult = returnResult;
    try {
        return core::resolvePlanQuery(text, profile); // the command line's labels: --pin, …
    } catch (const core::PlanError& error) {
        throw CliError(error.what());
    }
}

core::TierPlacement PlanOptions::cutsPlacement(const core::InferenceCostModel& model) const {
    const std::string text = cuts.value_or("");
    const auto comma = text.find(',');
    if (comma == std::string::npos)
        throw CliError("--cuts: '" + text + "' should look like X,Y (layer ids or none)");
    auto layerOrNone = [&](const std::string& name) {
        return name == "none" ? -1 : cli::resolveLayer(model.profile(), name, "--cuts");
    };
    return model.placementFromCuts(layerOrNone(text.substr(0, comma)),
                                   layerOrNone(text.substr(comma + 1)),
                                   cutMachines(model.profile()));
}

std::array<int, 3> PlanOptions::cutMachines(const core::Profile& profile) const {
    std::array<int, 3> chosen{-1, -1, -1};
    const auto query = this->query(profile);
    for (core::Tier tier : core::kTiers)
        for (int machine : profile.machinesOfTier(tier))
            if (query.allows(machine)) {
                chosen[static_cast<std::size_t>(core::tierIndex(tier))] = machine;
                break;
            }
    return chosen;
}

void PlanOptions::consumeOptionOrProfile(ArgumentCursor& cursor, const std::string& command) {
    if (consume(cursor))
        return;
    ArgumentCursor::storePositional(cursor.next(), profilePath, command);
}

} // namespace cutlab::cli
