#pragma once

#include <string>
#include <vector>

namespace cutlab::core {

// One level of a machine hierarchy: `machines` units (workers of a server, servers of a
// cluster), each holding all the units of the level below, joined at `bytesPerSecond`.
struct ClusterLevel {
    int machines = 1;
    double bytesPerSecond = 1e9;
};

// `--cluster ID:N@MBPS[,N2@MBPS2...]` (docs/formats.md §4.5): N machines of the profile's
// machine ID joined at MBPS Mbit/s, N2 such groups joined at MBPS2, and so on.
struct ClusterSpec {
    static constexpr int kMaxMachines = 1024; // over all levels

    std::string machineId;
    std::vector<ClusterLevel> levels; // innermost first
    int totalMachines() const;
};

// Throws std::invalid_argument with a sentence naming what is wrong.
ClusterSpec parseClusterSpec(const std::string& text);

// "16GB", "4 GiB", "512MiB", "1e9": bytes (KB/MB/GB/TB powers of 1000, KiB/MiB/GiB/TiB powers
// of 1024, a bare number or B is bytes). Throws std::invalid_argument unless the result is above
// 0 and at most 1 PB.
double parseByteSize(const std::string& text);

} // namespace cutlab::core
