#include "ui/training/TimeChartCanvas.h"

#include <QFont>
#include <QFontMetricsF>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QTextDocument>

#include <algorithm>
#include <cmath>

namespace cutlab::ui {
namespace {

constexpr double kCanvasMargin = 14;
constexpr double kRowGap = 5;
constexpr double kLineHeight = 16;

QFont font(double points, bool bold = false) {
    QFont f;
    f.setPointSizeF(points);
    f.setBold(bold);
    return f;
}

// A "nice" tick step (1, 2 or 5 × 10^k) giving about `ticks` intervals.
double niceStep(double range, int ticks) {
    if (!(range > 0))
        return 1;
    const double raw = range / ticks;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * power)
            return m * power;
    return 10 * power;
}

QString tickText(double ms, bool seconds) {
    if (seconds)
        return QString::number(ms / 1000.0, 'g', 6);
    return QString::number(ms, 'g', 6);
}

} // namespace

TimeChartCanvas::TimeChartCanvas(QGraphicsScene* scene, double width, const QString& title,
                                 const std::vector<Row>& rows, double totalMs,
                                 int boundaryLabelLines, const CanvasColors& colors)
    : m_scene(scene), m_colors(colors), m_width(std::max(width, 360.0)),
      m_totalMs(totalMs > 0 ? totalMs : 1.0), m_labelLines(boundaryLabelLines) {
    m_scene->setBackgroundBrush(m_colors.background);
    double y = kCanvasMargin;
    const QFont titleFont = font(10.5, true);
    auto* titleItem = m_scene->addSimpleText(
        QFontMetricsF(titleFont).elidedText(title, Qt::ElideRight, m_width - 2 * kCanvasMargin),
        titleFont);
    titleItem->setToolTip(title);
    titleItem->setBrush(m_colors.text);
    titleItem->setPos(kCanvasMargin, y);
    y += titleItem->boundingRect().height() + 8;

    const QFont rowFont = font(8.5);
    const QFontMetricsF metrics(rowFont);
    double labelWidth = 60;
    for (const auto& row : rows)
        labelWidth = std::max(labelWidth, metrics.horizontalAdvance(row.name));
    labelWidth = std::min(labelWidth, m_width * 0.38);
    m_left = kCanvasMargin + labelWidth + 10;
    m_right = m_width - kCanvasMargin - 10;

    m_labelsTop = y;
    y += m_labelLines * kLineHeight + (m_labelLines > 0 ? 4 : 0);
    m_lineEnds.assign(static_cast<std::size_t>(std::max(m_labelLines, 1)), -1e9);
    for (const auto& row : rows) {
        m_rowTops.push_back(y);
        m_rowHeights.push_back(row.height);
        auto* background = m_scene->addRect(QRectF(m_left, y, m_right - m_left, row.height),
                                            Qt::NoPen, m_colors.idle);
        background->setZValue(0);
        const QString elided = metrics.elidedText(row.name, Qt::ElideMiddle, labelWidth);
        auto* label = m_scene->addSimpleText(elided, rowFont);
        label->setBrush(m_colors.text);
        label->setToolTip(row.name);
        label->setPos(m_left - 10 - metrics.horizontalAdvance(elided),
                      y + (row.height - metrics.height()) / 2);
        y += row.height + kRowGap;
    }
    m_rowsBottom = y - kRowGap;
}

double TimeChartCanvas::xOf(double ms) const {
    return m_left + (m_right - m_left) * ms / m_totalMs;
}
double TimeChartCanvas::rowTop(int row) const {
    return m_rowTops[static_cast<std::size_t>(row)];
}
double TimeChartCanvas::rowHeight(int row) const {
    return m_rowHeights[static_cast<std::size_t>(row)];
}

QColor TimeChartCanvas::textColorOn(const QColor& fill) {
    return fill.lightnessF() < 0.55 ? QColor(Qt::white) : Theme::light().canvas.text;
}

QGraphicsRectItem* TimeChartCanvas::addBar(int row, double startMs, double endMs,
                                           const QBrush& brush, const QPen& pen,
                                           const QString& text, const QString& tooltip, double top,
                                           double height) {
    const double x0 = xOf(startMs), x1 = xOf(endMs);
    const QRectF rect(x0, rowTop(row) + top * rowHeight(row), std::max(x1 - x0, 0.6),
                      height * rowHeight(row));
    auto* bar = m_scene->addRect(rect, pen, brush);
    bar->setZValue(1);
    bar->setToolTip(tooltip);
    bar->setData(KindKey, QString::fromLatin1(kBarKind));
    bar->setData(StartKey, startMs);
    bar->setData(EndKey, endMs);
    bar->setData(RowKey, row);
    if (!text.isEmpty()) {
        const QFont textFont = font(rect.height() < 18 ? 6.5 : 8);
        const QFontMetricsF metrics(textFont);
        if (metrics.horizontalAdvance(text) + 4 <= rect.width() &&
            metrics.height() <= rect.height() + 2) {
            auto* label = new QGraphicsSimpleTextItem(text, bar);
            label->setFont(textFont);
            label->setBrush(brush.style() == Qt::SolidPattern ? textColorOn(brush.color())
                                                              : m_colors.text);
            label->setPos(rect.center().x() - metrics.horizontalAdvance(text) / 2,
                          rect.center().y() - metrics.height() / 2);
        }
    }
    return bar;
}

void TimeChartCanvas::addBoundary(double ms) {
    const double x = xOf(ms);
    auto* line = m_scene->addLine(x, m_labelsTop + m_labelLines * kLineHeight, x, m_rowsBottom + 4,
                                  QPen(m_colors.guide, 1, Qt::DashLine));
    line->setZValue(2);
}

void TimeChartCanvas::addBoundaryLabel(double fromMs, double toMs, const QString& text) {
    if (m_labelLines == 0)
        return;
    const QFont labelFont = font(8, true);
    const QFontMetricsF metrics(labelFont);
    const double w = metrics.horizontalAdvance(text);
    const double center = (xOf(fromMs) + xOf(toMs)) / 2;
    double x = std::clamp(center - w / 2, m_left - 6, m_right - w + 6);
    std::size_t line = 0;
    while (line + 1 < m_lineEnds.size() && x < m_lineEnds[line] + 6)
        ++line;
    if (x < m_lineEnds[line] + 6) { // every line taken: no label, its name in a tooltip
        auto* hover = m_scene->addRect(QRectF(xOf(fromMs), m_labelsTop,
                                              std::max(xOf(toMs) - xOf(fromMs), 2.0),
                                              static_cast<double>(m_lineEnds.size()) * kLineHeight),
                                       Qt::NoPen, Qt::NoBrush);
        hover->setToolTip(text);
        return;
    }
    m_lineEnds[line] = x + w;
    auto* label = m_scene->addSimpleText(text, labelFont);
    label->setBrush(m_colors.text);
    label->setPos(x, m_labelsTop + static_cast<double>(line) * kLineHeight);
    label->setZValue(3);
}

void TimeChartCanvas::finish(const std::vector<std::pair<QBrush, QString>>& legend,
                             const QString& caption) {
    // Time axis.
    const double axisY = m_rowsBottom + 6;
    m_scene->addLine(m_left, axisY, m_right, axisY, QPen(m_colors.axis, 1));
    const bool seconds = m_totalMs >= 10000;
    const double step = niceStep(m_totalMs, std::max(2, static_cast<int>((m_right - m_left) / 90)));
    const QFont tickFont = font(7.5);
    const QFontMetricsF tickMetrics(tickFont);
    for (double t = 0; t <= m_totalMs * 1.0000001; t += step) {
        const double x = xOf(t);
        m_scene->addLine(x, axisY, x, axisY + 4, QPen(m_colors.axis, 1));
        const QString text = tickText(t, seconds);
        auto* label = m_scene->addSimpleText(text, tickFont);
        label->setBrush(m_colors.text);
        label->setPos(x - tickMetrics.horizontalAdvance(text) / 2, axisY + 5);
    }
    double y = axisY + 6 + tickMetrics.height();
    auto* axisTitle = m_scene->addSimpleText(
        seconds ? QStringLiteral("time (s)") : QStringLiteral("time (ms)"), font(8));
    axisTitle->setBrush(m_colors.text);
    axisTitle->setPos((m_left + m_right) / 2 - axisTitle->boundingRect().width() / 2, y);
    y += axisTitle->boundingRect().height() + 8;

    // Legend: swatches in a row, wrapping.
    const QFont legendFont = font(8);
    const QFontMetricsF legendMetrics(legendFont);
    double x = kCanvasMargin;
    for (const auto& [brush, name] : legend) {
        const double w = 16 + 5 + legendMetrics.horizontalAdvance(name) + 16;
        if (x + w > m_width - kCanvasMargin && x > kCanvasMargin) {
            x = kCanvasMargin;
            y += legendMetrics.height() + 4;
        }
        m_scene->addRect(QRectF(x, y + 2, 16, legendMetrics.height() - 4),
                         QPen(m_colors.outline, 0.8), brush);
        auto* label = m_scene->addSimpleText(name, legendFont);
        label->setBrush(m_colors.text);
        label->setPos(x + 21, y);
        x += w;
    }
    y += legendMetrics.height() + 6;
    if (!caption.isEmpty()) {
        auto* text = m_scene->addText(QString(), font(8));
        text->setDefaultTextColor(m_colors.text);
        text->setPlainText(caption);
        text->setTextWidth(m_width - 2 * kCanvasMargin);
        text->setPos(kCanvasMargin - 4, y);
        y += text->boundingRect().height();
    }
    m_scene->setSceneRect(0, 0, m_width, y + kCanvasMargin);
}

} // namespace cutlab::ui
