#include "app/cli/Commands.h"
#include "app/cli/FixedText.h"

#include "app/cli/CliError.h"
#include "app/cli/PlanOptions.h"
#include "app/cli/ProfileArgument.h"
#include "app/cli/StreamPlanCommand.h"
#include "app/cli/TokenPlanCommand.h"

#include "core/model/PlanError.h"
#include "core/planners/InferencePlanner.h"
#include "core/plans/PlanJson.h"

#include <cstdio>
#include <iostream>

namespace cutlab::cli {
namespace {

const char* const kPlanUsage =
    "usage: cutlab-cli plan PROFILE [options]\n"
    "Ranks inference partitions of the model over device, edge and cloud.\n";

std::string placementText(const core::InferenceCostModel& model,
                          const core::Evaluation& evaluation) {
    const auto& profile = model.profile();
    std::string text;
    for (const auto& stage : evaluation.stages) {
        const auto& first = profile.layers[static_cast<std::size_t>(stage.begin)].id;
        const auto& last = profile.layers[static_cast<std::size_t>(stage.end - 1)].id;
        text += (text.empty() ? "" : " -> ") + core::tierName(stage.tier) + " " +
                profile.machines[static_cast<std::size_t>(stage.machine)].id + " [" + first +
                (first == last ? "" : " .. " + last) + "]";
    }
    return text;
}

void printPlanTable(const core::InferenceCostModel& model,
                    const std::vector<core::RankedPlan>& plans, const std::string& planner,
                    core::Objective objective) {
    const bool stream = objective == core::Objective::Throughput;
    const bool energy = objective == core::Objective::Energy;
    std::cout << model.profile().model.name << " on " << model.network().name << ", planner "
              << planner << "\n";
    std::printf("%4s %12s %12s %12s %12s", "rank", "total ms", "compute ms", "transfer ms",
                "sent bytes");
    if (stream)
        std::printf(" %12s %10s", "period ms", "frames/s");
    if (energy)
        std::printf(" %12s", "energy mJ");
    std::printf("  %s\n", "placement");
    std::fflush(stdout);
    int rank = 1;
    for (const auto& plan : plans) {
        const auto& e = plan.evaluation;
        std::printf("%4d %12s %12s %12s %12s", rank++, fixed(e.totalMs, 1).c_str(),
                    fixed(e.computeMs, 1).c_str(), fixed(e.transferMs, 1).c_str(),
                    core::jsonNumber(e.transferBytes).dump().c_str());
        if (stream)
            std::printf(" %12s %10s", fixed(e.periodMs, 1).c_str(),
                        e.periodMs > 0 ? fixed(1000.0 / e.periodMs, 2).c_str() : "unlimited");
        if (energy)
            std::printf(" %12s", e.energyMj ? fixed(*e.energyMj, 1).c_str() : "-");
        std::printf("  %s\n", placementText(model, e).c_str());
    }
    std::fflush(stdout);
}

core::RankedPlan evaluateCuts(const core::InferenceCostModel& model, const PlanOptions& options) {
    try {
        const auto placement = options.cutsPlacement(model);
        core::RankedPlan plan;
        plan.segments = placement.segments(model.layerCount());
        plan.evaluation = model.evaluate(placement);
        return plan;
    } catch (const core::PlanError& error) {
        throw CliError(std::string("--cuts: ") + error.what());
    }
}

} // namespace

int runPlan(const std::vector<std::string>& arguments) {
    PlanOptions options;
    ArgumentCursor cursor(arguments);
    while (!cursor.done()) {
        if (cursor.peek() == "--help") {
            std::cout << kPlanUsage << planOptionsHelp();
            return 0;
        }
        options.consumeOptionOrProfile(cursor, "plan");
    }
    if (options.profilePath.empty())
        throw CliError(std::string(kPlanUsage) + "(see cutlab-cli plan --help)");
    if (options.tokenObjective)
        return runTokenPlan(options);
    if (options.planner == "token-pipeline")
        return runTokenPipeline(options);
    if (options.planner == "stream")
        return runStreamPlan(options);
    if (!options.stages.empty())
        throw CliError("--stages is for --planner stream");
    const core::Profile profile = options.loadProfile();
    const core::Network network = loadNetworkOrThrow(options.network);
    const core::InferenceQuery query = options.query(profile);
    const core::InferenceCostModel model(profile, network, options.inputBytes);

    std::vector<core::RankedPlan> plans;
    std::string planner = options.planner;
    try {
        if (options.cuts) {
            plans.push_back(evaluateCuts(model, options));
            planner = "manual";
        } else {
            plans = core::runInferencePlanner(options.planner, model, query);
        }
    } catch (const core::PlanError& error) {
        throw CliError(options.profilePath + ": " + error.what());
    }
    if (options.json)
        std::cout << core::finiteJsonText(core::inferencePlansToJson(model, plans, planner))
                  << "\n";
    if (plans.empty()) {
        std::cerr << options.profilePath << ": "
                  << core::explainNoPlan(options.planner, model, query) << "\n";
        return 1;
    }
    if (!options.json)
        printPlanTable(model, plans, planner, options.objective);
    return 0;
}

} // namespace cutlab::cli
