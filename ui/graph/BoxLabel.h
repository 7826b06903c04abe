#pragma once

#include <QColor>
#include <QRectF>
#include <QString>

class QPainter;

namespace cutlab::ui {

// The two lines of text inside a box that stands for several layers (a collapsed block, a
// summary): drawn at kTextPixels on screen at any zoom, as many lines as the box has room for
// on screen, none when not even one fits.
class BoxLabel {
  public:
    static constexpr double kTextPixels = 11;
    // The height on screen of the lines drawn in a box of `crossHeight` scene units at level of
    // detail `lod`: 0 when no line fits.
    static double renderedTextPixels(double crossHeight, double lod);
    // How many of the two lines fit (0, 1 or 2).
    static int linesThatFit(double crossHeight, double lod);
    // Draws `title` (bold) and `detail` inside `rect`, elided at their end.
    static void paint(QPainter* painter, const QRectF& rect, double lod, const QString& title,
                      const QString& detail, const QColor& color);
};

} // namespace cutlab::ui
