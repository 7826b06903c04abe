#pragma once

#include "core/model/Tier.h"

#include <QFont>
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

    // `titleIndent`: room left free before the title along the header (top-to-bottom layouts,
    // where the edge lane runs down the frame's left side and would cross the title).
    BlockFrameItem(GraphInteraction* interaction, int block, const QRectF& rect, QString title,
                   QString detail, bool collapsed, double titleIndent = 0);

    int type() const override { return Type; }
    int block() const { return m_block; }
    bool isCollapsed() const { return m_collapsed; }
    QRectF headerRect() const;
    // Where the title text of an expanded frame is drawn (on an opaque label), item coordinates.
    QRectF titleRect() const;
    QString titleText() const;
    void setTier(core::Tier tier);

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

  protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;

  public:
    static QFont titleFont();
    // Text is drawn only when its line is at least this tall on screen; below, the frame alone
    // (the title is in the tooltip and the inspector).
    static constexpr double kReadableTextPixels = 9;
    static bool isReadable(const QFont& font, double levelOfDetail);
    // The height on screen of the text drawn at level of detail `lod` (0: none).
    double renderedTextPixels(double lod) const;

  private:
    GraphInteraction* m_interaction;
    int m_block;
    QRectF m_rect;
    QString m_title;
    QString m_detail;
    double m_titleIndent = 0;
    bool m_collapsed;
    core::Tier m_tier = core::Tier::Device;
};

} // namespace cutlab::ui
