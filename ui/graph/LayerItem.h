#pragma once

#include "core/model/Tier.h"

#include <QGraphicsItem>
#include <QString>

class QFontMetricsF;

namespace cutlab::ui {

class GraphInteraction;

// One layer of the model: a rounded box in its tier's colour with type, name and output size.
class LayerItem : public QGraphicsItem {
  public:
    enum { Type = UserType + 1 };

    // Zoomed out below kDetailZoom a node shows only its name, at kCompactTextPixels on
    // screen; below kCompactZoom only its colour.
    static constexpr double kDetailZoom = 0.7;
    static constexpr double kCompactZoom = 0.25;
    static constexpr double kCompactTextPixels = 11;
    // The one-line label of a zoomed-out node: the type, then the end of the name ("Conv
    // …conv1/Conv"); the name is elided at its start (its end tells nodes apart), the type only
    // when nothing else fits. The whole name is the node's tooltip.
    static QString compactLabel(const QString& type, const QString& name,
                                const QFontMetricsF& metrics, double width);

    LayerItem(GraphInteraction* interaction, int layer, const QRectF& rect, QString type,
              QString name, QString size);

    int type() const override { return Type; }
    int layer() const { return m_layer; }
    void setTier(core::Tier tier);
    core::Tier tier() const { return m_tier; }
    void setMatched(bool matched);
    // The height on screen of the smallest line of text drawn at level of detail `lod`
    // (0: none, the colour alone).
    static double renderedTextPixels(double lod);

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

  protected:
    void hoverEnterEvent(QGraphicsSceneHoverEvent* event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;

  private:
    void paintCompactLabel(QPainter* painter, qreal lod, const QColor& color) const;

    GraphInteraction* m_interaction;
    int m_layer;
    QRectF m_rect;
    QString m_typeText;
    QString m_name;
    QString m_size;
    core::Tier m_tier = core::Tier::Device;
    bool m_matched = false;
    bool m_hovered = false;
};

} // namespace cutlab::ui
