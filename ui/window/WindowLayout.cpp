#include "ui/window/WindowLayout.h"

#include <QDockWidget>
#include <QGuiApplication>
#include <QMainWindow>
#include <QScreen>
#include <QSettings>

namespace cutlab::ui {

WindowLayout::WindowLayout(QMainWindow* window)
    : m_window(window), m_defaultLayout(window->saveState()) {}

const QStringList& WindowLayout::inferenceDocks() {
    static const QStringList names{QStringLiteral("inspectorDock"), QStringLiteral("plannerDock"),
                                   QStringLiteral("chartsDock"), QStringLiteral("explainDock"),
                                   QStringLiteral("tokensDock")};
    return names;
}

// Open in the layout: not hidden (also before the window is first shown, when no dock is
// visible yet and the toggle actions are not checked yet).
QStringList WindowLayout::shownDocks(const QStringList& names) const {
    QStringList shown;
    for (const QString& name : names)
        if (auto* dock = m_window->findChild<QDockWidget*>(name); dock && !dock->isHidden())
            shown << name;
    return shown;
}

void WindowLayout::showOnly(const QStringList& names, const QStringList& among) const {
    for (const QString& name : among)
        if (auto* dock = m_window->findChild<QDockWidget*>(name))
            dock->setVisible(names.contains(name));
}

void WindowLayout::enterMode(bool training) {
    if (training == m_training)
        return;
    m_training = training;
    if (training) {
        m_inferenceShown = shownDocks(inferenceDocks());
        showOnly(m_trainingShown, inferenceDocks());
    } else {
        m_trainingShown = shownDocks(inferenceDocks());
        showOnly(m_inferenceShown, inferenceDocks());
        m_inferenceShown.clear();
    }
}

void WindowLayout::showCharts() const {
    if (auto* charts = m_window->findChild<QDockWidget*>(QStringLiteral("chartsDock")))
        charts->show();
}

void WindowLayout::save(QSettings& settings, bool training) const {
    settings.setValue("geometry", m_window->saveGeometry());
    // the docks shown while training (an Inspector opened there comes back there)
    const QStringList trainingShown = training ? shownDocks(inferenceDocks()) : m_trainingShown;
    settings.setValue("trainingDocks", trainingShown);
    if (training) // the inference layout is saved as Inference mode shows it
        showOnly(m_inferenceShown, inferenceDocks());
    settings.setValue("windowState", m_window->saveState());
    if (training)
        showOnly(trainingShown, inferenceDocks());
    settings.setValue("trainingMode", training);
}

bool WindowLayout::restore(const QSettings& settings) {
    m_window->restoreGeometry(settings.value("geometry").toByteArray());
    if (!fitsAScreen())
        placeOnPrimaryScreen();
    m_window->restoreState(settings.value("windowState").toByteArray());
    m_trainingShown.clear();
    for (const QString& name : settings.value("trainingDocks").toStringList())
        if (inferenceDocks().contains(name))
            m_trainingShown << name;
    if (shownDocks({QStringLiteral("chartsDock")}).isEmpty())
        showCharts(); // a mode without its chart is never what the user wants back
    return settings.value("trainingMode", false).toBool();
}

void WindowLayout::reset(bool training) {
    m_training = false;
    m_inferenceShown.clear();
    m_trainingShown.clear();
    m_window->restoreState(m_defaultLayout);
    enterMode(training);
}

// The saved size, or less where the screen is smaller, centred on the primary screen.
void WindowLayout::placeOnPrimaryScreen() const {
    const QScreen* screen = QGuiApplication::primaryScreen();
    if (!screen)
        return;
    const QRect available = screen->availableGeometry();
    const QSize frameExtra = m_window->frameGeometry().size() - m_window->geometry().size();
    const QSize size = m_window->size().boundedTo(available.size() - frameExtra);
    QRect placed(QPoint(), size);
    placed.moveCenter(available.center());
    m_window->setGeometry(placed);
}

// The whole frame on one screen's available area (a window restored under a different scale
// factor or after a monitor was removed would open off-screen).
bool WindowLayout::fitsAScreen() const {
    const QRect frame = m_window->frameGeometry();
    for (const QScreen* screen : QGuiApplication::screens())
        if (screen->availableGeometry().contains(frame))
            return true;
    return false;
}

} // namespace cutlab::ui
