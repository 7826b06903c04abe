#include "app/cli/Commands.h"
#include "app/cli/FixedText.h"

#include "app/cli/CliError.h"
#include "app/cli/PlanOptions.h"
#include "app/cli/TraceOption.h"

#include "core/inference/ReplayComparison.h"
#include "core/inference/ReplayRun.h"
#include "core/inference/ScissionPlanner.h"
#include "core/io/JsonNumbers.h"
#include "core/model/PlanError.h"
#include "core/planners/InferencePlanner.h"
#include "core/plans/ReplayJson.h"

#include <cstdio>
#include <filesystem>
#include <iostream>

namespace cutlab::cli {
namespace {

const char* const kReplayUsage =
    "usage: cutlab-cli replay PROFILE [plan options | --cuts X,Y] --frames N --interval MS\n"
    "                         [--trace FROM-TO=FILE[@OFFSET_MS]]... [--adapt none|window:SECONDS]\n"
    "                         [--deadline MS] [--json]\n"
    "Streams frames through a plan over the network, its traced links as measured.\n";

const char* const kReplayHelp =
    "  --frames N                   frames to replay (frame k arrives at k x interval)\n"
    "  --interval MS                time between frames\n"
    "  --trace FROM-TO=FILE[@MS]    a measured trace on the link direction FROM -> TO, from MS\n"
    "                               into the trace (repeatable; replaces the network file's)\n"
    "  --adapt none|window:SECONDS  re-plan before every frame on the bandwidth measured over\n"
    "                               the last SECONDS (Neurosurgeon); the summary adds the static\n"
    "                               plan (on each trace's mean) and the hindsight plan\n"
    "  --deadline MS                count the frames slower than this\n"
    "  --json                       cutlab-replay JSON: every frame and the summary\n"
    "Without --adapt the frames run on the plan `plan` would choose on the network as written.\n";

struct ReplayOptions {
    PlanOptions plan;
    int frames = 0;
    std::optional<double> intervalMs;
    std::vector<TraceOptionText> traces;
    std::optional<double> adaptWindowS;
    std::string adaptText = "none";
    std::optional<double> deadlineMs;
};

std::optional<double> parseAdapt(const std::string& value, std::string& text) {
    if (value == "none")
        return std::nullopt;
    const std::string prefix = "window:";
    if (value.rfind(prefix, 0) != 0)
        throw CliError("--adapt '" + value + "': expected none or window:SECONDS");
    const double seconds = parseNumber(value.substr(prefix.size()), "--adapt window");
    if (!(seconds > 0) || seconds > 86400)
        throw CliError("--adapt " + value +
                       ": the window must be more than 0 s and at most 86400 s");
    text = value;
    return seconds;
}

bool consumeReplayOption(ArgumentCursor& cursor, ReplayOptions& options) {
    const std::string flag = cursor.peek();
    if (flag == "--frames") {
        cursor.next();
        options.frames = parsePositiveInt(cursor.valueOf(flag), flag, 10'000'000);
    } else if (flag == "--interval") {
        cursor.next();
        options.intervalMs = parseNumber(cursor.valueOf(flag), flag);
        if (*options.intervalMs < 0)
            throw CliError("--interval must be a number of ms >= 0");
    } else if (flag == "--trace") {
        cursor.next();
        options.traces.push_back(parseTraceOption(cursor.valueOf(flag)));
    } else if (flag == "--adapt") {
        cursor.next();
        options.adaptWindowS = parseAdapt(cursor.valueOf(flag), options.adaptText);
    } else if (flag == "--deadline") {
        cursor.next();
        options.deadlineMs = parseNumber(cursor.valueOf(flag), flag);
        if (*options.deadlineMs < 0)
            throw CliError("--deadline must be a number of ms >= 0");
    } else {
        return false;
    }
    return true;
}

ReplayOptions parseReplayOptions(const std::vector<std::string>& arguments, bool& help) {
    ReplayOptions options;
    ArgumentCursor cursor(arguments);
    while (!cursor.done()) {
        if (cursor.peek() == "--help") {
            help = true;
            return options;
        }
        if (!consumeReplayOption(cursor, options))
            options.plan.consumeOptionOrProfile(cursor, "replay");
    }
    if (options.plan.profilePath.empty())
        throw CliError(std::string(kReplayUsage) + "(see cutlab-cli replay --help)");
    if (options.frames == 0)
        throw CliError("replay needs --frames N");
    if (!options.intervalMs)
        throw CliError("replay needs --interval MS");
    if (options.adaptWindowS && options.plan.cuts)
        throw CliError("--adapt re-plans with a planner; it cannot follow the fixed --cuts");
    return options;
}

} // namespace

namespace {

// The planner the options name, on any network: the best plan, or none.
core::PlanChooser chooserFor(const core::Profile& profile, const ReplayOptions& options,
                             const core::InferenceQuery& query) {
    return [&profile, &options, query](const core::Network& network) {
        const core::InferenceCostModel model(profile, network, options.plan.inputBytes);
        core::InferenceQuery best = query;
        best.top = 1;
        auto plans = core::runInferencePlanner(options.plan.planner, model, best);
        return plans.empty() ? std::nullopt : std::optional<core::RankedPlan>(plans.front());
    };
}

core::RankedPlan chosenPlan(const core::InferenceCostModel& model, const ReplayOptions& options,
                            const core::PlanChooser& choose) {
    if (options.plan.cuts) {
        core::RankedPlan plan;
        const auto placement = options.plan.cutsPlacement(model);
        plan.segments = placement.segments(model.layerCount());
        plan.evaluation = model.evaluate(placement);
        return plan;
    }
    auto plan = choose(model.network());
    if (!plan)
        throw NoAnswer(options.plan.profilePath + ": no plan on the network '" +
                       model.network().name + "' satisfies the constraints");
    return *plan;
}

std::vector<core::ReplayTraceInfo> traceInfo(const core::Network& network,
                                             const std::vector<core::TracedDirection>& traces) {
    std::vector<core::ReplayTraceInfo> info;
    for (const auto& traced : traces) {
        const core::Link& link = network.links[traced.direction.link];
        const bool reverse = traced.direction.reverse;
        info.push_back({reverse ? link.to : link.from, reverse ? link.from : link.to,
                        traced.trace->name, traced.offsetMs, traced.trace->meanMbps()});
    }
    return info;
}

void printSummaryLine(const std::string& name, const core::ReplayRun& run,
                      std::optional<double> deadlineMs) {
    const core::ReplaySummary s = core::summarizeReplay(run, deadlineMs);
    std::printf(
        "%-10s %10s %10s %10s %10s %10s %9s %7s %6zu\n", name.c_str(), fixed(s.meanMs, 1).c_str(),
        fixed(s.p50Ms, 1).c_str(), fixed(s.p95Ms, 1).c_str(), fixed(s.p99Ms, 1).c_str(),
        fixed(s.maxMs, 1).c_str(), fixed(s.throughputFps, 2).c_str(),
        s.deadlineMisses ? std::to_string(*s.deadlineMisses).c_str() : "-", run.plans.size());
}

void printReport(const core::InferenceCostModel& model, const core::ReplayReport& report) {
    std::printf("%s on %s, planner %s, %d frames every %s ms, adapt %s\n",
                model.profile().model.name.c_str(), model.network().name.c_str(),
                report.planner.c_str(), report.settings.frames,
                fixed(report.settings.intervalMs, 1).c_str(), report.adapt.c_str());
    for (const auto& trace : report.traces)
        std::printf("trace %s -> %s: %s from %s ms (mean %s Mbit/s)\n", trace.from.c_str(),
                    trace.to.c_str(), trace.file.c_str(), fixed(trace.offsetMs, 0).c_str(),
                    fixed(trace.meanMbps, 3).c_str());
    std::printf("%-10s %10s %10s %10s %10s %10s %9s %7s %6s\n", "run", "mean ms", "p50 ms",
                "p95 ms", "p99 ms", "max ms", "frames/s", "misses", "plans");
    printSummaryLine(report.adapt == "none" ? "static" : "adaptive", *report.run,
                     report.deadlineMs);
    for (const auto& [name, run] : report.comparisons)
        printSummaryLine(name, *run, report.deadlineMs);
    std::fflush(stdout);
}

} // namespace

int runReplay(const std::vector<std::string>& arguments) {
    bool help = false;
    const ReplayOptions options = parseReplayOptions(arguments, help);
    if (help) {
        std::cout << kReplayUsage << kReplayHelp << "Plan options:\n" << planOptionsHelp();
        return 0;
    }
    const core::Profile profile = options.plan.loadProfile();
    const auto document = loadNetworkDocumentOrThrow(options.plan.network);
    const core::Network& network = *document.network;
    const auto traces = resolveTraces(network, profile, document.traces, options.traces);
    const core::InferenceQuery query = options.plan.query(profile);
    const core::InferenceCostModel model(profile, network, options.plan.inputBytes);
    const core::PlanChooser choose = chooserFor(profile, options, query);
    const core::ReplaySettings settings{options.frames, *options.intervalMs};

    core::ReplayReport report;
    report.planner = options.plan.cuts ? "manual" : options.plan.planner;
    report.adapt = options.adaptText;
    report.settings = settings;
    report.deadlineMs = options.deadlineMs;
    report.traces = traceInfo(network, traces);
    core::ReplayRun run;
    core::ReplayComparison comparison;
    try {
        if (!options.adaptWindowS) {
            run = core::replayStatic(model, traces, chosenPlan(model, options, choose), settings);
        } else {
            if (!choose(core::networkWithBandwidths(network, traces, core::traceMeansMbps(traces))))
                throw NoAnswer(
                    options.plan.profilePath +
                    ": no plan on the traces' mean bandwidths satisfies the constraints");
            comparison = core::replayThreeWays(model, traces, choose, query, settings,
                                               *options.adaptWindowS * 1000.0);
            run = comparison.adaptive;
            report.comparisons.emplace_back("static", &comparison.fixed);
            if (comparison.hindsight)
                report.comparisons.emplace_back("hindsight", &*comparison.hindsight);
            else
                std::cerr << "cutlab-cli replay: no hindsight run: the model has more than "
                          << core::kHindsightCandidateLimit << " placements\n";
        }
    } catch (const core::PlanError& error) {
        throw CliError(options.plan.profilePath + ": " + error.what());
    }
    report.run = &run;
    if (options.plan.json)
        std::cout << core::finiteJsonText(core::replayToJson(model, report)) << "\n";
    else
        printReport(model, report);
    return 0;
}

} // namespace cutlab::cli
