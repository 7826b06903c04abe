#pragma once

#include "core/model/Tier.h"

#include <QGraphicsItem>
#include <QString>

namespace cutlab::ui {

class GraphInteraction;

// A run of consecutive blocks shown as one box (Fit on a model too long for readable layers):
// its name, layer count and time. A click opens it.
class SummaryItem : public QGraphicsItem {
  public:
    enum { Type = UserType + 7 };

    SummaryItem(GraphInteraction* interaction, int summary, const QRectF& rect, QString title,
                QString layerRange);

    int type() const override { return Type; }
    int summary() const { return m_summary; }
    QString title() const { return m_title; }
    QString detail() const { return m_detail; }
    // "N layers · T ms": the time of its layers where they run now.
    void setDetail(const QString& detail);
    // The tier its first layer runs on (the fill; a cut handle inside shows where it changes).
    void setTier(core::Tier tier);
    // The height on screen of the text drawn at level of detail `lod` (0: none).
    double renderedTextPixels(double lod) const;

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

  protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;

  private:
    void updateToolTip();

    GraphInteraction* m_interaction;
    int m_summary;
    QRectF m_rect;
    QString m_title;
    QString m_layerRange;
    QString m_detail;
    core::Tier m_tier = core::Tier::Device;
};

} // namespace cutlab::ui
