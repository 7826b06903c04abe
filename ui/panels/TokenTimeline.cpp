#include "ui/panels/TokenTimeline.h"

#include "ui/charts/Format.h"

#include <QPainter>
#include <QResizeEvent>

#include <algorithm>
#include <cmath>

namespace cutlab::ui {

namespace {

constexpr int kTimelineRowHeight = 22;
constexpr int kTimelineMinSpanPx = 2; // a step narrower than this is drawn this wide
constexpr int kTimelineGap = 4;
constexpr int kTimelineEntryGap = 12; // between legend entries on one line
constexpr int kTimelineLabelGap = 8;  // between marker labels, tick labels
constexpr int kTimelineRightPad = 4;  // after the axis' end
constexpr double kTimelineMinPointSize = 9;

// The smallest 1-2-5 step of at least `raw`.
double timelineStep(double raw) {
    if (raw <= 0)
        return 1;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (double factor : {1.0, 2.0, 5.0, 10.0})
        if (factor * power >= raw * (1 - 1e-9))
            return factor * power;
    return 10 * power;
}

int timelineDecimals(double step) {
    return step >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
}

QString timelineMs(double ms) {
    return Format::number(ms, ms >= 100 ? 0 : 1) + QStringLiteral(" ms");
}

} // namespace

TokenTimeline::TokenTimeline(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    QFont labels = font();
    if (labels.pointSizeF() > 0 && labels.pointSizeF() < kTimelineMinPointSize) {
        labels.setPointSizeF(kTimelineMinPointSize);
        setFont(labels);
    }
    updateHeight();
}

void TokenTimeline::clear() {
    setSteps({}, 0, 0);
}

void TokenTimeline::setSteps(std::vector<TokenStep> steps, double ttftMs, double tpotMs) {
    m_steps = std::move(steps);
    m_ttftMs = ttftMs;
    m_tpotMs = tpotMs;
    m_rows.clear();
    m_spans.clear();
    m_markers.clear();
    std::vector<int> rowOf;
    for (const TokenStep& step : m_steps) {
        int row = static_cast<int>(m_rows.indexOf(step.row));
        if (row < 0) {
            row = static_cast<int>(m_rows.size());
            m_rows << step.row;
        }
        rowOf.push_back(row);
    }
    if (!m_steps.empty()) {
        double t = 0;
        for (std::size_t i = 0; i < m_steps.size(); ++i) {
            const double ms = m_steps[i].prefillMs;
            if (ms <= 0)
                continue;
            m_spans.push_back({rowOf[i], t, t + ms, 0, static_cast<int>(i)});
            t += ms;
        }
        m_markers.push_back({m_ttftMs, QStringLiteral("first token ") + timelineMs(m_ttftMs)});
        for (int token = 1; token <= kTokensAfterFirst; ++token) {
            t = m_ttftMs + (token - 1) * m_tpotMs;
            for (std::size_t i = 0; i < m_steps.size(); ++i) {
                const double ms = m_steps[i].decodeMs;
                if (ms <= 0)
                    continue;
                m_spans.push_back({rowOf[i], t, t + ms, token, static_cast<int>(i)});
                t += ms;
            }
            m_markers.push_back(
                {m_ttftMs + token * m_tpotMs, QStringLiteral("token %1").arg(token + 1)});
        }
    }
    updateHeight();
    update();
}

double TokenTimeline::endMs() const {
    return m_ttftMs + kTokensAfterFirst * m_tpotMs;
}

std::vector<TokenTimeline::LegendEntry> TokenTimeline::legend() const {
    LegendEntry latency{QStringLiteral("latency"), {}};
    LegendEntry compute{QStringLiteral("compute"), {}};
    LegendEntry transfer{QStringLiteral("transfer"), {}};
    auto add = [](LegendEntry& entry, const TokenStep& step) {
        for (const TokenSegment& swatch : entry.swatches)
            if (swatch.color == step.color)
                return;
        entry.swatches.push_back(step.prefill());
    };
    for (const TokenStep& step : m_steps) {
        if (step.hatched)
            add(latency, step);
        else if (step.label.endsWith(QStringLiteral(" compute")))
            add(compute, step);
        else
            add(transfer, step);
    }
    std::vector<LegendEntry> entries;
    for (LegendEntry* entry : {&compute, &latency, &transfer})
        if (!entry->swatches.empty())
            entries.push_back(std::move(*entry));
    return entries;
}

TokenTimeline::Layout TokenTimeline::layout(int width) const {
    const QFontMetrics metrics = fontMetrics();
    const int line = metrics.height();
    Layout result;
    int labelWidth = metrics.horizontalAdvance(QStringLiteral("time (ms)"));
    for (const QString& row : m_rows)
        labelWidth = std::max(labelWidth, metrics.horizontalAdvance(row));
    result.labelWidth = std::min(labelWidth + 2 * kTimelineGap, width * 2 / 5);
    result.markerTop = 0;
    result.rowsTop = line + kTimelineGap;
    result.axisTop = result.rowsTop +
                     static_cast<int>(std::max<qsizetype>(m_rows.size(), 1)) * kTimelineRowHeight;
    result.legendTop = result.axisTop + kTimelineGap + line + kTimelineGap;
    const int swatch = std::max(10, line - 4);
    int x = 0, y = result.legendTop;
    for (const LegendEntry& entry : legend()) {
        const int swatches = static_cast<int>(entry.swatches.size()) * (swatch + 1) - 1;
        const int textWidth = metrics.horizontalAdvance(entry.text) + 2;
        const int entryWidth = swatches + 4 + textWidth;
        if (x > 0 && x + entryWidth > width) {
            x = 0;
            y += line + kTimelineGap;
        }
        result.legendSwatches.emplace_back(x, y + (line - swatch) / 2, swatch, swatch);
        result.legendTexts.emplace_back(x + swatches + 4, y, textWidth, line);
        x += entryWidth + kTimelineEntryGap;
    }
    result.height = y + line + 2;
    return result;
}

void TokenTimeline::updateHeight() {
    const int height = layout(std::max(width(), 1)).height;
    if (height != minimumHeight() || height != maximumHeight())
        setFixedHeight(height);
}

QSize TokenTimeline::sizeHint() const {
    return {300, layout(300).height};
}

QSize TokenTimeline::minimumSizeHint() const {
    return {160, layout(160).height};
}

void TokenTimeline::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    updateHeight();
}

void TokenTimeline::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    const Layout l = layout(width());
    const QFontMetrics metrics = fontMetrics();
    const int line = metrics.height();
    const QColor text = palette().color(QPalette::WindowText);
    const QColor grid = palette().color(QPalette::Mid);
    const double left = l.labelWidth;
    const double right = width() - kTimelineRightPad;
    const double total = endMs();
    const double scale = total > 0 && right > left ? (right - left) / total : 0;
    auto xOf = [&](double ms) { return left + ms * scale; };

    // rows: alternate shading, labels on the left
    for (int r = 0; r < m_rows.size(); ++r) {
        const QRect row(0, l.rowsTop + r * kTimelineRowHeight, width(), kTimelineRowHeight);
        if (r % 2 == 1)
            painter.fillRect(row, palette().color(QPalette::AlternateBase));
        painter.setPen(text);
        painter.drawText(
            QRect(0, row.top(), l.labelWidth - kTimelineGap, kTimelineRowHeight),
            Qt::AlignLeft | Qt::AlignVCenter,
            metrics.elidedText(m_rows[r], Qt::ElideRight, l.labelWidth - kTimelineGap));
    }

    // axis: 1-2-5 ticks far enough apart for their labels
    painter.setPen(grid);
    painter.drawLine(QPointF(left, l.axisTop + 0.5), QPointF(right, l.axisTop + 0.5));
    painter.setPen(text);
    painter.drawText(QRect(0, l.axisTop + kTimelineGap, l.labelWidth - kTimelineGap, line),
                     Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("time (ms)"));
    if (scale > 0) {
        const int widest = metrics.horizontalAdvance(Format::number(total, total >= 10 ? 0 : 2)) +
                           kTimelineLabelGap;
        const int ticks = std::max(1, static_cast<int>((right - left) / std::max(widest, 1)));
        const double step = timelineStep(total / ticks);
        const int decimals = timelineDecimals(step);
        int lastRight = l.labelWidth - kTimelineGap; // the axis title's column
        for (int i = 0; i * step <= total * (1 + 1e-9); ++i) {
            const double ms = i * step;
            const double x = xOf(ms);
            painter.setPen(grid);
            painter.drawLine(QPointF(x, l.rowsTop), QPointF(x, l.axisTop + 3));
            const QString label = Format::number(ms, decimals);
            const int w = metrics.horizontalAdvance(label);
            int x0 = static_cast<int>(std::lround(x - w / 2.0));
            x0 = std::min(x0, width() - w);
            if (x0 < lastRight + kTimelineLabelGap && i > 0)
                continue;
            painter.setPen(text);
            painter.drawText(QRect(x0, l.axisTop + kTimelineGap, w, line), Qt::AlignCenter, label);
            lastRight = x0 + w;
        }
    }

    // the steps, each at least 2 px wide
    for (const Span& span : m_spans) {
        const TokenStep& step = m_steps[static_cast<std::size_t>(span.step)];
        const double x = xOf(span.startMs);
        const double w = std::max<double>(kTimelineMinSpanPx, (span.endMs - span.startMs) * scale);
        const QRectF rect(x, l.rowsTop + span.row * kTimelineRowHeight + 3, w,
                          kTimelineRowHeight - 6);
        fillTokenSegment(painter, rect, span.token == 0 ? step.prefill() : step.decode());
    }

    // markers: the first token's line across the rows, a shorter one per later token; a label
    // that would overlap the one before it is left out, the first token's never
    int lastRight = -kTimelineLabelGap;
    for (std::size_t i = 0; i < m_markers.size(); ++i) {
        const Marker& marker = m_markers[i];
        const double x = xOf(marker.ms);
        const bool first = i == 0;
        painter.setPen(QPen(text, first ? 2 : 1, first ? Qt::SolidLine : Qt::DashLine));
        painter.drawLine(QPointF(x, first ? l.markerTop + line : l.rowsTop - kTimelineGap),
                         QPointF(x, l.axisTop));
        const int w = metrics.horizontalAdvance(marker.label) + 2;
        int x0 = static_cast<int>(std::lround(x - w / 2.0));
        x0 = std::clamp(x0, 0, std::max(0, width() - w));
        if (!first && x0 < lastRight + kTimelineLabelGap)
            continue;
        painter.setPen(text);
        painter.drawText(QRect(x0, l.markerTop, w, line), Qt::AlignCenter, marker.label);
        lastRight = x0 + w;
    }

    // legend
    const std::vector<LegendEntry> entries = legend();
    for (std::size_t i = 0; i < entries.size() && i < l.legendSwatches.size(); ++i) {
        QRect swatch = l.legendSwatches[i];
        for (const TokenSegment& segment : entries[i].swatches) {
            fillTokenSegment(painter, swatch, segment);
            swatch.translate(swatch.width() + 1, 0);
        }
        painter.setPen(text);
        painter.drawText(l.legendTexts[i], Qt::AlignLeft | Qt::AlignVCenter, entries[i].text);
    }
}

} // namespace cutlab::ui
