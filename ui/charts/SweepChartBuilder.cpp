#include "ui/charts/SweepChartBuilder.h"

#include "ui/charts/Format.h"

#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>

#include <algorithm>
#include <cmath>

namespace cutlab::ui {
namespace {

QList<QPointF> pointsOf(const std::vector<double>& x, const std::vector<double>& y) {
    QList<QPointF> points;
    for (std::size_t i = 0; i < x.size() && i < y.size(); ++i)
        if (std::isfinite(y[i]) && y[i] > 0)
            points.append(QPointF(x[i], y[i]));
    return points;
}

} // namespace

core::Tier SweepChartBuilder::referenceTier(const std::array<int, 3>& machines) {
    return machines[1] >= 0 ? core::Tier::Edge : core::Tier::Cloud;
}

QString SweepChartBuilder::uplinkName(core::Tier reference) {
    return QStringLiteral("device→%1").arg(QString::fromStdString(core::tierName(reference)));
}

QChart* SweepChartBuilder::build(const core::SweepResult& sweep,
                                 const std::vector<double>& currentTotals, const QString& bestLabel,
                                 double currentUplinkMbps, const QString& title,
                                 core::Tier reference) {
    auto* chart = new QChart();
    chart->setTitle(title);
    chart->setAnimationOptions(QChart::NoAnimation);
    auto* x = new QLogValueAxis(chart);
    x->setTitleText(QStringLiteral("%1 bandwidth (Mbps; other uplink scaled with it)")
                        .arg(uplinkName(reference)));
    x->setLabelFormat(QStringLiteral("%g"));
    x->setBase(10);
    x->setMinorTickCount(8);
    chart->addAxis(x, Qt::AlignBottom);
    auto* y = new QLogValueAxis(chart);
    y->setTitleText(QStringLiteral("total latency (ms)"));
    y->setLabelFormat(QStringLiteral("%g"));
    y->setBase(10);
    chart->addAxis(y, Qt::AlignLeft);
    const double xMin = sweep.mbps.empty() ? 0.1 : sweep.mbps.front();
    const double xMax = sweep.mbps.empty() ? 100 : sweep.mbps.back();
    x->setRange(xMin, xMax);

    double yMin = 1e300, yMax = 0;
    auto add = [&](const QString& name, const std::vector<double>& values, QPen pen) {
        auto* series = new QLineSeries(chart);
        series->setName(name);
        const auto points = pointsOf(sweep.mbps, values);
        for (const auto& p : points) {
            yMin = std::min(yMin, p.y());
            yMax = std::max(yMax, p.y());
        }
        series->replace(points);
        series->setPen(pen);
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
        return series;
    };
    const char* nativeNames[3] = {"all on device", "all on edge", "all in cloud"};
    for (core::Tier tier : core::kTiers) {
        const auto t = static_cast<std::size_t>(core::tierIndex(tier));
        if (sweep.nativeMs[t].empty())
            continue;
        add(QString::fromUtf8(nativeNames[t]), sweep.nativeMs[t],
            QPen(Format::tierColor(tier), 1.6, Qt::DashLine));
    }
    add(bestLabel, sweep.bestMs, QPen(QColor(0x22, 0x22, 0x22), 3.0));
    auto* current =
        add(QStringLiteral("current plan"), currentTotals, QPen(QColor(0xd6, 0x27, 0x28), 2.0));
    current->setObjectName(QStringLiteral("current"));

    auto* changes = new QScatterSeries(chart);
    changes->setName(QStringLiteral("best plan changes"));
    changes->setMarkerSize(10);
    changes->setColor(QColor(0xff, 0xd7, 0x00));
    changes->setBorderColor(QColor(0x22, 0x22, 0x22));
    for (int i : sweep.changes)
        if (std::isfinite(sweep.bestMs[static_cast<std::size_t>(i)]))
            changes->append(sweep.mbps[static_cast<std::size_t>(i)],
                            sweep.bestMs[static_cast<std::size_t>(i)]);
    chart->addSeries(changes);
    changes->attachAxis(x);
    changes->attachAxis(y);
    if (yMax <= 0) {
        yMin = 1;
        yMax = 10;
    }
    const double low = std::pow(10.0, std::floor(std::log10(yMin)));
    const double high = std::pow(10.0, std::ceil(std::log10(yMax * 1.01)));
    y->setRange(low, high);
    if (currentUplinkMbps > 0 && std::isfinite(currentUplinkMbps) && currentUplinkMbps >= xMin &&
        currentUplinkMbps <= xMax) {
        auto* marker = new QLineSeries(chart);
        // short, or the legend elides it: the axis title names the link
        marker->setName(QStringLiteral("current: %1").arg(Format::mbps(currentUplinkMbps)));
        marker->setObjectName(QStringLiteral("marker"));
        marker->setPen(QPen(QColor(0x88, 0x88, 0x88), 1.2, Qt::DotLine));
        marker->append(currentUplinkMbps, low);
        marker->append(currentUplinkMbps, high);
        chart->addSeries(marker);
        marker->attachAxis(x);
        marker->attachAxis(y);
    }
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setShowToolTips(true); // the whole name, should a narrow view elide it
    QFont legendFont = chart->legend()->font();
    legendFont.setPointSizeF(7.5);
    chart->legend()->setFont(legendFont);
    return chart;
}

void SweepChartBuilder::updateCurrent(QChart* chart, const std::vector<double>& mbps,
                                      const std::vector<double>& currentTotals) {
    for (auto* series : chart->series())
        if (series->objectName() == QStringLiteral("current"))
            static_cast<QLineSeries*>(series)->replace(pointsOf(mbps, currentTotals));
}

} // namespace cutlab::ui
