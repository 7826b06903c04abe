#pragma once

#include "core/model/Profile.h"

#include <QColor>
#include <QGraphicsItem>

#include <vector>

namespace cutlab::ui {

// The cells of the stage strip: one per layer, coloured by its stage, with a tick under every
// position a boundary may take. Painted from the exposed area only and hovered for a layer's
// tooltip, so a model of 50,000 layers is one item, not 100,000. The cells of a stage over its
// machine's memory are painted in the error colour instead.
class StageCellsItem : public QGraphicsItem {
  public:
    enum { Type = UserType + 42 };
    int type() const override { return Type; }

    // `profile` outlives the item; `allowed` ascending.
    StageCellsItem(const core::Profile& profile, std::vector<int> allowed, double left, double top,
                   double cellWidth, double cellHeight, const QColor& separator,
                   const QColor& tick);

    static QColor stageColor(int stage);
    void setStages(std::vector<int> stageOfLayer);
    // Stages over their machine's memory: their cells are painted in `error`.
    void setOverStages(std::vector<bool> over, const QColor& error);
    // The colour the cell of `layer` is painted in.
    QColor cellColor(int layer) const;
    // The layer whose cell covers item x, or -1.
    int layerAt(double x) const;
    // "#i id (type)": what hovering over a cell shows.
    QString describeLayer(int layer) const;

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

  protected:
    void hoverMoveEvent(QGraphicsSceneHoverEvent* event) override;

  private:
    const core::Profile& m_profile;
    std::vector<int> m_allowed;
    std::vector<int> m_stageOfLayer;
    std::vector<bool> m_over; // by stage
    QColor m_error;
    double m_left, m_top, m_cellWidth, m_cellHeight;
    QColor m_separator, m_tick;
};

} // namespace cutlab::ui
