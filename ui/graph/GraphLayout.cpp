#include "ui/graph/GraphLayout.h"

#include <algorithm>

namespace cutlab::ui {
namespace {

constexpr double kColumnGap = 46; // between columns inside a block
constexpr double kBlockGap = GraphLayout::kBlockGap;
constexpr double kRowGap = 26;
constexpr double kFramePad = 12;
constexpr double kFrameHeader = 24;

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

// Places blocks one after another along the main axis, from `u` on.
class LayoutBuilder {
  public:
    LayoutBuilder(const core::Profile& profile, const core::ModelStructure& structure,
                  const GraphLayout::Options& options, GraphLayout& layout)
        : m_profile(profile), m_structure(structure), m_options(options), m_layout(layout),
          m_tb(options.topToBottom),
          m_nodeMain(m_tb ? GraphLayout::kNodeHeight : GraphLayout::kNodeWidth),
          m_nodeCross(m_tb ? GraphLayout::kNodeWidth : GraphLayout::kNodeHeight),
          m_depth(profile.layers.size(), 0) {}

    void run();

  private:
    QRectF rect(double main, double cross, double mainSize, double crossSize) const {
        return m_tb ? QRectF(cross, main, crossSize, mainSize)
                    : QRectF(main, cross, mainSize, crossSize);
    }
    bool isCollapsed(std::size_t b) const {
        const core::Block block = m_structure.blocks[b];
        return block.last > block.first && b < m_options.collapsed.size() && m_options.collapsed[b];
    }
    // The length of `maxDepth` + 1 columns of nodes along the main axis.
    double columnsLength(int maxDepth) const {
        return (maxDepth + 1) * m_nodeMain + maxDepth * kColumnGap;
    }
    // The block's length along the main axis as placeBlock draws it.
    double blockLength(std::size_t b);
    void placeBlock(std::size_t b);
    void placeSummary(int summary);
    void widenCross(double low, double high) {
        m_crossMin = std::min(m_crossMin, low);
        m_crossMax = std::max(m_crossMax, high);
    }

    const core::Profile& m_profile;
    const core::ModelStructure& m_structure;
    const GraphLayout::Options& m_options;
    GraphLayout& m_layout;
    bool m_tb;
    double m_nodeMain, m_nodeCross;
    std::vector<int> m_depth;
    double m_u = kBlockGap;
    double m_crossMin = 0, m_crossMax = 0;
};

double LayoutBuilder::blockLength(std::size_t b) {
    const core::Block block = m_structure.blocks[b];
    if (isCollapsed(b))
        return m_nodeMain + 10;
    return columnsLength(assignColumns(m_profile, block, m_depth));
}

void LayoutBuilder::placeBlock(std::size_t b) {
    const core::Block block = m_structure.blocks[b];
    const bool framed = block.last > block.first;
    m_layout.blockFramed[b] = framed;
    if (isCollapsed(b)) {
        m_layout.blockCollapsed[b] = true;
        const double crossSize = m_nodeCross + 10;
        m_layout.blockRects[b] = rect(m_u, -crossSize / 2, m_nodeMain + 10, crossSize);
        m_u += m_nodeMain + 10 + kBlockGap;
        return;
    }
    const int maxDepth = assignColumns(m_profile, block, m_depth);
    const double width = columnsLength(maxDepth);
    std::vector<int> perColumn(static_cast<std::size_t>(maxDepth) + 1, 0);
    for (int i = block.first; i <= block.last; ++i)
        ++perColumn[static_cast<std::size_t>(m_depth[static_cast<std::size_t>(i)])];
    std::vector<int> placed(perColumn.size(), 0);
    const double rowPitch = m_nodeCross + kRowGap;
    double low = 1e300, high = -1e300;
    for (int i = block.first; i <= block.last; ++i) {
        const auto d = static_cast<std::size_t>(m_depth[static_cast<std::size_t>(i)]);
        const int row = placed[d]++;
        const double cross = (row - (perColumn[d] - 1) / 2.0) * rowPitch - m_nodeCross / 2;
        const double main = m_u + static_cast<double>(d) * (m_nodeMain + kColumnGap);
        m_layout.layerRects[static_cast<std::size_t>(i)] =
            rect(main, cross, m_nodeMain, m_nodeCross);
        low = std::min(low, cross);
        high = std::max(high, cross + m_nodeCross);
    }
    if (framed) {
        const double header = m_tb ? 0.0 : kFrameHeader;
        const double mainHeader = m_tb ? kFrameHeader : 0.0;
        low -= kFramePad + header + GraphLayout::kEdgeLane;
        high += kFramePad;
        m_layout.blockRects[b] =
            rect(m_u - kFramePad - mainHeader, low, width + 2 * kFramePad + mainHeader, high - low);
    } else {
        m_layout.blockRects[b] = m_layout.layerRects[static_cast<std::size_t>(block.first)];
    }
    widenCross(low, high);
    m_u += width + kBlockGap;
}

// One box for the blocks [first, last]; the boundaries inside it spread evenly across it, so
// a cut handle inside a summary shows where in the run it lies.
void LayoutBuilder::placeSummary(int summary) {
    const auto [first, last] = m_options.summaries[static_cast<std::size_t>(summary)];
    const int layers = static_cast<int>(m_profile.layers.size());
    const double main = GraphLayout::summaryMain(m_tb, layers),
                 cross = GraphLayout::summaryCross(m_tb, layers);
    m_layout.summaryRects[static_cast<std::size_t>(summary)] = rect(m_u, -cross / 2, main, cross);
    widenCross(-cross / 2, cross / 2);
    const int inside = last - first;
    for (int k = 1; k <= inside; ++k)
        m_layout.boundaryCoordinates.push_back(m_u + main * k / (inside + 1));
    m_u += main + kBlockGap;
}

void LayoutBuilder::run() {
    const std::size_t blocks = m_structure.blocks.size();
    m_crossMin = -m_nodeCross / 2;
    m_crossMax = m_nodeCross / 2;
    m_layout.summaryRects.assign(m_options.summaries.size(), QRectF());
    m_layout.summaryOfBlock.assign(blocks, -1);
    for (std::size_t s = 0; s < m_options.summaries.size(); ++s)
        for (int b = m_options.summaries[s].first; b <= m_options.summaries[s].second; ++b)
            if (b >= 0 && static_cast<std::size_t>(b) < blocks)
                m_layout.summaryOfBlock[static_cast<std::size_t>(b)] = static_cast<int>(s);
    double unsummarized = kBlockGap;
    for (std::size_t b = 0; b < blocks; ++b) {
        const int summary = m_layout.summaryOfBlock[b];
        if (summary >= 0)
            unsummarized += blockLength(b) + kBlockGap;
        if (summary >= 0 &&
            m_options.summaries[static_cast<std::size_t>(summary)].first != static_cast<int>(b))
            continue; // placed with its summary's first block
        m_layout.boundaryCoordinates.push_back(m_u - kBlockGap / 2);
        const double before = m_u;
        if (summary >= 0)
            placeSummary(summary);
        else
            placeBlock(b);
        if (summary < 0)
            unsummarized += m_u - before;
    }
    m_layout.boundaryCoordinates.push_back(m_u - kBlockGap / 2);
    m_layout.unsummarizedLength = unsummarized;
    m_layout.crossMin = m_crossMin - 36; // room for the cut labels and handle grips
    m_layout.crossMax = m_crossMax + 36;
    m_layout.bounds =
        rect(0, m_layout.crossMin - 30, m_u, m_layout.crossMax - m_layout.crossMin + 60);
}

} // namespace

QRectF GraphLayout::visibleRect(int layer, const core::ModelStructure& structure) const {
    const auto block =
        static_cast<std::size_t>(structure.blockOfLayer[static_cast<std::size_t>(layer)]);
    if (block < summaryOfBlock.size() && summaryOfBlock[block] >= 0)
        return summaryRects[static_cast<std::size_t>(summaryOfBlock[block])];
    if (blockCollapsed[block])
        return blockRects[block];
    return layerRects[static_cast<std::size_t>(layer)];
}

GraphLayout GraphLayout::compute(const core::Profile& profile,
                                 const core::ModelStructure& structure, const Options& options) {
    GraphLayout layout;
    layout.topToBottom = options.topToBottom;
    const std::size_t blocks = structure.blocks.size();
    layout.layerRects.assign(profile.layers.size(), QRectF());
    layout.blockRects.assign(blocks, QRectF());
    layout.blockFramed.assign(blocks, false);
    layout.blockCollapsed.assign(blocks, false);
    LayoutBuilder(profile, structure, options, layout).run();
    return layout;
}

} // namespace cutlab::ui
