#include "ui/training/StageStripView.h"

#include "ui/training/StageBoundaryItem.h"
#include "ui/training/StageCellsItem.h"

#include "ui/scrolling/EdgeAutoScroller.h"

#include "core/model/CutSnapping.h"

#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QMouseEvent>
#include <QResizeEvent>
#include <QScrollBar>

#include <algorithm>
#include <cmath>

namespace cutlab::ui {
namespace {

constexpr double kStripMargin = 10;
constexpr double kLabelHeight = 18;
constexpr double kCellHeight = 26;

} // namespace

StageStripView::StageStripView(QWidget* parent)
    : QGraphicsView(parent), m_colors(Theme::light().canvas) {
    setScene(new QGraphicsScene(this));
    setAlignment(Qt::AlignLeft | Qt::AlignTop);
    setRenderHint(QPainter::Antialiasing);
    setBackgroundBrush(m_colors.background);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // room for the caption under the ticks even when a long model brings the scroll bar
    setFixedHeight(static_cast<int>(kLabelHeight + kCellHeight + 2 * kStripMargin + 22) +
                   horizontalScrollBar()->sizeHint().height());
    setToolTip(QStringLiteral(
        "The pipeline's stages over the layers. Drag a dark handle to move a stage boundary."));
    // a long model: dragging a boundary to the edge scrolls on, as the layer graph does
    m_autoScroller = new EdgeAutoScroller(this, [this] {
        return scene() && dynamic_cast<StageBoundaryItem*>(scene()->mouseGrabberItem());
    });
}

bool StageStripView::isAutoScrolling() const {
    return m_autoScroller->isScrolling();
}

void StageStripView::setPartition(const core::Profile& profile,
                                  const std::vector<int>& stageOfLayer,
                                  const std::vector<int>& allowed, const QStringList& stageNames,
                                  const QString& readOnlyCaption) {
    m_profile = &profile;
    m_stageOfLayer = stageOfLayer;
    m_allowed = allowed;
    m_stageNames = stageNames;
    m_readOnlyCaption = readOnlyCaption;
    m_boundaries.clear();
    m_editable = readOnlyCaption.isEmpty();
    for (std::size_t i = 1; i < stageOfLayer.size(); ++i) {
        if (stageOfLayer[i] == stageOfLayer[i - 1])
            continue;
        if (stageOfLayer[i] != stageOfLayer[i - 1] + 1)
            m_editable = false;
        m_boundaries.push_back(static_cast<int>(i));
    }
    if (!stageOfLayer.empty() && stageOfLayer.front() != 0)
        m_editable = false;
    if (!m_editable)
        m_boundaries.clear();
    rebuild();
}

void StageStripView::clear() {
    m_profile = nullptr;
    m_stageOfLayer.clear();
    m_boundaries.clear();
    rebuild();
}

bool StageStripView::setBoundaries(const std::vector<int>& boundaries) {
    if (!m_editable || boundaries.size() != m_handles.size())
        return false;
    for (std::size_t b = 0; b < boundaries.size(); ++b) {
        if (boundaries[b] <= (b == 0 ? 0 : boundaries[b - 1]) ||
            boundaries[b] >= static_cast<int>(m_stageOfLayer.size()) ||
            std::find(m_allowed.begin(), m_allowed.end(), boundaries[b]) == m_allowed.end())
            return false;
    }
    m_boundaries = boundaries;
    m_rebuilding = true; // the handles' moves below are not the user's
    const double top = kStripMargin + kLabelHeight;
    for (std::size_t b = 0; b < m_handles.size(); ++b) {
        m_handles[b]->setSnap(nullptr);
        m_handles[b]->setPos(xOfPosition(m_boundaries[b]), top);
        m_handles[b]->setSnap(
            [this](int index, const QPointF& wanted) { return snap(index, wanted); });
    }
    m_rebuilding = false;
    recolour();
    return true;
}

void StageStripView::setColors(const CanvasColors& colors) {
    m_colors = colors;
    setBackgroundBrush(m_colors.background);
    rebuild();
}

void StageStripView::setOverStages(const std::vector<bool>& over) {
    if (over == m_over)
        return;
    m_over = over;
    recolour();
}

bool StageStripView::isOver(int stage) const {
    return stage >= 0 && static_cast<std::size_t>(stage) < m_over.size() &&
           m_over[static_cast<std::size_t>(stage)];
}

void StageStripView::mousePressEvent(QMouseEvent* event) {
    m_pressBoundaries = m_boundaries;
    QGraphicsView::mousePressEvent(event);
}

void StageStripView::mouseReleaseEvent(QMouseEvent* event) {
    QGraphicsView::mouseReleaseEvent(event);
    // After the item handled its release: the owner may now rebuild the strip.
    if (event->button() == Qt::LeftButton && m_editable && m_boundaries != m_pressBoundaries &&
        m_pressBoundaries.size() == m_boundaries.size()) {
        const std::vector<int> before = m_pressBoundaries;
        m_pressBoundaries = m_boundaries;
        emit boundariesDragged(before);
    }
}

std::vector<int> StageStripView::stageOfLayer() const {
    if (!m_editable)
        return m_stageOfLayer;
    std::vector<int> stages(m_stageOfLayer.size(), 0);
    for (std::size_t i = 0; i < stages.size(); ++i)
        stages[i] = static_cast<int>(
            std::upper_bound(m_boundaries.begin(), m_boundaries.end(), static_cast<int>(i)) -
            m_boundaries.begin());
    return stages;
}

double StageStripView::xOfPosition(int position) const {
    return kStripMargin + position * m_cellWidth;
}

StageBoundaryItem* StageStripView::handle(int index) const {
    return index >= 0 && index < static_cast<int>(m_handles.size())
               ? m_handles[static_cast<std::size_t>(index)]
               : nullptr;
}

void StageStripView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    if (event->oldSize().width() != event->size().width())
        rebuild();
}

void StageStripView::rebuild() {
    m_rebuilding = true;
    scene()->clear();
    m_cells = nullptr;
    m_handles.clear();
    m_stageLabels.clear();
    const int n = static_cast<int>(m_stageOfLayer.size());
    if (!m_profile || n == 0) {
        scene()->setSceneRect(0, 0, 10, 10);
        m_rebuilding = false;
        return;
    }
    m_cellWidth = std::max(6.0, (viewport()->width() - 2 * kStripMargin) / n);
    const double top = kStripMargin + kLabelHeight;
    // the cells and ticks: one item painting what is exposed (one item per layer took 0.2 s
    // to build for a 50,000-layer model)
    m_cells = new StageCellsItem(*m_profile, m_allowed, kStripMargin, top, m_cellWidth, kCellHeight,
                                 m_colors.background, m_colors.mutedText);
    m_cells->setStages(m_stageOfLayer);
    scene()->addItem(m_cells);
    auto* caption = scene()->addSimpleText(
        m_editable ? QStringLiteral("ticks: where a boundary may go")
        : !m_readOnlyCaption.isEmpty()
            ? m_readOnlyCaption
            : QStringLiteral("stages not contiguous in layer order: not editable"));
    QFont small = caption->font();
    small.setPointSizeF(7.5);
    caption->setFont(small);
    caption->setBrush(m_colors.mutedText);
    caption->setPos(kStripMargin, top + kCellHeight + 8);
    if (m_editable) {
        for (std::size_t b = 0; b < m_boundaries.size(); ++b) {
            auto* item = new StageBoundaryItem(static_cast<int>(b), kCellHeight);
            item->setColors(m_colors.text, m_colors.background);
            item->setPos(xOfPosition(m_boundaries[b]), top);
            item->setSnap([this](int index, const QPointF& wanted) { return snap(index, wanted); });
            item->setMoved([this](int index) { handleMoved(index); });
            scene()->addItem(item);
            m_handles.push_back(item);
        }
    }
    const int stages =
        n == 0 ? 0 : *std::max_element(m_stageOfLayer.begin(), m_stageOfLayer.end()) + 1;
    for (int s = 0; s < stages; ++s) {
        auto* label = scene()->addSimpleText(
            s < m_stageNames.size() ? m_stageNames[s] : QStringLiteral("stage %1").arg(s));
        QFont font = label->font();
        font.setPointSizeF(8);
        label->setFont(font);
        label->setBrush(m_colors.text);
        m_stageLabels.push_back(label);
    }
    scene()->setSceneRect(0, 0, xOfPosition(n) + kStripMargin, top + kCellHeight + 22);
    m_rebuilding = false;
    recolour();
}

void StageStripView::recolour() {
    const std::vector<int> stages = stageOfLayer();
    if (m_cells) {
        m_cells->setOverStages(m_over, m_colors.error);
        m_cells->setStages(stages);
    }
    // Each stage's label above the middle of its first..last layer, elided to its width.
    std::vector<int> firstOf(m_stageLabels.size(), -1), lastOf(m_stageLabels.size(), -1);
    for (std::size_t i = 0; i < stages.size(); ++i) {
        const auto s = static_cast<std::size_t>(stages[i]);
        if (s >= firstOf.size())
            continue;
        if (firstOf[s] < 0)
            firstOf[s] = static_cast<int>(i);
        lastOf[s] = static_cast<int>(i);
    }
    for (std::size_t s = 0; s < m_stageLabels.size(); ++s) {
        const int first = firstOf[s], last = lastOf[s];
        auto* label = m_stageLabels[s];
        if (first < 0) {
            label->setVisible(false);
            continue;
        }
        const QString full = static_cast<int>(s) < m_stageNames.size()
                                 ? m_stageNames[static_cast<int>(s)]
                                 : QStringLiteral("stage %1").arg(s);
        const double width = xOfPosition(last + 1) - xOfPosition(first);
        const QFontMetricsF metrics(label->font());
        label->setText(metrics.elidedText(full, Qt::ElideRight, std::max(width - 4, 10.0)));
        label->setVisible(true);
        label->setBrush(isOver(static_cast<int>(s)) ? m_colors.error : m_colors.text);
        label->setPos(xOfPosition(first) + (width - label->boundingRect().width()) / 2,
                      kStripMargin);
    }
}

QPointF StageStripView::snap(int index, const QPointF& wanted) const {
    const auto b = static_cast<std::size_t>(index);
    const int low = b == 0 ? 0 : m_boundaries[b - 1];
    const int high =
        b + 1 < m_boundaries.size() ? m_boundaries[b + 1] : static_cast<int>(m_stageOfLayer.size());
    std::vector<int> candidates;
    for (int position : m_allowed)
        if (position > low && position < high)
            candidates.push_back(position);
    const double y = kStripMargin + kLabelHeight;
    if (candidates.empty())
        return QPointF(xOfPosition(m_boundaries[b]), y);
    std::vector<double> xs;
    for (int position : candidates)
        xs.push_back(xOfPosition(position));
    const int nearest = core::nearestCutIndex(xs, wanted.x());
    return QPointF(xs[static_cast<std::size_t>(nearest)], y);
}

void StageStripView::handleMoved(int index) {
    if (m_rebuilding)
        return;
    const auto b = static_cast<std::size_t>(index);
    const int position =
        static_cast<int>(std::lround((m_handles[b]->pos().x() - kStripMargin) / m_cellWidth));
    if (position == m_boundaries[b])
        return;
    m_boundaries[b] = position;
    recolour();
    emit boundariesChanged();
}

} // namespace cutlab::ui
