#include "ui/charts/BreakdownChartBuilder.h"

#include "ui/charts/Format.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QHorizontalStackedBarSeries>
#include <QLegendMarker>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <functional>

namespace cutlab::ui {
namespace {

int linkIndex(core::Tier a, core::Tier b) {
    if (a > b)
        std::swap(a, b);
    if (a == core::Tier::Device && b == core::Tier::Edge)
        return 0;
    if (a == core::Tier::Device && b == core::Tier::Cloud)
        return 1;
    return 2;
}

QStringList categoryLabels(const std::vector<BreakdownEntry>& entries, double axisMax) {
    QStringList labels;
    // bottom to top in a horizontal bar chart: list in reverse so the first entry is on top
    for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
        if (!it->valid)
            labels << QStringLiteral("%1  (n/a)").arg(it->label);
        else if (it->evaluation.totalMs > axisMax)
            labels << QStringLiteral("%1  %2 ▶ off scale")
                          .arg(it->label, Format::ms(it->evaluation.totalMs));
        else
            labels << QStringLiteral("%1  %2").arg(it->label, Format::ms(it->evaluation.totalMs));
    }
    return labels;
}

} // namespace

double BreakdownChartBuilder::axisExtent(const std::vector<BreakdownEntry>& entries) {
    std::vector<double> totals;
    for (const auto& entry : entries)
        if (entry.valid && std::isfinite(entry.evaluation.totalMs))
            totals.push_back(entry.evaluation.totalMs);
    std::sort(totals.begin(), totals.end(), std::greater<>());
    if (totals.empty())
        return 1;
    const double largest = std::max(1.0, totals.front());
    // One plan far off the others (e.g. all on a slow device) would flatten every other bar:
    // the axis then ends a little past the largest of the others, the long bars run off it and
    // their labels say so.
    for (std::size_t i = 1; i < totals.size(); ++i)
        if (totals[i] > 0 && totals[i - 1] > kOffScaleFactor * totals[i])
            return totals[i] * 1.25;
    return largest;
}

std::array<double, BreakdownChartBuilder::kSegments>
BreakdownChartBuilder::segments(const core::Profile& profile, const core::Evaluation& evaluation) {
    std::array<double, kSegments> values{};
    for (const auto& stage : evaluation.stages)
        values[static_cast<std::size_t>(core::tierIndex(stage.tier))] += stage.computeMs;
    for (const auto& transfer : evaluation.transfers) {
        const auto a = profile.machines[static_cast<std::size_t>(transfer.from)].tier;
        const auto b = profile.machines[static_cast<std::size_t>(transfer.to)].tier;
        values[static_cast<std::size_t>(3 + linkIndex(a, b))] += transfer.ms - transfer.latencyMs;
        values[6] += transfer.latencyMs;
    }
    return values;
}

QString BreakdownChartBuilder::segmentName(int segment) {
    // The tiers' compute, then the links between them (the device abbreviated), then latency.
    using core::Tier;
    if (segment < 3)
        return QString::fromStdString(
            core::tierName(core::kTiers[static_cast<std::size_t>(segment)]));
    static const std::pair<Tier, Tier> links[3] = {
        {Tier::Device, Tier::Edge}, {Tier::Device, Tier::Cloud}, {Tier::Edge, Tier::Cloud}};
    if (segment < 6) {
        const auto [from, to] = links[segment - 3];
        auto name = [](Tier tier) {
            return tier == Tier::Device ? QStringLiteral("dev")
                                        : QString::fromStdString(core::tierName(tier));
        };
        return name(from) + QStringLiteral("↔") + name(to);
    }
    return QStringLiteral("latency");
}

QChart* BreakdownChartBuilder::build(const core::Profile& profile,
                                     const std::vector<BreakdownEntry>& entries,
                                     const QString& title) {
    auto* chart = new QChart();
    chart->setTitle(title + Format::estimatedTimesNote(profile));
    chart->setAnimationOptions(QChart::NoAnimation);
    auto* series = new QHorizontalStackedBarSeries(chart);
    series->setBarWidth(0.6);
    const QColor colors[kSegments] = {Format::tierColor(core::Tier::Device),
                                      Format::tierColor(core::Tier::Edge),
                                      Format::tierColor(core::Tier::Cloud),
                                      Format::linkColor(0),
                                      Format::linkColor(1),
                                      Format::linkColor(2),
                                      Format::latencyColor()};
    for (int s = 0; s < kSegments; ++s) {
        auto* set = new QBarSet(segmentName(s));
        set->setColor(colors[s]);
        static const char* const kRoles[kSegments] = {"",      "",      "",       "link0",
                                                      "link1", "link2", "latency"};
        if (*kRoles[s])
            set->setProperty("role", QString::fromLatin1(kRoles[s]));
        set->setBorderColor(colors[s].darker(120));
        for (int i = 0; i < static_cast<int>(entries.size()); ++i)
            set->append(0.0);
        series->append(set);
    }
    chart->addSeries(series);
    auto* categories = new QBarCategoryAxis(chart);
    categories->append(categoryLabels(entries, axisExtent(entries)));
    chart->addAxis(categories, Qt::AlignLeft);
    series->attachAxis(categories);
    auto* values = new QValueAxis(chart);
    values->setTitleText(QStringLiteral("latency (ms)"));
    values->setLabelFormat(QStringLiteral("%g")); // 0.5 ms stays 0.5, not 0 or 1
    chart->addAxis(values, Qt::AlignBottom);
    series->attachAxis(values);
    chart->legend()->setAlignment(Qt::AlignBottom);
    QFont legendFont = chart->legend()->font();
    legendFont.setPointSizeF(7.5);
    chart->legend()->setFont(legendFont);
    update(chart, profile, entries);
    return chart;
}

void BreakdownChartBuilder::update(QChart* chart, const core::Profile& profile,
                                   const std::vector<BreakdownEntry>& entries) {
    if (chart->series().isEmpty())
        return;
    auto* series = static_cast<QHorizontalStackedBarSeries*>(chart->series().front());
    const auto sets = series->barSets();
    const int count = static_cast<int>(entries.size());
    const double maximum = axisExtent(entries);
    for (int i = 0; i < count; ++i) {
        const auto& entry = entries[static_cast<std::size_t>(i)];
        const auto values =
            entry.valid ? segments(profile, entry.evaluation) : std::array<double, kSegments>{};
        const int row = count - 1 - i; // first entry on top
        for (int s = 0; s < kSegments && s < sets.size(); ++s)
            if (row < sets[s]->count() && sets[s]->at(row) != values[static_cast<std::size_t>(s)])
                sets[s]->replace(row, values[static_cast<std::size_t>(s)]);
    }
    const auto horizontal = chart->axes(Qt::Horizontal);
    if (!horizontal.isEmpty()) {
        auto* axis = static_cast<QValueAxis*>(horizontal.front());
        if (axis->max() < maximum * 1.02 || axis->max() > maximum * 1.6) {
            axis->setRange(0, maximum * 1.08);
            axis->applyNiceNumbers();
        }
    }
    const auto vertical = chart->axes(Qt::Vertical);
    if (!vertical.isEmpty()) {
        auto* axis = static_cast<QBarCategoryAxis*>(vertical.front());
        const QStringList labels = categoryLabels(entries, maximum * 1.02);
        if (axis->categories() != labels) {
            axis->clear();
            axis->append(labels);
        }
    }
}

} // namespace cutlab::ui
