#pragma once

#include <QByteArray>
#include <QStringList>

class QMainWindow;
class QSettings;

namespace cutlab::ui {

// The main window's docks across its two modes and across restarts. Training mode hides the
// inference docks (inspector, planner, charts, explain) and Inference mode brings back the ones
// that were shown; each mode's layout is saved on its own, a restored layout is never one in
// which Inference mode has no chart, and a geometry that fits no screen is not restored.
class WindowLayout {
  public:
    // Records the default layout (View ▸ Reset Layout): call once the docks are built.
    explicit WindowLayout(QMainWindow* window);

    void enterMode(bool training);
    // The geometry, the inference layout (as Inference mode shows it) and the mode.
    void save(QSettings& settings, bool training) const;
    // Restores what save() wrote; returns the saved mode (true: Training). Call in Inference
    // mode, before the window is shown.
    bool restore(const QSettings& settings);
    // The default layout of the mode in view.
    void reset(bool training);

    static const QStringList& inferenceDocks();

  private:
    QStringList shownDocks(const QStringList& names) const;
    void showOnly(const QStringList& names, const QStringList& among) const;
    void showCharts() const;
    bool fitsAScreen() const;
    void placeOnPrimaryScreen() const;

    QMainWindow* m_window;
    QByteArray m_defaultLayout;
    QStringList m_inferenceShown; // in Training mode: the inference docks to show again
    QStringList m_trainingShown;  // the inference docks the person showed while training
    bool m_training = false;
};

} // namespace cutlab::ui
