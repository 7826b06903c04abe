#include "ui/charts/ReportPage.h"

#include "ui/charts/ChartStyle.h"
#include "ui/charts/Format.h"
#include "ui/charts/ImageExporter.h"
#include "ui/charts/LayerChartBuilder.h"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QBarSet>
#include <QBuffer>
#include <QChart>
#include <QDateTime>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QLegend>
#include <QPageSize>
#include <QPainter>
#include <QXYSeries>

#include <algorithm>
#include <memory>

namespace cutlab::ui {
namespace {

QFont pixelFont(int pixels, bool bold = false) {
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPixelSize(pixels); // the PDF is drawn at 72 dpi: one pixel is one point
    font.setBold(bold);
    return font;
}

core::Tier tierOf(const core::TierPlacement& placement, int layer) {
    if (layer < placement.deviceEnd)
        return core::Tier::Device;
    if (layer < placement.edgeEnd)
        return core::Tier::Edge;
    return core::Tier::Cloud;
}

QString layerId(const core::Profile& profile, int layer) {
    return QString::fromStdString(profile.layers[static_cast<std::size_t>(layer)].id);
}

QString machineId(const core::Profile& profile, int machine) {
    if (machine < 0 || machine >= static_cast<int>(profile.machines.size()))
        return QStringLiteral("—");
    return QString::fromStdString(profile.machines[static_cast<std::size_t>(machine)].id);
}

struct Cell {
    QString label;
    core::Tier tier;
};

struct PlacedCell {
    QRectF rect;
    int index;
    bool cutBefore;
};

// Lays the cells out left to right in rows of `width`; empty when they need more than `height`.
std::vector<PlacedCell> flow(const std::vector<Cell>& cells, const QFontMetricsF& metrics,
                             double width, double height, double rowHeight) {
    std::vector<PlacedCell> placed;
    const double gap = 2.5, cutGap = 9;
    double x = 0, y = 0;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const bool cut = i > 0 && cells[i].tier != cells[i - 1].tier;
        const double w = metrics.horizontalAdvance(cells[i].label) + 6;
        double left = x + (i == 0 ? 0 : (cut ? cutGap : gap));
        if (left + w > width && x > 0) {
            y += rowHeight;
            left = cut ? cutGap : 0;
        }
        if (y + rowHeight > height + 0.01 || w > width)
            return {};
        placed.push_back({QRectF(left, y, w, rowHeight - 3), static_cast<int>(i), cut});
        x = left + w;
    }
    return placed;
}

// The model's cells: one per layer, or one per block for a long model, with its tier.
std::vector<Cell> modelCells(const ReportContent& content) {
    const core::Profile& profile = *content.profile;
    const int n = static_cast<int>(profile.layers.size());
    std::vector<Cell> cells;
    if (n <= ReportPage::kMaxLayerCells || !content.structure) {
        for (int i = 0; i < n; ++i)
            cells.push_back({layerId(profile, i), tierOf(content.placement, i)});
    } else {
        const auto& blocks = content.structure->blocks;
        for (std::size_t b = 0; b < blocks.size(); ++b)
            cells.push_back({QStringLiteral("Block %1").arg(b + 1),
                             tierOf(content.placement, blocks[b].first)});
    }
    return cells;
}

// A red bar is drawn where two neighbouring cells run on different tiers.
bool drawsACut(const std::vector<Cell>& cells) {
    for (std::size_t i = 1; i < cells.size(); ++i)
        if (cells[i].tier != cells[i - 1].tier)
            return true;
    return false;
}

// The model as labelled cells filled with their tier's colour, a red bar at each cut. Returns
// the height used.
double drawModelStrip(QPainter& painter, const ReportContent& content, const QRectF& area) {
    const std::vector<Cell> cells = modelCells(content);
    std::vector<PlacedCell> placed;
    int pixels = 9;
    for (; pixels >= 4; --pixels) {
        const QFontMetricsF metrics(pixelFont(pixels), painter.device());
        placed = flow(cells, metrics, area.width(), area.height(), pixels * 1.9 + 3);
        if (!placed.empty() || cells.empty())
            break;
    }
    if (placed.empty() && !cells.empty()) { // too many even at the smallest size: say so
        painter.setFont(pixelFont(8));
        painter.drawText(area, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                         QStringLiteral("%1 cells do not fit on one page.").arg(cells.size()));
        return 14;
    }
    painter.setFont(pixelFont(pixels));
    double bottom = 0;
    for (const PlacedCell& cell : placed) {
        const QRectF rect = cell.rect.translated(area.topLeft());
        const core::Tier tier = cells[static_cast<std::size_t>(cell.index)].tier;
        painter.setPen(QPen(Format::tierColor(tier), 0.8));
        painter.setBrush(Format::tierFill(tier));
        painter.drawRect(rect);
        painter.setPen(Qt::black);
        painter.drawText(rect, Qt::AlignCenter, cells[static_cast<std::size_t>(cell.index)].label);
        if (cell.cutBefore) {
            const double x = rect.left() - 4.5;
            painter.setPen(QPen(QColor(0xc0, 0x1b, 0x1b), 2.2));
            painter.drawLine(QPointF(x, rect.top() - 1.5), QPointF(x, rect.bottom() + 1.5));
        }
        bottom = std::max(bottom, cell.rect.bottom());
    }
    painter.setBrush(Qt::NoBrush);
    return bottom + 3;
}

// Rows of text in columns; returns the height used.
double drawTable(QPainter& painter, const QPointF& origin, const std::vector<double>& widths,
                 const std::vector<QStringList>& rows, double rowHeight) {
    double y = origin.y();
    for (std::size_t r = 0; r < rows.size(); ++r) {
        painter.setFont(pixelFont(8, r == 0));
        double x = origin.x();
        for (int c = 0; c < rows[r].size() && c < static_cast<int>(widths.size()); ++c) {
            painter.drawText(QRectF(x, y, widths[static_cast<std::size_t>(c)] - 4, rowHeight),
                             Qt::AlignLeft | Qt::AlignVCenter, rows[r][c]);
            x += widths[static_cast<std::size_t>(c)];
        }
        y += rowHeight;
    }
    return y - origin.y();
}

void drawChart(QPainter& painter, QChart* chart, const QRectF& target) {
    QGraphicsScene scene; // takes the chart for the drawing, gives it back below
    ChartStyle::apply(chart, false);
    ReportPage::styleForPrint(chart);
    scene.addItem(chart);
    chart->setGeometry(QRectF(QPointF(0, 0), target.size()));
    scene.setSceneRect(QRectF(QPointF(0, 0), target.size()));
    scene.render(&painter, target, scene.sceneRect());
    scene.removeItem(chart);
}

} // namespace

QSizeF ReportPage::pageSize(Paper paper) {
    return paper == Paper::Letter ? QSizeF(792, 612) : QSizeF(842, 595);
}

bool ReportPage::parsePaper(const QString& text, Paper* paper) {
    const QString lower = text.toLower();
    if (lower == QStringLiteral("a4"))
        *paper = Paper::A4;
    else if (lower == QStringLiteral("letter"))
        *paper = Paper::Letter;
    else
        return false;
    return true;
}

void ReportPage::styleForPrint(QChart* chart) {
    chart->setTitleFont(pixelFont(9, true));
    chart->legend()->hide();
    chart->setMargins(QMargins(2, 2, 2, 2));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsFont(pixelFont(7));
        axis->setTitleFont(pixelFont(8));
    }
}

double ReportPage::drawLegend(QPainter& painter, QChart* chart, const QRectF& rect) {
    struct Entry {
        QString name;
        QColor color;
        Qt::PenStyle style; // Qt::NoPen: a filled box
    };
    std::vector<Entry> entries;
    for (QAbstractSeries* series : chart->series()) {
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(series)) {
            for (QBarSet* set : bars->barSets())
                entries.push_back({set->label(), set->color(), Qt::NoPen});
        } else if (auto* xy = qobject_cast<QXYSeries*>(series)) {
            if (!xy->name().isEmpty())
                entries.push_back(
                    {xy->name(),
                     series->type() == QAbstractSeries::SeriesTypeScatter ? xy->color()
                                                                          : xy->pen().color(),
                     series->type() == QAbstractSeries::SeriesTypeScatter ? Qt::NoPen
                                                                          : xy->pen().style()});
        }
    }
    const QFont font = pixelFont(8);
    painter.setFont(font);
    const QFontMetricsF metrics(font, painter.device());
    const double rowHeight = 11, swatch = 14;
    double x = rect.left(), y = rect.top();
    for (const Entry& entry : entries) {
        const double w = swatch + 3 + metrics.horizontalAdvance(entry.name) + 10;
        if (x + w > rect.right() && x > rect.left()) {
            x = rect.left();
            y += rowHeight;
        }
        const double mid = y + rowHeight / 2;
        if (entry.style == Qt::NoPen) {
            painter.fillRect(QRectF(x, mid - 3.5, swatch, 7), entry.color);
        } else {
            painter.setPen(QPen(entry.color, 1.8, entry.style));
            painter.drawLine(QPointF(x, mid), QPointF(x + swatch, mid));
        }
        painter.setPen(Qt::black);
        painter.drawText(QRectF(x + swatch + 3, y, w, rowHeight), Qt::AlignLeft | Qt::AlignVCenter,
                         entry.name);
        x += w;
    }
    return y + rowHeight - rect.top();
}

namespace {

// The title, source and date, then the plan's totals; returns where the next line starts.
double paintHeader(QPainter& painter, const ReportContent& content, double margin, double width) {
    const QString modelName = QString::fromStdString(content.profile->model.name);
    const QString networkName = QString::fromStdString(content.network.name);
    painter.setPen(Qt::black);
    // header
    painter.setFont(pixelFont(15, true));
    painter.drawText(QRectF(margin, margin, width, 20), Qt::AlignLeft | Qt::AlignVCenter,
                     QStringLiteral("CutLab report — %1 on %2").arg(modelName, networkName));
    painter.setFont(pixelFont(7));
    painter.drawText(
        QRectF(margin, margin, width, 20), Qt::AlignRight | Qt::AlignVCenter,
        QStringLiteral("%1 · %2").arg(content.source, QDateTime::currentDateTime().toString(
                                                          QStringLiteral("yyyy-MM-dd HH:mm"))));
    // the plan's totals
    double y = margin + 24;
    painter.setFont(pixelFont(9));
    const QString totals =
        content.evaluationError.isEmpty()
            ? QStringLiteral("%1: total latency %2  ·  compute %3  ·  transfer %4  ·  %5 sent")
                  .arg(content.planLabel, Format::ms(content.evaluation.totalMs),
                       Format::ms(content.evaluation.computeMs),
                       Format::ms(content.evaluation.transferMs),
                       Format::bytes(content.evaluation.transferBytes))
            : QStringLiteral("%1: %2").arg(content.planLabel, content.evaluationError);
    painter.drawText(QRectF(margin, y, width, 13), Qt::AlignLeft | Qt::AlignVCenter, totals);
    y += 16;
    return y;
}

// The model's line (layers, blocks, what runs where) and its strip with the cuts.
double paintModelSummary(QPainter& painter, const ReportContent& content, double margin,
                         double width, double y) {
    const core::Profile& profile = *content.profile;
    const QString modelName = QString::fromStdString(profile.model.name);
    // the model with its cuts
    const int n = static_cast<int>(profile.layers.size());
    const int blocks = content.structure ? static_cast<int>(content.structure->blocks.size()) : 0;
    QStringList tiers;
    for (core::Tier tier : core::kTiers) {
        const int count = content.placement.layersOn(tier, n);
        if (count > 0)
            tiers << QStringLiteral("%1 %2 layers on %3")
                         .arg(QString::fromStdString(core::tierName(tier)))
                         .arg(count)
                         .arg(machineId(profile, content.placement.machine[static_cast<std::size_t>(
                                                     core::tierIndex(tier))]));
    }
    painter.setFont(pixelFont(9, true));
    painter.drawText(
        QRectF(margin, y, width, 12), Qt::AlignLeft | Qt::AlignVCenter,
        QStringLiteral("Model %1 — %2 layers, %3 blocks%4%5  ·  %6")
            .arg(modelName)
            .arg(n)
            .arg(blocks)
            .arg(n > ReportPage::kMaxLayerCells && content.structure
                     ? QStringLiteral(", shown by block")
                     : QString())
            .arg(drawsACut(modelCells(content)) ? QStringLiteral(" (red bars: cuts)") : QString())
            .arg(tiers.join(QStringLiteral(", "))));
    y += 15;
    y += drawModelStrip(painter, content, QRectF(margin, y, width, 150)) + 6;
    return y;
}

double tableHeightOf(const ReportContent& content, double rowHeight) {
    const core::Evaluation& plan = content.evaluation;
    return 13 +
           rowHeight * (1 + static_cast<double>(std::max(plan.stages.size() + plan.transfers.size(),
                                                         content.network.links.size())));
}

// The breakdown and per-layer charts side by side with their legends, in the height the
// tables leave; returns where the tables start.
double paintCharts(QPainter& painter, const ReportContent& content, const QSizeF& page,
                   double margin, double width, double y, double tableHeight) {
    const core::Profile& profile = *content.profile;
    const QString modelName = QString::fromStdString(profile.model.name);
    const QString networkName = QString::fromStdString(content.network.name);
    // the two charts, at the page's size, their legends written out below them; they take the
    // height the tables below leave
    const double gap = 14, chartWidth = (width - gap) / 2;
    const double chartHeight =
        std::clamp(page.height() - margin - y - 36 - tableHeight - 10, 180.0, 400.0);
    std::unique_ptr<QChart> breakdown(BreakdownChartBuilder::build(
        profile, content.breakdown,
        QStringLiteral("Latency breakdown — %1 on %2").arg(modelName, networkName)));
    std::unique_ptr<QChart> layers(LayerChartBuilder::build(
        profile, {content.placement.deviceEnd, content.placement.edgeEnd},
        QStringLiteral("Per-layer forward time and output size — %1").arg(modelName)));
    double legendHeight = 0;
    QChart* charts[2] = {breakdown.get(), layers.get()};
    for (int c = 0; c < 2; ++c) {
        const QRectF target(margin + c * (chartWidth + gap), y, chartWidth, chartHeight);
        drawChart(painter, charts[c], target);
        legendHeight = std::max(
            legendHeight, ReportPage::drawLegend(painter, charts[c],
                                                 QRectF(target.left() + 4, target.bottom() + 2,
                                                        target.width() - 8, 40)));
    }
    y += chartHeight + legendHeight + 10;
    return y;
}

// The plan's stages and transfers on the left, the network's links on the right.
void paintTables(QPainter& painter, const ReportContent& content, double margin, double width,
                 double y, double rowHeight) {
    const core::Profile& profile = *content.profile;
    const core::Evaluation& plan = content.evaluation;
    const QString networkName = QString::fromStdString(content.network.name);
    const double gap = 14;
    // the plan's stages and transfers, the network
    painter.setPen(Qt::black);
    std::vector<QStringList> stages{{QStringLiteral("tier"), QStringLiteral("machine"),
                                     QStringLiteral("layers"), QStringLiteral("compute")}};
    for (const auto& stage : plan.stages)
        stages.push_back({QString::fromStdString(core::tierName(stage.tier)),
                          machineId(profile, stage.machine),
                          QStringLiteral("%1 to %2 (%3)")
                              .arg(layerId(profile, stage.begin), layerId(profile, stage.end - 1))
                              .arg(stage.end - stage.begin),
                          Format::ms(stage.computeMs)});
    for (const auto& transfer : plan.transfers)
        stages.push_back(
            {QStringLiteral("transfer"),
             QStringLiteral("%1 → %2").arg(machineId(profile, transfer.from),
                                           machineId(profile, transfer.to)),
             transfer.afterLayer < 0
                 ? QStringLiteral("input, %1").arg(Format::bytes(transfer.bytes))
                 : QStringLiteral("after %1, %2")
                       .arg(layerId(profile, transfer.afterLayer), Format::bytes(transfer.bytes)),
             Format::ms(transfer.ms)});
    const double half = (width - gap) / 2;
    painter.setFont(pixelFont(9, true));
    painter.drawText(QRectF(margin, y, half, 12), Qt::AlignLeft | Qt::AlignVCenter,
                     QStringLiteral("Plan — %1").arg(content.planLabel));
    drawTable(painter, QPointF(margin, y + 13),
              {half * 0.16, half * 0.24, half * 0.42, half * 0.18}, stages, rowHeight);
    std::vector<QStringList> links{
        {QStringLiteral("link"), QStringLiteral("bandwidth"), QStringLiteral("latency")}};
    for (const auto& link : content.network.links)
        links.push_back({QStringLiteral("%1 ↔ %2").arg(QString::fromStdString(link.from),
                                                       QString::fromStdString(link.to)),
                         Format::mbps(link.bandwidthMbps), Format::ms(link.latencyMs)});
    const double right = margin + half + gap;
    painter.setFont(pixelFont(9, true));
    painter.drawText(QRectF(right, y, half, 12), Qt::AlignLeft | Qt::AlignVCenter,
                     QStringLiteral("Network %1").arg(networkName));
    drawTable(painter, QPointF(right, y + 13), {half * 0.5, half * 0.25, half * 0.25}, links,
              rowHeight);
}

} // namespace

void ReportPage::paint(QPainter& painter, const ReportContent& content, const QSizeF& page) {
    const double margin = 22, width = page.width() - 2 * margin;
    const double rowHeight = 10.5;
    double y = paintHeader(painter, content, margin, width);
    y = paintModelSummary(painter, content, margin, width, y);
    y = paintCharts(painter, content, page, margin, width, y, tableHeightOf(content, rowHeight));
    paintTables(painter, content, margin, width, y, rowHeight);
}

bool ReportPage::write(const ReportContent& content, const QString& path, Paper paper,
                       QString* error) {
    if (!content.profile) {
        if (error)
            *error = QStringLiteral("Open a profile first.");
        return false;
    }
    const QSizeF page = pageSize(paper);
    std::vector<ImageExporter::PaintFunction> pages{
        [&](QPainter& painter, const QRectF&) { paint(painter, content, page); }};
    for (const auto& extra : content.extraPages)
        pages.push_back([&extra, page](QPainter& painter, const QRectF&) { extra(painter, page); });
    const QByteArray pdf =
        ImageExporter::renderPdf(page, pages,
                                 QStringLiteral("CutLab report — %1")
                                     .arg(QString::fromStdString(content.profile->model.name)));
    return ImageExporter::saveAtomically(path, pdf, error);
}

} // namespace cutlab::ui
