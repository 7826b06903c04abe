#include "core/inference/BandwidthSweep.h"

#include "core/inference/PlanEnvelope.h"
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
    : m_profile(profile), m_base(base), m_inputBytes(inputBytes), m_mbps(std::move(mbps)) {
    if (reference && *reference != Tier::Device)
        if (const auto link = effectiveTierLink(base, profile, Tier::Device, *reference);
            link && std::isfinite(link->bandwidthMbps) && link->bandwidthMbps > 0)
            m_referenceMbps = link->bandwidthMbps;
    m_unlimitedNetwork = networkAt(kUnlimitedBandwidth);
    m_unitNetwork = networkAt(1.0);
    m_unlimited = std::make_unique<InferenceCostModel>(profile, m_unlimitedNetwork, inputBytes);
    m_unit = std::make_unique<InferenceCostModel>(profile, m_unitNetwork, inputBytes);
    if (m_referenceMbps)
        m_atBase = std::make_unique<InferenceCostModel>(profile, m_base, inputBytes);
}

Network UplinkSweep::networkAt(double mbps) const {
    Network network = m_base;
    if (!m_referenceMbps)
        setUplinkBandwidth(network, m_profile, mbps);
    else if (mbps != *m_referenceMbps)
        scaleUplinks(network, m_profile, mbps / *m_referenceMbps);
    return network;
}

double UplinkSweep::slopeOf(const Evaluation& evaluation) const {
    double slope = 0;
    for (const TransferCost& transfer : evaluation.transfers)
        slope += m_unit->transferMs(transfer.from, transfer.to, transfer.bytes) -
                 m_unlimited->transferMs(transfer.from, transfer.to, transfer.bytes);
    return slope;
}

std::vector<double> UplinkSweep::totalsOf(const Evaluate& evaluate) const {
    std::vector<double> result(m_mbps.size(), std::numeric_limits<double>::quiet_NaN());
    try {
        const Evaluation atZero = evaluate(*m_unlimited);
        const double slope = slopeOf(atZero);
        for (std::size_t i = 0; i < m_mbps.size(); ++i)
            result[i] = m_referenceMbps && m_mbps[i] == *m_referenceMbps
                            ? evaluate(*m_atBase).totalMs
                            : atZero.totalMs + slope / m_mbps[i];
    } catch (const PlanError&) {
    }
    return result;
}

std::vector<double> UplinkSweep::totals(const TierPlacement& placement) const {
    return totalsOf([&](const InferenceCostModel& model) { return model.evaluate(placement); });
}

std::vector<double> UplinkSweep::totals(const RankedPlan& plan, bool returnResult) const {
    return totalsOf([&](const InferenceCostModel& model) {
        return model.evaluate(plan.segments, plan.evaluation.origin, returnResult);
    });
}

namespace {

// The planner's best plan on the sweep's network at `mbps`; nullopt when it has none.
std::optional<RankedPlan> bestAt(const UplinkSweep& sweep, InferencePlannerFunction planner,
                                 const InferenceQuery& top1, double mbps) {
    const Network network = sweep.networkAt(mbps);
    const InferenceCostModel model(sweep.profile(), network, sweep.inputBytes());
    try {
        auto plans = planner(model, top1);
        if (!plans.empty())
            return std::move(plans.front());
    } catch (const PlanError&) {
    }
    return std::nullopt;
}

void addNativeTotals(SweepResult& result, const UplinkSweep& sweep,
                     const std::array<int, 3>& nativeMachines) {
    const int n = static_cast<int>(sweep.profile().layers.size());
    for (Tier tier : kTiers) {
        const auto t = static_cast<std::size_t>(tierIndex(tier));
        if (nativeMachines[t] >= 0)
            result.nativeMs[t] = sweep.totals(nativePlacement(tier, nativeMachines, n));
    }
}

} // namespace

SweepResult sweepBestPlans(const UplinkSweep& sweep, InferencePlannerFunction planner,
                           const InferenceQuery& query, const std::array<int, 3>& nativeMachines,
                           const std::atomic<bool>* cancel) {
    SweepResult result;
    result.mbps = sweep.mbps();
    InferenceQuery top1 = query;
    top1.top = 1;
    if (cancel)
        top1.cancel = cancel; // a long search stops inside, not only between bandwidths
    // By latency without a latency bound, every plan is a line in 1/bandwidth and the best
    // is their lower envelope (§6.5): the planner runs only where the best plan can change.
    std::optional<PlanEnvelope> envelope;
    if (query.objective == Objective::Latency && !query.maxLatencyMs)
        envelope.emplace([&](double mbps) { return bestAt(sweep, planner, top1, mbps); },
                         [&](const RankedPlan& plan) { return sweep.slopeOf(plan.evaluation); });
    for (int i = 0; i < sweep.size(); ++i) {
        if (top1.cancelled()) {
            result.cancelled = true;
            return result;
        }
        const double mbps = result.mbps[static_cast<std::size_t>(i)];
        const auto plan = envelope ? envelope->planAt(mbps) : bestAt(sweep, planner, top1, mbps);
        if (top1.cancelled()) {
            result.cancelled = true;
            return result;
        }
        // the plan was priced where the planner ran: its total here is on its line
        const double best =
            plan ? sweep.totals(*plan, query.returnResult)[static_cast<std::size_t>(i)]
                 : std::numeric_limits<double>::quiet_NaN();
        TierPlacement placement;
        if (plan)
            placement = monotonePlacement(plan->evaluation).value_or(TierPlacement{});
        if (i > 0 && plan && placement != result.best.back())
            result.changes.push_back(i);
        result.bestMs.push_back(best);
        result.best.push_back(placement);
    }
    if (envelope)
        if (const auto crossings = envelope->crossings()) {
            result.exactCrossings = true;
            for (const auto& crossing : *crossings)
                result.crossings.push_back({crossing.mbps, crossing.totalMs});
        }
    addNativeTotals(result, sweep, nativeMachines);
    return result;
}

} // namespace cutlab::core
