#include "core/inference/ReplayRun.h"

#include "core/inference/BandwidthWindow.h"
#include "core/inference/PlacementIdentity.h"
#include "core/inference/PlanEnvelope.h"
#include "core/model/PlanError.h"

#include <algorithm>
#include <limits>

namespace cutlab::core {
namespace {

// The index of `plan` in the run's list, adding it (and its route) on first use.
std::size_t planIndex(ReplayRun& run, std::vector<FrameRoute>& routes, const FrameReplay& replay,
                      const RankedPlan& plan) {
    for (std::size_t i = 0; i < run.plans.size(); ++i)
        if (samePlacement(run.plans[i], plan))
            return i;
    routes.push_back(replay.route(plan.evaluation));
    run.plans.push_back(plan);
    return run.plans.size() - 1;
}

// Counts a frame done; false when the run is to stop.
bool keepGoing(const ReplaySettings& settings) {
    if (settings.framesDone)
        settings.framesDone->fetch_add(1, std::memory_order_relaxed);
    return !settings.cancelled();
}

ReplayedFrame frameAt(int index, const ReplaySettings& settings) {
    ReplayedFrame frame;
    frame.index = index;
    frame.arrivalMs = index * settings.intervalMs;
    return frame;
}

void finish(ReplayedFrame& frame, double endMs) {
    frame.endMs = endMs;
    frame.latencyMs = endMs - frame.arrivalMs;
}

} // namespace

ReplayRun replayStatic(const InferenceCostModel& model, const std::vector<TracedDirection>& traces,
                       const RankedPlan& plan, const ReplaySettings& settings) {
    FrameReplay replay(model, traces);
    ReplayRun run;
    run.plans.push_back(plan);
    const FrameRoute route = replay.route(plan.evaluation);
    run.frames.reserve(static_cast<std::size_t>(settings.frames));
    for (int k = 0; k < settings.frames; ++k) {
        ReplayedFrame frame = frameAt(k, settings);
        finish(frame, replay.run(route, frame.arrivalMs));
        run.frames.push_back(frame);
        if (!keepGoing(settings))
            break;
    }
    return run;
}

namespace {

// The chooser's answer on the estimated network. With one traced direction the plans come from
// the envelope of §6.5, which asks the planner only where the best plan can change.
class EstimatedPlanner {
  public:
    EstimatedPlanner(const InferenceCostModel& model, const std::vector<TracedDirection>& traces,
                     const PlanChooser& choose)
        : m_model(model), m_traces(traces), m_choose(choose) {
        if (traces.size() != 1)
            return;
        const LinkDirection traced = traces.front().direction;
        m_envelope.emplace(
            [this](double mbps) {
                return m_choose(networkWithBandwidths(m_model.network(), m_traces, {mbps}));
            },
            [this, traced](const RankedPlan& plan) {
                double slope = 0;
                for (const TransferCost& transfer : plan.evaluation.transfers)
                    if (linkDirectionBetween(m_model.network(), m_model.profile(), transfer.from,
                                             transfer.to) == traced)
                        slope += transfer.bytes * 8.0 / 1000.0;
                return slope;
            });
    }

    std::optional<RankedPlan> planFor(const std::vector<double>& estimates) {
        if (m_envelope)
            return m_envelope->planAt(estimates.front());
        return m_choose(networkWithBandwidths(m_model.network(), m_traces, estimates));
    }

  private:
    const InferenceCostModel& m_model;
    const std::vector<TracedDirection>& m_traces;
    const PlanChooser& m_choose;
    std::optional<PlanEnvelope> m_envelope;
};

} // namespace

ReplayRun replayAdaptive(const InferenceCostModel& model,
                         const std::vector<TracedDirection>& traces, const PlanChooser& choose,
                         const ReplaySettings& settings, double windowMs) {
    FrameReplay replay(model, traces);
    EstimatedPlanner planner(model, traces, choose);
    std::vector<BandwidthWindow> windows;
    for (const TracedDirection& traced : traces)
        windows.emplace_back(
            windowMs, traced.trace->meanMbpsBetween(traced.offsetMs, traced.offsetMs + windowMs));
    ReplayRun run;
    std::vector<FrameRoute> routes;
    std::vector<double> estimates(traces.size()), planned;
    std::size_t current = 0;
    run.frames.reserve(static_cast<std::size_t>(settings.frames));
    for (int k = 0; k < settings.frames; ++k) {
        ReplayedFrame frame = frameAt(k, settings);
        for (std::size_t t = 0; t < traces.size(); ++t)
            estimates[t] = windows[t].estimateAt(frame.arrivalMs, replay.carried(t));
        if (run.plans.empty() || estimates != planned) {
            const auto plan = planner.planFor(estimates);
            if (!plan)
                throw PlanError("no plan for frame " + std::to_string(k) +
                                " on the estimated bandwidths");
            current = planIndex(run, routes, replay, *plan);
            planned = estimates;
        }
        frame.plan = current;
        finish(frame, replay.run(routes[current], frame.arrivalMs));
        run.frames.push_back(frame);
        if (!keepGoing(settings))
            break;
    }
    return run;
}

ReplayRun replayHindsight(const InferenceCostModel& model,
                          const std::vector<TracedDirection>& traces,
                          const std::vector<RankedPlan>& candidates,
                          const ReplaySettings& settings) {
    if (candidates.empty())
        throw PlanError("no placement to replay in hindsight");
    FrameReplay replay(model, traces);
    std::vector<FrameRoute> routes;
    for (const RankedPlan& candidate : candidates)
        routes.push_back(replay.route(candidate.evaluation));
    // Tried from the least time each could take, so a frame stops at the first route that
    // cannot beat the best end found: no route ends before arrival + its lower bound.
    std::vector<double> bound;
    std::vector<std::size_t> order(routes.size());
    for (std::size_t c = 0; c < routes.size(); ++c) {
        bound.push_back(replay.lowerBoundMs(routes[c]));
        order[c] = c;
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t x, std::size_t y) { return bound[x] < bound[y]; });
    ReplayRun run;
    std::vector<std::size_t> used(candidates.size(), std::numeric_limits<std::size_t>::max());
    std::size_t previous = order.empty() ? 0 : order.front();
    run.frames.reserve(static_cast<std::size_t>(settings.frames));
    for (int k = 0; k < settings.frames; ++k) {
        ReplayedFrame frame = frameAt(k, settings);
        // The previous frame's choice first: it is usually close, which tightens the bound.
        std::size_t best = previous;
        double bestEnd = replay.finishTime(routes[previous], frame.arrivalMs);
        for (std::size_t c : order) {
            if (frame.arrivalMs + bound[c] > bestEnd)
                break;
            const double end = replay.finishTime(routes[c], frame.arrivalMs);
            if (end < bestEnd || (end == bestEnd && c < best)) { // a tie goes to the first
                bestEnd = end;
                best = c;
            }
        }
        if (used[best] == std::numeric_limits<std::size_t>::max()) {
            used[best] = run.plans.size();
            run.plans.push_back(candidates[best]);
        }
        previous = best;
        frame.plan = used[best];
        finish(frame, replay.run(routes[best], frame.arrivalMs));
        run.frames.push_back(frame);
        if (!keepGoing(settings))
            break;
    }
    return run;
}

Network networkWithBandwidths(const Network& network, const std::vector<TracedDirection>& traces,
                              const std::vector<double>& mbps) {
    Network result = network;
    auto traced = [&](std::size_t link, bool reverse) {
        for (const TracedDirection& entry : traces)
            if (entry.direction == LinkDirection{link, reverse})
                return true;
        return false;
    };
    for (std::size_t t = 0; t < traces.size(); ++t) {
        const LinkDirection& direction = traces[t].direction;
        const Link original = network.links[direction.link];
        if (!direction.reverse) {
            result.links[direction.link].bandwidthMbps = mbps[t];
            // The entry served both directions: the untraced one keeps its figure.
            if (!traced(direction.link, true))
                result.links.push_back(
                    Link{original.to, original.from, original.bandwidthMbps, original.latencyMs});
        } else {
            // An exact entry for to → from is found before the reverse of from → to.
            result.links.push_back(Link{original.to, original.from, mbps[t], original.latencyMs});
        }
    }
    return result;
}

std::vector<double> traceMeansMbps(const std::vector<TracedDirection>& traces) {
    std::vector<double> means;
    for (const TracedDirection& traced : traces)
        means.push_back(traced.trace->meanMbps());
    return means;
}

} // namespace cutlab::core
