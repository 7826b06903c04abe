#include "ui/DocumentExporter.h"

#include "ui/Document.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/ExplainText.h"
#include "ui/charts/Format.h"
#include "ui/charts/ImageExporter.h"
#include "ui/panels/ChartsPanel.h"

#include "core/io/PlanJson.h"

#include <QAbstractTextDocumentLayout>
#include <QChart>
#include <QDateTime>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QPainter>
#include <QTextDocument>

#include <memory>

namespace cutlab::ui {
namespace {

bool needProfile(const Document& document, QString* error) {
    if (document.hasProfile() && document.model())
        return true;
    if (error)
        *error = QStringLiteral("Open a profile first.");
    return false;
}

QString csvField(const QString& text) {
    if (!text.contains(',') && !text.contains('"') && !text.contains('\n'))
        return text;
    QString quoted = text;
    quoted.replace('"', QStringLiteral("\"\""));
    return '"' + quoted + '"';
}

QString plainNumber(double value) {
    return QString::number(value, 'g', 12);
}

} // namespace

bool DocumentExporter::writePlanJson(const Document& document, const QString& path,
                                     QString* error) {
    if (!needProfile(document, error))
        return false;
    if (!document.evaluationError().isEmpty()) {
        if (error)
            *error = QStringLiteral("The current plan cannot be evaluated: %1")
                         .arg(document.evaluationError());
        return false;
    }
    core::RankedPlan plan;
    plan.segments = document.placement().segments(document.layerCount());
    plan.evaluation = document.evaluation();
    auto json = core::inferencePlansToJson(*document.model(), {plan}, "manual");
    json["profile"] = document.filePath().toStdString();
    const std::string text = json.dump(2) + "\n";
    return ImageExporter::saveAtomically(path, QByteArray::fromStdString(text), error);
}

bool DocumentExporter::writeLayerCsv(const Document& document, const QString& path,
                                     QString* error) {
    if (!needProfile(document, error))
        return false;
    const core::Profile& profile = document.profile();
    QStringList header{"position",        "id",           "type",        "block", "tier",
                       "valid_cut_after", "output_bytes", "param_bytes", "flops"};
    for (const auto& machine : profile.machines)
        header << QStringLiteral("forward_ms_%1").arg(QString::fromStdString(machine.id));
    QString text;
    QStringList headerFields;
    for (const QString& h : header)
        headerFields << csvField(h);
    text += headerFields.join(',') + '\n';
    const auto& structure = document.structure();
    for (int i = 0; i < document.layerCount(); ++i) {
        const auto& layer = profile.layers[static_cast<std::size_t>(i)];
        QStringList row{QString::number(i),
                        csvField(QString::fromStdString(layer.id)),
                        csvField(QString::fromStdString(layer.type)),
                        QString::number(structure.blockOfLayer[static_cast<std::size_t>(i)] + 1),
                        QString::fromStdString(core::tierName(document.tierOfLayer(i))),
                        structure.isValidCutAfter(i) ? "yes" : "no",
                        plainNumber(layer.outputBytes),
                        plainNumber(layer.paramBytes),
                        plainNumber(layer.flops)};
        for (std::size_t m = 0; m < profile.machines.size(); ++m)
            row << plainNumber(profile.forwardPerSample(i, static_cast<int>(m)));
        text += row.join(',') + '\n';
    }
    return ImageExporter::saveAtomically(path, text.toUtf8(), error);
}

bool DocumentExporter::writeGraph(QGraphicsScene* scene, const QString& path, QString* error) {
    const QRectF source = scene->itemsBoundingRect().adjusted(-20, -20, 20, 20);
    if (source.isEmpty()) {
        if (error)
            *error = QStringLiteral("The graph is empty: open a profile first.");
        return false;
    }
    // very long graphs: keep the file reasonable (PNG is drawn at 2x)
    const double scale = std::min(1.0, 12000.0 / std::max(source.width(), source.height()));
    const QSizeF size = source.size() * scale;
    const QBrush background = scene->backgroundBrush();
    scene->setBackgroundBrush(Qt::white);
    const QList<QGraphicsItem*> selected = scene->selectedItems();
    for (auto* item : selected)
        item->setSelected(false);
    const bool ok = ImageExporter::write(
        path, size,
        [&](QPainter& painter, const QRectF& target) { scene->render(&painter, target, source); },
        error, QStringLiteral("CutLab layer graph"));
    for (auto* item : selected)
        item->setSelected(true);
    scene->setBackgroundBrush(background);
    return ok;
}

void DocumentExporter::paintChart(QPainter& painter, QChart* chart, const QRectF& target) {
    QGraphicsScene scene;
    ChartStyle::apply(chart, false);
    scene.addItem(chart);
    chart->setGeometry(QRectF(QPointF(0, 0), target.size()));
    scene.setSceneRect(QRectF(QPointF(0, 0), target.size()));
    scene.render(&painter, target, scene.sceneRect());
    scene.removeItem(chart);
}

bool DocumentExporter::writeReport(const Document& document, QGraphicsScene* scene,
                                   const ChartsPanel& charts, const QString& path, QString* error) {
    if (!needProfile(document, error))
        return false;
    if (QFileInfo(path).suffix().toLower() != "pdf") {
        if (error)
            *error = QStringLiteral("%1: the report is a PDF; choose a .pdf file name").arg(path);
        return false;
    }
    const QSizeF page(842, 595); // A4 landscape, points
    std::unique_ptr<QChart> breakdown(charts.buildChart(ChartsPanel::Breakdown));
    std::unique_ptr<QChart> layers(charts.buildChart(ChartsPanel::Layers));
    const QRectF graphSource = scene->itemsBoundingRect().adjusted(-10, -10, 10, 10);
    const QBrush background = scene->backgroundBrush();
    scene->setBackgroundBrush(Qt::white);
    const core::Profile& profile = document.profile();
    const bool ok = ImageExporter::write(
        path, page,
        [&](QPainter& painter, const QRectF&) {
            const double margin = 24;
            QFont title = painter.font();
            title.setPointSizeF(15);
            title.setBold(true);
            painter.setFont(title);
            painter.setPen(Qt::black);
            painter.drawText(QRectF(margin, margin - 6, page.width() - 2 * margin, 24),
                             Qt::AlignLeft | Qt::AlignVCenter,
                             QStringLiteral("CutLab plan — %1 on %2")
                                 .arg(QString::fromStdString(profile.model.name),
                                      QString::fromStdString(document.network().name)));
            QFont small = painter.font();
            small.setPointSizeF(7.5);
            small.setBold(false);
            painter.setFont(small);
            painter.drawText(
                QRectF(margin, margin - 6, page.width() - 2 * margin, 24),
                Qt::AlignRight | Qt::AlignVCenter,
                QStringLiteral("%1 · %2").arg(QFileInfo(document.filePath()).fileName(),
                                              QDateTime::currentDateTime().toString(Qt::ISODate)));
            // graph strip
            const QRectF graphRect(margin, margin + 24, page.width() - 2 * margin, 150);
            painter.setPen(QColor(0xcc, 0xcc, 0xcc));
            painter.drawRect(graphRect);
            QRectF source = graphSource;
            const double aspect = graphRect.width() / graphRect.height();
            if (source.width() / source.height() >
                aspect * 4) // long chain: show its first part legibly
                source.setWidth(source.height() * aspect);
            QRectF target = graphRect.adjusted(2, 2, -2, -2);
            scene->render(&painter, target, source, Qt::KeepAspectRatio);
            // charts
            const double chartTop = graphRect.bottom() + 8;
            const double chartWidth = (page.width() - 2 * margin - 10) / 2;
            paintChart(painter, breakdown.get(), QRectF(margin, chartTop, chartWidth, 200));
            paintChart(painter, layers.get(),
                       QRectF(margin + chartWidth + 10, chartTop, chartWidth, 200));
            // explain text + stages
            QTextDocument text;
            QFont textFont = painter.font();
            textFont.setPointSizeF(7.5);
            text.setDefaultFont(textFont);
            QString html = ExplainText::html(*document.model(), document.evaluation());
            html +=
                QStringLiteral("<table border='0' cellspacing='0' cellpadding='2'><tr><th "
                               "align='left'>tier</th><th align='left'>machine</th>"
                               "<th align='left'>layers</th><th align='right'>compute</th></tr>");
            for (const auto& stage : document.evaluation().stages)
                html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3 … %4 (%5)</td><td "
                                       "align='right'>%6</td></tr>")
                            .arg(QString::fromStdString(core::tierName(stage.tier)),
                                 QString::fromStdString(
                                     profile.machines[static_cast<std::size_t>(stage.machine)].id)
                                     .toHtmlEscaped(),
                                 QString::fromStdString(
                                     profile.layers[static_cast<std::size_t>(stage.begin)].id)
                                     .toHtmlEscaped(),
                                 QString::fromStdString(
                                     profile.layers[static_cast<std::size_t>(stage.end - 1)].id)
                                     .toHtmlEscaped())
                            .arg(stage.end - stage.begin)
                            .arg(Format::ms(stage.computeMs));
            html += QStringLiteral("</table>");
            if (!document.evaluationError().isEmpty())
                html = document.evaluationError().toHtmlEscaped();
            text.setHtml(html);
            const double textTop = chartTop + 208;
            text.setTextWidth(page.width() - 2 * margin);
            painter.save();
            painter.translate(margin, textTop);
            const QRectF clip(0, 0, page.width() - 2 * margin,
                              page.height() - textTop - margin / 2);
            text.drawContents(&painter, clip);
            painter.restore();
        },
        error, QStringLiteral("CutLab report"));
    scene->setBackgroundBrush(background);
    return ok;
}

} // namespace cutlab::ui
