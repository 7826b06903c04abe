#pragma once

#include "core/model/Placement.h"
#include "core/model/Tier.h"

#include <optional>
#include <vector>

namespace cutlab::core {

struct StageCost {
    Tier tier = Tier::Device;
    int machine = -1;
    int begin = 0; // layers [begin, end)
    int end = 0;
    double computeMs = 0;
};

struct TransferCost {
    int from = -1; // machine indices
    int to = -1;
    int afterLayer = -1; // the tensor sent is this layer's output; -1 = the model input
    double bytes = 0;
    double ms = 0;        // latency + bytes / bandwidth
    double latencyMs = 0; // the latency part of ms
};

// The full cost breakdown of one placement (docs/cost-models.md §1).
struct Evaluation {
    int origin = -1; // the machine that holds the input (-1 = none)
    std::vector<StageCost> stages;
    std::vector<TransferCost> transfers;
    double computeMs = 0;
    double transferMs = 0;
    double totalMs = 0;
    double transferBytes = 0;
    // The busiest machine or link direction per frame of a stream: compute ms summed per
    // machine, bytes·8/(bw·1000) summed per link direction (latency is in flight, not busy).
    double periodMs = 0;
    // The origin device's energy per frame in mJ (cost-models.md §1.11); none when the origin
    // has no power figures.
    std::optional<double> energyMj;

    double computeOn(Tier tier) const {
        double sum = 0;
        for (const auto& stage : stages)
            if (stage.tier == tier)
                sum += stage.computeMs;
        return sum;
    }
    int layersOnMachine(int machine) const {
        int count = 0;
        for (const auto& stage : stages)
            if (stage.machine == machine)
                count += stage.end - stage.begin;
        return count;
    }
};

} // namespace cutlab::core
