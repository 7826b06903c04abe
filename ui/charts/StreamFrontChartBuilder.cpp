#include "ui/charts/StreamFrontChartBuilder.h"

#include "ui/charts/Theme.h"

#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>

namespace cutlab::ui {
namespace {

QValueAxis* axis(QChart* chart, const QString& title, double high) {
    auto* result = new QValueAxis(chart);
    result->setTitleText(title);
    result->setRange(0, high > 0 ? high * 1.08 : 1);
    result->applyNiceNumbers();
    result->setLabelFormat(QStringLiteral("%g"));
    return result;
}

} // namespace

QChart* StreamFrontChartBuilder::build(const core::StreamResult& result, const QString& title,
                                       const QString& context) {
    auto* chart = new QChart();
    chart->setAnimationOptions(QChart::NoAnimation);
    const std::vector<core::StreamPlan> plans =
        result.front.empty() ? std::vector<core::StreamPlan>{result.fastest} : result.front;
    QString subtitle =
        QStringLiteral("%1 plan(s) on the latency/throughput front").arg(plans.size());
    if (!result.note.empty())
        subtitle = QString::fromStdString(result.note);
    if (!result.exact)
        subtitle += QStringLiteral("; the smallest period is not proven");
    chart->setTitle(title + QStringLiteral("<br><small>%1 · %2</small>").arg(subtitle, context));
    double maxLatency = 0, maxFps = 0;
    for (const core::StreamPlan& plan : plans) {
        maxLatency = std::max(maxLatency, plan.latencyMs);
        maxFps = std::max(maxFps, plan.throughputFps());
    }
    QValueAxis* x = axis(chart, QStringLiteral("latency of one frame (ms)"), maxLatency);
    QValueAxis* y = axis(chart, QStringLiteral("frames per second"), maxFps);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    const SeriesColors& colors = Theme::light().series;
    auto* line = new QLineSeries(chart);
    line->setProperty("role", QStringLiteral("best"));
    line->setPen(QPen(colors.best, 2.0));
    auto* points = new QScatterSeries(chart);
    points->setName(QStringLiteral("Pareto-optimal plans"));
    points->setObjectName(QStringLiteral("front"));
    points->setProperty("role", QStringLiteral("changes"));
    points->setMarkerSize(9);
    points->setColor(colors.changes);
    for (const core::StreamPlan& plan : plans) {
        line->append(plan.latencyMs, plan.throughputFps());
        points->append(plan.latencyMs, plan.throughputFps());
    }
    auto* fastest = new QScatterSeries(chart);
    fastest->setName(QStringLiteral("smallest period"));
    fastest->setObjectName(QStringLiteral("fastest"));
    fastest->setProperty("role", QStringLiteral("current"));
    fastest->setProperty("ring", true);
    fastest->setMarkerSize(16);
    fastest->setColor(Qt::transparent);
    fastest->setPen(QPen(colors.current, 3.0));
    fastest->append(result.fastest.latencyMs, result.fastest.throughputFps());
    for (QXYSeries* series : {static_cast<QXYSeries*>(line), static_cast<QXYSeries*>(points),
                              static_cast<QXYSeries*>(fastest)}) {
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
    }
    for (QLegendMarker* marker : chart->legend()->markers(line))
        marker->setVisible(false);
    chart->legend()->setAlignment(Qt::AlignBottom);
    return chart;
}

} // namespace cutlab::ui
