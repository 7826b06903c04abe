#pragma once

#include "core/model/ModelStructure.h"
#include "core/model/Profile.h"

#include <string>
#include <vector>

namespace cutlab::core {

// A run of consecutive blocks (ModelStructure) whose layers all lie in one module scope of the
// names torch's ONNX exporter writes ("/encoder/layers/encoder_layer_3/self_attention/MatMul"
// lies in encoder/layers/encoder_layer_3): a transformer's encoder or decoder block, whose
// attention and MLP halves are two blocks between valid cuts.
struct ScopedBlock {
    int firstBlock = 0;
    int lastBlock = 0;
    std::string scope; // the scope's last part ("encoder_layer_3", "features.1.0", "h.0")
};

// The scoped runs of a profile: each block's scope is the deepest scope all its layers share
// (none for a layer whose id does not start with '/'); consecutive blocks of one scope form a
// run. Only runs of two blocks or more are returned, in order: empty for a model whose blocks
// do not split module scopes (a CNN's residual blocks are one block each already).
std::vector<ScopedBlock> scopedBlocks(const Profile& profile, const ModelStructure& structure);

// The runs of blocks [first, last] a window shows as one box each when the model has scoped
// runs: each scoped run, and each stretch of blocks between them (a stretch of one single-layer
// block stays a plain node); when there are more than `boxes`, consecutive ones are merged into
// `boxes` of about equal layer counts, never splitting a scoped run. Empty when there are no
// scoped runs.
std::vector<std::pair<int, int>> scopedBoxes(const Profile& profile,
                                             const ModelStructure& structure, int boxes);

} // namespace cutlab::core
