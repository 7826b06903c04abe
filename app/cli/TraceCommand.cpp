// cutlab-cli trace FILE...: what measured network traces deliver (core/model/NetworkTrace.h,
// docs/formats.md §2.1 and §4.17), so a trace can be set beside the constant presets.
#include "app/cli/Commands.h"

#include "app/cli/CliError.h"

#include "core/io/JsonNumbers.h"
#include "core/io/TraceFile.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>

namespace cutlab::cli {
namespace {

using Json = nlohmann::ordered_json;

const char* const kTraceUsage =
    "usage: cutlab-cli trace FILE... [--json] [--bins]\n"
    "What each network trace delivers over one period: its form (mahimahi or two-column), the\n"
    "1,500-byte delivery opportunities per period, the period, the mean rate and the 10th, 50th\n"
    "and 90th percentiles of its 1 s bins (docs/formats.md §2.1).\n"
    "  --json   the figures as JSON, with every 1 s bin (bins_mbps)\n"
    "  --bins   also print every 1 s bin of each trace, ten to a line\n"
    "Exit status: 0 read, 2 an unreadable trace or a bad option.\n";

struct LoadedTrace {
    std::string file; // as given on the command line
    core::TraceForm form;
    core::NetworkTrace trace;
};

LoadedTrace loadTraceOrThrow(const std::string& path) {
    core::TraceLoadResult loaded = core::loadTraceFile(path);
    if (!loaded.ok())
        throw CliError(path + ": error: " + loaded.error);
    return {path, loaded.form, std::move(*loaded.trace)};
}

Json traceJson(const LoadedTrace& loaded) {
    const core::NetworkTrace& trace = loaded.trace;
    Json bins = Json::array();
    for (double mbps : trace.secondBinsMbps())
        bins.push_back(mbps);
    return {{"file", loaded.file},
            {"form", core::traceFormName(loaded.form)},
            {"opportunities", trace.size()},
            {"period_ms", core::jsonNumber(trace.periodMs)},
            {"mean_mbps", trace.meanMbps()},
            {"p10_mbps", trace.secondPercentileMbps(10)},
            {"p50_mbps", trace.secondPercentileMbps(50)},
            {"p90_mbps", trace.secondPercentileMbps(90)},
            {"bins_mbps", std::move(bins)}};
}

void printTraceTable(const std::vector<LoadedTrace>& traces) {
    int width = 5;
    for (const LoadedTrace& loaded : traces)
        width = std::max(width, static_cast<int>(loaded.trace.name.size()));
    std::printf("%-*s  %-10s  %13s  %10s  %11s  %10s  %10s  %10s\n", width, "trace", "form",
                "opportunities", "period s", "mean Mbit/s", "p10 Mbit/s", "p50 Mbit/s",
                "p90 Mbit/s");
    for (const LoadedTrace& loaded : traces) {
        const core::NetworkTrace& trace = loaded.trace;
        std::printf("%-*s  %-10s  %13llu  %10.3f  %11.3f  %10.3f  %10.3f  %10.3f\n", width,
                    trace.name.c_str(), core::traceFormName(loaded.form),
                    static_cast<unsigned long long>(trace.size()), trace.periodMs / 1000,
                    trace.meanMbps(), trace.secondPercentileMbps(10),
                    trace.secondPercentileMbps(50), trace.secondPercentileMbps(90));
    }
}

void printTraceBins(const core::NetworkTrace& trace) {
    const std::vector<double> bins = trace.secondBinsMbps();
    std::printf("\n%s: Mbit/s in each 1 s bin\n", trace.name.c_str());
    for (std::size_t i = 0; i < bins.size(); ++i)
        std::printf("%s%8.3f", i % 10 == 0 ? (i == 0 ? "" : "\n") : " ", bins[i]);
    std::printf("\n");
}

} // namespace

int runTrace(const std::vector<std::string>& arguments) {
    std::vector<std::string> files;
    bool json = false, bins = false;
    for (const std::string& argument : arguments) {
        if (argument == "--help") {
            std::cout << kTraceUsage;
            return 0;
        }
        if (argument == "--json")
            json = true;
        else if (argument == "--bins")
            bins = true;
        else if (argument.size() > 1 && argument[0] == '-')
            throw CliError("unknown option " + argument + " (see cutlab-cli trace --help)");
        else
            files.push_back(argument);
    }
    if (files.empty())
        throw CliError(std::string(kTraceUsage) + "(see cutlab-cli trace --help)");
    // Every file is read before anything is printed: a bad one leaves no half table behind.
    std::vector<LoadedTrace> traces;
    for (const std::string& file : files)
        traces.push_back(loadTraceOrThrow(file));
    if (json) {
        Json list = Json::array();
        for (const LoadedTrace& loaded : traces)
            list.push_back(traceJson(loaded));
        const Json document = {
            {"format", "cutlab-trace-summary"}, {"version", 1}, {"traces", std::move(list)}};
        std::cout << core::finiteJsonText(document) << "\n";
    } else {
        printTraceTable(traces);
        if (bins)
            for (const LoadedTrace& loaded : traces)
                printTraceBins(loaded.trace);
    }
    return 0;
}

} // namespace cutlab::cli
