#include "ui/training/TrainingReportPage.h"

#include "ui/training/TrainingPanel.h"

#include <QFont>
#include <QGraphicsScene>
#include <QPainter>

#include <memory>

namespace cutlab::ui {
namespace {

QFont pointFont(double points, bool bold = false) {
    QFont font;
    font.setPointSizeF(points);
    font.setBold(bold);
    return font;
}

void paintPage(QPainter& painter, const QSizeF& page, const QString& title, const QString& summary,
               QGraphicsScene& chart) {
    const double margin = 22, width = page.width() - 2 * margin;
    painter.setPen(Qt::black);
    painter.setFont(pointFont(14, true));
    const QRectF heading(margin, margin, width, 20);
    painter.drawText(heading, Qt::AlignLeft | Qt::AlignVCenter,
                     QStringLiteral("Training — %1").arg(title));
    painter.setFont(pointFont(10));
    const QRectF text(margin, heading.bottom() + 6, width, page.height());
    const QRectF used = painter.boundingRect(text, Qt::TextWordWrap, summary);
    painter.drawText(text, Qt::TextWordWrap, summary);
    const QRectF area(margin, used.bottom() + 12, width,
                      page.height() - margin - used.bottom() - 12);
    const QRectF source = chart.sceneRect();
    if (area.height() <= 0 || source.isEmpty())
        return;
    // the whole chart, as large as the page allows, its shape kept
    const double scale = std::min(area.width() / source.width(), area.height() / source.height());
    const QRectF target(area.topLeft(), source.size() * scale);
    chart.render(&painter, target, source);
}

} // namespace

TrainingReportPage::Page TrainingReportPage::pageOf(const TrainingPanel& panel) {
    if (!panel.hasDocument() || !panel.showsCurrentPlan())
        return nullptr; // never a plan of another document or setting
    QString title, error;
    std::shared_ptr<QGraphicsScene> chart = panel.chartScene(&title, &error);
    if (!chart)
        return nullptr;
    const QString summary = panel.summaryText();
    return [chart, title, summary](QPainter& painter, const QSizeF& page) {
        paintPage(painter, page, title, summary, *chart);
    };
}

} // namespace cutlab::ui
