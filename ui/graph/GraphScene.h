#pragma once

#include "GraphInteraction.h"
#include "GraphLayout.h"

#include "../Document.h"

#include <QGraphicsScene>

#include <vector>

namespace cutlab::ui {

class BlockFrameItem;
class CutMarkerItem;
class LayerItem;

// The layer graph of the open document: builds the items from the layout, keeps their tier
// colours and the two cut handles in step with the document, and turns handle drags into
// document changes (live while dragging, one undo step on release).
class GraphScene : public QGraphicsScene, public GraphInteraction {
    Q_OBJECT
public:
    explicit GraphScene(Document* document, QObject* parent = nullptr);

    const GraphLayout& graphLayout() const { return m_layout; }
    bool topToBottom() const { return m_topToBottom; }
    void setTopToBottom(bool topToBottom);
    void setBlockCollapsed(int block, bool collapsed);
    void setAllBlocksCollapsed(bool collapsed);
    bool isBlockCollapsed(int block) const;
    void setDark(bool dark);

    CutMarkerItem* marker(int handle) const { return m_markers[handle]; }
    LayerItem* layerItem(int layer) const;
    // Marks the layers whose id or type contains the text; returns the first match (-1: none).
    int highlightMatches(const QString& text);

    // GraphInteraction
    const GraphColors& colors() const override { return m_colors; }
    void layerHovered(int layer, bool entered) override;
    void cutDragStarted(int handle) override;
    int cutDragged(int handle, int boundary) override;
    void cutDragFinished(int handle) override;
    void cutStepped(int handle, int step) override;
    void blockToggled(int block) override;

signals:
    void rebuilt();

private:
    void rebuild();
    void syncState();
    void syncSelection();

    Document* m_document;
    GraphLayout m_layout;
    GraphColors m_colors;
    bool m_topToBottom = false;
    std::vector<bool> m_collapsed;
    std::vector<LayerItem*> m_layers;
    std::vector<BlockFrameItem*> m_blocks;
    CutMarkerItem* m_markers[2] = {nullptr, nullptr};
    PartitionState m_dragStart;
    bool m_dragging = false;
    int m_draggingHandle = -1;
    bool m_selectingFromDocument = false;
};

} // namespace cutlab::ui
