// cutlab: the desktop window.
#include "LayerListWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QScreen>
#include <QTimer>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName("CutLab");
    QApplication::setOrganizationName("CutLab");
    QApplication::setApplicationVersion(CUTLAB_VERSION);

    QCommandLineParser parser;
    parser.setApplicationDescription("Plan and explore DNN partitions across device, edge and cloud.");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("profile", "A cutlab-profile JSON file to open.");
    QCommandLineOption screenshot("screenshot", "Render the window to OUT.png and exit.", "OUT.png");
    parser.addOption(screenshot);
    parser.process(app);

    cutlab::ui::LayerListWindow window;
    if (!parser.positionalArguments().isEmpty()) window.openProfile(parser.positionalArguments().front());
    window.show();
    if (parser.isSet(screenshot)) {
        const QString out = parser.value(screenshot);
        QTimer::singleShot(300, &window, [&window, out] {
            window.grab().save(out);
            QApplication::quit();
        });
    }
    return app.exec();
}
