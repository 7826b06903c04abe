#pragma once

#include "core/model/Profile.h"

#include <vector>

namespace cutlab::core {

// A run of layers between two consecutive valid cuts: [first, last] positions, inclusive.
struct Block {
    int first = 0;
    int last = 0;
};

// The valid cut points and blocks of a profile's layer graph (docs/formats.md §1).
struct ModelStructure {
    std::vector<int> cutAfter; // positions k with a valid cut after layer k, ascending
    std::vector<Block> blocks; // cover every layer, in order
    std::vector<int> blockOfLayer;

    // Boundary b (0..blocks.size()) is the cut before block b; it is at layer position
    // boundaryLayer(b) (= number of layers before it).
    int boundaryLayer(int boundary) const {
        return boundary == 0 ? 0 : blocks[static_cast<std::size_t>(boundary - 1)].last + 1;
    }
    bool isValidCutAfter(int layer) const;
};

// Linear in layers + edges.
ModelStructure analyseStructure(const Profile& profile);

} // namespace cutlab::core
