// cutlab-cli: the headless twin of the CutLab window (docs/formats.md §4).
#include "app/cli/CommandGuard.h"
#include "app/cli/Commands.h"

#include <exception>
#include <iostream>
#include <string>
#include <vector>

namespace {

const char* const kUsage =
    "usage: cutlab-cli COMMAND [arguments]\n"
    "  validate PROFILE...   check profiles, one line per problem\n"
    "  info PROFILE          layers, blocks, valid cut points, machines\n"
    "  plan PROFILE          rank inference partitions (see 'plan --help' for the planners)\n"
    "  train PROFILE         plan a training iteration (see 'train --help' for the planners)\n"
    "  sweep PROFILE         best plans as a link's bandwidth varies\n"
    "  import FILE -o OUT    an ONNX model or a PipeDream graph.txt into a profile\n"
    "  merge A B... -o OUT   per-machine profiles of one model into one profile\n"
    "  estimate PROFILE -o OUT  add machines with roofline time estimates (see 'estimate --list')\n"
    "  calibrate PROFILE --model M.onnx -o MACHINE.json  fit a machine's roofline to its profile\n"
    "  compare PLAN RUN      a plan's predicted times beside a measured run of it\n"
    "  trace FILE...         what a network trace measures: mean, p10/p50/p90, 1 s bins\n"
    "  replay PROFILE        stream frames through a plan over measured network traces\n"
    "  predictor train|eval|predict  AccEPT's latency predictor (see 'predictor --help')\n"
    "  chart PROFILE         the window's charts as PNG, SVG or PDF (headless)\n"
    "  report PROFILE -o OUT.pdf  the window's one-page PDF report (headless)\n"
    "  training-chart PROFILE  the training timeline, pipeline Gantt or strategy chart (headless)\n"
    "Run 'cutlab-cli COMMAND --help' for the options of a command.\n";

} // namespace

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(true);
    if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
        (argc < 2 ? std::cerr : std::cout) << kUsage;
        return argc < 2 ? 2 : 0;
    }
    const std::string command = argv[1];
    const std::vector<std::string> arguments(argv + 2, argv + argc);
    return cutlab::cli::runGuarded(command, [&] {
        if (command == "validate")
            return cutlab::cli::runValidate(arguments);
        if (command == "info")
            return cutlab::cli::runInfo(arguments);
        if (command == "plan")
            return cutlab::cli::runPlan(arguments);
        if (command == "chart" || command == "report" || command == "training-chart")
            return cutlab::cli::runChartRenderer(argv);
        if (command == "train")
            return cutlab::cli::runTrain(arguments);
        if (command == "sweep")
            return cutlab::cli::runSweep(arguments);
        if (command == "import")
            return cutlab::cli::runImport(arguments);
        if (command == "merge")
            return cutlab::cli::runMerge(arguments);
        if (command == "estimate")
            return cutlab::cli::runEstimate(arguments);
        if (command == "calibrate")
            return cutlab::cli::runCalibrate(arguments);
        if (command == "compare")
            return cutlab::cli::runCompare(arguments);
        if (command == "trace")
            return cutlab::cli::runTrace(arguments);
        if (command == "replay")
            return cutlab::cli::runReplay(arguments);
        if (command == "predictor")
            return cutlab::cli::runPredictor(arguments);
        std::cerr << "cutlab-cli: unknown command '" << command << "'\n" << kUsage;
        return 2;
    });
}
