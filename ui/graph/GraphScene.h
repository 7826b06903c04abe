#pragma once

#include "ui/graph/GraphInteraction.h"
#include "ui/graph/GraphLayout.h"

#include "core/model/BlockScopes.h"
#include "ui/document/Document.h"

#include <QGraphicsScene>

#include <optional>
#include <set>
#include <utility>

#include <vector>

namespace cutlab::ui {

class BlockFrameItem;
class JobRunner;
class CutMarkerItem;
class LayerItem;
class SummaryItem;

// The layer graph of the open document: builds the items from the layout, keeps their tier
// colours and the two cut handles in step with the document, and turns handle drags into
// document changes (live while dragging, one undo step on release).
// A model of up to kSliceLayers layers is laid out and built at once. A larger one is laid out on
// a worker and then built in slices, each started by a timer so that the window's own events
// (input, painting, other timers) run between them: the first of kFirstSliceLayers, then sized
// from the last one's time to take about kSliceBudgetMs (branching blocks and skip edges make a
// layer cost more than in a chain). The scene keeps a spatial index at any size, so painting or
// hovering visits only the items on screen: each slice indexes its own items within its budget,
// and a sliced model's index depth is fixed up front (bspTreeDepthFor), as a depth that grows
// with the item count re-indexes every item at once.
class GraphScene : public QGraphicsScene, public GraphInteraction {
    Q_OBJECT
  public:
    explicit GraphScene(Document* document, QObject* parent = nullptr);

    static constexpr int kSliceLayers = 2000;
    static constexpr int kFirstSliceLayers = 500;
    static constexpr double kSliceBudgetMs = 20;
    static constexpr int kMaxBspDepth = 14;
    // The spatial index depth for a model of `layers` layers: 0 (Qt's choice) when it is built
    // at once, else fixed from the size, 10..kMaxBspDepth.
    static int bspTreeDepthFor(int layers);

    const GraphLayout& graphLayout() const { return m_layout; }
    // The area the graph covers (known as soon as the layout is, before every item exists).
    QRectF graphBounds() const { return m_layout.bounds; }
    // Every item of the current model exists (a large model is still being laid out or built
    // otherwise).
    bool isComplete() const {
        return !m_layoutPending && m_builtLayers >= static_cast<int>(m_layers.size());
    }
    // The layout of a large model is being computed on a worker.
    bool isLayingOut() const { return m_layoutPending; }
    // Finishes the layout and builds the slices still pending at once (exports, tests).
    void completeNow();
    bool topToBottom() const { return m_topToBottom; }
    void setTopToBottom(bool topToBottom);
    void setBlockCollapsed(int block, bool collapsed);
    void setAllBlocksCollapsed(bool collapsed);
    bool isBlockCollapsed(int block) const;

    // Shows the model as about `groups` summary boxes, each a run of consecutive blocks of
    // about equal layer counts (a run of one single-layer block stays a plain node); a
    // transformer's scoped blocks (core/model/BlockScopes.h) are one named box each when they
    // fit in `groups`.
    void summarize(int groups);
    // Shows every layer again.
    void clearSummaries();
    // Shows the layers of one summary (the others stay), then announces summaryOpened.
    void openSummary(int summary);
    bool isSummarized() const { return !m_summaries.empty(); }
    // The group count summarize() was last asked for, while no summary has been opened since.
    int intactSummaryGroups() const { return m_summaryOpened ? -1 : m_summaryGroups; }
    int summaryCount() const { return static_cast<int>(m_summaries.size()); }
    SummaryItem* summaryItem(int summary) const;
    // The summary that holds a layer, or -1.
    int summaryOfLayer(int layer) const;
    // Runs of blocks [first, last] for `groups` boxes of about equal layer counts.
    static std::vector<std::pair<int, int>> summaryRanges(const core::ModelStructure& structure,
                                                          int groups);
    void setDark(bool dark);
    // The view's zoom: the cut handles' grips keep a readable size on screen.
    void setViewZoom(double zoom);
    double viewZoom() const { return m_viewZoom; }
    // The graph's area with room for its labels (the scene rectangle adds room for grown cut
    // grips at the ends).
    QRectF contentRect() const { return m_contentRect; }

    // A cut handle is being dragged (its release, recording the undo step, included).
    bool isDraggingCut() const { return m_dragging; }
    CutMarkerItem* marker(CutHandle handle) const { return m_markers[cutHandleIndex(handle)]; }
    LayerItem* layerItem(int layer) const;
    // Marks the layers whose id or type contains the text; returns the first match (-1: none).
    int highlightMatches(const QString& text);

    // GraphInteraction
    const GraphColors& colors() const override { return m_colors; }
    void layerHovered(int layer, bool entered) override;
    void cutDragStarted(CutHandle handle) override;
    void cutDragged(CutHandle handle, int boundary) override;
    void cutDragFinished(CutHandle handle) override;
    void cutStepped(CutHandle handle, int step) override;
    void blockToggled(int block) override;
    void summaryToggled(int summary) override;

  signals:
    void summaryOpening(); // before the scene is rebuilt to open a summary
    // after: the boundaries around the opened layers
    void summaryOpened(int firstBoundary, int lastBoundary);
    void rebuilt();   // the layout is known and the first slice stands
    void completed(); // every slice stands

  private:
    void rebuild();
    // Takes the computed layout: the cut handles, the scene's area and the first slice.
    void placeLayout(GraphLayout layout);
    void buildSlice(int generation);
    void addLayerItems(int from, int to);
    void addBlockFrames(int firstBlock, int from, int to);
    void addEdges(int from, int to);
    void addCutPoints(int firstBlock, int from, int to);
    void addSummary(int summary);
    // "N layers · T ms", T where its layers run now.
    QString summaryDetail(int summary) const;
    // A boundary strictly inside a summary box (it has no cut point of its own).
    bool isInsideSummary(int boundary) const;
    void scheduleSlice(int generation);
    GraphLayout::Options layoutOptions() const;
    void syncState();
    void syncSelection();

    Document* m_document;
    JobRunner* m_jobs;
    GraphLayout m_layout;
    bool m_layoutPending = false; // a worker computes the layout of the current model
    GraphColors m_colors;
    bool m_topToBottom = false;
    std::vector<bool> m_collapsed;
    std::vector<LayerItem*> m_layers;
    std::vector<BlockFrameItem*> m_blocks;
    std::vector<std::pair<int, int>> m_summaries;  // runs of blocks shown as one box each
    std::vector<core::ScopedBlock> m_scopedBlocks; // named runs (their boxes take the name)
    std::vector<SummaryItem*> m_summaryItems;
    int m_summaryGroups = 0;
    bool m_summaryOpened = false;
    int m_sliceLayers = kSliceLayers;           // layers the next slice builds
    int m_builtLayers = 0;                      // layers [0, m_builtLayers) have their items
    int m_buildGeneration = 0;                  // a newer rebuild makes pending slices stale
    std::set<std::pair<int, int>> m_drawnEdges; // (from, to) of visible rectangles, once each
    CutMarkerItem* m_markers[2] = {nullptr, nullptr};
    double m_viewZoom = 1.0;
    QRectF m_contentRect;
    PartitionState m_dragStart;
    bool m_dragging = false;
    std::optional<CutHandle> m_draggingHandle; // its marker places itself while dragged
    bool m_selectingFromDocument = false;
};

} // namespace cutlab::ui
