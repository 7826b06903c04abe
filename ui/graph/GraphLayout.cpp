#include "ui/graph/GraphLayout.h"

#include <algorithm>

namespace cutlab::ui {
namespace {

constexpr double kColumnGap = 46; // between columns inside a block
constexpr double kBlockGap = 84;  // between blocks: the cut point sits in the middle
constexpr double kRowGap = 26;
constexpr double kFramePad = 12;
constexpr double kFrameHeader = 24;

} // namespace

QRectF GraphLayout::visibleRect(int layer, const core::ModelStructure& structure) const {
    const int block = structure.blockOfLayer[static_cast<std::size_t>(layer)];
    if (blockCollapsed[static_cast<std::size_t>(block)])
        return blockRects[static_cast<std::size_t>(block)];
    return layerRects[static_cast<std::size_t>(layer)];
}

namespace {

// Each layer of the block in the column after its deepest input inside the block (inputs from
// earlier blocks count as column 0); returns the deepest column.
int assignColumns(const core::Profile& profile, const core::Block& block, std::vector<int>& depth) {
    int maxDepth = 0;
    for (int i = block.first; i <= block.last; ++i) {
        int d = 0;
        for (int input : profile.layers[static_cast<std::size_t>(i)].inputs)
            if (input >= block.first)
                d = std::max(d, depth[static_cast<std::size_t>(input)] + 1);
        depth[static_cast<std::size_t>(i)] = d;
        maxDepth = std::max(maxDepth, d);
    }
    return maxDepth;
}

} // namespace

GraphLayout GraphLayout::compute(const core::Profile& profile,
                                 const core::ModelStructure& structure, const Options& options) {
    GraphLayout layout;
    layout.topToBottom = options.topToBottom;
    const bool tb = options.topToBottom;
    const double nodeMain = tb ? kNodeHeight : kNodeWidth;
    const double nodeCross = tb ? kNodeWidth : kNodeHeight;
    const double rowPitch = nodeCross + kRowGap;
    const std::size_t n = profile.layers.size();
    const std::size_t blocks = structure.blocks.size();
    layout.layerRects.assign(n, QRectF());
    layout.blockRects.assign(blocks, QRectF());
    layout.blockFramed.assign(blocks, false);
    layout.blockCollapsed.assign(blocks, false);

    auto rect = [&](double main, double cross, double mainSize, double crossSize) {
        return tb ? QRectF(cross, main, crossSize, mainSize)
                  : QRectF(main, cross, mainSize, crossSize);
    };

    std::vector<int> depth(n, 0);
    double u = kBlockGap;
    double crossMin = -nodeCross / 2, crossMax = nodeCross / 2;
    for (std::size_t b = 0; b < blocks; ++b) {
        layout.boundaryCoordinates.push_back(u - kBlockGap / 2);
        const core::Block block = structure.blocks[b];
        const bool framed = block.last > block.first;
        const bool collapsed = framed && b < options.collapsed.size() && options.collapsed[b];
        layout.blockFramed[b] = framed;
        layout.blockCollapsed[b] = collapsed;
        if (collapsed) {
            const double crossSize = nodeCross + 10;
            layout.blockRects[b] = rect(u, -crossSize / 2, nodeMain + 10, crossSize);
            u += nodeMain + 10 + kBlockGap;
            continue;
        }
        const int maxDepth = assignColumns(profile, block, depth);
        std::vector<int> perColumn(static_cast<std::size_t>(maxDepth) + 1, 0);
        for (int i = block.first; i <= block.last; ++i)
            ++perColumn[static_cast<std::size_t>(depth[static_cast<std::size_t>(i)])];
        std::vector<int> placed(perColumn.size(), 0);
        double blockCrossMin = 1e300, blockCrossMax = -1e300;
        for (int i = block.first; i <= block.last; ++i) {
            const auto d = static_cast<std::size_t>(depth[static_cast<std::size_t>(i)]);
            const int row = placed[d]++;
            const double cross = (row - (perColumn[d] - 1) / 2.0) * rowPitch - nodeCross / 2;
            const double main = u + static_cast<double>(d) * (nodeMain + kColumnGap);
            layout.layerRects[static_cast<std::size_t>(i)] = rect(main, cross, nodeMain, nodeCross);
            blockCrossMin = std::min(blockCrossMin, cross);
            blockCrossMax = std::max(blockCrossMax, cross + nodeCross);
        }
        const double width = (maxDepth + 1) * nodeMain + maxDepth * kColumnGap;
        if (framed) {
            const double header = tb ? 0.0 : kFrameHeader;
            const double mainHeader = tb ? kFrameHeader : 0.0;
            const double top = blockCrossMin - kFramePad - header - kEdgeLane;
            const double bottom = blockCrossMax + kFramePad;
            layout.blockRects[b] = rect(u - kFramePad - mainHeader, top,
                                        width + 2 * kFramePad + mainHeader, bottom - top);
            blockCrossMin = top;
            blockCrossMax = bottom;
        } else {
            layout.blockRects[b] = layout.layerRects[static_cast<std::size_t>(block.first)];
        }
        crossMin = std::min(crossMin, blockCrossMin);
        crossMax = std::max(crossMax, blockCrossMax);
        u += width + kBlockGap;
    }
    layout.boundaryCoordinates.push_back(u - kBlockGap / 2);
    layout.crossMin = crossMin - 36; // room for the cut labels and handle grips
    layout.crossMax = crossMax + 36;
    layout.bounds = rect(0, layout.crossMin - 30, u, layout.crossMax - layout.crossMin + 60);
    return layout;
}

} // namespace cutlab::ui
