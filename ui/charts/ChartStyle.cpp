#include "ui/charts/ChartStyle.h"

#include "ui/charts/Theme.h"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLineSeries>
#include <QScatterSeries>

namespace cutlab::ui {

void ChartStyle::apply(QChart* chart, bool dark) {
    const ChartColors& colors = Theme::of(dark).chart;
    const QColor& background = colors.background;
    const QColor& text = colors.text;
    chart->setBackgroundBrush(background);
    chart->setBackgroundRoundness(0);
    chart->setDropShadowEnabled(false);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(text);
    QFont title = chart->titleFont();
    title.setBold(true);
    title.setPointSizeF(10);
    chart->setTitleFont(title);
    chart->legend()->setLabelColor(text);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setGridLineColor(colors.grid);
        axis->setMinorGridLineColor(colors.minorGrid);
        axis->setLinePenColor(colors.axisLine);
        QFont font = axis->titleFont();
        font.setBold(false);
        font.setPointSizeF(8.5);
        axis->setTitleFont(font);
    }
    applySeriesRoles(chart, Theme::of(dark).series);
}

void ChartStyle::show(QChartView* view, QChart* chart, bool dark) {
    QChart* old = view->chart();
    apply(chart, dark);
    view->setChart(chart);
    delete old;
}

void ChartStyle::applySeriesRoles(QChart* chart, const SeriesColors& colors) {
    for (QAbstractSeries* series : chart->series()) {
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(series))
            for (QBarSet* set : bars->barSets())
                if (const QColor color = colors.ofRole(set->property("role").toString());
                    color.isValid())
                    set->setColor(color);
        const QColor color = colors.ofRole(series->property("role").toString());
        if (!color.isValid())
            continue;
        if (auto* scatter = qobject_cast<QScatterSeries*>(series);
            scatter && scatter->property("ring").toBool()) {
            QPen pen = scatter->pen(); // an open ring in the role's colour
            pen.setColor(color);
            scatter->setPen(pen);
        } else if (scatter) {
            scatter->setColor(color);
            // a cloud of small dots stays one colour; markers are ringed in the best line's
            scatter->setBorderColor(scatter->property("borderless").toBool() ? color : colors.best);
        } else if (auto* line = qobject_cast<QLineSeries*>(series)) {
            QPen pen = line->pen();
            pen.setColor(color);
            line->setPen(pen);
        }
    }
}

} // namespace cutlab::ui
