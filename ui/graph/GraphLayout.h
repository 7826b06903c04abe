#pragma once

#include "core/model/ModelStructure.h"
#include "core/model/Profile.h"

#include <QPointF>
#include <QRectF>

#include <algorithm>
#include <utility>

#include <vector>

namespace cutlab::ui {

// Where every node, block frame and cut point of the layer graph goes. Blocks (the runs between
// valid cuts) form a chain, so they are placed one after another along the main axis; inside a
// branching block each layer goes to the column of its longest path from the block's entry and
// layers of one column are stacked on the cross axis. Nothing overlaps by construction.
class GraphLayout {
  public:
    struct Options {
        bool topToBottom = false;
        std::vector<bool> collapsed; // per block; missing = expanded
        // Runs of blocks [first, last] each drawn as one summary box (Fit on a long model).
        std::vector<std::pair<int, int>> summaries;
    };

    // A summary box's size along the main and the cross axis: room for two readable lines,
    // wider for a model whose layer numbers have more digits ("1,668 layers · 12.3 ms").
    static double summaryWidth(int layers) {
        int digits = 1;
        for (int n = layers; n >= 10; n /= 10)
            ++digits;
        return kNodeWidth * (1.75 + 0.25 * std::max(0, digits - 2));
    }
    static double summaryMain(bool topToBottom, int layers) {
        return topToBottom ? 90 : summaryWidth(layers);
    }
    static double summaryCross(bool topToBottom, int layers) {
        return topToBottom ? summaryWidth(layers) : kNodeHeight + 26;
    }
    // The main-axis distance from one block's start to the next's when each is a summary box.
    static double summaryPitch(bool topToBottom, int layers) {
        return summaryMain(topToBottom, layers) + kBlockGap;
    }
    static constexpr double kBlockGap = 84; // between blocks: the cut point sits in the middle

    static constexpr double kNodeWidth = 156;
    static constexpr double kNodeHeight = 58;
    // Inside a block frame, before its first row of nodes on the cross axis: the lane where edges
    // that jump over a column run (EdgeItem bows into it).
    static constexpr double kEdgeLane = 40;

    std::vector<QRectF> layerRects; // per layer; empty when its block is collapsed
    std::vector<QRectF> blockRects; // per block: frame (expanded) or box (collapsed)
    std::vector<bool> blockFramed;  // multi-layer block: drawn as a framed group
    std::vector<bool> blockCollapsed;
    std::vector<QRectF> summaryRects;        // per summary (Options::summaries order)
    std::vector<int> summaryOfBlock;         // per block: its summary, or -1
    std::vector<double> boundaryCoordinates; // per boundary 0..blocks, on the main axis
    // The main-axis length of the graph with every summary opened (what Fit compares).
    double unsummarizedLength = 0;
    double crossMin = 0;
    double crossMax = 0;
    bool topToBottom = false;
    QRectF bounds;

    // The rectangle that stands for a layer: its own node, its collapsed block's box or its
    // summary box.
    QRectF visibleRect(int layer, const core::ModelStructure& structure) const;
    // Main/cross axis to scene coordinates and back.
    QPointF toScene(double main, double cross) const {
        return topToBottom ? QPointF(cross, main) : QPointF(main, cross);
    }
    double mainOf(const QPointF& point) const { return topToBottom ? point.y() : point.x(); }

    static GraphLayout compute(const core::Profile& profile, const core::ModelStructure& structure,
                               const Options& options);
};

} // namespace cutlab::ui
