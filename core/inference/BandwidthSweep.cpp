#include "core/inference/BandwidthSweep.h"

#include "core/model/NetworkEdit.h"
#include "core/model/PlanError.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cutlab::core {

std::vector<double> logSpace(double from, double to, int steps) {
    std::vector<double> values;
    if (steps <= 0 || !(from > 0) || !(to > 0))
        return values;
    if (steps == 1)
        return {from};
    const double a = std::log10(from), b = std::log10(to);
    for (int i = 0; i < steps; ++i)
        values.push_back(std::pow(10.0, a + (b - a) * i / (steps - 1)));
    return values;
}

std::vector<double> logSpaceThrough(double from, double to, int steps, double value) {
    if (!std::isfinite(value) || !(value > 0) || steps < 1)
        return logSpace(from, to, steps);
    std::vector<double> values = logSpace(std::min(from, value), std::max(to, value), steps);
    // the point nearest on the log scale becomes the value itself: still ascending (it lies
    // within half a step of it), and the sweep keeps its number of points
    std::size_t nearest = 0;
    for (std::size_t i = 1; i < values.size(); ++i)
        if (std::abs(std::log(values[i] / value)) < std::abs(std::log(values[nearest] / value)))
            nearest = i;
    values[nearest] = value;
    return values;
}

namespace {

// Every device↔edge and device↔cloud link's bandwidth times `factor` (unlimited stays so).
void scaleUplinks(Network& network, const Profile& profile, double factor) {
    for (Link& link : network.links) {
        const auto a = linkEndTier(profile, link.from), b = linkEndTier(profile, link.to);
        if (!a || !b || (*a != Tier::Device) == (*b != Tier::Device) ||
            !std::isfinite(link.bandwidthMbps))
            continue;
        link.bandwidthMbps *= factor;
    }
}

} // namespace

UplinkSweep::UplinkSweep(const Profile& profile, const Network& base,
                         std::optional<double> inputBytes, std::vector<double> mbps,
                         std::optional<Tier> reference)
    : m_profile(profile), m_mbps(std::move(mbps)) {
    std::optional<double> referenceMbps;
    if (reference && *reference != Tier::Device)
        if (const auto link = effectiveTierLink(base, profile, Tier::Device, *reference);
            link && std::isfinite(link->bandwidthMbps) && link->bandwidthMbps > 0)
            referenceMbps = link->bandwidthMbps;
    for (double value : m_mbps) {
        auto network = std::make_unique<Network>(base);
        if (referenceMbps) {
            if (value != *referenceMbps)
                scaleUplinks(*network, profile, value / *referenceMbps);
        } else {
            setUplinkBandwidth(*network, profile, value);
        }
        m_models.push_back(std::make_unique<InferenceCostModel>(profile, *network, inputBytes));
        m_networks.push_back(std::move(network));
    }
}

std::vector<double> UplinkSweep::totals(const TierPlacement& placement) const {
    std::vector<double> result;
    result.reserve(m_models.size());
    for (const auto& model : m_models) {
        try {
            result.push_back(model->evaluate(placement).totalMs);
        } catch (const PlanError&) {
            result.push_back(std::numeric_limits<double>::quiet_NaN());
        }
    }
    return result;
}

SweepResult sweepBestPlans(const UplinkSweep& sweep, InferencePlannerFunction planner,
                           const InferenceQuery& query, const std::array<int, 3>& nativeMachines,
                           const std::atomic<bool>* cancel) {
    SweepResult result;
    result.mbps = sweep.mbps();
    const int n = static_cast<int>(sweep.profile().layers.size());
    InferenceQuery top1 = query;
    top1.top = 1;
    if (cancel)
        top1.cancel = cancel; // a long search stops inside, not only between bandwidths
    for (int i = 0; i < sweep.size(); ++i) {
        if (cancel && cancel->load()) {
            result.cancelled = true;
            return result;
        }
        const InferenceCostModel& model = sweep.model(i);
        double best = std::numeric_limits<double>::quiet_NaN();
        TierPlacement placement;
        try {
            const auto plans = planner(model, top1);
            if (!plans.empty()) {
                best = plans.front().evaluation.totalMs;
                placement = monotonePlacement(plans.front().evaluation).value_or(TierPlacement{});
            }
        } catch (const PlanError&) {
        }
        if (top1.cancelled()) {
            result.cancelled = true;
            return result;
        }
        if (i > 0 && !std::isnan(best) && placement != result.best.back())
            result.changes.push_back(i);
        result.bestMs.push_back(best);
        result.best.push_back(placement);
    }
    for (Tier tier : kTiers) {
        const auto t = static_cast<std::size_t>(tierIndex(tier));
        if (nativeMachines[t] < 0)
            continue;
        result.nativeMs[t] = sweep.totals(nativePlacement(tier, nativeMachines, n));
    }
    return result;
}

} // namespace cutlab::core
