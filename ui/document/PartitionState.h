#pragma once

#include <array>

namespace cutlab::ui {

// Where the cuts are and which machine runs each tier: what one undoable edit changes.
struct PartitionState {
    int deviceBoundary = 0;
    int edgeBoundary = 0;
    std::array<int, 3> machines{-1, -1, -1};
    bool operator==(const PartitionState&) const = default;
};

} // namespace cutlab::ui
