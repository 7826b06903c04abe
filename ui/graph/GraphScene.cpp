#include "ui/graph/GraphScene.h"

#include "ui/charts/Format.h"
#include "ui/charts/Theme.h"
#include "ui/graph/BlockFrameItem.h"
#include "ui/graph/CutMarkerItem.h"
#include "ui/graph/CutPointItem.h"
#include "ui/graph/EdgeItem.h"
#include "ui/graph/LayerItem.h"
#include "ui/graph/SummaryItem.h"
#include "ui/jobs/JobRunner.h"

#include <QElapsedTimer>
#include <QRegularExpression>
#include <QTimer>

#include <cmath>
#include <map>
#include <set>

namespace cutlab::ui {

GraphScene::GraphScene(Document* document, QObject* parent)
    : QGraphicsScene(parent), m_document(document), m_jobs(new JobRunner(1, this)) {
    setDark(false);
    connect(m_document, &Document::profileChanged, this, [this] {
        m_collapsed.assign(static_cast<std::size_t>(m_document->blockCount()), false);
        m_summaries.clear();
        m_summaryGroups = 0;
        rebuild();
    });
    connect(m_document, &Document::stateChanged, this, &GraphScene::syncState);
    connect(m_document, &Document::selectedLayerChanged, this, &GraphScene::syncSelection);
    connect(this, &QGraphicsScene::selectionChanged, this, [this] {
        if (m_selectingFromDocument)
            return;
        for (QGraphicsItem* item : selectedItems())
            if (item->type() == LayerItem::Type) {
                m_document->setSelectedLayer(static_cast<LayerItem*>(item)->layer());
                return;
            }
    });
    if (m_document->hasProfile()) {
        m_collapsed.assign(static_cast<std::size_t>(m_document->blockCount()), false);
        rebuild();
    }
}

void GraphScene::setViewZoom(double zoom) {
    m_viewZoom = zoom;
    for (CutMarkerItem* marker : m_markers)
        if (marker)
            marker->setGripScale(CutMarkerItem::gripScaleForZoom(zoom));
}

void GraphScene::setDark(bool dark) {
    m_colors = Theme::of(dark).graph;
    setBackgroundBrush(m_colors.background);
    update();
}

LayerItem* GraphScene::layerItem(int layer) const {
    if (layer < 0 || layer >= static_cast<int>(m_layers.size()))
        return nullptr;
    return m_layers[static_cast<std::size_t>(layer)];
}

bool GraphScene::isBlockCollapsed(int block) const {
    return block >= 0 && block < static_cast<int>(m_collapsed.size()) &&
           m_collapsed[static_cast<std::size_t>(block)];
}

void GraphScene::setTopToBottom(bool topToBottom) {
    if (topToBottom == m_topToBottom)
        return;
    m_topToBottom = topToBottom;
    rebuild();
}

void GraphScene::setBlockCollapsed(int block, bool collapsed) {
    if (block < 0 || block >= static_cast<int>(m_collapsed.size()) ||
        m_collapsed[static_cast<std::size_t>(block)] == collapsed)
        return;
    m_collapsed[static_cast<std::size_t>(block)] = collapsed;
    rebuild();
}

void GraphScene::setAllBlocksCollapsed(bool collapsed) {
    m_collapsed.assign(m_collapsed.size(), collapsed);
    rebuild();
}

GraphLayout::Options GraphScene::layoutOptions() const {
    GraphLayout::Options options;
    options.topToBottom = m_topToBottom;
    options.collapsed = m_collapsed;
    options.summaries = m_summaries;
    return options;
}

std::vector<std::pair<int, int>> GraphScene::summaryRanges(const core::ModelStructure& structure,
                                                           int groups) {
    const int blocks = static_cast<int>(structure.blocks.size());
    if (blocks == 0 || groups < 1)
        return {};
    const double layers = structure.blocks.back().last + 1;
    std::vector<std::pair<int, int>> ranges;
    int start = 0;
    for (int g = 0; g < groups && start < blocks; ++g) {
        // the run ends at the block holding its share's last layer, leaving a block for each
        // run after it
        const double target = layers * (g + 1) / groups;
        int end = start;
        while (end + 1 < blocks &&
               structure.blocks[static_cast<std::size_t>(end)].last + 1 < std::lround(target))
            ++end;
        end = std::max(start, std::min(end, blocks - (groups - g)));
        if (g == groups - 1)
            end = blocks - 1;
        const core::Block& first = structure.blocks[static_cast<std::size_t>(start)];
        if (end > start || first.last > first.first) // one single layer stays a node
            ranges.emplace_back(start, end);
        start = end + 1;
    }
    return ranges;
}

void GraphScene::summarize(int groups) {
    m_summaryGroups = groups;
    m_summaryOpened = false;
    m_summaries.clear();
    m_scopedBlocks.clear();
    if (m_document->hasProfile()) {
        // a transformer's blocks by their names, when they fit; else runs of equal length
        const auto& profile = m_document->profile();
        m_summaries = core::scopedBoxes(profile, m_document->structure(), groups);
        if (m_summaries.empty())
            m_summaries = summaryRanges(m_document->structure(), groups);
        else
            m_scopedBlocks = core::scopedBlocks(profile, m_document->structure());
    }
    rebuild();
}

void GraphScene::clearSummaries() {
    m_summaryGroups = 0;
    m_summaryOpened = false;
    if (m_summaries.empty())
        return;
    m_summaries.clear();
    rebuild();
}

void GraphScene::openSummary(int summary) {
    if (summary < 0 || summary >= summaryCount())
        return;
    const auto [first, last] = m_summaries[static_cast<std::size_t>(summary)];
    m_summaries.erase(m_summaries.begin() + summary);
    m_summaryOpened = true;
    emit summaryOpening();
    rebuild();
    emit summaryOpened(first, last + 1);
}

SummaryItem* GraphScene::summaryItem(int summary) const {
    if (summary < 0 || summary >= static_cast<int>(m_summaryItems.size()))
        return nullptr;
    return m_summaryItems[static_cast<std::size_t>(summary)];
}

int GraphScene::summaryOfLayer(int layer) const {
    if (!m_document->hasProfile() || layer < 0 || layer >= m_document->layerCount())
        return -1;
    const int block = m_document->structure().blockOfLayer[static_cast<std::size_t>(layer)];
    for (std::size_t s = 0; s < m_summaries.size(); ++s)
        if (block >= m_summaries[s].first && block <= m_summaries[s].second)
            return static_cast<int>(s);
    return -1;
}

bool GraphScene::isInsideSummary(int boundary) const {
    for (const auto& [first, last] : m_summaries)
        if (boundary > first && boundary <= last)
            return true;
    return false;
}

int GraphScene::bspTreeDepthFor(int layers) {
    if (layers <= kSliceLayers)
        return 0; // built at once: Qt's own choice
    // about three items per layer (layer, edge, cut point); Qt would take log2 of the count
    return std::clamp(static_cast<int>(std::ceil(std::log2(3.0 * layers))) - 4, 10, kMaxBspDepth);
}

void GraphScene::rebuild() {
    m_dragging = false;
    m_draggingHandle.reset();
    ++m_buildGeneration;
    m_jobs->cancel(0);
    m_layoutPending = false;
    clear();
    m_layout = GraphLayout{};
    m_layers.clear();
    m_blocks.clear();
    m_summaryItems.clear();
    m_drawnEdges.clear();
    m_builtLayers = 0;
    m_markers[0] = m_markers[1] = nullptr;
    if (!m_document->hasProfile()) {
        setItemIndexMethod(QGraphicsScene::BspTreeIndex);
        m_contentRect = QRectF(0, 0, 400, 300);
        setSceneRect(m_contentRect);
        emit rebuilt();
        emit completed();
        return;
    }
    const int n = m_document->layerCount();
    // set while the scene is empty: a depth that Qt picks itself changes as slices arrive, and
    // each change re-indexes every item at once
    setItemIndexMethod(QGraphicsScene::BspTreeIndex);
    setBspTreeDepth(bspTreeDepthFor(n));
    m_sliceLayers = n > kSliceLayers ? kFirstSliceLayers : kSliceLayers;
    if (n <= kSliceLayers) {
        placeLayout(
            GraphLayout::compute(m_document->profile(), m_document->structure(), layoutOptions()));
        return;
    }
    // on a worker, from copies: the document may move on meanwhile (the result is then dropped)
    m_layoutPending = true;
    m_jobs->start(0,
                  [this, profile = m_document->sharedProfile(), structure = m_document->structure(),
                   options = layoutOptions(),
                   generation = m_buildGeneration](const std::atomic<bool>&) -> JobRunner::Apply {
                      auto layout = std::make_shared<GraphLayout>(
                          GraphLayout::compute(*profile, structure, options));
                      return [this, layout, generation] {
                          if (generation == m_buildGeneration && m_layoutPending)
                              placeLayout(std::move(*layout));
                      };
                  });
}

void GraphScene::placeLayout(GraphLayout layout) {
    m_layoutPending = false;
    m_layout = std::move(layout);
    const int n = m_document->layerCount();
    m_layers.assign(static_cast<std::size_t>(n), nullptr);
    m_blocks.assign(m_document->structure().blocks.size(), nullptr);
    m_summaryItems.assign(m_summaries.size(), nullptr);
    for (int h = 0; h < 2; ++h) {
        m_markers[h] =
            new CutMarkerItem(this, static_cast<CutHandle>(h), m_layout.boundaryCoordinates,
                              m_layout.crossMin, m_layout.crossMax, m_topToBottom);
        m_markers[h]->setGripScale(CutMarkerItem::gripScaleForZoom(m_viewZoom));
        addItem(m_markers[h]);
    }
    m_contentRect = m_layout.bounds.adjusted(-40, -40, 40, 40);
    const QSizeF grip = CutMarkerItem::largestGripSize();
    const double mainRoom = grip.width() / 2, crossRoom = grip.height();
    setSceneRect(m_topToBottom
                     ? m_contentRect.adjusted(-crossRoom, -mainRoom, crossRoom, mainRoom)
                     : m_contentRect.adjusted(-mainRoom, -crossRoom, mainRoom, crossRoom));
    buildSlice(m_buildGeneration);
    syncState();
    syncSelection();
    emit rebuilt();
    if (isComplete())
        emit completed();
}

void GraphScene::buildSlice(int generation) {
    if (generation != m_buildGeneration || !m_document->hasProfile() || isComplete())
        return;
    const core::ModelStructure& structure = m_document->structure();
    const int n = static_cast<int>(m_document->profile().layers.size());
    QElapsedTimer sliceTime;
    sliceTime.start();
    const int from = m_builtLayers, to = std::min(n, from + m_sliceLayers);
    const int blocks = static_cast<int>(structure.blocks.size());
    const int firstBlock =
        from < n ? structure.blockOfLayer[static_cast<std::size_t>(from)] : blocks;
    addLayerItems(from, to);
    addBlockFrames(firstBlock, from, to);
    addEdges(from, to);
    addCutPoints(firstBlock, from, to);
    m_builtLayers = to;
    // index this slice's items now, inside its timed budget (a query brings the index up to date)
    items(QRectF(m_layout.bounds.topLeft(), QSizeF(1, 1)));
    // the next slice sized to the budget from this one's pace
    const double spentMs = std::max(1.0, sliceTime.nsecsElapsed() / 1e6);
    // (growing at most twofold: one quick slice of a plain stretch says little of the next one)
    m_sliceLayers = std::clamp(static_cast<int>(m_sliceLayers * kSliceBudgetMs / spentMs), 100,
                               std::min(2 * m_sliceLayers, 4 * kSliceLayers));
    if (const int selected = m_document->selectedLayer(); selected >= from && selected < to)
        syncSelection();
    if (to < n)
        scheduleSlice(generation);
}

void GraphScene::addLayerItems(int from, int to) {
    const core::Profile& profile = m_document->profile();
    for (int i = from; i < to; ++i) {
        const QRectF& rect = m_layout.layerRects[static_cast<std::size_t>(i)];
        if (rect.isNull())
            continue;
        const core::Layer& layer = profile.layers[static_cast<std::size_t>(i)];
        auto* item = new LayerItem(
            this, i, rect, QString::fromStdString(layer.type.empty() ? "Layer" : layer.type),
            QString::fromStdString(layer.id), Format::bytes(layer.outputBytes));
        item->setTier(m_document->tierOfLayer(i));
        addItem(item);
        m_layers[static_cast<std::size_t>(i)] = item;
    }
}

// The frames of the blocks that start in [from, to).
void GraphScene::addBlockFrames(int firstBlock, int from, int to) {
    const core::Profile& profile = m_document->profile();
    const core::ModelStructure& structure = m_document->structure();
    const int blocks = static_cast<int>(structure.blocks.size());
    for (int b = firstBlock; b < blocks && structure.blocks[static_cast<std::size_t>(b)].first < to;
         ++b) {
        if (structure.blocks[static_cast<std::size_t>(b)].first < from)
            continue;
        if (const int summary = m_layout.summaryOfBlock[static_cast<std::size_t>(b)];
            summary >= 0) {
            if (m_summaries[static_cast<std::size_t>(summary)].first == b)
                addSummary(summary);
            continue;
        }
        if (!m_layout.blockFramed[static_cast<std::size_t>(b)])
            continue;
        const core::Block block = structure.blocks[static_cast<std::size_t>(b)];
        const QString title = QStringLiteral("Block %1").arg(b + 1);
        const QString detail =
            QStringLiteral("%1 layers · out %2")
                .arg(block.last - block.first + 1)
                .arg(Format::bytes(
                    profile.layers[static_cast<std::size_t>(block.last)].outputBytes));
        auto* item =
            new BlockFrameItem(this, b, m_layout.blockRects[static_cast<std::size_t>(b)], title,
                               detail, m_layout.blockCollapsed[static_cast<std::size_t>(b)],
                               m_layout.topToBottom ? GraphLayout::kEdgeLane : 0.0);
        item->setTier(m_document->tierOfLayer(block.first));
        addItem(item);
        m_blocks[static_cast<std::size_t>(b)] = item;
    }
}

// The edges into the layers [from, to), once per pair of visible boxes (a collapsed block is
// one box).
void GraphScene::addEdges(int from, int to) {
    const core::Profile& profile = m_document->profile();
    const core::ModelStructure& structure = m_document->structure();
    const int blocks = static_cast<int>(structure.blocks.size());
    auto visibleKey = [&](int layer) {
        const int block = structure.blockOfLayer[static_cast<std::size_t>(layer)];
        if (const int summary = m_layout.summaryOfBlock[static_cast<std::size_t>(block)];
            summary >= 0)
            return -1 - blocks - summary;
        return m_layout.blockCollapsed[static_cast<std::size_t>(block)] ? -1 - block : layer;
    };
    for (int j = from; j < to; ++j)
        for (int i : profile.layers[static_cast<std::size_t>(j)].inputs) {
            const int a = visibleKey(i), b = visibleKey(j);
            if (a == b || !m_drawnEdges.insert({a, b}).second)
                continue;
            addItem(new EdgeItem(this, m_layout.visibleRect(i, structure),
                                 m_layout.visibleRect(j, structure), m_topToBottom));
        }
}

// The cut points at the boundaries that start in [from, to) (and the model's end with the
// last slice).
void GraphScene::addCutPoints(int firstBlock, int from, int to) {
    const core::Profile& profile = m_document->profile();
    const core::ModelStructure& structure = m_document->structure();
    const int n = static_cast<int>(profile.layers.size());
    const int blocks = static_cast<int>(structure.blocks.size());
    for (int b = firstBlock; b <= blocks; ++b) {
        const int position = structure.boundaryLayer(b);
        if (position >= to && !(b == blocks && to == n))
            break;
        if ((position < from && !(b == blocks && from == n)) || isInsideSummary(b))
            continue;
        QString label, tip;
        if (b == blocks) {
            label = QStringLiteral("output");
            tip = QStringLiteral(
                "The end of the model: a handle here leaves the tier after it unused.");
        } else {
            const double bytes = m_document->model()->cutBytes(position);
            label = (b == 0 ? QStringLiteral("input\n") : QString()) + Format::bytes(bytes);
            tip = b == 0 ? QStringLiteral("Before the first layer: the model input (%1) is sent.")
                               .arg(Format::bytes(bytes))
                         : QStringLiteral("Valid cut after '%1': %2 cross it per sample.")
                               .arg(QString::fromStdString(
                                        profile.layers[static_cast<std::size_t>(position - 1)].id),
                                    Format::bytes(bytes));
        }
        addItem(new CutPointItem(this, b, m_layout.boundaryCoordinates[static_cast<std::size_t>(b)],
                                 m_layout.crossMin, m_layout.crossMax, m_topToBottom, label, tip));
    }
}

// "encoder_layer_3"; "encoder_layer_0–5" for a run of scopes that differ in their last number;
// "features.1.0 … features.2.1" otherwise.
static QString scopeRangeTitle(const QString& first, const QString& last) {
    if (first == last)
        return first;
    static const QRegularExpression trailingNumber(QStringLiteral("^(.*?)(\\d+)$"));
    const auto a = trailingNumber.match(first);
    const auto b = trailingNumber.match(last);
    if (a.hasMatch() && b.hasMatch() && a.captured(1) == b.captured(1))
        return QStringLiteral("%1%2–%3").arg(a.captured(1), a.captured(2), b.captured(2));
    return QStringLiteral("%1 … %2").arg(first, last);
}

void GraphScene::addSummary(int summary) {
    const auto [first, last] = m_summaries[static_cast<std::size_t>(summary)];
    const core::ModelStructure& structure = m_document->structure();
    const auto& layers = m_document->profile().layers;
    const int a = structure.blocks[static_cast<std::size_t>(first)].first;
    const int b = structure.blocks[static_cast<std::size_t>(last)].last;
    QString title = a == b ? QStringLiteral("Layer %1").arg(a + 1)
                           : QStringLiteral("Layers %1–%2").arg(a + 1).arg(b + 1);
    // a transformer's blocks by name: "encoder_layer_3", or "encoder_layer_0 … encoder_layer_5"
    QStringList scopes;
    for (const core::ScopedBlock& scoped : m_scopedBlocks)
        if (scoped.firstBlock >= first && scoped.lastBlock <= last)
            scopes << QString::fromStdString(scoped.scope);
    if (!scopes.isEmpty())
        title = scopeRangeTitle(scopes.front(), scopes.back());
    const QString range = QStringLiteral("%1 … %2").arg(
        QString::fromStdString(layers[static_cast<std::size_t>(a)].id),
        QString::fromStdString(layers[static_cast<std::size_t>(b)].id));
    auto* item = new SummaryItem(
        this, summary, m_layout.summaryRects[static_cast<std::size_t>(summary)], title, range);
    item->setDetail(summaryDetail(summary));
    item->setTier(m_document->tierOfLayer(a));
    addItem(item);
    m_summaryItems[static_cast<std::size_t>(summary)] = item;
}

QString GraphScene::summaryDetail(int summary) const {
    const auto [first, last] = m_summaries[static_cast<std::size_t>(summary)];
    const core::ModelStructure& structure = m_document->structure();
    const int begin = structure.blocks[static_cast<std::size_t>(first)].first;
    const int end = structure.blocks[static_cast<std::size_t>(last)].last + 1;
    const core::TierPlacement placement = m_document->placement();
    const int n = m_document->layerCount();
    // each tier's share of [begin, end) on the machine that tier runs
    const int starts[3] = {0, placement.deviceEnd, placement.edgeEnd};
    const int ends[3] = {placement.deviceEnd, placement.edgeEnd, n};
    double ms = 0;
    for (std::size_t t = 0; t < 3; ++t) {
        const int from = std::max(begin, starts[t]), to = std::min(end, ends[t]);
        if (from < to && placement.machine[t] >= 0)
            ms += m_document->model()->computeMs(placement.machine[t], from, to);
    }
    const int count = end - begin;
    return QStringLiteral("%1 %2 · %3")
        .arg(Format::number(count, 0),
             count == 1 ? QStringLiteral("layer") : QStringLiteral("layers"), Format::ms(ms));
}

void GraphScene::scheduleSlice(int generation) {
    // A timer, not a queued call: queued calls and the events Qt posts for the new items (index,
    // repaint) would run back to back, and the window's timers and input would wait for them all.
    QTimer::singleShot(1, this, [this, generation] {
        if (generation != m_buildGeneration || isComplete())
            return; // rebuilt, or completed at once
        buildSlice(generation);
        if (isComplete())
            emit completed();
    });
}

void GraphScene::completeNow() {
    if (isComplete())
        return;
    if (m_layoutPending) {
        m_jobs->cancel(0);
        placeLayout(
            GraphLayout::compute(m_document->profile(), m_document->structure(), layoutOptions()));
        if (isComplete())
            return; // placeLayout announced it
    }
    while (!isComplete())
        buildSlice(m_buildGeneration);
    emit completed();
}

void GraphScene::syncState() {
    if (!m_document->hasProfile() || !m_markers[0])
        return;
    for (LayerItem* item : m_layers)
        if (item)
            item->setTier(m_document->tierOfLayer(item->layer()));
    const auto& blocks = m_document->structure().blocks;
    for (BlockFrameItem* item : m_blocks)
        if (item)
            item->setTier(
                m_document->tierOfLayer(blocks[static_cast<std::size_t>(item->block())].first));
    for (SummaryItem* item : m_summaryItems)
        if (item) {
            const int block = m_summaries[static_cast<std::size_t>(item->summary())].first;
            item->setTier(m_document->tierOfLayer(blocks[static_cast<std::size_t>(block)].first));
            item->setDetail(summaryDetail(item->summary()));
        }
    const PartitionState state = m_document->state();
    // the handle being dragged places itself (its itemChange is running)
    if (m_draggingHandle != CutHandle::DeviceEdge)
        m_markers[0]->setBoundary(state.deviceBoundary);
    if (m_draggingHandle != CutHandle::EdgeCloud)
        m_markers[1]->setBoundary(state.edgeBoundary);
}

void GraphScene::syncSelection() {
    m_selectingFromDocument = true;
    const int selected = m_document->selectedLayer();
    for (QGraphicsItem* item : selectedItems())
        if (item->type() != LayerItem::Type || static_cast<LayerItem*>(item)->layer() != selected)
            item->setSelected(false);
    if (LayerItem* item = layerItem(selected))
        item->setSelected(true);
    m_selectingFromDocument = false;
}

int GraphScene::highlightMatches(const QString& text) {
    int first = -1;
    const QString needle = text.trimmed();
    for (LayerItem* item : m_layers) {
        if (!item)
            continue;
        const auto& layer = m_document->profile().layers[static_cast<std::size_t>(item->layer())];
        const bool match =
            !needle.isEmpty() &&
            (QString::fromStdString(layer.id).contains(needle, Qt::CaseInsensitive) ||
             QString::fromStdString(layer.type).contains(needle, Qt::CaseInsensitive));
        item->setMatched(match);
        if (match && first < 0)
            first = item->layer();
    }
    if (first < 0 && !needle.isEmpty() && m_document->hasProfile()) {
        // the layer may sit inside a collapsed block: search the profile itself
        const auto& layers = m_document->profile().layers;
        for (std::size_t i = 0; i < layers.size(); ++i)
            if (QString::fromStdString(layers[i].id).contains(needle, Qt::CaseInsensitive) ||
                QString::fromStdString(layers[i].type).contains(needle, Qt::CaseInsensitive))
                return static_cast<int>(i);
    }
    return first;
}

void GraphScene::layerHovered(int layer, bool entered) {
    if (entered)
        m_document->setHoveredLayer(layer);
    else if (m_document->hoveredLayer() == layer)
        m_document->setHoveredLayer(-1);
}

void GraphScene::cutDragStarted(CutHandle handle) {
    m_dragStart = m_document->state();
    m_dragging = true;
    m_draggingHandle = handle;
}

void GraphScene::cutDragged(CutHandle handle, int boundary) {
    const auto previous = m_draggingHandle;
    m_draggingHandle = handle;
    m_document->moveCut(handle, boundary); // live: totals and charts follow every frame
    m_draggingHandle = previous;
}

void GraphScene::cutDragFinished(CutHandle handle) {
    m_draggingHandle.reset();
    if (!m_dragging)
        return;
    // still dragging while the step is recorded: listeners know it is no plan being applied
    m_document->commitState(m_dragStart, handle == CutHandle::DeviceEdge
                                             ? QStringLiteral("Drag device|edge cut")
                                             : QStringLiteral("Drag edge|cloud cut"));
    m_dragging = false;
}

void GraphScene::cutStepped(CutHandle handle, int step) {
    m_document->stepCut(handle, step);
}

void GraphScene::summaryToggled(int summary) {
    // the item that reported the click is deleted by the rebuild: do it after the event
    QTimer::singleShot(0, this, [this, summary] { openSummary(summary); });
}

void GraphScene::blockToggled(int block) {
    // the item that reported the click is deleted by the rebuild: do it after the event
    QTimer::singleShot(0, this,
                       [this, block] { setBlockCollapsed(block, !isBlockCollapsed(block)); });
}

} // namespace cutlab::ui
