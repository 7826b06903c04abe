// cutlab-cli compare PLAN.json RUN.json: an inference plan's predicted segment, transfer and
// end-to-end times beside what tools/cutlab-run-split measured when it ran that plan
// (core/plans/PlanRunComparison.h, docs/cost-models.md §4).
#include "app/cli/Commands.h"

#include "app/cli/CliError.h"

#include "core/io/JsonNumbers.h"
#include "core/io/JsonText.h"
#include "core/io/RunFile.h"
#include "core/plans/PlanRunComparison.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>

namespace cutlab::cli {
namespace {

using Json = nlohmann::ordered_json;

const char* const kCompareUsage =
    "usage: cutlab-cli compare PLAN.json RUN.json [--json]\n"
    "Sets an inference plan's prediction beside a run of it: RUN.json is what\n"
    "tools/cutlab-run-split measured when it ran plans[K-1] of PLAN.json (the run's plan.rank).\n"
    "Prints each segment and transfer in the order a frame meets them, then the whole frame: the\n"
    "predicted ms, the measured median (fastest and slowest frame), the error (predicted /\n"
    "measured - 1) and what most likely explains it.\n"
    "  --json   the comparison as JSON\n"
    "Exit status: 0 compared, 2 an unreadable plan or run, or a run of another plan.\n";

const char* kindName(core::ComparedItem::Kind kind) {
    switch (kind) {
    case core::ComparedItem::Kind::Segment:
        return "segment";
    case core::ComparedItem::Kind::Transfer:
        return "transfer";
    case core::ComparedItem::Kind::EndToEnd:
        return "end_to_end";
    }
    return "?";
}

Json comparisonJson(const core::PlanRunComparison& comparison) {
    Json items = Json::array();
    for (const core::ComparedItem& item : comparison.items)
        items.push_back({{"kind", kindName(item.kind)},
                         {"name", item.name},
                         {"predicted_ms", item.predictedMs},
                         {"measured_ms", item.measuredMs},
                         {"fastest_ms", item.fastestMs},
                         {"slowest_ms", item.slowestMs},
                         {"error", item.error},
                         {"explanation", item.explanation}});
    return {{"model", comparison.model},
            {"planner", comparison.planner},
            {"network", comparison.network},
            {"rank", comparison.rank},
            {"frames", comparison.frames},
            {"setup", comparison.setup},
            {"items", items}};
}

void printComparison(const core::PlanRunComparison& comparison, const std::string& planPath) {
    std::printf("%s, plan %d of %s (%s, network %s): %s\n", comparison.model.c_str(),
                comparison.rank, planPath.c_str(), comparison.planner.c_str(),
                comparison.network.c_str(), comparison.setup.c_str());
    int width = 4;
    for (const core::ComparedItem& item : comparison.items)
        width = std::max(width, static_cast<int>(item.name.size()));
    std::printf("%-*s %12s %12s %21s %8s  %s\n", width, "item", "predicted ms", "measured ms",
                "(fastest .. slowest)", "error", "likely explanation");
    for (const core::ComparedItem& item : comparison.items)
        std::printf("%-*s %12.2f %12.2f %10.2f .. %-8.2f %+7.1f%%  %s\n", width, item.name.c_str(),
                    item.predictedMs, item.measuredMs, item.fastestMs, item.slowestMs,
                    item.error * 100, item.explanation.c_str());
}

} // namespace

int runCompare(const std::vector<std::string>& arguments) {
    std::vector<std::string> files;
    bool json = false;
    for (const std::string& argument : arguments) {
        if (argument == "--help") {
            std::cout << kCompareUsage;
            return 0;
        }
        if (argument == "--json")
            json = true;
        else if (!argument.empty() && argument[0] == '-')
            throw CliError("compare: unknown option " + argument +
                           " (see cutlab-cli compare --help)");
        else
            files.push_back(argument);
    }
    if (files.size() != 2)
        throw CliError(std::string(kCompareUsage) + "(see cutlab-cli compare --help)");
    std::string error;
    const auto planText = core::readTextFile(files[0], error);
    if (!planText)
        throw CliError(files[0] + ": error: " + error);
    try {
        const core::RunRecord run = core::readRunFile(files[1]);
        const core::PlanRunComparison comparison = core::comparePlanWithRun(*planText, run);
        if (json)
            std::cout << core::finiteJsonText(comparisonJson(comparison)) << "\n";
        else
            printComparison(comparison, files[0]);
    } catch (const core::RunFileError& refused) {
        throw CliError(std::string("error: ") + refused.what());
    } catch (const core::PlanRunMismatch& mismatch) {
        throw CliError(files[0] + ": error: " + mismatch.what());
    }
    return 0;
}

} // namespace cutlab::cli
