#include "ui/charts/ChartStyle.h"

#include "ui/charts/Theme.h"

#include <QAbstractAxis>
#include <QChart>
#include <QLegend>

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
}

} // namespace cutlab::ui
