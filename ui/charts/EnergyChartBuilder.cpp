#include "ui/charts/EnergyChartBuilder.h"

#include "ui/charts/Format.h"
#include "ui/charts/Theme.h"

#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace cutlab::ui {
namespace {

// The dots off the front: all, or every k-th when there are more than kMaxDots.
QList<QPointF> dotsOf(const core::LatencyEnergyPlans& plans) {
    QList<QPointF> dots;
    const auto off = static_cast<std::size_t>(std::count_if(
        plans.points.begin(), plans.points.end(), [](const auto& p) { return !p.onFront; }));
    const std::size_t stride = off / EnergyChartBuilder::kMaxDots + 1;
    std::size_t seen = 0;
    for (const auto& point : plans.points)
        if (!point.onFront && seen++ % stride == 0)
            dots.append(QPointF(point.latencyMs, point.energyMj));
    return dots;
}

QAbstractAxis* axisFor(QChart* chart, const QString& title, double low, double high, bool log) {
    if (log) {
        auto* axis = new QLogValueAxis(chart);
        axis->setBase(10);
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setTitleText(title);
        axis->setRange(std::pow(10.0, std::floor(std::log10(low))),
                       std::pow(10.0, std::ceil(std::log10(high * 1.01))));
        return axis;
    }
    auto* axis = new QValueAxis(chart);
    axis->setLabelFormat(QStringLiteral("%g"));
    axis->setTitleText(title);
    axis->setRange(0, high > 0 ? high * 1.05 : 1);
    return axis;
}

void attach(QChart* chart, QXYSeries* series, QAbstractAxis* x, QAbstractAxis* y) {
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
}

} // namespace

QString EnergyChartBuilder::caption(const core::LatencyEnergyPlans& plans) {
    const auto front = std::count_if(plans.points.begin(), plans.points.end(),
                                     [](const auto& p) { return p.onFront; });
    const QString count = Format::number(static_cast<double>(plans.placementCount), 0);
    if (plans.everyPlacement)
        return QStringLiteral("%1 plan(s) on the front of %2 placements").arg(front).arg(count);
    return QStringLiteral("%1 plan(s) on the front of %2 placements; dots: the fastest plan of "
                          "each device cut and first hop")
        .arg(front)
        .arg(count);
}

QChart* EnergyChartBuilder::build(const core::LatencyEnergyPlans& plans,
                                  std::optional<std::pair<double, double>> current,
                                  const QString& title) {
    auto* chart = new QChart();
    chart->setAnimationOptions(QChart::NoAnimation);
    if (plans.points.empty()) {
        chart->setTitle(title + QStringLiteral("<br><small>No device has power figures: give "
                                               "it \"power\" in the profile (compute watts and a "
                                               "radio).</small>"));
        return chart;
    }
    chart->setTitle(title + QStringLiteral("<br><small>%1</small>").arg(caption(plans)));
    double lowX = 1e300, highX = 0, lowY = 1e300, highY = 0;
    for (const auto& p : plans.points) {
        lowX = std::min(lowX, p.latencyMs);
        highX = std::max(highX, p.latencyMs);
        lowY = std::min(lowY, p.energyMj);
        highY = std::max(highY, p.energyMj);
    }
    QAbstractAxis* x = axisFor(chart, QStringLiteral("latency (ms)"), lowX, highX, lowX > 0);
    QAbstractAxis* y = axisFor(chart, QStringLiteral("energy (mJ)"), lowY, highY, lowY > 0);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    const SeriesColors& colors = Theme::light().series;

    auto* dots = new QScatterSeries(chart);
    dots->setName(QStringLiteral("plans"));
    dots->setProperty("role", QStringLiteral("link2")); // the palettes' quiet grey
    dots->setProperty("borderless", true);
    dots->setMarkerSize(5);
    dots->setColor(colors.link[2]);
    dots->setBorderColor(colors.link[2]);
    dots->replace(dotsOf(plans));
    attach(chart, dots, x, y);

    // the plan on screen under the front's markers, which stay visible on it
    auto* mine = new QScatterSeries(chart);
    mine->setName(QStringLiteral("current"));
    mine->setObjectName(QStringLiteral("current"));
    mine->setProperty("role", QStringLiteral("current"));
    mine->setProperty("ring", true);
    mine->setMarkerSize(16);
    mine->setColor(Qt::transparent); // a ring: the front's marker shows through it
    mine->setPen(QPen(colors.current, 3.0));
    attach(chart, mine, x, y);
    updateCurrent(chart, current);

    auto* frontLine = new QLineSeries(chart);
    frontLine->setProperty("role", QStringLiteral("best"));
    frontLine->setPen(QPen(colors.best, 2.0));
    auto* front = new QScatterSeries(chart);
    front->setName(QStringLiteral("Pareto front"));
    front->setObjectName(QStringLiteral("front"));
    front->setProperty("role", QStringLiteral("changes"));
    front->setMarkerSize(8);
    front->setColor(colors.changes);
    front->setBorderColor(colors.best);
    for (const auto& p : plans.points)
        if (p.onFront) {
            frontLine->append(p.latencyMs, p.energyMj);
            front->append(p.latencyMs, p.energyMj);
        }
    attach(chart, frontLine, x, y);
    attach(chart, front, x, y);
    for (QLegendMarker* marker : chart->legend()->markers(frontLine))
        marker->setVisible(false); // the front's entry names both
    chart->legend()->setAlignment(Qt::AlignBottom);
    return chart;
}

void EnergyChartBuilder::updateCurrent(QChart* chart,
                                       std::optional<std::pair<double, double>> current) {
    for (auto* series : chart->series())
        if (series->objectName() == QStringLiteral("current")) {
            auto* mine = static_cast<QScatterSeries*>(series);
            mine->clear();
            if (current)
                mine->append(current->first, current->second);
        }
}

} // namespace cutlab::ui
