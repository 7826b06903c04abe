#pragma once

#include "core/inference/ReplayRun.h"
#include "core/model/Profile.h"

#include <QStringList>
#include <QWidget>

namespace cutlab::ui {

// The adaptive run's chosen plan over time as a coloured band: each frame's slot painted in its
// plan's colour, the plans named below the band in the same colours.
class CutBand : public QWidget {
    Q_OBJECT
  public:
    explicit CutBand(QWidget* parent = nullptr);

    void setRun(const core::Profile& profile, const core::ReplayRun& run, double durationMs);
    void clear();
    // The plan names, in the order of their colours.
    const QStringList& planNames() const { return m_names; }
    // The plan of the frame under time t (ms from the start), -1 without one.
    int planAt(double ms) const;
    QColor colorOf(int plan) const;
    // The band spans [left, width − right] so that it lines up with a chart's plot area.
    void setSpan(int left, int right);
    QSize sizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    std::vector<std::pair<double, int>> m_frames; // arrival ms, plan
    double m_durationMs = 0;
    int m_left = 0, m_right = 0;
    QStringList m_names;
};

} // namespace cutlab::ui
