// libFuzzer target: the network reader (cutlab-network JSON and Scission's CSV, told apart by
// the content). A network that loads must have finite latencies and positive bandwidths.
#include "core/io/NetworkFile.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto result = cutlab::core::parseNetwork(text, "fuzz\xff");
    if (!result.network) {
        if (result.issues.empty())
            __builtin_trap();
        return 0;
    }
    for (const auto& link : result.network->links)
        if (!(link.bandwidthMbps > 0) || !std::isfinite(link.latencyMs) ||
            !std::isfinite(link.transferMs(1e15)))
            __builtin_trap();
    (void)cutlab::core::networkToJson(*result.network).dump(); // must not throw on any name
    return 0;
}
