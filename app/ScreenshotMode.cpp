#include "app/ScreenshotMode.h"

#include "ui/charts/ImageExporter.h"
#include "ui/document/Document.h"
#include "ui/panels/SweepController.h"
#include "ui/training/TrainingPanel.h"
#include "ui/window/MainWindow.h"
#include "ui/window/PresentationWindow.h"

#include <QApplication>
#include <QBuffer>
#include <QElapsedTimer>
#include <QTimer>

#include <cstdio>

namespace {

using cutlab::ui::MainWindow;

// The sweep's result, a Training plan and the presentation's best plans: each computed off
// the GUI thread, each waited for at most a minute.
void waitForBackgroundWork(MainWindow& window) {
    window.sweep()->waitForResult(20000);
    QElapsedTimer planning;
    planning.start();
    while (window.training()->isPlanning() && planning.elapsed() < 60000)
        QApplication::processEvents(QEventLoop::AllEvents, 20);
    while (window.presentation() && window.presentation()->isComputing() &&
           planning.elapsed() < 60000)
        QApplication::processEvents(QEventLoop::AllEvents, 20);
    QApplication::processEvents();
}

QWidget* grabTarget(MainWindow& window, const QString& size) {
    if (!window.presentation())
        return &window;
    const QStringList parts = size.split('x');
    if (parts.size() == 2)
        window.presentation()->resize(parts[0].toInt(), parts[1].toInt());
    QApplication::processEvents();
    return window.presentation();
}

bool writePng(QWidget* target, const QString& out) {
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    QString error;
    if (target->grab().save(&buffer, "PNG") &&
        cutlab::ui::ImageExporter::saveAtomically(out, png, &error))
        return true;
    std::fprintf(stderr, "cutlab: %s\n",
                 qPrintable(error.isEmpty() ? "cannot render " + out : error));
    return false;
}

} // namespace

void grabWhenSettled(MainWindow& window, const QString& out, const QString& size, int status) {
    QTimer::singleShot(400, &window, [&window, out, size, status] {
        waitForBackgroundWork(window);
        const bool written = writePng(grabTarget(window, size), out);
        window.setPersistent(false);
        window.document()->markSaved();
        QApplication::exit(written ? status : 2);
    });
}
