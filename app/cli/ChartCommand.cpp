#include "app/cli/ChartCommand.h"

#include "app/cli/ChartPlan.h"
#include "app/cli/ChartSetting.h"
#include "app/cli/CliError.h"
#include "app/cli/PlanOptions.h"
#include "app/cli/ProfileArgument.h"
#include "app/cli/StreamPlanCommand.h"

#include "ui/charts/BreakdownChartBuilder.h"
#include "ui/charts/EnergyChartBuilder.h"
#include "ui/charts/ImageExporter.h"
#include "ui/charts/LayerChartBuilder.h"
#include "ui/charts/StreamFrontChartBuilder.h"
#include "ui/charts/SweepChartBuilder.h"

#include "core/inference/BandwidthSweep.h"
#include "core/inference/LatencyEnergyPlans.h"
#include "core/io/PlanFile.h"
#include "core/model/NetworkEdit.h"
#include "core/model/PlanError.h"
#include "core/planners/InferencePlanner.h"
#include "core/planners/PlannerRegistry.h"

#include <QApplication>
#include <QChart>
#include <QFileInfo>
#include <QStringList>

#include <functional>
#include <iostream>

namespace cutlab::cli {
namespace {

const char* const kChartUsage =
    "usage: cutlab-cli chart PROFILE --kind breakdown|layers|sweep|energy|stream [plan "
    "options] -o OUT.png|svg|pdf\n"
    "Renders the window's charts headless. The plan shown is --cuts X,Y "
    "when given, else the planner's best.\n"
    "  --kind KIND                  breakdown | layers | sweep | energy | stream\n"
    "  --stages ID,ID,...           with --kind stream: the chain of machines\n"
    "  -o, --output FILE            .png, .svg or .pdf\n"
    "  --width W --height H         size in pixels (default 900 x 560)\n";

} // namespace

namespace {

struct ChartRequest {
    PlanOptions options;
    std::string kind, output;
    int width = 900, height = 560;
    bool help = false;
};

ChartRequest parseChartArguments(const std::vector<std::string>& arguments) {
    ChartRequest request;
    ArgumentCursor cursor(arguments);
    while (!cursor.done() && !request.help) {
        const std::string flag = cursor.peek();
        if (flag == "--help")
            request.help = true;
        else if (flag == "--kind")
            request.kind = (cursor.next(), cursor.valueOf(flag));
        else if (flag == "-o" || flag == "--output")
            request.output = (cursor.next(), cursor.valueOf(flag));
        else if (flag == "--width")
            request.width = (cursor.next(), parsePositiveInt(cursor.valueOf(flag), flag, 16384));
        else if (flag == "--height")
            request.height = (cursor.next(), parsePositiveInt(cursor.valueOf(flag), flag, 16384));
        else
            request.options.consumeOptionOrProfile(cursor, "chart");
    }
    return request;
}

void checkChartRequest(const ChartRequest& request) {
    if (request.options.profilePath.empty())
        throw CliError(std::string(kChartUsage));
    const std::string& kind = request.kind;
    if (kind != "breakdown" && kind != "layers" && kind != "sweep" && kind != "energy" &&
        kind != "stream")
        throw CliError("--kind must be breakdown, layers, sweep, energy or stream" +
                       (kind.empty() ? std::string() : ", not '" + kind + "'"));
    if (kind != "stream" && !request.options.stages.empty())
        throw CliError("--stages applies to --kind stream");
    if (request.output.empty())
        throw CliError("-o OUT.png|svg|pdf is required");
    if (!ui::ImageExporter::isSupported(QString::fromStdString(request.output)))
        throw CliError(request.output + ": choose a .png, .svg or .pdf file name");
}

// Total latency against the uplink's bandwidth, the chosen plan's curve beside the best plans'.
QChart* sweepChart(const PlanOptions& options, const core::InferenceCostModel& model,
                   const core::InferenceQuery& query, const core::TierPlacement& placement) {
    const core::Profile& profile = model.profile();
    const core::Network& network = model.network();
    const auto machines = options.cutMachines(profile);
    const core::Tier reference = ui::SweepChartBuilder::referenceTier(machines);
    const auto uplink = core::effectiveTierLink(network, profile, core::Tier::Device, reference);
    const core::UplinkSweep sweep(
        profile, network, options.inputBytes,
        core::logSpaceThrough(0.1, 100, 61, uplink ? uplink->bandwidthMbps : 0.0), reference);
    const auto result = core::sweepBestPlans(
        sweep, core::requirePlanner(options.planner, {core::PlannerKind::Inference}).runInference,
        query, machines);
    return ui::SweepChartBuilder::build(
        result, sweep.totals(placement),
        QStringLiteral("best (%1)").arg(QString::fromStdString(options.planner)),
        uplink ? uplink->bandwidthMbps : 0.0,
        QStringLiteral("Total latency vs uplink bandwidth — %1 (other links as in %2)")
            .arg(QString::fromStdString(profile.model.name), QString::fromStdString(network.name)),
        reference);
}

// The device's energy against latency for every placement, the Pareto front and the chosen plan.
QChart* energyChart(const core::InferenceCostModel& model, const core::TierPlacement& placement) {
    const core::LatencyEnergyPlans plans = core::latencyEnergyPlans(model);
    if (plans.points.empty())
        throw CliError("--kind energy needs a device's power: give it \"power\" in the profile, "
                       "or --power ID=WATTS@RADIO");
    const auto energy = model.evaluate(placement).energyMj;
    std::optional<std::pair<double, double>> current;
    if (energy)
        current = std::pair(model.evaluate(placement).totalMs, *energy);
    return ui::EnergyChartBuilder::build(
        plans, current,
        QStringLiteral("Device energy vs latency — %1 on %2")
            .arg(QString::fromStdString(model.profile().model.name),
                 QString::fromStdString(model.network().name)));
}

QChart* buildChart(const ChartRequest& request, const core::InferenceCostModel& model,
                   const core::InferenceQuery& query, const ChartPlan& chosen) {
    const core::Profile& profile = model.profile();
    const QString modelName = QString::fromStdString(profile.model.name);
    const QString networkName = QString::fromStdString(model.network().name);
    if (request.kind == "breakdown")
        return ui::BreakdownChartBuilder::build(
            profile, chosen.breakdownEntries(request.options, model),
            QStringLiteral("Latency breakdown — %1 on %2").arg(modelName, networkName));
    if (request.kind == "layers")
        return ui::LayerChartBuilder::build(
            profile, {chosen.placement.deviceEnd, chosen.placement.edgeEnd},
            QStringLiteral("Per-layer forward time and output size — %1").arg(modelName));
    if (request.kind == "energy")
        return energyChart(model, chosen.placement);
    return sweepChart(request.options, model, query, chosen.placement);
}

} // namespace

namespace {

// Writes the chart `build` makes (under a QApplication, for the fonts) to the request's file.
int drawChart(int argc, char** argv, const ChartRequest& request,
              const std::function<QChart*()>& build) {
    drawOffscreenByDefault();
    QApplication app(argc, argv);
    QString error;
    if (!ui::ImageExporter::writeChart(QString::fromStdString(request.output), build(),
                                       QSizeF(request.width, request.height), &error))
        throw CliError(error.toStdString());
    return 0;
}

// "over phone → gateway → server on 4g"
QString streamContext(const StreamSetting& setting) {
    QStringList machines;
    for (const core::StreamStage& stage : setting.result.fastest.stages)
        machines << QString::fromStdString(
            setting.profile.machines[static_cast<std::size_t>(stage.machine)].id);
    return QStringLiteral("over %1 on %2")
        .arg(machines.join(QStringLiteral(" → ")), QString::fromStdString(setting.network.name));
}

} // namespace

int runChart(int argc, char** argv, const std::vector<std::string>& arguments) {
    const ChartRequest request = parseChartArguments(arguments);
    if (request.help) {
        std::cout << kChartUsage << planOptionsHelp();
        return 0;
    }
    checkChartRequest(request);
    if (request.kind == "stream") {
        const StreamSetting setting = planStreamOf(request.options, "--kind stream");
        return drawChart(argc, argv, request, [&] {
            return ui::StreamFrontChartBuilder::build(
                setting.result,
                QStringLiteral("Latency against throughput — %1")
                    .arg(QString::fromStdString(setting.profile.model.name)),
                streamContext(setting));
        });
    }
    const ChartSetting setting(request.options);
    if (!setting.chosen)
        return 1;
    return drawChart(argc, argv, request, [&] {
        return buildChart(request, setting.model, setting.query, *setting.chosen);
    });
}

} // namespace cutlab::cli
