#include "ui/training/StrategyChartBuilder.h"

#include "ui/training/TrainingPalette.h"

#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace cutlab::ui {

QString StrategyChartBuilder::defaultTitle(const core::StrategySweep& sweep) {
    // the links varied are named by the x axis: a title that fits beside the chart
    return QStringLiteral("%1, batch %2: training iteration time per planner")
        .arg(QString::fromStdString(sweep.model))
        .arg(sweep.batch);
}

QChart* StrategyChartBuilder::build(const core::StrategySweep& sweep, bool logX,
                                    const QString& title) {
    auto* chart = new QChart();
    chart->setTitle(title);
    chart->setAnimationOptions(QChart::NoAnimation);
    double yMax = 0;
    for (const auto& values : sweep.ms)
        for (double v : values)
            if (std::isfinite(v))
                yMax = std::max(yMax, v);
    const double msPerUnit = yMax > 10000 ? 1000.0 : 1.0;
    chart->setProperty("msPerUnit", msPerUnit);

    QAbstractAxis* x = nullptr;
    const double xMin = sweep.mbps.empty() ? 1 : sweep.mbps.front(),
                 xMax = sweep.mbps.empty() ? 10 : sweep.mbps.back();
    if (logX) {
        auto* axis = new QLogValueAxis(chart);
        axis->setBase(10);
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setMinorTickCount(8);
        axis->setRange(xMin, xMax);
        x = axis;
    } else {
        auto* axis = new QValueAxis(chart);
        axis->setRange(xMin, xMax);
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setTickCount(static_cast<int>(std::min(10.0, xMax - xMin)) + 1);
        x = axis;
    }
    QString links = QString::fromStdString(sweep.links);
    links.replace(QLatin1Char(','), QStringLiteral(" + "));
    x->setTitleText(QStringLiteral("%1 bandwidth (Mbps)").arg(links));
    chart->addAxis(x, Qt::AlignBottom);
    auto* y = new QValueAxis(chart);
    y->setTitleText(msPerUnit > 1 ? QStringLiteral("iteration time (s)")
                                  : QStringLiteral("iteration time (ms)"));
    y->setRange(0, yMax > 0 ? yMax / msPerUnit * 1.05 : 1);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%g"));
    chart->addAxis(y, Qt::AlignLeft);

    for (std::size_t p = 0; p < sweep.planners.size(); ++p) {
        const QString name = QString::fromStdString(sweep.planners[p]);
        auto* series = new QLineSeries(chart);
        series->setName(legendName(sweep, p));
        series->setObjectName(name);
        QList<QPointF> points;
        for (std::size_t i = 0; i < sweep.mbps.size() && i < sweep.ms[p].size(); ++i)
            if (std::isfinite(sweep.ms[p][i]))
                points.append(QPointF(sweep.mbps[i], sweep.ms[p][i] / msPerUnit));
        series->replace(points);
        const bool main = name == QStringLiteral("hiertrain");
        QPen pen(TrainingPalette::plannerColor(name), main ? 3.0 : 1.8);
        if (name.startsWith(QStringLiteral("all-")))
            pen.setStyle(Qt::DashLine);
        series->setPen(pen);
        series->setPointsVisible(true);
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
    }
    // beside the plot, one name per row: eight names in a row under it would elide at 1280x800
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->legend()->setShowToolTips(true);
    return chart;
}

// Two series with the same value at every bandwidth draw one line: the one drawn first (under
// the other) says so in the legend, "jointdnn (= jointdnn+)", so that no planner disappears.
QString StrategyChartBuilder::legendName(const core::StrategySweep& sweep, std::size_t p) {
    QString name = QString::fromStdString(sweep.planners[p]);
    if (name == QLatin1String("pipeline") && !sweep.pipelineShape.empty())
        name += QStringLiteral(" (%1)").arg(QString::fromStdString(sweep.pipelineShape));
    auto same = [&sweep](std::size_t a, std::size_t b) {
        if (sweep.ms[a].size() != sweep.ms[b].size())
            return false;
        for (std::size_t i = 0; i < sweep.ms[a].size(); ++i) {
            const double u = sweep.ms[a][i], v = sweep.ms[b][i];
            if (std::isfinite(u) != std::isfinite(v) ||
                (std::isfinite(u) && std::abs(u - v) > 1e-9 * std::max(1.0, std::abs(u))))
                return false;
        }
        return true;
    };
    for (std::size_t q = sweep.planners.size(); q-- > p + 1;)
        if (same(p, q))
            return QStringLiteral("%1 (= %2)").arg(name, QString::fromStdString(sweep.planners[q]));
    return name;
}

} // namespace cutlab::ui
