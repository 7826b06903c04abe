#pragma once

namespace cutlab::ui {

// The two cut handles of an inference plan: layers before DeviceEdge run on the device, layers
// from EdgeCloud on run in the cloud, the edge runs those between. DeviceEdge never stands after
// EdgeCloud: moving one pushes the other along (Document::withCut is that rule's one home).
enum class CutHandle { DeviceEdge = 0, EdgeCloud = 1 };

constexpr int cutHandleIndex(CutHandle handle) {
    return static_cast<int>(handle);
}

} // namespace cutlab::ui
