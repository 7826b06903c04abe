#pragma once

#include "ui/document/CutHandle.h"

#include <QGraphicsItem>
#include <QString>

#include <vector>

namespace cutlab::ui {

class GraphInteraction;

// A cut handle (device|edge or edge|cloud): a bar across the graph with a grip. Dragging it
// moves it along the main axis only, snapped to the nearest valid cut point (core
// nearestCutIndex); arrow keys step it from cut to cut.
class CutMarkerItem : public QGraphicsItem {
  public:
    enum { Type = UserType + 3 };

    CutMarkerItem(GraphInteraction* interaction, CutHandle handle,
                  std::vector<double> boundaryCoordinates, double crossMin, double crossMax,
                  bool topToBottom);

    int type() const override { return Type; }
    CutHandle handle() const { return m_handle; }
    int boundary() const { return m_boundary; }
    // Moves to a boundary without reporting it (the document moved).
    void setBoundary(int boundary);
    // Scales the grip so that it stays readable and easy to grab in a zoomed-out view (1: its
    // natural size).
    void setGripScale(double scale);
    // The grip scale for a view zoom: natural size down to a readable zoom, then growing.
    static double gripScaleForZoom(double zoom);
    // The grip at its largest scale, in scene units (main × cross axis).
    static QSizeF largestGripSize();
    // The grip on screen in a zoomed-out view, in pixels (main × cross axis).
    static QSizeF gripSizeOnScreen();
    // The point to grab: on the grip, in scene coordinates.
    QPointF gripScenePos() const;

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

  protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void hoverEnterEvent(QGraphicsSceneHoverEvent* event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;

  private:
    QRectF gripRect() const;
    QPointF pointAt(double main, double cross) const;

    GraphInteraction* m_interaction;
    CutHandle m_handle;
    std::vector<double> m_coordinates;
    double m_crossMin;
    double m_crossMax;
    bool m_topToBottom;
    int m_boundary = 0;
    bool m_syncing = false;
    bool m_dragging = false;
    bool m_hovered = false;
    double m_gripScale = 1.0;
    QString m_label;
};

} // namespace cutlab::ui
