#pragma once

#include "ui/charts/Theme.h"

#include "core/pipeline/PipelineMemory.h"

#include <QColor>
#include <QRectF>
#include <QString>
#include <QWidget>

#include <vector>

namespace cutlab::ui {

// One stage's memory as StageMemoryView draws it.
struct StageMemoryBar {
    QString name; // "1: jetson"
    core::StageMemory memory;
    double capacityBytes = 0; // its machine's memory; 0 = unknown
    bool isOver() const { return capacityBytes > 0 && memory.total() > capacityBytes; }
};

// The pipeline's memory: one horizontal stacked bar per stage (weights, gradients, optimizer
// state, stashed weight versions, activations; docs/cost-models.md §2.7) on one scale, a tick at
// its machine's capacity when known, and the total in binary units. The part of a bar beyond
// the capacity, its frame and its label are drawn in the error colour.
class StageMemoryView : public QWidget {
    Q_OBJECT
  public:
    enum Part { Weights, Gradients, OptimizerState, StashedWeights, Activations, PartCount };

    explicit StageMemoryView(QWidget* parent = nullptr);

    void setStages(std::vector<StageMemoryBar> stages);
    void clear();
    const std::vector<StageMemoryBar>& stages() const { return m_stages; }
    void setColors(const CanvasColors& colors);

    static QColor partColor(Part part);
    static QString partName(Part part);
    static double partBytes(const core::StageMemory& memory, Part part);
    // The label right of a stage's bar: "5.1 GiB of 4.0 GiB, 1.1 GiB over".
    static QString totalText(const StageMemoryBar& stage);

    // Widget coordinates (for tests and drawing): a stage's bar from 0 bytes to its total, and
    // x of its capacity tick (negative when unknown).
    QRectF barRect(int stage) const;
    double capacityX(int stage) const;

    QSize sizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

  private:
    double scaleMax() const;
    double nameWidth() const;
    double xOf(double bytes) const;
    double rowTop(int stage) const;
    void paintLegend(QPainter& painter) const;
    void paintStage(QPainter& painter, int stage) const;
    QString describeStage(int stage) const;

    std::vector<StageMemoryBar> m_stages;
    CanvasColors m_colors;
};

} // namespace cutlab::ui
