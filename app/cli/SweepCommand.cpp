#include "app/cli/Commands.h"

#include "app/cli/CliError.h"
#include "app/cli/PlanOptions.h"
#include "app/cli/ProfileArgument.h"
#include "core/io/InputLimits.h"

#include "core/inference/BandwidthSweep.h"
#include "core/llm/TokenPlanner.h"
#include "core/model/NetworkEdit.h"
#include "core/model/PlanError.h"
#include "core/planners/InferencePlanner.h"
#include "core/planners/IterationPlanner.h"
#include "core/planners/PlannerRegistry.h"
#include "core/plans/PlanJson.h"
#include "core/training/TrainingResult.h"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

namespace cutlab::cli {
namespace {

std::string sweepUsage() {
    return "usage: cutlab-cli sweep PROFILE --vary LINK --from MBPS --to MBPS --steps N --planners "
           "A,B,...\n"
           "                        [--train --batch B] [--network PRESET|FILE] [--csv|--json]\n"
           "Best total latency (inference) or iteration time (--train) of each planner as the "
           "bandwidth "
           "of\n"
           "LINK goes from --from to --to Mbps on a log scale (both ends included), latencies "
           "kept.\n"
           "  LINK: uplink (device-edge and device-cloud), backhaul (edge-cloud), or "
           "TIER-TIER[,TIER-TIER]\n"
           "  planners: " +
           core::plannerChoices({core::PlannerKind::Inference}, ", ", ", ") +
           "; with --train: " + core::plannerChoices({core::PlannerKind::Iteration}, ", ", ", ") +
           "\n"
           "  a language model: ttft, tpot, generate (the best time to first token, per token, "
           "or to generate)\n"
           "One row per step, one column per planner; empty (CSV) or null (JSON) where a planner "
           "has no plan.\n";
}

struct SweepOptions {
    std::string profilePath, vary, network = "3g";
    std::optional<double> from, to;
    int steps = 0;
    std::vector<std::string> planners;
    bool train = false, csv = false, json = false;
    std::optional<int> batch;
};

SweepOptions parseSweep(const std::vector<std::string>& arguments) {
    SweepOptions o;
    ArgumentCursor cursor(arguments);
    while (!cursor.done()) {
        const std::string a = cursor.next();
        if (a == "--vary")
            o.vary = cursor.valueOf(a);
        else if (a == "--from")
            o.from = parseNumber(cursor.valueOf(a), a);
        else if (a == "--to")
            o.to = parseNumber(cursor.valueOf(a), a);
        else if (a == "--steps")
            o.steps = parsePositiveInt(cursor.valueOf(a), a);
        else if (a == "--planners") {
            std::stringstream list(cursor.valueOf(a));
            for (std::string name; std::getline(list, name, ',');)
                o.planners.push_back(name);
        } else if (a == "--network")
            o.network = cursor.valueOf(a);
        else if (a == "--batch")
            o.batch = parsePositiveInt(cursor.valueOf(a), a);
        else if (a == "--train")
            o.train = true;
        else if (a == "--csv")
            o.csv = true;
        else if (a == "--json")
            o.json = true;
        else
            ArgumentCursor::storePositional(a, o.profilePath, "sweep");
    }
    if (o.profilePath.empty())
        throw CliError(sweepUsage());
    if (o.vary.empty() || !o.from || !o.to || o.steps == 0 || o.planners.empty())
        throw CliError("sweep needs --vary, --from, --to, --steps and --planners (see cutlab-cli "
                       "sweep --help)");
    if (*o.from <= 0 || *o.to <= 0)
        throw CliError("--from and --to must be bandwidths > 0 Mbps");
    if (*o.from < core::kMinBandwidthMbps || *o.to < core::kMinBandwidthMbps ||
        *o.from > core::kMaxBandwidthMbps || *o.to > core::kMaxBandwidthMbps)
        throw CliError("--from and --to must be bandwidths between 1e-6 and 1e9 Mbps");
    if (o.csv && o.json)
        throw CliError("choose one of --csv and --json");
    if (o.batch && !o.train)
        throw CliError("--batch applies with --train");
    const core::PlannerKind kind =
        o.train ? core::PlannerKind::Iteration : core::PlannerKind::Inference;
    for (const auto& name : o.planners) {
        if (!o.train && core::tokenObjectiveNamed(name))
            continue;
        if (!core::findPlanner(name, {kind}))
            throw CliError(
                "--planners: '" + name + "' is not " +
                (o.train ? "a training planner (" + core::plannerChoices({kind}, ", ", ", ") + ")"
                         : "an inference planner (" + core::plannerChoices({kind}, ", ", ", ") +
                               "; add --train for training)"));
    }
    return o;
}

// The value of one planner at one network: best total or iteration ms, NaN when there is none.
double plannerValue(const SweepOptions& o, const std::string& planner, const core::Profile& profile,
                    const core::Network& network) {
    if (o.train) {
        const core::TrainingCostModel model(profile, network, core::trainingMachines(profile));
        return core::runIterationPlanner(planner, model,
                                         o.batch.value_or(static_cast<int>(profile.model.batch)))
            .iterationMs();
    }
    if (const auto objective = core::tokenObjectiveNamed(planner)) {
        try {
            const core::TokenCostModel model(profile, network, core::tokenModelOf(profile));
            const auto plans = core::planTokens(model, *objective);
            return plans.empty() ? std::nan("")
                                 : core::objectiveValue(plans.front().evaluation, *objective);
        } catch (const core::LlmModelError& error) {
            throw CliError(o.profilePath + ": " + error.what());
        }
    }
    const core::InferenceCostModel model(profile, network);
    core::InferenceQuery query;
    query.top = 1;
    const auto plans = core::runInferencePlanner(planner, model, query);
    return plans.empty() ? std::nan("") : plans.front().evaluation.totalMs;
}

} // namespace

int runSweep(const std::vector<std::string>& arguments) {
    for (const auto& argument : arguments)
        if (argument == "--help") {
            std::cout << sweepUsage();
            return 0;
        }
    const SweepOptions o = parseSweep(arguments);
    const core::Profile profile = loadProfileOrThrow(o.profilePath);
    const core::Network base = loadNetworkOrThrow(o.network);
    std::vector<std::vector<double>> rows;
    const std::vector<double> mbps = core::logSpace(*o.from, *o.to, o.steps);
    try {
        const auto links = core::parseLinkSelection(o.vary);
        for (double value : mbps) {
            core::Network network = base;
            for (const auto& pair : links)
                core::setLinkBetween(network, profile, pair, value);
            std::vector<double> row;
            for (const auto& planner : o.planners)
                row.push_back(plannerValue(o, planner, profile, network));
            rows.push_back(row);
        }
    } catch (const core::PlanError& error) {
        throw CliError(o.profilePath + ": " + error.what());
    }
    if (o.json) {
        nlohmann::ordered_json doc;
        doc["model"] = profile.model.name;
        doc["vary"] = o.vary;
        doc["kind"] = o.train ? "training" : "inference";
        doc["mbps"] = mbps;
        nlohmann::ordered_json series;
        for (std::size_t p = 0; p < o.planners.size(); ++p) {
            nlohmann::ordered_json values = nlohmann::ordered_json::array();
            for (const auto& row : rows)
                values.push_back(std::isnan(row[p]) ? nlohmann::ordered_json(nullptr)
                                                    : nlohmann::ordered_json(row[p]));
            series[o.planners[p]] = values;
        }
        doc["series_ms"] = series;
        std::cout << core::finiteJsonText(doc) << "\n";
        return 0;
    }
    const char* separator = o.csv ? "," : "  ";
    std::printf(o.csv ? "%s" : "%10s", "mbps");
    for (const auto& name : o.planners)
        std::printf(o.csv ? "%s%s" : "%s%12s", separator, name.c_str());
    std::printf("\n");
    for (std::size_t i = 0; i < rows.size(); ++i) {
        std::printf(o.csv ? "%.6g" : "%10.4g", mbps[i]);
        for (double value : rows[i]) {
            if (std::isnan(value))
                std::printf(o.csv ? "%s" : "%s%12s", separator, o.csv ? "" : "-");
            else
                std::printf(o.csv ? "%s%.6f" : "%s%12.1f", separator, value);
        }
        std::printf("\n");
    }
    std::fflush(stdout);
    return 0;
}

} // namespace cutlab::cli
