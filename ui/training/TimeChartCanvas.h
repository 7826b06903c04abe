#pragma once

#include "ui/charts/Theme.h"

#include <QBrush>
#include <QColor>
#include <QPen>
#include <QString>
#include <QStringList>

#include <vector>

class QGraphicsRectItem;
class QGraphicsScene;

namespace cutlab::ui {

// Lays out a time chart in a QGraphicsScene: a title, named rows (left column), bars placed by
// start and end time, labelled vertical boundaries, a time axis, a legend and a caption, in the
// theme's canvas colours (light by default: white background, as exported). Shared by the
// HierTrain timeline and the pipeline Gantt chart; only draws.
class TimeChartCanvas {
  public:
    // Data stored on every bar item, for tooltips and tests.
    enum DataKey { KindKey = 0, StartKey = 1, EndKey = 2, RowKey = 3, IndexKey = 4 };
    static constexpr const char* kBarKind = "bar";

    struct Row {
        QString name;
        double height = 30;
    };

    TimeChartCanvas(QGraphicsScene* scene, double width, const QString& title,
                    const std::vector<Row>& rows, double totalMs, int boundaryLabelLines = 0,
                    const CanvasColors& colors = Theme::light().canvas);

    double xOf(double ms) const;
    double rowTop(int row) const;
    double rowHeight(int row) const;
    // A bar from start to end in a row; `text` is drawn centred when it fits.
    // `top` and `height` are fractions of the row (a link row shows its two directions as halves).
    QGraphicsRectItem* addBar(int row, double startMs, double endMs, const QBrush& brush,
                              const QPen& pen, const QString& text, const QString& tooltip,
                              double top = 0, double height = 1);
    // A dashed line across every row at `ms`.
    void addBoundary(double ms);
    // A label above the rows, centred between two times (stacked on lines to avoid overlaps).
    void addBoundaryLabel(double fromMs, double toMs, const QString& text);
    // Draws the time axis, then the legend and the caption below it, and fixes the scene rect.
    void finish(const std::vector<std::pair<QBrush, QString>>& legend, const QString& caption);

    // White on dark fills, the light theme's text colour on light ones (bars keep their colours).
    static QColor textColorOn(const QColor& fill);
    const CanvasColors& colors() const { return m_colors; }

  private:
    QGraphicsScene* m_scene;
    CanvasColors m_colors;
    double m_width;
    double m_left = 0;  // x of time 0
    double m_right = 0; // x of totalMs
    double m_totalMs;
    double m_labelsTop = 0;
    int m_labelLines;
    std::vector<double> m_rowTops;
    std::vector<double> m_rowHeights;
    double m_rowsBottom = 0;
    std::vector<double> m_lineEnds; // right end of the last label on each line
};

} // namespace cutlab::ui
