#pragma once

#include <optional>
#include <string>
#include <vector>

namespace cutlab::core {

// One group of a pool: `machines` machines of the profile's machine `machineId`, joined among
// themselves at `mbps` Mbit/s (none: the network's link between two such machines).
struct PoolGroup {
    std::string machineId;
    int machines = 1;
    std::optional<double> mbps;
};

// `--cluster ID:N[@MBPS],ID2:N2[@MBPS2]...` with CutLab's cost model (docs/cost-models.md §5.6):
// a pool of machine types, each group given once.
struct PoolSpec {
    static constexpr int kMaxMachines = 1024; // in all
    static constexpr int kMaxGroups = 8;

    std::vector<PoolGroup> groups;
    int totalMachines() const;
};

// Throws std::invalid_argument with a sentence naming what is wrong.
PoolSpec parsePoolSpec(const std::string& text);

} // namespace cutlab::core
