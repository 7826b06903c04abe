// cutlab-charts: `cutlab-cli chart`, `report` and `training-chart`, the commands that render
// with Qt. cutlab-cli hands them over here so that its other commands start without Qt.
#include "app/cli/ChartCommand.h"
#include "app/cli/CommandGuard.h"
#include "app/cli/Commands.h"
#include "app/cli/ReportCommand.h"

#include <QString>
#include <QtGlobal>

#include <exception>
#include <iostream>
#include <string>
#include <vector>

namespace {

// A command line prints only its own messages: Qt's warnings about its environment (no
// XDG_RUNTIME_DIR, a missing font) are not the user's business. Critical errors still show.
void quietQtMessages(QtMsgType type, const QMessageLogContext&, const QString& message) {
    if (type == QtCriticalMsg || type == QtFatalMsg)
        std::cerr << "cutlab-charts: " << message.toStdString() << "\n";
}

} // namespace

int main(int argc, char** argv) {
    qInstallMessageHandler(quietQtMessages);
    const std::string command = argc > 1 ? argv[1] : "";
    const std::vector<std::string> arguments(argv + (argc > 1 ? 2 : 1), argv + argc);
    return cutlab::cli::runGuarded(command, [&] {
        if (command == "chart")
            return cutlab::cli::runChart(argc, argv, arguments);
        if (command == "report")
            return cutlab::cli::runReport(argc, argv, arguments);
        if (command == "training-chart")
            return cutlab::cli::runTrainingChart(arguments);
        std::cerr
            << "cutlab-charts: usage: cutlab-charts chart|report|training-chart PROFILE ... (see "
               "cutlab-cli --help)\n";
        return 2;
    });
}
