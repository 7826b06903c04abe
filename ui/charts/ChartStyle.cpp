#include "ui/charts/ChartStyle.h"

#include <QAbstractAxis>
#include <QChart>
#include <QLegend>

namespace cutlab::ui {

void ChartStyle::apply(QChart* chart, bool dark) {
    const QColor background = dark ? QColor(0x26, 0x28, 0x2b) : QColor(Qt::white);
    const QColor text = dark ? QColor(0xe6, 0xe6, 0xe6) : QColor(0x22, 0x22, 0x22);
    const QColor grid = dark ? QColor(0x4a, 0x4d, 0x52) : QColor(0xdd, 0xdd, 0xdd);
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
        axis->setGridLineColor(grid);
        axis->setMinorGridLineColor(dark ? grid.darker(130) : QColor(0xf0, 0xf0, 0xf0));
        axis->setLinePenColor(dark ? grid.lighter(130) : QColor(0x99, 0x99, 0x99));
        QFont font = axis->titleFont();
        font.setBold(false);
        font.setPointSizeF(8.5);
        axis->setTitleFont(font);
    }
}

} // namespace cutlab::ui
