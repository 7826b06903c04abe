#include "app/GuiOptions.h"

#include <QStringList>

GuiOptions::GuiOptions() {
    parser.setApplicationDescription(
        "Plan and explore DNN partitions across device, edge and cloud.");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        "file", "A cutlab-profile JSON to open, or an ONNX model or PipeDream graph.txt to import "
                "(written beside it as NAME.json) and open.");
    cuts.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOptions({network, plan, screenshot, size, dark, presentation, step, chart, topDown,
                       fit, collapse, training, pool, poolMemory, raise, cuts});
}

QString GuiOptions::file() const {
    const QStringList files = parser.positionalArguments();
    return files.isEmpty() ? QString() : files.front();
}
