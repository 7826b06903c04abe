#pragma once

#include "core/model/Tier.h"

#include <QGraphicsItem>
#include <QString>

namespace cutlab::ui {

class GraphInteraction;

// A branching block (the layers between two valid cuts that are not a single layer): a frame
// with a title around its layers, or, collapsed, one box standing for all of them. A click on
// the title (or the collapsed box) toggles it.
class BlockFrameItem : public QGraphicsItem {
  public:
    enum { Type = UserType + 4 };

    BlockFrameItem(GraphInteraction* interaction, int block, const QRectF& rect, QString title,
                   QString detail, bool collapsed);

    int type() const override { return Type; }
    int block() const { return m_block; }
    bool isCollapsed() const { return m_collapsed; }
    QRectF headerRect() const;
    void setTier(core::Tier tier);

    QRectF boundingRect() const override { return m_rect.adjusted(-2, -2, 2, 2); }
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

  protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;

  private:
    GraphInteraction* m_interaction;
    int m_block;
    QRectF m_rect;
    QString m_title;
    QString m_detail;
    bool m_collapsed;
    core::Tier m_tier = core::Tier::Device;
};

} // namespace cutlab::ui
