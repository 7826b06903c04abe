#include "app/cli/StreamPlanCommand.h"
#include "app/cli/FixedText.h"

#include "app/cli/CliError.h"
#include "app/cli/ProfileArgument.h"

#include "core/inference/StreamPlanner.h"
#include "core/io/JsonNumbers.h"
#include "core/model/PlanError.h"
#include "core/plans/StreamJson.h"

#include <algorithm>
#include <cstdio>
#include <iostream>

namespace cutlab::cli {
namespace {

void refuseOtherOptions(const PlanOptions& options, const std::string& subject) {
    const std::vector<std::string> allowed = {"--network", "--planner", "--stages", "--json"};
    for (const std::string& flag : options.given)
        if (std::find(allowed.begin(), allowed.end(), flag) == allowed.end())
            throw CliError(flag + " does not apply to " + subject +
                           " (it takes --stages, --network and --json)");
    if (options.stages.empty())
        throw CliError(subject + " needs --stages ID,ID,... (the chain of machines, frames "
                                 "arrive on the first)");
}

std::string stagesText(const core::Profile& profile, const core::StreamPlan& plan) {
    std::string text;
    for (const core::StreamStage& stage : plan.stages) {
        const auto& first = profile.layers[static_cast<std::size_t>(stage.firstLayer)].id;
        const auto& last = profile.layers[static_cast<std::size_t>(stage.lastLayer)].id;
        text += (text.empty() ? "" : " -> ") +
                profile.machines[static_cast<std::size_t>(stage.machine)].id + " [" + first +
                (first == last ? "" : " .. " + last) + "]";
    }
    return text;
}

void printFront(const core::Profile& profile, const std::string& network,
                const core::StreamResult& result) {
    std::cout << profile.model.name << " on " << network
              << ", planner stream: the latency/throughput front\n";
    std::printf("%4s %12s %10s %12s  %s\n", "plan", "period ms", "frames/s", "latency ms",
                "stages");
    const std::vector<core::StreamPlan> plans =
        result.front.empty() ? std::vector<core::StreamPlan>{result.fastest} : result.front;
    int index = 1;
    for (const core::StreamPlan& plan : plans)
        std::printf("%4d %12s %10s %12s  %s\n", index++, fixed(plan.periodMs, 2).c_str(),
                    plan.periodMs > 0 ? fixed(plan.throughputFps(), 2).c_str() : "unlimited",
                    fixed(plan.latencyMs, 2).c_str(), stagesText(profile, plan).c_str());
    if (!result.exact)
        std::printf("the smallest period is not proven: the search ran out of time\n");
    if (!result.note.empty())
        std::printf("note: %s\n", result.note.c_str());
    std::fflush(stdout);
}

} // namespace

StreamSetting planStreamOf(const PlanOptions& options, const std::string& subject) {
    refuseOtherOptions(options, subject);
    StreamSetting setting{options.loadProfile(), loadNetworkOrThrow(options.network), {}};
    core::StreamRequest request;
    request.chain = resolveChain(setting.profile, options.stages);
    try {
        setting.result = core::planStream(setting.profile, setting.network, request);
    } catch (const core::PlanError& error) {
        throw CliError(options.profilePath + ": " + error.what());
    }
    return setting;
}

int runStreamPlan(const PlanOptions& options) {
    const StreamSetting setting = planStreamOf(options, "--planner stream");
    if (options.json)
        std::cout << core::finiteJsonText(core::streamResultToJson(setting.profile, setting.result))
                  << "\n";
    else
        printFront(setting.profile, setting.network.name, setting.result);
    return 0;
}

} // namespace cutlab::cli
