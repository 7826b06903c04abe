#include "ui/training/StageMemoryView.h"

#include "ui/charts/Format.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace cutlab::ui {
namespace {

constexpr double kMargin = 10;
constexpr double kNameWidth = 110;     // "1: jetson" left of the bars, at least
constexpr double kMostNameWidth = 220; // "2: nuc-i3-1core ×2 (each)" of a pool plan, at most
constexpr double kLabelWidth = 260;    // "5.1 GiB of 4.0 GiB, 1.1 GiB over" right of them
constexpr double kLegendHeight = 20;
constexpr double kRowHeight = 22;
constexpr double kBarHeight = 14;

} // namespace

StageMemoryView::StageMemoryView(QWidget* parent)
    : QWidget(parent), m_colors(Theme::light().canvas) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setToolTip(QStringLiteral("Each stage's memory at its peak against its machine's capacity "
                              "(the tick); hover over a bar for its parts."));
    hide();
}

void StageMemoryView::setStages(std::vector<StageMemoryBar> stages) {
    m_stages = std::move(stages);
    setFixedHeight(sizeHint().height());
    setVisible(!m_stages.empty());
    update();
}

void StageMemoryView::clear() {
    setStages({});
}

void StageMemoryView::setColors(const CanvasColors& colors) {
    m_colors = colors;
    update();
}

QColor StageMemoryView::partColor(Part part) {
    static const QColor colors[] = {QColor(0x3b, 0x6e, 0xb4), QColor(0x8e, 0x6b, 0xbf),
                                    QColor(0x2a, 0x9d, 0x8f), QColor(0xe9, 0xa8, 0x20),
                                    QColor(0x7f, 0x8c, 0x8d)};
    return colors[part];
}

QString StageMemoryView::partName(Part part) {
    static const char* const names[] = {"weights", "gradients", "optimizer state",
                                        "stashed weights", "activations"};
    return QString::fromLatin1(names[part]);
}

double StageMemoryView::partBytes(const core::StageMemory& memory, Part part) {
    switch (part) {
    case Weights:
        return memory.weights;
    case Gradients:
        return memory.gradients;
    case OptimizerState:
        return memory.optimizerState;
    case StashedWeights:
        return memory.stashedWeights;
    case Activations:
        return memory.activations;
    case PartCount:
        break;
    }
    return 0;
}

QString StageMemoryView::totalText(const StageMemoryBar& stage) {
    const double total = stage.memory.total();
    if (stage.capacityBytes <= 0)
        return QStringLiteral("%1, capacity unknown").arg(Format::binaryBytes(total));
    const QString text =
        QStringLiteral("%1 of %2")
            .arg(Format::binaryBytes(total), Format::binaryBytes(stage.capacityBytes));
    return stage.isOver() ? QStringLiteral("%1, %2 over")
                                .arg(text, Format::binaryBytes(total - stage.capacityBytes))
                          : text;
}

QSize StageMemoryView::sizeHint() const {
    const double height =
        2 * kMargin + kLegendHeight +
        kRowHeight * static_cast<double>(std::max<std::size_t>(1, m_stages.size()));
    return QSize(640, static_cast<int>(height));
}

double StageMemoryView::scaleMax() const {
    double most = 1;
    for (const StageMemoryBar& stage : m_stages)
        most = std::max({most, stage.memory.total(), stage.capacityBytes});
    return most;
}

// Room for the longest stage name, within kNameWidth..kMostNameWidth.
double StageMemoryView::nameWidth() const {
    const QFontMetricsF metrics(font());
    double widest = 0;
    for (const StageMemoryBar& stage : m_stages)
        widest = std::max(widest, metrics.horizontalAdvance(stage.name) + 12);
    return std::clamp(widest, kNameWidth, kMostNameWidth);
}

double StageMemoryView::xOf(double bytes) const {
    const double left = kMargin + nameWidth();
    const double span = std::max(40.0, width() - left - kLabelWidth - kMargin);
    return left + span * bytes / scaleMax();
}

double StageMemoryView::rowTop(int stage) const {
    return kMargin + kLegendHeight + kRowHeight * stage;
}

QRectF StageMemoryView::barRect(int stage) const {
    const double top = rowTop(stage) + (kRowHeight - kBarHeight) / 2;
    const double left = xOf(0);
    const double total = m_stages.at(static_cast<std::size_t>(stage)).memory.total();
    return QRectF(left, top, xOf(total) - left, kBarHeight);
}

double StageMemoryView::capacityX(int stage) const {
    const double capacity = m_stages.at(static_cast<std::size_t>(stage)).capacityBytes;
    return capacity > 0 ? xOf(capacity) : -1;
}

void StageMemoryView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), m_colors.background);
    QFont font = painter.font();
    font.setPointSizeF(8);
    painter.setFont(font);
    paintLegend(painter);
    for (int s = 0; s < static_cast<int>(m_stages.size()); ++s)
        paintStage(painter, s);
}

void StageMemoryView::paintLegend(QPainter& painter) const {
    const QFontMetricsF metrics(painter.font());
    double x = kMargin;
    const double y = kMargin;
    painter.setPen(m_colors.text);
    const QString title = QStringLiteral("Memory at peak:");
    painter.drawText(QPointF(x, y + 12), title);
    x += metrics.horizontalAdvance(title) + 10;
    for (int p = 0; p < PartCount; ++p) {
        const auto part = static_cast<Part>(p);
        painter.fillRect(QRectF(x, y + 3, 10, 10), partColor(part));
        x += 14;
        painter.setPen(m_colors.text);
        painter.drawText(QPointF(x, y + 12), partName(part));
        x += metrics.horizontalAdvance(partName(part)) + 12;
    }
    painter.setPen(QPen(m_colors.text, 2));
    painter.drawLine(QPointF(x, y + 1), QPointF(x, y + 15));
    painter.drawText(QPointF(x + 5, y + 12), QStringLiteral("capacity"));
}

void StageMemoryView::paintStage(QPainter& painter, int stage) const {
    const StageMemoryBar& bar = m_stages[static_cast<std::size_t>(stage)];
    const QRectF whole = barRect(stage);
    const double top = rowTop(stage);
    const QFontMetricsF metrics(painter.font());
    painter.setPen(m_colors.text);
    const double names = nameWidth();
    painter.drawText(QRectF(kMargin, top, names - 8, kRowHeight), Qt::AlignVCenter | Qt::AlignLeft,
                     metrics.elidedText(bar.name, Qt::ElideRight, names - 8));
    double bytes = 0;
    for (int p = 0; p < PartCount; ++p) {
        const double part = partBytes(bar.memory, static_cast<Part>(p));
        const QRectF segment(xOf(bytes), whole.top(), xOf(bytes + part) - xOf(bytes),
                             whole.height());
        painter.fillRect(segment, partColor(static_cast<Part>(p)));
        bytes += part;
    }
    const double capacityX = this->capacityX(stage);
    if (bar.isOver()) { // the excess, framed: over by how much, at a glance
        painter.fillRect(QRectF(capacityX, whole.top(), whole.right() - capacityX, whole.height()),
                         m_colors.error);
        painter.setPen(QPen(m_colors.error, 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(whole.adjusted(-1, -1, 1, 1));
    }
    if (capacityX >= 0) {
        painter.setPen(QPen(m_colors.text, 2));
        painter.drawLine(QPointF(capacityX, top + 1), QPointF(capacityX, top + kRowHeight - 1));
    }
    const double labelX = std::max(whole.right(), capacityX) + 6;
    painter.setPen(bar.isOver() ? m_colors.error : m_colors.text);
    QFont font = painter.font();
    font.setBold(bar.isOver());
    painter.setFont(font);
    painter.drawText(QRectF(labelX, top, width() - labelX - 2, kRowHeight),
                     Qt::AlignVCenter | Qt::AlignLeft, totalText(bar));
    font.setBold(false);
    painter.setFont(font);
}

QString StageMemoryView::describeStage(int stage) const {
    const StageMemoryBar& bar = m_stages[static_cast<std::size_t>(stage)];
    QString text = bar.name + QStringLiteral(": ") + totalText(bar);
    for (int p = 0; p < PartCount; ++p)
        text += QStringLiteral("\n%1: %2")
                    .arg(partName(static_cast<Part>(p)),
                         Format::binaryBytes(partBytes(bar.memory, static_cast<Part>(p))));
    text += QStringLiteral("\nmicro-batches in flight: %1").arg(bar.memory.inFlight);
    return text;
}

bool StageMemoryView::event(QEvent* event) {
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    const auto* help = static_cast<QHelpEvent*>(event);
    for (int s = 0; s < static_cast<int>(m_stages.size()); ++s)
        if (help->pos().y() >= rowTop(s) && help->pos().y() < rowTop(s) + kRowHeight) {
            QToolTip::showText(help->globalPos(), describeStage(s), this);
            return true;
        }
    return QWidget::event(event); // the widget's own tooltip
}

} // namespace cutlab::ui
