#include "ui/charts/LayerChartBuilder.h"

#include "ui/charts/Format.h"
#include "ui/charts/Theme.h"

#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <string>

namespace cutlab::ui {
namespace {

double floorPow10(double v) {
    return std::pow(10.0, std::floor(std::log10(v)));
}
double ceilPow10(double v) {
    return std::pow(10.0, std::ceil(std::log10(v)));
}

const QColor kMachineColors[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e),
                                 QColor(0x2c, 0xa0, 0x2c), QColor(0xd6, 0x27, 0x28),
                                 QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                                 QColor(0xe3, 0x77, 0xc2), QColor(0x17, 0xbe, 0xcf)};

// A line of a long model keeps about 2 × kBuckets points: each bucket of consecutive layers keeps
// its smallest and its largest value, in layer order, which is all a line can show at screen
// resolution (and the axes' ranges stay those of every layer).
constexpr int kBuckets = 1000;

template <class Value> QList<QPointF> linePoints(int n, Value value) {
    QList<QPointF> points;
    if (n <= 2 * kBuckets) {
        points.reserve(n);
        for (int i = 0; i < n; ++i)
            points.append(QPointF(i, value(i)));
        return points;
    }
    points.reserve(2 * kBuckets);
    for (int k = 0; k < kBuckets; ++k) {
        const int from = static_cast<int>(static_cast<long long>(k) * n / kBuckets);
        const int to = static_cast<int>(static_cast<long long>(k + 1) * n / kBuckets);
        int low = from, high = from;
        double lowValue = value(from), highValue = lowValue;
        for (int i = from + 1; i < to; ++i) {
            const double v = value(i);
            if (v < lowValue)
                low = i, lowValue = v;
            if (v > highValue)
                high = i, highValue = v;
        }
        if (low <= high) {
            points.append(QPointF(low, lowValue));
            if (high != low)
                points.append(QPointF(high, highValue));
        } else {
            points.append(QPointF(high, highValue));
            points.append(QPointF(low, lowValue));
        }
    }
    return points;
}

// 1, 2, 5, 10, 20, 50…: every layer up to 13 layers, then 6 to 14 ticks (wider labels elide).
// At most 13 labels of one or two digits, 9 of three, 6 of four or more: the labels of a
// 5,000-layer model stay apart in the charts dock at 1280x800.
double tickStep(int layers) {
    const int digits = static_cast<int>(std::to_string(std::max(layers - 1, 0)).size());
    const double maxTicks = digits <= 2 ? 13 : digits == 3 ? 9 : 6;
    double step = 1;
    while (layers / step > maxTicks) {
        const double mantissa = std::round(step / floorPow10(step));
        step *= mantissa == 2 ? 2.5 : 2;
    }
    return step;
}

} // namespace

double LayerChartBuilder::timeFloor(const core::Profile& profile) {
    double smallest = 0;
    for (std::size_t m = 0; m < profile.machines.size(); ++m)
        for (int i = 0; i < static_cast<int>(profile.layers.size()); ++i) {
            const double ms = profile.forwardPerSample(i, static_cast<int>(m));
            if (ms > 0 && (smallest == 0 || ms < smallest))
                smallest = ms;
        }
    return smallest > 0 ? floorPow10(smallest) / 10 : kTimeFloorMs;
}

namespace {

// The layer axis, the forward-time axis (log, left) and the output-size axis (log, right).
struct LayerChartAxes {
    QValueAxis* x;
    QLogValueAxis* time;
    QLogValueAxis* size;
};

LayerChartAxes addLayerChartAxes(QChart* chart, int n) {
    auto* x = new QValueAxis(chart);
    x->setTitleText(QStringLiteral("layer position (graph order)"));
    x->setLabelFormat(QStringLiteral("%d"));
    x->setRange(-0.5, std::max(0.5, n - 0.5));
    // ticks on whole layer positions only (0, step, 2·step…): each label once, none skipped
    x->setTickType(QValueAxis::TicksDynamic);
    x->setTickAnchor(0);
    x->setTickInterval(tickStep(n));
    chart->addAxis(x, Qt::AlignBottom);
    auto* time = new QLogValueAxis(chart);
    time->setTitleText(QStringLiteral("forward time (ms)"));
    time->setLabelFormat(QStringLiteral("%g"));
    time->setBase(10);
    chart->addAxis(time, Qt::AlignLeft);
    auto* size = new QLogValueAxis(chart);
    size->setTitleText(QStringLiteral("output (bytes)"));
    size->setLabelFormat(QStringLiteral("%.0e"));
    size->setBase(10);
    chart->addAxis(size, Qt::AlignRight);

    return {x, time, size};
}

// One line of forward time per machine; a zero time sits at the axis' floor, which the
// axis title then names (a log axis has no 0).
void addTimeSeries(QChart* chart, const core::Profile& profile, const LayerChartAxes& axes) {
    const int n = static_cast<int>(profile.layers.size());
    QLogValueAxis* time = axes.time;
    const double zeroAt = LayerChartBuilder::timeFloor(profile);
    bool zeros = false;
    double tMin = 1e300, tMax = 0;
    for (std::size_t m = 0; m < profile.machines.size(); ++m) {
        auto* series = new QLineSeries(chart);
        series->setName(QStringLiteral("%1 (%2)").arg(
            QString::fromStdString(profile.machines[m].id),
            QString::fromStdString(core::tierName(profile.machines[m].tier))));
        const QList<QPointF> points = linePoints(n, [&](int i) {
            const double ms = profile.forwardPerSample(i, static_cast<int>(m));
            zeros = zeros || !(ms > 0);
            return std::max(zeroAt, ms);
        });
        for (const QPointF& point : points) {
            tMin = std::min(tMin, point.y());
            tMax = std::max(tMax, point.y());
        }
        series->replace(points);
        QPen pen(kMachineColors[m % std::size(kMachineColors)], 1.6);
        series->setPen(pen);
        chart->addSeries(series);
        series->attachAxis(axes.x);
        series->attachAxis(time);
    }
    if (tMax <= 0)
        tMin = tMax = 1;
    time->setRange(floorPow10(tMin), ceilPow10(tMax * 1.01));
    if (zeros) // said where the axis is: a log axis has no 0
        time->setTitleText(QStringLiteral("forward time (ms; 0 at %1)").arg(zeroAt, 0, 'g', 3));
}

// The dashed line of every layer's output size, on the right axis.
void addSizeSeries(QChart* chart, const core::Profile& profile, const LayerChartAxes& axes) {
    const int n = static_cast<int>(profile.layers.size());
    QLogValueAxis* size = axes.size;
    auto* bytes = new QLineSeries(chart);
    bytes->setName(QStringLiteral("output size"));
    double bMin = 1e300, bMax = 1;
    const QList<QPointF> points = linePoints(n, [&](int i) {
        return std::max(1.0, profile.layers[static_cast<std::size_t>(i)].outputBytes);
    });
    for (const QPointF& point : points) {
        bMin = std::min(bMin, point.y());
        bMax = std::max(bMax, point.y());
    }
    bytes->replace(points);
    QPen dashed(Theme::light().series.bytes, 1.4, Qt::DashLine);
    bytes->setPen(dashed);
    bytes->setProperty("role", QStringLiteral("bytes"));
    chart->addSeries(bytes);
    bytes->attachAxis(axes.x);
    bytes->attachAxis(size);
    if (bMin > bMax)
        bMin = 1;
    size->setRange(floorPow10(bMin), ceilPow10(bMax * 1.01));
}

// The two cut markers, placed by updateCuts.
void addCutSeries(QChart* chart, const LayerChartAxes& axes) {
    for (int h = 0; h < 2; ++h) {
        auto* cut = new QLineSeries(chart);
        cut->setObjectName(QStringLiteral("cut%1").arg(h));
        cut->setName(h == 0 ? QStringLiteral("device|edge cut") : QStringLiteral("edge|cloud cut"));
        // not a tier's colour: a cut is between two tiers
        const SeriesColors& colors = Theme::light().series;
        QPen pen(h == 0 ? colors.cutDeviceEdge : colors.cutEdgeCloud, 2.5);
        cut->setPen(pen);
        cut->setProperty("role", QString::fromLatin1(h == 0 ? "cutDeviceEdge" : "cutEdgeCloud"));
        chart->addSeries(cut);
        cut->attachAxis(axes.x);
        cut->attachAxis(axes.time);
    }
}

} // namespace

QChart* LayerChartBuilder::build(const core::Profile& profile, std::array<int, 2> cutPositions,
                                 const QString& title) {
    auto* chart = new QChart();
    chart->setTitle(title + Format::estimatedTimesNote(profile));
    chart->setAnimationOptions(QChart::NoAnimation);
    const LayerChartAxes axes = addLayerChartAxes(chart, static_cast<int>(profile.layers.size()));
    addTimeSeries(chart, profile, axes);
    addSizeSeries(chart, profile, axes);
    addCutSeries(chart, axes);
    updateCuts(chart, cutPositions);
    // six entries do not fit in one row of a docked chart: a column beside it, never elided
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->legend()->setShowToolTips(true); // the whole name, should a narrow view elide it
    QFont legendFont = chart->legend()->font();
    legendFont.setPointSizeF(7.5);
    chart->legend()->setFont(legendFont);
    return chart;
}

void LayerChartBuilder::updateCuts(QChart* chart, std::array<int, 2> cutPositions) {
    QLogValueAxis* time = nullptr;
    for (auto* axis : chart->axes(Qt::Vertical))
        if (axis->alignment() == Qt::AlignLeft)
            time = static_cast<QLogValueAxis*>(axis);
    if (!time)
        return;
    for (auto* series : chart->series()) {
        for (int h = 0; h < 2; ++h)
            if (series->objectName() == QStringLiteral("cut%1").arg(h)) {
                const double x = cutPositions[static_cast<std::size_t>(h)] - 0.5;
                static_cast<QLineSeries*>(series)->replace(
                    QList<QPointF>{{x, time->min()}, {x, time->max()}});
            }
    }
}

} // namespace cutlab::ui
