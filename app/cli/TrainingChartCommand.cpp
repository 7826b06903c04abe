// cutlab-cli training-chart: the Training mode's charts rendered headless (offscreen platform).
#include "app/cli/ArgumentCursor.h"
#include "app/cli/CliError.h"
#include "app/cli/PlanOptions.h"
#include "app/cli/PlannerHelp.h"
#include "app/cli/ProfileArgument.h"

#include "core/training/PipelineSimulation.h"
#include "core/training/StrategySweepComputer.h"
#include "core/training/TrainingTimelineMaker.h"
#include "ui/charts/ImageExporter.h"
#include "ui/training/HierTrainTimelineBuilder.h"
#include "ui/training/PipelineGanttBuilder.h"
#include "ui/training/StrategyChartBuilder.h"
#include "ui/training/TrainingExport.h"

#include "core/model/NetworkEdit.h"
#include "core/model/PlanError.h"
#include "core/planners/IterationPlanner.h"
#include "core/planners/PlannerRegistry.h"
#include "core/training/TrainingResult.h"

#include <QApplication>
#include <QGraphicsScene>
#include <QString>

#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace cutlab::cli {
namespace {

std::string trainingChartUsage() {
    return "usage: cutlab-cli training-chart PROFILE --kind timeline|gantt|strategy [options] -o "
           "OUT.png|svg|pdf\n"
           "Renders a chart of the Training mode without a window (PNG, SVG or PDF by the "
           "extension, "
           "written\n"
           "atomically: on an error an existing file is left untouched).\n"
           "  --kind timeline         one iteration of --planner (default hiertrain) as workers x "
           "phases\n"
           "  --kind gantt            the pipeline plan's simulated schedule, stages x time\n"
           "  --kind strategy         every iteration planner's time against the --vary links' "
           "bandwidth,\n"
           "                          1 to 10 Mbps (HierTrain's figures 7-10)\n"
           "  --planner NAME          timeline: " +
           core::plannerChoices({core::PlannerKind::Iteration}, " | ", " | ") +
           "\n"
           "  --batch B               mini-batch (default model.batch); timeline and strategy\n"
           "  --network PRESET|FILE   3g (default), 4g, fibre, ideal, a cutlab-network JSON or a "
           "Scission "
           "CSV\n"
           "  --stages ID,ID,...      gantt: the chain (default every machine once in profile "
           "order, or "
           "four\n"
           "                          copies of a profile's only machine)\n"
           "  --micro-batch b         gantt: samples per micro-batch (default model.batch)\n"
           "  --micro-batches M       gantt: micro-batches in the schedule (default 4 x stages)\n"
           "  --cut-mode single|any   gantt: valid cut points only (default) or any downset "
           "boundary\n"
           "  --schedule 1f1b|1f1b-flush|gpipe  gantt: the schedule (default 1f1b)\n"
           "  --vary LINK             strategy: uplink | backhaul | TIER-TIER[,TIER-TIER]\n"
           "                          (default edge-cloud,device-cloud)\n"
           "  --log-x                 strategy: logarithmic bandwidth axis\n"
           "  --width PX              width of the picture (default 1000)\n"
           "  -o, --output FILE       where to write (required)\n"
           "Exit status: 0 written, 2 bad input or usage.\n";
}

struct ChartOptions {
    std::string profilePath, kind, planner = "hiertrain", network = "3g", vary, output;
    std::optional<int> batch, microBatch, microBatches;
    std::vector<std::string> stages;
    core::PipelineCutMode cutMode = core::PipelineCutMode::Single;
    core::ScheduleKind schedule = core::ScheduleKind::OneForwardOneBackward;
    bool logX = false;
    int width = 1000;
};

ChartOptions parseTrainingChart(const std::vector<std::string>& arguments) {
    ChartOptions o;
    o.vary = core::StrategySweepComputer::defaultLinks();
    bool plannerGiven = false;
    ArgumentCursor cursor(arguments);
    while (!cursor.done()) {
        const std::string a = cursor.next();
        if (a == "--kind")
            o.kind = cursor.valueOf(a);
        else if (a == "--planner")
            o.planner = cursor.valueOf(a), plannerGiven = true;
        else if (a == "--batch")
            o.batch = parsePositiveInt(cursor.valueOf(a), a);
        else if (a == "--network")
            o.network = cursor.valueOf(a);
        else if (a == "--stages") {
            std::stringstream list(cursor.valueOf(a));
            for (std::string id; std::getline(list, id, ',');)
                if (!id.empty())
                    o.stages.push_back(id);
        } else if (a == "--micro-batch")
            o.microBatch = parsePositiveInt(cursor.valueOf(a), a);
        else if (a == "--micro-batches")
            o.microBatches = parsePositiveInt(cursor.valueOf(a), a);
        else if (a == "--cut-mode") {
            const std::string value = cursor.valueOf(a);
            const auto mode = core::cutModeFromName(value);
            if (!mode)
                throw CliError("--cut-mode: '" + value + "' is not single or any");
            o.cutMode = *mode;
        } else if (a == "--schedule") {
            const std::string value = cursor.valueOf(a);
            const auto kind = core::scheduleKindFromName(value);
            if (!kind)
                throw CliError("--schedule: '" + value + "' is not 1f1b, 1f1b-flush or gpipe");
            o.schedule = *kind;
        } else if (a == "--vary")
            o.vary = cursor.valueOf(a);
        else if (a == "--log-x")
            o.logX = true;
        else if (a == "--width")
            o.width = parsePositiveInt(cursor.valueOf(a), a, 16384);
        else if (a == "-o" || a == "--output")
            o.output = cursor.valueOf(a);
        else
            ArgumentCursor::storePositional(a, o.profilePath, "training-chart");
    }
    if (o.profilePath.empty())
        throw CliError(trainingChartUsage());
    if (o.kind != "timeline" && o.kind != "gantt" && o.kind != "strategy")
        throw CliError(o.kind.empty()
                           ? "--kind is required: timeline, gantt or strategy"
                           : "--kind: '" + o.kind + "' is not timeline, gantt or strategy");
    if (o.output.empty())
        throw CliError("-o OUT.png|svg|pdf is required");
    if (!ui::ImageExporter::isSupported(QString::fromStdString(o.output)))
        throw CliError(o.output + ": choose a .png, .svg or .pdf file name");
    if (o.width < 360 || o.width > 8000)
        throw CliError("--width: choose between 360 and 8000 pixels");
    if (o.kind == "timeline" && o.planner == "pipeline")
        throw CliError("--planner pipeline: use --kind gantt for the pipeline");
    if (o.kind == "timeline")
        plannerOption("--planner", o.planner, {core::PlannerKind::Iteration}, "training planner");
    if (o.kind != "timeline" && plannerGiven && !(o.kind == "gantt" && o.planner == "pipeline"))
        throw CliError("--planner applies to --kind timeline");
    const bool pipelineOption = !o.stages.empty() || o.microBatch || o.microBatches ||
                                o.cutMode != core::PipelineCutMode::Single ||
                                o.schedule != core::ScheduleKind::OneForwardOneBackward;
    if (pipelineOption && o.kind != "gantt")
        throw CliError("--stages, --micro-batch, --micro-batches, --cut-mode and --schedule apply "
                       "to --kind gantt");
    if (o.kind == "gantt" && o.batch)
        throw CliError("--batch does not apply to --kind gantt (use --micro-batch)");
    return o;
}

// The QApplication the chart classes need, on the offscreen platform unless one is chosen.
std::unique_ptr<QApplication> ensureApplication() {
    if (QCoreApplication::instance())
        return nullptr;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "cutlab-cli";
    static char* argv[] = {name, nullptr};
    return std::make_unique<QApplication>(argc, argv);
}

void writeOrThrow(bool ok, const QString& error) {
    if (!ok)
        throw CliError(error.toStdString());
}

void renderTimeline(const ChartOptions& o, const core::Profile& profile,
                    const core::Network& network) {
    const core::TrainingCostModel model(profile, network, core::trainingMachines(profile));
    const auto result = core::runIterationPlanner(
        o.planner, model, o.batch.value_or(static_cast<int>(profile.model.batch)));
    const core::TrainingTimeline timeline = core::TrainingTimelineMaker::fromResult(model, result);
    QGraphicsScene scene;
    ui::HierTrainTimelineBuilder::build(&scene, timeline, o.width);
    QString error;
    writeOrThrow(ui::TrainingExport::writeScene(QString::fromStdString(o.output), scene, &error,
                                                QString::fromStdString(timeline.title)),
                 error);
}

void renderGantt(const ChartOptions& o, const core::Profile& profile,
                 const core::Network& network) {
    core::PipelineRequest request;
    std::vector<std::string> ids = o.stages;
    if (ids.empty()) {
        for (const auto& machine : profile.machines)
            ids.push_back(machine.id);
        if (ids.size() == 1)
            ids.assign(4, ids.front());
    }
    for (const auto& id : ids) {
        const int machine = profile.machineIndex(id);
        if (machine < 0)
            throw CliError("--stages: '" + id + "' is not a machine of " + o.profilePath);
        request.chain.push_back(machine);
    }
    request.microBatch = o.microBatch.value_or(0);
    request.cutMode = o.cutMode;
    const auto simulation = core::PipelineSimulation::planned(
        profile, network, request, o.microBatches.value_or(0), o.schedule);
    QGraphicsScene scene;
    const QString title =
        QStringLiteral("%1: pipeline over %2 stages, %3 schedule")
            .arg(QString::fromStdString(profile.model.name))
            .arg(simulation.plan.stages.size())
            .arg(o.schedule == core::ScheduleKind::GPipe ? QStringLiteral("GPipe")
                                                         : QStringLiteral("1F1B"));
    ui::PipelineGanttBuilder::build(&scene, profile, simulation.plan, simulation.schedule, o.width,
                                    title);
    QString error;
    writeOrThrow(
        ui::TrainingExport::writeScene(QString::fromStdString(o.output), scene, &error, title),
        error);
}

void renderStrategy(const ChartOptions& o, const core::Profile& profile,
                    const core::Network& network) {
    core::parseLinkSelection(o.vary); // a bad --vary is a usage error, before any work
    const auto sweep = core::StrategySweepComputer::compute(
        profile, network, o.vary, o.batch.value_or(static_cast<int>(profile.model.batch)),
        core::StrategySweepComputer::defaultBandwidths(), core::iterationPlanners());
    bool any = false;
    for (const auto& values : sweep.ms)
        for (double v : values)
            any = any || v == v;
    if (!any)
        throw core::PlanError(sweep.error);
    if (!sweep.error.empty())
        std::cerr << "cutlab-cli training-chart: warning: " << sweep.error << "\n";
    const double height = o.width * 0.62;
    QString error;
    writeOrThrow(ui::ImageExporter::writeChart(
                     QString::fromStdString(o.output),
                     ui::StrategyChartBuilder::build(sweep, o.logX,
                                                     ui::StrategyChartBuilder::defaultTitle(sweep)),
                     QSizeF(o.width, height), &error),
                 error);
}

} // namespace

int runTrainingChart(const std::vector<std::string>& arguments) {
    for (const auto& argument : arguments)
        if (argument == "--help" || argument == "-h") {
            std::cout << trainingChartUsage();
            return 0;
        }
    const ChartOptions o = parseTrainingChart(arguments);
    const core::Profile profile = loadProfileOrThrow(o.profilePath);
    const core::Network network = loadNetworkOrThrow(o.network);
    const auto application = ensureApplication();
    try {
        if (o.kind == "timeline")
            renderTimeline(o, profile, network);
        else if (o.kind == "gantt")
            renderGantt(o, profile, network);
        else
            renderStrategy(o, profile, network);
    } catch (const core::PlanError& error) {
        throw CliError(o.profilePath + ": " + error.what());
    }
    return 0;
}

} // namespace cutlab::cli
