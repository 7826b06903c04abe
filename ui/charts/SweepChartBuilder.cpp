#include "ui/charts/SweepChartBuilder.h"

#include "ui/charts/Format.h"
#include "ui/charts/Theme.h"

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

namespace {

// The sweep's lines on log-log axes, keeping the latency range they span.
class SweepLines {
  public:
    SweepLines(QChart* chart, const core::SweepResult& sweep, core::Tier reference)
        : m_chart(chart), m_sweep(sweep), m_x(new QLogValueAxis(chart)),
          m_y(new QLogValueAxis(chart)) {
        m_x->setTitleText(QStringLiteral("%1 bandwidth (Mbps; other uplink scaled with it)")
                              .arg(SweepChartBuilder::uplinkName(reference)));
        m_x->setLabelFormat(QStringLiteral("%g"));
        m_x->setBase(10);
        m_x->setMinorTickCount(8);
        chart->addAxis(m_x, Qt::AlignBottom);
        m_y->setTitleText(QStringLiteral("total latency (ms)"));
        m_y->setLabelFormat(QStringLiteral("%g"));
        m_y->setBase(10);
        chart->addAxis(m_y, Qt::AlignLeft);
        m_x->setRange(xMin(), xMax());
    }
    double xMin() const { return m_sweep.mbps.empty() ? 0.1 : m_sweep.mbps.front(); }
    double xMax() const { return m_sweep.mbps.empty() ? 100 : m_sweep.mbps.back(); }

    QLineSeries* add(const QString& name, const std::vector<double>& values, QPen pen) {
        return add(name, pointsOf(m_sweep.mbps, values), pen);
    }
    QLineSeries* add(const QString& name, const QList<QPointF>& points, QPen pen) {
        auto* series = new QLineSeries(m_chart);
        series->setName(name);
        for (const auto& p : points) {
            m_yMin = std::min(m_yMin, p.y());
            m_yMax = std::max(m_yMax, p.y());
        }
        series->replace(points);
        series->setPen(pen);
        attach(series);
        return series;
    }
    void attach(QXYSeries* series) {
        m_chart->addSeries(series);
        series->attachAxis(m_x);
        series->attachAxis(m_y);
    }
    // The latency axis from the decade below the lowest line to the one above the highest.
    std::pair<double, double> fitLatencyAxis() {
        if (m_yMax <= 0) {
            m_yMin = 1;
            m_yMax = 10;
        }
        const double low = std::pow(10.0, std::floor(std::log10(m_yMin)));
        const double high = std::pow(10.0, std::ceil(std::log10(m_yMax * 1.01)));
        m_y->setRange(low, high);
        return {low, high};
    }

  private:
    QChart* m_chart;
    const core::SweepResult& m_sweep;
    QLogValueAxis* m_x;
    QLogValueAxis* m_y;
    double m_yMin = 1e300, m_yMax = 0;
};

// The points where the best plan changes: the exact crossings when the sweep knows them, else
// the first sampled point of each new plan.
QList<QPointF> changePoints(const core::SweepResult& sweep) {
    QList<QPointF> points;
    if (sweep.exactCrossings) {
        for (const core::SweepCrossing& crossing : sweep.crossings)
            points.append(QPointF(crossing.mbps, crossing.totalMs));
        return points;
    }
    for (int i : sweep.changes)
        if (std::isfinite(sweep.bestMs[static_cast<std::size_t>(i)]))
            points.append(QPointF(sweep.mbps[static_cast<std::size_t>(i)],
                                  sweep.bestMs[static_cast<std::size_t>(i)]));
    return points;
}

// The best line through the sampled points and the exact crossings, so that the markers lie on
// it.
QList<QPointF> bestPoints(const core::SweepResult& sweep) {
    QList<QPointF> points = pointsOf(sweep.mbps, sweep.bestMs);
    if (sweep.exactCrossings) {
        points.append(changePoints(sweep));
        std::sort(points.begin(), points.end(),
                  [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
    }
    return points;
}

// Where the best plan changes: markers on the best line.
void addChangeMarkers(SweepLines& lines, QChart* chart, const core::SweepResult& sweep) {
    auto* changes = new QScatterSeries(chart);
    changes->setName(QStringLiteral("changes"));
    changes->setProperty("role", QStringLiteral("changes"));
    changes->setMarkerSize(10);
    changes->setColor(Theme::light().series.changes); // ChartStyle::apply gives the theme's
    changes->setBorderColor(Theme::light().series.best);
    changes->replace(changePoints(sweep));
    lines.attach(changes);
}

// A dotted vertical line at the current uplink bandwidth, when it is inside the sweep.
void addCurrentMarker(SweepLines& lines, QChart* chart, double mbps,
                      std::pair<double, double> latency) {
    if (!(mbps > 0 && std::isfinite(mbps) && mbps >= lines.xMin() && mbps <= lines.xMax()))
        return;
    auto* marker = new QLineSeries(chart);
    // short, or the legend elides it: the axis title names the link
    marker->setName(QStringLiteral("now %1").arg(Format::mbps(mbps)));
    marker->setObjectName(QStringLiteral("marker"));
    marker->setProperty("role", QStringLiteral("marker"));
    marker->setPen(QPen(Theme::light().series.marker, 1.2, Qt::DotLine));
    marker->append(mbps, latency.first);
    marker->append(mbps, latency.second);
    lines.attach(marker);
}

} // namespace

QChart* SweepChartBuilder::build(const core::SweepResult& sweep,
                                 const std::vector<double>& currentTotals, const QString& bestLabel,
                                 double currentUplinkMbps, const QString& title,
                                 core::Tier reference) {
    auto* chart = new QChart();
    chart->setTitle(title);
    chart->setAnimationOptions(QChart::NoAnimation);
    SweepLines lines(chart, sweep, reference);
    const char* nativeNames[3] = {"all device", "all edge", "all cloud"};
    for (core::Tier tier : core::kTiers) {
        const auto t = static_cast<std::size_t>(core::tierIndex(tier));
        if (!sweep.nativeMs[t].empty())
            lines.add(QString::fromUtf8(nativeNames[t]), sweep.nativeMs[t],
                      QPen(Format::tierColor(tier), 1.6, Qt::DashLine));
    }
    const SeriesColors& colors = Theme::light().series;
    lines.add(bestLabel, bestPoints(sweep), QPen(colors.best, 3.0))
        ->setProperty("role", QStringLiteral("best"));
    QLineSeries* current =
        lines.add(QStringLiteral("current"), currentTotals, QPen(colors.current, 2.0));
    current->setObjectName(QStringLiteral("current"));
    current->setProperty("role", QStringLiteral("current"));
    addChangeMarkers(lines, chart, sweep);
    addCurrentMarker(lines, chart, currentUplinkMbps, lines.fitLatencyAxis());
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
