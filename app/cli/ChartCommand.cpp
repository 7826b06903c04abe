#include "app/cli/ChartCommand.h"

#include "app/cli/CliError.h"
#include "app/cli/PlanOptions.h"
#include "app/cli/ProfileArgument.h"

#include "ui/charts/BreakdownChartBuilder.h"
#include "ui/charts/ImageExporter.h"
#include "ui/charts/LayerChartBuilder.h"
#include "ui/charts/SweepChartBuilder.h"

#include "core/inference/BandwidthSweep.h"
#include "core/io/PlanFile.h"
#include "core/model/NetworkEdit.h"
#include "core/model/PlanError.h"
#include "core/planners/InferencePlanner.h"
#include "core/planners/PlannerRegistry.h"

#include <QApplication>
#include <QChart>
#include <QFileInfo>

#include <iostream>

namespace cutlab::cli {
namespace {

const char* const kUsage = "usage: cutlab-cli chart PROFILE --kind breakdown|layers|sweep [plan "
                           "options] -o OUT.png|svg|pdf\n"
                           "Renders the window's charts headless. The plan shown is --cuts X,Y "
                           "when given, else the planner's best.\n"
                           "  --kind KIND                  breakdown | layers | sweep\n"
                           "  -o, --output FILE            .png, .svg or .pdf\n"
                           "  --width W --height H         size in pixels (default 900 x 560)\n";

} // namespace

int runChart(int argc, char** argv, const std::vector<std::string>& arguments) {
    PlanOptions options;
    std::string kind, output;
    int width = 900, height = 560;
    ArgumentCursor cursor(arguments);
    while (!cursor.done()) {
        const std::string flag = cursor.peek();
        if (flag == "--help") {
            std::cout << kUsage << planOptionsHelp();
            return 0;
        }
        if (flag == "--kind") {
            cursor.next();
            kind = cursor.valueOf(flag);
            continue;
        }
        if (flag == "-o" || flag == "--output") {
            cursor.next();
            output = cursor.valueOf(flag);
            continue;
        }
        if (flag == "--width") {
            cursor.next();
            width = parsePositiveInt(cursor.valueOf(flag), flag, 16384);
            continue;
        }
        if (flag == "--height") {
            cursor.next();
            height = parsePositiveInt(cursor.valueOf(flag), flag, 16384);
            continue;
        }
        if (options.consume(cursor))
            continue;
        const std::string argument = cursor.next();
        if (argument.rfind("--", 0) == 0)
            throw CliError("unknown option " + argument + " (see cutlab-cli chart --help)");
        if (!options.profilePath.empty())
            throw CliError("chart takes one profile, got '" + argument + "' too");
        options.profilePath = argument;
    }
    if (options.profilePath.empty())
        throw CliError(std::string(kUsage));
    if (kind != "breakdown" && kind != "layers" && kind != "sweep")
        throw CliError("--kind must be breakdown, layers or sweep" +
                       (kind.empty() ? std::string() : ", not '" + kind + "'"));
    if (output.empty())
        throw CliError("-o OUT.png|svg|pdf is required");
    if (!ui::ImageExporter::isSupported(QString::fromStdString(output)))
        throw CliError(output + ": choose a .png, .svg or .pdf file name");
    const core::Profile profile = loadProfileOrThrow(options.profilePath);
    const core::Network network = loadNetworkOrThrow(options.network);
    const core::InferenceQuery query = options.query(profile);
    const core::InferenceCostModel model(profile, network, options.inputBytes);
    const int n = model.layerCount();

    core::Evaluation plan;
    core::TierPlacement placement;
    QString planLabel;
    const auto machines = options.cutMachines(profile);
    try {
        if (options.cuts) {
            placement = options.cutsPlacement(model);
            plan = model.evaluate(placement);
            planLabel = QStringLiteral("Plan (--cuts)");
        } else {
            core::InferenceQuery top1 = query;
            top1.top = 1;
            const auto plans = core::runInferencePlanner(options.planner, model, top1);
            if (plans.empty()) {
                std::cerr << options.profilePath << ": "
                          << core::explainNoPlan(options.planner, model, query) << "\n";
                return 1;
            }
            plan = plans.front().evaluation;
            placement = core::monotonePlacement(plan).value_or(core::TierPlacement{});
            planLabel = QStringLiteral("Best (%1)").arg(QString::fromStdString(options.planner));
        }
    } catch (const core::PlanError& error) {
        throw CliError(options.profilePath + ": " + error.what());
    }

    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QString model_name = QString::fromStdString(profile.model.name);
    const QString network_name = QString::fromStdString(network.name);
    QChart* chart = nullptr;
    if (kind == "breakdown") {
        std::vector<ui::BreakdownEntry> entries{{planLabel, plan, true}};
        const char* names[3] = {"All device", "All edge", "All cloud"};
        for (core::Tier tier : core::kTiers) {
            const auto t = static_cast<std::size_t>(core::tierIndex(tier));
            ui::BreakdownEntry entry{QString::fromUtf8(names[t]), {}, false};
            if (machines[t] >= 0) {
                try {
                    entry.evaluation = model.evaluate(core::nativePlacement(tier, machines, n));
                    entry.valid = true;
                } catch (const core::PlanError&) {
                }
            }
            entries.push_back(entry);
        }
        chart = ui::BreakdownChartBuilder::build(
            profile, entries,
            QStringLiteral("Latency breakdown — %1 on %2").arg(model_name, network_name));
    } else if (kind == "layers") {
        chart = ui::LayerChartBuilder::build(
            profile, {placement.deviceEnd, placement.edgeEnd},
            QStringLiteral("Per-layer forward time and output size — %1").arg(model_name));
    } else {
        const core::UplinkSweep sweep(profile, network, options.inputBytes,
                                      core::logSpace(0.1, 100, 61));
        core::InferenceQuery sweepQuery = query;
        const auto result = core::sweepBestPlans(
            sweep,
            core::requirePlanner(options.planner, {core::PlannerKind::Inference}).runInference,
            sweepQuery, machines);
        const auto uplink =
            core::effectiveTierLink(network, profile, core::Tier::Device, core::Tier::Cloud);
        chart = ui::SweepChartBuilder::build(
            result, sweep.totals(placement),
            QStringLiteral("best plan (%1)").arg(QString::fromStdString(options.planner)),
            uplink ? uplink->bandwidthMbps : 0.0,
            QStringLiteral("Total latency vs uplink bandwidth — %1 (other links as in %2)")
                .arg(model_name, network_name));
    }
    QString error;
    if (!ui::ImageExporter::writeChart(QString::fromStdString(output), chart, QSizeF(width, height),
                                       &error))
        throw CliError(error.toStdString());
    return 0;
}

} // namespace cutlab::cli
