#include "ui/trace/TraceChartBuilder.h"

#include "ui/charts/Format.h"
#include "ui/charts/Theme.h"

#include "core/inference/ReplaySummary.h"

#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace cutlab::ui {
namespace {

constexpr double kMaxBins = 20000;

QLineSeries* line(QChart* chart, const QString& name, const QString& role, QPen pen) {
    auto* series = new QLineSeries(chart);
    series->setName(name);
    series->setProperty("role", role);
    series->setPen(pen);
    chart->addSeries(series);
    return series;
}

// A time axis in seconds from the replay's start and a value axis from 0, attached to every
// series; the cursor line spans the value axis.
void finish(QChart* chart, double seconds, double top, const QString& valueTitle) {
    auto* x = new QValueAxis(chart);
    x->setTitleText(QStringLiteral("time (s)"));
    x->setRange(0, std::max(seconds, 1e-3));
    x->setLabelFormat(QStringLiteral("%g"));
    auto* y = new QValueAxis(chart);
    y->setTitleText(valueTitle);
    y->setRange(0, top > 0 ? top * 1.08 : 1);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%g"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    QPen pen(Theme::light().series.marker, 1.5, Qt::DotLine);
    QLineSeries* cursor = line(chart, QStringLiteral("now"), QStringLiteral("marker"), pen);
    cursor->setObjectName(QStringLiteral("cursor"));
    for (QAbstractSeries* series : chart->series()) {
        series->attachAxis(x);
        series->attachAxis(y);
    }
    for (QLegendMarker* marker : chart->legend()->markers(cursor))
        marker->setVisible(false);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setAnimationOptions(QChart::NoAnimation);
}

QString summaryOf(const QString& name, const core::ReplayRun& run,
                  std::optional<double> deadlineMs) {
    const core::ReplaySummary s = core::summarizeReplay(run, deadlineMs);
    QString text = QStringLiteral("<b>%1</b> p50 %2, p95 %3")
                       .arg(name, Format::ms(s.p50Ms), Format::ms(s.p95Ms));
    if (s.deadlineMisses)
        text +=
            QStringLiteral(", %1 of %2 frames late").arg(*s.deadlineMisses).arg(run.frames.size());
    return text;
}

bool sameLatencies(const core::ReplayRun& a, const core::ReplayRun& b) {
    if (a.frames.size() != b.frames.size())
        return false;
    for (std::size_t k = 0; k < a.frames.size(); ++k)
        if (a.frames[k].latencyMs != b.frames[k].latencyMs)
            return false;
    return true;
}

} // namespace

QChart* TraceChartBuilder::bandwidthChart(const TraceReplayResult& result) {
    auto* chart = new QChart();
    const core::NetworkTrace& trace = *result.trace;
    const double seconds = result.durationMs() / 1000.0;
    // 1 s bins, or wider ones (whole seconds) so that a long replay draws at most kMaxBins
    const double binSeconds = std::max(1.0, std::ceil(seconds / kMaxBins));
    chart->setTitle(QStringLiteral("%1: %2 (Mbit/s per %3 s)")
                        .arg(QString::fromStdString(result.direction),
                             QString::fromStdString(trace.name), Format::number(binSeconds, 0)));
    const SeriesColors& colors = Theme::light().series;
    QLineSeries* bins =
        line(chart, QStringLiteral("bandwidth"), QStringLiteral("best"), QPen(colors.best, 1.5));
    bins->setObjectName(QStringLiteral("bandwidth"));
    double top = 0;
    QList<QPointF> points;
    for (double at = 0; at < seconds; at += binSeconds) {
        const double from = result.offsetMs + at * 1000.0;
        const double mbps = trace.meanMbpsBetween(from, from + binSeconds * 1000.0);
        points.append(QPointF(at, mbps)); // a step per bin: flat over [at, at + bin)
        points.append(QPointF(std::min(at + binSeconds, seconds), mbps));
        top = std::max(top, mbps);
    }
    bins->replace(points);
    const struct {
        const char* name;
        double mbps;
        Qt::PenStyle style;
    } levels[] = {{"mean", trace.meanMbps(), Qt::DashLine},
                  {"p10", trace.secondPercentileMbps(10), Qt::DotLine},
                  {"p90", trace.secondPercentileMbps(90), Qt::DotLine}};
    for (const auto& level : levels) {
        QLineSeries* series =
            line(chart, QStringLiteral("%1 %2").arg(level.name, Format::number(level.mbps, 2)),
                 QStringLiteral("link2"), QPen(colors.link[2], 1.2, level.style));
        series->append(0, level.mbps);
        series->append(seconds, level.mbps);
        top = std::max(top, level.mbps);
    }
    finish(chart, seconds, top, QStringLiteral("Mbit/s"));
    return chart;
}

QChart* TraceChartBuilder::latencyChart(const TraceReplayResult& result) {
    auto* chart = new QChart();
    // every frame, or the slowest of each group of `group` frames when there are more than
    // kMaxBins (the peaks stay visible)
    const std::size_t frameCount = result.runs.adaptive.frames.size();
    const auto group = static_cast<std::size_t>(
        std::max(1.0, std::ceil(static_cast<double>(frameCount) / kMaxBins)));
    chart->setTitle(group == 1 ? QStringLiteral("Latency of each frame (ms) by its arrival")
                               : QStringLiteral("Latency (ms) by arrival: the slowest of every "
                                                "%1 frames")
                                     .arg(group));
    const SeriesColors& colors = Theme::light().series;
    struct Run {
        QString name;   // the series' object name
        QString legend; // what the legend says
        const core::ReplayRun* run;
        QString role;
        QColor color;
    };
    // each line is drawn over the ones before it: say which later lines hide a line entirely
    const core::ReplayRun* hindsight = result.runs.hindsight ? &*result.runs.hindsight : nullptr;
    const bool staticLikeAdaptive = sameLatencies(result.runs.fixed, result.runs.adaptive);
    const bool staticLikeHindsight = hindsight && sameLatencies(result.runs.fixed, *hindsight);
    const bool adaptiveLikeHindsight = hindsight && sameLatencies(result.runs.adaptive, *hindsight);
    auto named = [](const QString& name, bool likeAdaptive, bool likeHindsight) {
        if (likeAdaptive && likeHindsight)
            return name + QStringLiteral(" (same as adaptive and hindsight)");
        if (likeAdaptive)
            return name + QStringLiteral(" (same as adaptive)");
        if (likeHindsight)
            return name + QStringLiteral(" (same as hindsight)");
        return name;
    };
    std::vector<Run> runs{{QStringLiteral("static"),
                           named(QStringLiteral("static"), staticLikeAdaptive, staticLikeHindsight),
                           &result.runs.fixed, QStringLiteral("link2"), colors.link[2]},
                          {QStringLiteral("adaptive"),
                           named(QStringLiteral("adaptive"), false, adaptiveLikeHindsight),
                           &result.runs.adaptive, QStringLiteral("current"), colors.current}};
    if (result.runs.hindsight)
        runs.push_back({QStringLiteral("hindsight"), QStringLiteral("hindsight"),
                        &*result.runs.hindsight, QStringLiteral("changes"), colors.changes});
    double top = result.deadlineMs.value_or(0);
    for (const Run& run : runs) {
        QLineSeries* series = line(chart, run.legend, run.role, QPen(run.color, 1.6));
        series->setObjectName(run.name);
        QList<QPointF> points;
        const auto& frames = run.run->frames;
        for (std::size_t first = 0; first < frames.size(); first += group) {
            double slowest = 0;
            for (std::size_t k = first; k < std::min(frames.size(), first + group); ++k)
                slowest = std::max(slowest, frames[k].latencyMs);
            points.append(QPointF(frames[first].arrivalMs / 1000.0, slowest));
            top = std::max(top, slowest);
        }
        series->replace(points);
    }
    const double seconds = result.durationMs() / 1000.0;
    if (result.deadlineMs) {
        QLineSeries* deadline =
            line(chart, QStringLiteral("deadline %1").arg(Format::ms(*result.deadlineMs)),
                 QStringLiteral("marker"), QPen(colors.marker, 1.2, Qt::DashLine));
        deadline->append(0, *result.deadlineMs);
        deadline->append(seconds, *result.deadlineMs);
    }
    finish(chart, seconds, top, QStringLiteral("ms"));
    return chart;
}

void TraceChartBuilder::moveCursor(QChart* chart, double seconds) {
    for (QAbstractSeries* series : chart->series())
        if (series->objectName() == QStringLiteral("cursor")) {
            auto* cursor = static_cast<QLineSeries*>(series);
            cursor->clear();
            if (seconds < 0)
                return;
            const auto* y = static_cast<QValueAxis*>(chart->axes(Qt::Vertical).front());
            cursor->append(seconds, y->min());
            cursor->append(seconds, y->max());
        }
}

QString TraceChartBuilder::summary(const TraceReplayResult& result) {
    QStringList parts{
        summaryOf(QStringLiteral("static"), result.runs.fixed, result.deadlineMs),
        summaryOf(QStringLiteral("adaptive"), result.runs.adaptive, result.deadlineMs)};
    if (result.runs.hindsight)
        parts << summaryOf(QStringLiteral("hindsight"), *result.runs.hindsight, result.deadlineMs);
    else
        parts << QStringLiteral("no hindsight run (more than %1 placements)")
                     .arg(core::kHindsightCandidateLimit);
    return parts.join(QStringLiteral(" &nbsp;·&nbsp; "));
}

} // namespace cutlab::ui
