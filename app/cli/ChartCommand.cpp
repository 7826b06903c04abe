#include "app/cli/ChartCommand.h"

#include "app/cli/ChartPlan.h"
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
        options.consumeOptionOrProfile(cursor, "chart");
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

    const auto machines = options.cutMachines(profile);
    const auto chosen = ChartPlan::choose(options, model, query);
    if (!chosen)
        return 1;
    const core::TierPlacement& placement = chosen->placement;

    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QString model_name = QString::fromStdString(profile.model.name);
    const QString network_name = QString::fromStdString(network.name);
    QChart* chart = nullptr;
    if (kind == "breakdown") {
        chart = ui::BreakdownChartBuilder::build(
            profile, chosen->breakdownEntries(options, model),
            QStringLiteral("Latency breakdown — %1 on %2").arg(model_name, network_name));
    } else if (kind == "layers") {
        chart = ui::LayerChartBuilder::build(
            profile, {placement.deviceEnd, placement.edgeEnd},
            QStringLiteral("Per-layer forward time and output size — %1").arg(model_name));
    } else {
        const core::Tier reference = ui::SweepChartBuilder::referenceTier(machines);
        const auto uplink =
            core::effectiveTierLink(network, profile, core::Tier::Device, reference);
        const core::UplinkSweep sweep(
            profile, network, options.inputBytes,
            core::logSpaceThrough(0.1, 100, 61, uplink ? uplink->bandwidthMbps : 0.0), reference);
        core::InferenceQuery sweepQuery = query;
        const auto result = core::sweepBestPlans(
            sweep,
            core::requirePlanner(options.planner, {core::PlannerKind::Inference}).runInference,
            sweepQuery, machines);
        chart = ui::SweepChartBuilder::build(
            result, sweep.totals(placement),
            QStringLiteral("best plan (%1)").arg(QString::fromStdString(options.planner)),
            uplink ? uplink->bandwidthMbps : 0.0,
            QStringLiteral("Total latency vs uplink bandwidth — %1 (other links as in %2)")
                .arg(model_name, network_name),
            reference);
    }
    QString error;
    if (!ui::ImageExporter::writeChart(QString::fromStdString(output), chart, QSizeF(width, height),
                                       &error))
        throw CliError(error.toStdString());
    return 0;
}

} // namespace cutlab::cli
