#pragma once

#include "core/model/Tier.h"

#include <array>
#include <atomic>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cutlab::core {

// Latency: a frame's total_ms; Transfer: bytes sent; Throughput: the period a stream sustains,
// the busiest machine or link direction per frame (docs/cost-models.md §1.9).
enum class Objective { Latency, Transfer, Throughput, Energy };
enum class TierUse { Any, Must, MustNot };

struct TimeLimit {
    double value = 0;
    bool percent = false; // value is % of the plan's total compute
};

// What an inference planner is asked (docs/formats.md §4 `plan` options).
// How a query's constraints are named in messages: as the command line's options
// ("--pin 11@edge") or in words for the window ("layer 11 (#10) on the edge").
enum class QueryWording { Options, Sentences };

struct InferenceQuery {
    Objective objective = Objective::Latency;
    int top = 5;
    std::vector<bool> machineAllowed; // empty = every machine is a candidate
    std::array<TierUse, 3> tierUse{TierUse::Any, TierUse::Any, TierUse::Any};
    std::vector<std::pair<int, Tier>> pins;    // layer position must run on tier
    std::vector<std::pair<int, Tier>> forbids; // layer position must not run on tier
    std::array<std::optional<double>, 3> maxUploadBytes;
    std::array<std::optional<TimeLimit>, 3> maxTime;
    bool returnResult = false;          // jointdnn only
    std::optional<double> maxLatencyMs; // total_ms at most this (scission only)
    // Set from another thread to stop a search early; its (partial) answer is then thrown away.
    const std::atomic<bool>* cancel = nullptr;

    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }

    bool allows(int machine) const {
        return machineAllowed.empty() || machineAllowed[static_cast<std::size_t>(machine)];
    }
    // The constraints as command-line options, for messages ("--use edge", "--pin 3@cloud").
    std::vector<std::string> describe(const std::vector<std::string>& layerIds,
                                      QueryWording wording = QueryWording::Options) const;
};

} // namespace cutlab::core
