#pragma once

#include "core/inference/InferenceCostModel.h"
#include "core/inference/InferencePlannerFunction.h"
#include "core/inference/InferenceQuery.h"
#include "core/model/Network.h"
#include "core/model/Placement.h"
#include "core/model/Profile.h"

#include <array>
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cutlab::core {

// `steps` values from `from` to `to` evenly spaced on a log scale (both ends included).
std::vector<double> logSpace(double from, double to, int steps);

// `logSpace(from, to, steps)` through `value` when it is finite and positive: the range
// stretched to reach it and the nearest point moved onto it (still `steps` ascending points), a
// sweep that passes through the current setting.
std::vector<double> logSpaceThrough(double from, double to, int steps, double value);

// One cost model per uplink bandwidth, so that any placement can be evaluated along the whole
// sweep in constant time per point. Without `reference`, the device→edge and device→cloud links
// are both set to the swept bandwidth (latencies kept). With a reference tier whose uplink from
// the device has a finite bandwidth B in `base`, the swept value is that uplink's bandwidth and
// every device uplink is scaled by value / B: the uplinks keep their ratio, and the point at B
// is `base` itself (the current network's numbers).
class UplinkSweep {
  public:
    UplinkSweep(const Profile& profile, const Network& base, std::optional<double> inputBytes,
                std::vector<double> mbps, std::optional<Tier> reference = std::nullopt);

    int size() const { return static_cast<int>(m_mbps.size()); }
    const std::vector<double>& mbps() const { return m_mbps; }
    const InferenceCostModel& model(int index) const {
        return *m_models[static_cast<std::size_t>(index)];
    }
    const Profile& profile() const { return m_profile; }

    // Total ms of one placement at every bandwidth; NaN where the network lacks a link it needs.
    std::vector<double> totals(const TierPlacement& placement) const;

  private:
    const Profile& m_profile;
    std::vector<double> m_mbps;
    std::vector<std::unique_ptr<Network>> m_networks;
    std::vector<std::unique_ptr<InferenceCostModel>> m_models;
};

struct SweepResult {
    std::vector<double> mbps;
    std::vector<double> bestMs; // NaN where no plan exists
    std::vector<TierPlacement> best;
    std::vector<int> changes; // indices i > 0 where best[i] differs from best[i-1]
    std::array<std::vector<double>, 3>
        nativeMs; // all on device / edge / cloud (empty when no machine)
    bool cancelled = false;
};

// The best plan of `planner` at every bandwidth of the sweep, plus the native plans with the
// given machines. Stops early (cancelled = true) when `cancel` becomes true.
SweepResult sweepBestPlans(const UplinkSweep& sweep, InferencePlannerFunction planner,
                           const InferenceQuery& query, const std::array<int, 3>& nativeMachines,
                           const std::atomic<bool>* cancel = nullptr);

} // namespace cutlab::core
