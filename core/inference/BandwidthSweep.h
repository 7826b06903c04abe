#pragma once

#include "core/inference/InferenceCostModel.h"
#include "core/inference/InferencePlannerFunction.h"
#include "core/inference/InferenceQuery.h"
#include "core/inference/RankedPlan.h"
#include "core/model/Evaluation.h"
#include "core/model/Network.h"
#include "core/model/Placement.h"
#include "core/model/Profile.h"

#include <array>
#include <atomic>
#include <functional>
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

// The uplink's bandwidth swept over `mbps`. Without `reference`, the device→edge and
// device→cloud links are both set to the swept bandwidth (latencies kept). With a reference
// tier whose uplink from the device has a finite bandwidth B in `base`, the swept value is that
// uplink's bandwidth and every device uplink is scaled by value / B: the uplinks keep their
// ratio, and the point at B is `base` itself (the current network's numbers). A plan's total is
// a line A + S·x in x = 1/value (docs/cost-models.md §1.7), so two cost models (x = 0 and
// value = 1) price any placement along the whole sweep in constant time per point.
class UplinkSweep {
  public:
    UplinkSweep(const Profile& profile, const Network& base, std::optional<double> inputBytes,
                std::vector<double> mbps, std::optional<Tier> reference = std::nullopt);
    UplinkSweep(const UplinkSweep&) = delete; // its cost models refer to its networks
    UplinkSweep& operator=(const UplinkSweep&) = delete;

    int size() const { return static_cast<int>(m_mbps.size()); }
    const std::vector<double>& mbps() const { return m_mbps; }
    const Profile& profile() const { return m_profile; }
    std::optional<double> inputBytes() const { return m_inputBytes; }

    // The network with the swept value `mbps` (infinity: unlimited uplinks).
    Network networkAt(double mbps) const;
    // S of an evaluated plan: ms per unit of x over the transfers it sends on the uplinks.
    double slopeOf(const Evaluation& evaluation) const;

    // Total ms of one placement at every bandwidth; NaN where the network lacks a link it needs.
    std::vector<double> totals(const TierPlacement& placement) const;
    // The same for a planned plan (its segments from its origin, the result returned or not).
    std::vector<double> totals(const RankedPlan& plan, bool returnResult) const;

  private:
    using Evaluate = std::function<Evaluation(const InferenceCostModel&)>;
    std::vector<double> totalsOf(const Evaluate& evaluate) const;

    const Profile& m_profile;
    Network m_base;
    std::optional<double> m_inputBytes;
    std::vector<double> m_mbps;
    std::optional<double> m_referenceMbps; // the base network's own value
    Network m_unlimitedNetwork, m_unitNetwork;
    std::unique_ptr<InferenceCostModel> m_atBase, m_unlimited, m_unit;
};

// A bandwidth where the best plan changes: the crossing of two plans' lines.
struct SweepCrossing {
    double mbps = 0;
    double totalMs = 0;
};

struct SweepResult {
    std::vector<double> mbps;
    std::vector<double> bestMs; // NaN where no plan exists
    std::vector<TierPlacement> best;
    std::vector<int> changes; // indices i > 0 where best[i] differs from best[i-1]
    // Where the best plan changes between the sweep's ends, exactly (latency objective without
    // a latency bound; otherwise only the sampled `changes` are known and this is empty).
    std::vector<SweepCrossing> crossings;
    bool exactCrossings = false;
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
