#pragma once

#include "core/model/Profile.h"

#include <string>
#include <string_view>
#include <vector>

namespace cutlab::core {

// The module path of an ONNX node named by torch's exporter: its '/'-separated module scopes,
// each reduced to its last '.'-atom, joined by '.' ("/layer1/layer1.0/conv1/Conv" ->
// "layer1.0.conv1", "/features/features.0/features.0.0/Conv" -> "features.0.0"); empty for a
// node outside any module ("/Flatten", "Conv_0").
std::string modulePathOfNode(std::string_view nodeName);

// Which layer of a measured profile (layer ids = module paths, as cutlab-profile-torch writes
// them) each layer of an imported model (one per ONNX node) belongs to.
struct NodeAssignment {
    std::vector<int> layerOfNode; // per imported layer: the measured layer's position
    int matchedNodes = 0;         // nodes placed by their own module path
};

// A node belongs to the measured layer whose id is its module path or the longest prefix of it
// at a '.' (a module's second call, "relu_1", is the profiler's "relu#2" when the
// profile has it, else "relu"). A node outside every
// measured layer's module belongs to the layer of the node before it, as the profiler counts
// functional code after a module in that module's layer; nodes before the first match belong to
// the first layer. Empty when no node matches by its path (the profile does not describe the
// model's modules).
NodeAssignment assignNodesToLayers(const Profile& measured, const Profile& imported);

} // namespace cutlab::core
