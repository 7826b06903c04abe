#pragma once

#include <QFont>
#include <QGraphicsItem>
#include <QString>

namespace cutlab::ui {

class GraphInteraction;

// A valid cut point between two blocks: a thin dashed line and the bytes that would cross it.
class CutPointItem : public QGraphicsItem {
  public:
    enum { Type = UserType + 5 };

    CutPointItem(GraphInteraction* interaction, int boundary, double main, double crossMin,
                 double crossMax, bool topToBottom, QString label, QString tooltip);

    int type() const override { return Type; }
    int boundary() const { return m_boundary; }
    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    // The height on screen of the label drawn at level of detail `lod` (0: none).
    static double renderedTextPixels(double lod);

  private:
    // Below this zoom the label keeps its on-screen size.
    static constexpr double kDetailLabelZoom = 0.8;
    static QFont labelFont(double grow);
    // The label's box scaled by `grow`, growing away from the nodes.
    QRectF grownLabelRect(qreal grow) const;

    GraphInteraction* m_interaction;
    int m_boundary;
    bool m_topToBottom;
    QLineF m_line;
    QRectF m_labelRect;
    QRectF m_bounds;
    QString m_label;
};

} // namespace cutlab::ui
