#include "ui/panels/TokenBars.h"

#include "ui/charts/Format.h"

#include <QPainter>
#include <QResizeEvent>

#include <algorithm>

namespace cutlab::ui {

namespace {

constexpr int kGap = 4;       // between the bar and the legend, between legend rows
constexpr int kEntryGap = 12; // between legend entries on one row

} // namespace

QColor tokenErrorColor() {
    return QColor(0xc0, 0x39, 0x2b);
}

TokenTimeBar::TokenTimeBar(QWidget* parent) : QWidget(parent) {
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void TokenTimeBar::setSegments(std::vector<TokenSegment> segments) {
    m_segments.clear();
    for (TokenSegment& segment : segments)
        if (segment.ms >= 0.05) // what rounds to 0.0 ms is not drawn (nor listed)
            m_segments.push_back(std::move(segment));
    setMinimumHeight(heightForWidth(width()));
    updateGeometry();
    update();
}

QStringList TokenTimeBar::legendTexts() const {
    QStringList texts;
    for (const TokenSegment& segment : m_segments)
        texts << segment.label + QStringLiteral(" ") + Format::ms(segment.ms);
    return texts;
}

int TokenTimeBar::barHeight() const {
    return fontMetrics().height() + 6;
}

std::vector<TokenTimeBar::Entry> TokenTimeBar::legendLayout(int width, int* height) const {
    const QFontMetrics metrics = fontMetrics();
    const int line = metrics.height();
    const int swatch = std::max(10, line - 4);
    const QStringList texts = legendTexts();
    std::vector<Entry> entries;
    int x = 0, y = barHeight() + kGap;
    for (int i = 0; i < texts.size(); ++i) {
        const int textWidth = metrics.horizontalAdvance(texts[i]) + 2;
        const int entryWidth = swatch + 4 + textWidth;
        if (x > 0 && x + entryWidth > width) {
            x = 0;
            y += line + kGap;
        }
        Entry entry;
        entry.swatch = QRect(x, y + (line - swatch) / 2, swatch, swatch);
        entry.text = QRect(x + swatch + 4, y, textWidth, line);
        entry.segment = i;
        entries.push_back(entry);
        x += entryWidth + kEntryGap;
    }
    if (height)
        *height = entries.empty() ? barHeight() : y + line + 2;
    return entries;
}

int TokenTimeBar::heightForWidth(int width) const {
    int height = 0;
    legendLayout(std::max(width, 1), &height);
    return height;
}

QSize TokenTimeBar::sizeHint() const {
    return {300, heightForWidth(300)};
}

QSize TokenTimeBar::minimumSizeHint() const {
    return {120, barHeight()};
}

void TokenTimeBar::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    const int height = heightForWidth(event->size().width());
    if (height != minimumHeight())
        setMinimumHeight(height);
}

void TokenTimeBar::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    double total = 0;
    for (const TokenSegment& segment : m_segments)
        total += segment.ms;
    const QRectF bar(0.5, 0.5, width() - 1.0, barHeight() - 1.0);
    if (total > 0) {
        double x = bar.left();
        for (const TokenSegment& segment : m_segments) {
            const double w = bar.width() * segment.ms / total;
            fillTokenSegment(painter, QRectF(x, bar.top(), w, bar.height()), segment);
            x += w;
        }
    }
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(bar);
    painter.setPen(palette().color(QPalette::WindowText));
    for (const Entry& entry : legendLayout(width(), nullptr)) {
        const TokenSegment& segment = m_segments[static_cast<std::size_t>(entry.segment)];
        fillTokenSegment(painter, entry.swatch, segment);
        painter.drawText(entry.text, Qt::AlignLeft | Qt::AlignVCenter,
                         legendTexts()[entry.segment]);
    }
}

TokenMemoryBar::TokenMemoryBar(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void TokenMemoryBar::setMemory(double weightsBytes, double kvBytes, double capacityBytes,
                               QColor color) {
    m_weights = weightsBytes;
    m_kv = kvBytes;
    m_capacity = capacityBytes;
    m_color = color;
    update();
}

bool TokenMemoryBar::isOver() const {
    return m_capacity >= 0 && m_weights + m_kv > m_capacity;
}

QSize TokenMemoryBar::sizeHint() const {
    return {300, fontMetrics().height() + 4};
}

QSize TokenMemoryBar::minimumSizeHint() const {
    return {120, fontMetrics().height() + 4};
}

void TokenMemoryBar::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    const double used = m_weights + m_kv;
    const double scale = std::max({used, m_capacity, 1.0}) * 1.04;
    const QRectF area(0.5, 2.5, width() - 4.0, height() - 5.0);
    const bool over = isOver();
    const QColor weights = over ? tokenErrorColor() : m_color;
    const QColor kv = over ? tokenErrorColor().lighter(140) : m_color.lighter(150);
    const double ww = area.width() * m_weights / scale, kw = area.width() * m_kv / scale;
    painter.fillRect(QRectF(area.left(), area.top(), ww, area.height()), weights);
    painter.fillRect(QRectF(area.left() + ww, area.top(), kw, area.height()), kv);
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(QRectF(area.left(), area.top(), area.width() * used / scale, area.height()));
    if (m_capacity >= 0) {
        const double x = area.left() + area.width() * m_capacity / scale;
        painter.setPen(QPen(over ? tokenErrorColor() : palette().color(QPalette::WindowText), 2));
        painter.drawLine(QPointF(x, 0), QPointF(x, height()));
    }
}

} // namespace cutlab::ui
