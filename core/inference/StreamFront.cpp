#include "core/inference/StreamFront.h"
#include "core/model/Infinity.h"

#include <algorithm>
#include <limits>

namespace cutlab::core {
namespace {

// A prefix of a plan: its summed latency, its period so far, and where its last stage began.
struct Prefix {
    double latencyMs = kInfinity;
    double periodMs = kInfinity;
    int from = -1;
    bool better(double latency, double period) const {
        return latency < latencyMs || (latency == latencyMs && period < periodMs);
    }
};

} // namespace

StreamFront::StreamFront(const DownsetLattice& lattice, const PipelineStateCosts& costs,
                         std::vector<double> linkLatencyMs)
    : m_lattice(lattice), m_costs(costs), m_linkLatencyMs(std::move(linkLatencyMs)) {}

bool StreamFront::best(double bound, bool strict, Point& point) const {
    const auto within = [&](double cost) { return strict ? cost < bound : cost <= bound; };
    const int states = static_cast<int>(m_lattice.size());
    const int positions = m_costs.positions();
    const int full = states - 1;
    // prefix[n][s]: the best n+1 stages ending at state s.
    std::vector<std::vector<Prefix>> prefix(static_cast<std::size_t>(positions),
                                            std::vector<Prefix>(static_cast<std::size_t>(states)));
    for (int s = 1; s < states; ++s) {
        const double stage = m_costs.compute(s, 0) - m_costs.compute(0, 0);
        if (within(stage))
            prefix[0][static_cast<std::size_t>(s)] = {stage, stage, 0};
    }
    for (int n = 1; n < positions; ++n) {
        auto& here = prefix[static_cast<std::size_t>(n)];
        const auto& before = prefix[static_cast<std::size_t>(n - 1)];
        for (int s = 1; s < full; ++s) {
            const Prefix& start = before[static_cast<std::size_t>(s)];
            const double link = m_costs.link(s, n - 1);
            if (start.from < 0 || !within(link))
                continue;
            const double sent =
                start.latencyMs + link +
                (m_costs.sends(s) ? m_linkLatencyMs[static_cast<std::size_t>(n - 1)] : 0.0);
            const double base = m_costs.compute(s, n);
            for (int t = s + 1; t < states; ++t) {
                const double stage = m_costs.compute(t, n) - base;
                if (!within(stage))
                    continue;
                const double latency = sent + stage;
                const double period = std::max({start.periodMs, link, stage});
                if (here[static_cast<std::size_t>(t)].better(latency, period))
                    here[static_cast<std::size_t>(t)] = {latency, period, s};
            }
        }
    }
    // Fewer stages win a tie: a later count replaces the chosen one only when strictly better.
    int stages = 0;
    Prefix chosen;
    for (int n = 0; n < positions; ++n) {
        const Prefix& end = prefix[static_cast<std::size_t>(n)][static_cast<std::size_t>(full)];
        if (end.from >= 0 && chosen.better(end.latencyMs, end.periodMs)) {
            chosen = end;
            stages = n + 1;
        }
    }
    if (stages == 0)
        return false;
    point.latencyMs = chosen.latencyMs;
    point.periodMs = chosen.periodMs;
    point.ends.assign(static_cast<std::size_t>(stages), full);
    for (int n = stages - 1; n > 0; --n)
        point.ends[static_cast<std::size_t>(n - 1)] =
            prefix[static_cast<std::size_t>(n)]
                  [static_cast<std::size_t>(point.ends[static_cast<std::size_t>(n)])]
                      .from;
    return true;
}

std::vector<StreamFront::Point> StreamFront::solve() const {
    std::vector<Point> front;
    Point point;
    double bound = kInfinity;
    bool strict = false;
    while (best(bound, strict, point)) {
        front.push_back(point);
        bound = point.periodMs;
        strict = true;
    }
    std::reverse(front.begin(), front.end());
    return front;
}

} // namespace cutlab::core
