#pragma once

#include "ui/charts/BreakdownChartBuilder.h"

#include <QWidget>

#include <optional>
#include <utility>

#include <vector>

class QChart;
class QChartView;
class QLabel;
class QTabWidget;

namespace cutlab::ui {

class Document;
class SweepController;
class EnergyController;

// The three charts, as tabs: latency breakdown, per-layer times and sizes, bandwidth sweep.
// They follow the document live (values replaced in place on every drag frame).
class ChartsPanel : public QWidget {
    Q_OBJECT
  public:
    enum Kind { Breakdown = 0, Layers = 1, Sweep = 2, Energy = 3 };
    static constexpr int kKindCount = 4;

    ChartsPanel(Document* document, SweepController* sweep, QWidget* parent = nullptr);

    QTabWidget* tabs() const { return m_tabs; }
    QChartView* view(Kind kind) const { return m_views[kind]; }
    QChart* chart(Kind kind) const;
    int currentKind() const;
    void setDark(bool dark);
    // A new chart with the current data, for export (the caller owns it).
    QChart* buildChart(Kind kind) const;
    static QString kindName(Kind kind);
    // The chart kind in an exported file's name: "<model>-breakdown.png".
    static QString fileStem(Kind kind);
    std::vector<BreakdownEntry> breakdownEntries() const;
    EnergyController* energy() const { return m_energy; }

    // Every chart drawn afresh from the document (after a presentation stepped through others).
    void redraw();

  private:
    // A new chart of that kind in its view, with the current data.
    void rebuild(Kind kind);
    void rebuildSweep(); // and hides the "computing" note once the sweep is in
    void updateLive();
    QString titleFor(Kind kind) const;
    std::optional<std::pair<double, double>> currentEnergyPoint() const;

    Document* m_document;
    SweepController* m_sweep;
    QTabWidget* m_tabs;
    EnergyController* m_energy;
    QChartView* m_views[kKindCount] = {};
    QLabel* m_sweepStatus;
    bool m_dark = false;
};

} // namespace cutlab::ui
