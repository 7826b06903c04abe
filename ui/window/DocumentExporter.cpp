#include "ui/window/DocumentExporter.h"

#include "ui/charts/ImageExporter.h"
#include "ui/document/Document.h"
#include "ui/graph/GraphScene.h"
#include "ui/panels/ChartsPanel.h"

#include <QFileInfo>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QLocale>
#include <QPainter>
#include <QPrinter>

#include <algorithm>

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

bool DocumentExporter::writeGraph(GraphScene* scene, const QString& path, QString* error) {
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
    // the file shows the cut grips at their natural size, whatever the window's zoom
    const double viewZoom = scene->viewZoom();
    scene->setViewZoom(1.0);
    const bool ok = ImageExporter::write(
        path, size,
        [&](QPainter& painter, const QRectF& target) { scene->render(&painter, target, source); },
        error, QStringLiteral("CutLab layer graph"));
    scene->setViewZoom(viewZoom);
    for (auto* item : selected)
        item->setSelected(true);
    scene->setBackgroundBrush(background);
    return ok;
}

bool DocumentExporter::writeReport(const Document& document, const ChartsPanel& charts,
                                   const QString& path, QString* error, ReportPage::Paper paper,
                                   const Pages& extraPages) {
    if (!needProfile(document, error))
        return false;
    if (QFileInfo(path).suffix().toLower() != "pdf") {
        if (error)
            *error = QStringLiteral("%1: the report is a PDF; choose a .pdf file name").arg(path);
        return false;
    }
    ReportContent content = reportContent(document, charts);
    content.extraPages = extraPages;
    return ReportPage::write(content, path, paper, error);
}

ReportContent DocumentExporter::reportContent(const Document& document, const ChartsPanel& charts) {
    ReportContent content;
    content.profile = &document.profile();
    content.structure = &document.structure();
    content.network = document.network();
    content.placement = document.placement();
    content.evaluation = document.evaluation();
    content.evaluationError = document.evaluationError();
    content.planLabel = QStringLiteral("Current plan");
    content.breakdown = charts.breakdownEntries();
    content.source = QFileInfo(document.filePath()).fileName();
    return content;
}

bool DocumentExporter::printReport(const Document& document, const ChartsPanel& charts,
                                   QPrinter& printer, QString* error, const Pages& extraPages) {
    if (!needProfile(document, error))
        return false;
    printer.setPageOrientation(QPageLayout::Landscape);
    QPainter painter;
    if (!painter.begin(&printer)) {
        if (error)
            *error = QStringLiteral("The printer could not start a page.");
        return false;
    }
    // The page is drawn in points: scale the printer's resolution to 72 per inch.
    const QRectF page = printer.pageRect(QPrinter::Point);
    const double scale = printer.resolution() / 72.0;
    painter.scale(scale, scale);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    ReportPage::paint(painter, reportContent(document, charts), page.size());
    for (const auto& extra : extraPages) {
        printer.newPage();
        extra(painter, page.size());
    }
    return painter.end();
}

ReportPage::Paper DocumentExporter::defaultPaper() {
    return QLocale::system().measurementSystem() == QLocale::ImperialUSSystem
               ? ReportPage::Paper::Letter
               : ReportPage::Paper::A4;
}

} // namespace cutlab::ui
