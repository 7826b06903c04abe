#include "core/inference/ScissionPlanner.h"

#include "core/inference/PlacementFilter.h"
#include "core/model/PlanError.h"

#include <algorithm>
#include <limits>

namespace cutlab::core {
namespace {

struct Candidate {
    PlanOrderKey key;
    int a = 0; // device runs blocks [0, a), edge [a, b), cloud [b, m)
    int b = 0;
};

// Keeps the best `capacity` candidates; front() is the worst of them (a max-heap).
class BestCandidates {
  public:
    explicit BestCandidates(std::size_t capacity) : m_capacity(capacity) {
        m_heap.reserve(capacity + 1);
    }

    double threshold() const {
        return m_heap.size() < m_capacity ? std::numeric_limits<double>::infinity()
                                          : m_heap.front().key.primary;
    }
    void offer(const Candidate& candidate) {
        auto worse = [](const Candidate& x, const Candidate& y) { return x.key < y.key; };
        if (m_heap.size() < m_capacity) {
            m_heap.push_back(candidate);
            std::push_heap(m_heap.begin(), m_heap.end(), worse);
        } else if (candidate.key < m_heap.front().key) {
            std::pop_heap(m_heap.begin(), m_heap.end(), worse);
            m_heap.back() = candidate;
            std::push_heap(m_heap.begin(), m_heap.end(), worse);
        }
    }
    std::vector<Candidate> sorted() {
        std::vector<Candidate> result = m_heap;
        std::sort(result.begin(), result.end(),
                  [](const Candidate& x, const Candidate& y) { return x.key < y.key; });
        return result;
    }

  private:
    std::size_t m_capacity;
    std::vector<Candidate> m_heap;
};

class ScissionSearch {
  public:
    ScissionSearch(const InferenceCostModel& model, const InferenceQuery& query)
        : m_model(model), m_query(query), m_filter(model, query),
          m_blocks(static_cast<int>(model.structure().blocks.size())),
          m_best(static_cast<std::size_t>(std::max(1, query.top))),
          m_latency(query.objective == Objective::Latency),
          m_throughput(query.objective == Objective::Throughput),
          m_energy(query.objective == Objective::Energy) {
        m_layerAt.resize(static_cast<std::size_t>(m_blocks) + 1);
        m_bytesAt.resize(static_cast<std::size_t>(m_blocks) + 1);
        for (int b = 0; b <= m_blocks; ++b) {
            m_layerAt[static_cast<std::size_t>(b)] = model.structure().boundaryLayer(b);
            m_bytesAt[static_cast<std::size_t>(b)] =
                model.cutBytes(m_layerAt[static_cast<std::size_t>(b)]);
        }
        m_origins = candidateOrigins(model, query);
        m_edges = m_query.tierUse[1] == TierUse::MustNot
                      ? std::vector<int>{}
                      : candidateMachines(model, query, Tier::Edge);
        m_clouds = m_query.tierUse[2] == TierUse::MustNot
                       ? std::vector<int>{}
                       : candidateMachines(model, query, Tier::Cloud);
        requireLinks();
        prepareEdgeCloudTables();
        m_useBestCuts = cloudCutRanksAlone();
        m_bestCuts.assign(m_edges.size() * m_clouds.size(), {});
    }

    // Device cuts from the last to the first, so that the cloud cuts b > a seen so far are the
    // candidates of the next device cut.
    std::vector<Candidate> run() {
        for (int a = m_blocks; a >= 0; --a) {
            for (int d : m_origins) {
                if (a > 0 && (d < 0 || m_query.tierUse[0] == TierUse::MustNot))
                    continue;
                if (m_query.cancelled())
                    return {};
                searchFromDeviceCut(d, a);
            }
            if (m_useBestCuts && a >= 1 && a < m_blocks)
                admitCloudCut(a);
        }
        return m_best.sorted();
    }

  private:
    void requireLinks() const {
        for (int d : m_origins) {
            if (d < 0)
                continue;
            for (int e : m_edges)
                m_model.requireLink(d, e);
            for (int c : m_clouds)
                m_model.requireLink(d, c);
        }
        for (int e : m_edges)
            for (int c : m_clouds)
                m_model.requireLink(e, c);
    }

    // For every edge e, cloud c and boundary b: edgePrefix(b) - cloudPrefix(b) + T(cut b, e→c),
    // so that the inner loop costs one load and one add per configuration.
    void prepareEdgeCloudTables() {
        const std::size_t width = static_cast<std::size_t>(m_blocks) + 1;
        m_edgeCloud.assign(m_edges.size() * m_clouds.size() * width, 0.0);
        for (std::size_t ei = 0; ei < m_edges.size(); ++ei)
            for (std::size_t ci = 0; ci < m_clouds.size(); ++ci)
                for (std::size_t b = 0; b < width; ++b) {
                    const int layer = m_layerAt[b];
                    m_edgeCloud[(ei * m_clouds.size() + ci) * width + b] =
                        m_model.computeMs(m_edges[ei], 0, layer) -
                        m_model.computeMs(m_clouds[ci], 0, layer) +
                        m_model.transferMs(m_edges[ei], m_clouds[ci], m_bytesAt[b]);
                }
    }

    // With neither pins, forbids, limits, capacities nor a period to rank, the order of the
    // plans (d, e, c, a, b) over b is the same for every a (their totals differ by the edge-cloud
    // table alone, §1.4): the best `top` cloud cuts after a hold every plan of the top `top`.
    bool cloudCutRanksAlone() const {
        if (m_throughput || !m_query.pins.empty() || !m_query.forbids.empty() ||
            m_filter.hasLimits() || m_model.memory().hasCapacities())
            return false;
        return !(m_query.maxLatencyMs && !m_latency && !m_energy);
    }

    bool cloudCutBefore(const double* table, int x, int y) const {
        const double bytesX = m_bytesAt[static_cast<std::size_t>(x)];
        const double bytesY = m_bytesAt[static_cast<std::size_t>(y)];
        if (!m_latency && !m_energy && bytesX != bytesY)
            return bytesX < bytesY;
        if (table[x] != table[y])
            return table[x] < table[y];
        if (m_latency && bytesX != bytesY)
            return bytesX < bytesY;
        return x > y; // more layers on the edge
    }

    // Cloud cut b joins the candidates of every device cut before it.
    void admitCloudCut(int b) {
        const std::size_t width = static_cast<std::size_t>(m_blocks) + 1;
        const auto keep = static_cast<std::size_t>(std::max(1, m_query.top));
        for (std::size_t pair = 0; pair < m_bestCuts.size(); ++pair) {
            const double* table = &m_edgeCloud[pair * width];
            std::vector<int>& cuts = m_bestCuts[pair];
            const auto at = std::find_if(cuts.begin(), cuts.end(), [&](int other) {
                return cloudCutBefore(table, b, other);
            });
            if (static_cast<std::size_t>(at - cuts.begin()) >= keep)
                continue;
            cuts.insert(at, b);
            if (cuts.size() > keep)
                cuts.pop_back();
        }
    }

    double prefix(int machine, int boundary) const {
        return m_model.computeMs(machine, 0, m_layerAt[static_cast<std::size_t>(boundary)]);
    }

    void searchFromDeviceCut(int d, int a) {
        const int m = m_blocks;
        const double deviceMs = a > 0 ? prefix(d, a) : 0.0;
        const double sentBytes = (d >= 0 && a < m) ? m_bytesAt[static_cast<std::size_t>(a)] : 0.0;
        if (a == m) {
            consider(deviceMs, 0.0, d, -1, -1, a, a);
            return;
        }
        for (int c :
             m_clouds) { // edge unused: the device (or the input) goes straight to the cloud
            const double upload = d >= 0 ? m_model.transferMs(d, c, sentBytes) : 0.0;
            const double total = deviceMs + upload + prefix(c, m) - prefix(c, a);
            consider(total, sentBytes, d, -1, c, a, a);
        }
        const std::size_t width = static_cast<std::size_t>(m) + 1;
        for (std::size_t ei = 0; ei < m_edges.size(); ++ei) {
            const int e = m_edges[ei];
            const double upload = d >= 0 ? m_model.transferMs(d, e, sentBytes) : 0.0;
            const double base = deviceMs + upload - prefix(e, a);
            consider(base + prefix(e, m), sentBytes, d, e, -1, a, m); // cloud unused
            for (std::size_t ci = 0; ci < m_clouds.size(); ++ci) {
                const int c = m_clouds[ci];
                const double* table = &m_edgeCloud[(ei * m_clouds.size() + ci) * width];
                const double cloudBase = base + prefix(c, m);
                if (m_useBestCuts) {
                    for (int b : m_bestCuts[ei * m_clouds.size() + ci])
                        consider(cloudBase + table[b],
                                 sentBytes + m_bytesAt[static_cast<std::size_t>(b)], d, e, c, a, b);
                    continue;
                }
                double threshold = m_best.threshold();
                for (int b = a + 1; b < m; ++b) {
                    const double total = cloudBase + table[b];
                    const double bytes = sentBytes + m_bytesAt[static_cast<std::size_t>(b)];
                    // A stream's period and the device's energy are not bounded by these: those
                    // objectives check every plan.
                    if (!m_throughput && !m_energy && (m_latency ? total : bytes) > threshold)
                        continue;
                    consider(total, bytes, d, e, c, a, b);
                    threshold = m_best.threshold();
                }
            }
        }
    }

    void consider(double totalMs, double bytes, int d, int e, int c, int a, int b) {
        if (m_query.maxLatencyMs && totalMs > *m_query.maxLatencyMs)
            return;
        const int m = m_blocks;
        const std::array<double, 3> compute{a > 0 ? prefix(d, a) : 0.0,
                                            b > a ? prefix(e, b) - prefix(e, a) : 0.0,
                                            m > b ? prefix(c, m) - prefix(c, b) : 0.0};
        const std::array<double, 3> upload{
            (d >= 0 && a < m) ? m_bytesAt[static_cast<std::size_t>(a)] : 0.0,
            (b > a && m > b) ? m_bytesAt[static_cast<std::size_t>(b)] : 0.0, 0.0};
        const double primary = m_throughput ? periodOf(compute, upload, d, e, c)
                               : m_energy   ? energyOf(compute[0], upload[0], d, e, c)
                               : m_latency  ? totalMs
                                            : bytes;
        if (primary > m_best.threshold())
            return;
        if (!m_filter.admits(a, b, compute, upload) || !fitsMemory(d, e, c, a, b))
            return;
        Candidate candidate;
        candidate.key.primary = primary;
        candidate.key.secondary = m_latency ? bytes : totalMs;
        candidate.key.deviceLayers = m_layerAt[static_cast<std::size_t>(a)];
        candidate.key.edgeLayers =
            m_layerAt[static_cast<std::size_t>(b)] - m_layerAt[static_cast<std::size_t>(a)];
        candidate.key.machines = {d, e, c};
        candidate.a = a;
        candidate.b = b;
        m_best.offer(candidate);
    }

    // §1.9 for a device → edge → cloud placement: each machine runs one segment; the upload
    // leaves the device for the edge (or the cloud), the second transfer goes edge → cloud.
    double periodOf(const std::array<double, 3>& compute, const std::array<double, 3>& upload,
                    int d, int e, int c) const {
        const double period = std::max({compute[0], compute[1], compute[2]});
        const int first = e >= 0 ? e : c; // where the device's upload goes
        const double firstBusy =
            d >= 0 && first >= 0 && upload[0] > 0 ? m_model.busyMs(d, first, upload[0]) : 0.0;
        const double secondBusy = upload[1] > 0 ? m_model.busyMs(e, c, upload[1]) : 0.0;
        if (firstBusy > 0 && secondBusy > 0 &&
            m_model.direction(d, first) == m_model.direction(e, c))
            return std::max(period, firstBusy + secondBusy);
        return std::max({period, firstBusy, secondBusy});
    }

    // §1.11 for a device → edge → cloud placement: the device runs [0, a) and sends once.
    double energyOf(double deviceMs, double sent, int d, int e, int c) const {
        const DevicePower& power = *m_model.profile().machines[static_cast<std::size_t>(d)].power;
        const int first = e >= 0 ? e : c;
        const double radio = first >= 0 ? m_model.radioEnergyMj(d, d, first, sent, true) : 0.0;
        return deviceMs * power.computeWatts + radio;
    }

    // Every machine holds what it runs (the device [0, a), edge [a, b), cloud [b, m)).
    bool fitsMemory(int d, int e, int c, int a, int b) const {
        const InferenceMemory& memory = m_model.memory();
        if (!memory.hasCapacities())
            return true;
        const auto bytesAt = [&](int boundary) {
            return m_bytesAt[static_cast<std::size_t>(boundary)];
        };
        return memory.blocksFit(d, 0, a, bytesAt(0)) &&
               (b == a || memory.blocksFit(e, a, b, bytesAt(a))) &&
               (b == m_blocks || memory.blocksFit(c, b, m_blocks, bytesAt(b)));
    }

    const InferenceCostModel& m_model;
    const InferenceQuery& m_query;
    PlacementFilter m_filter;
    int m_blocks;
    BestCandidates m_best;
    bool m_latency;
    bool m_throughput;
    bool m_energy;
    std::vector<int> m_layerAt;
    std::vector<double> m_bytesAt;
    std::vector<int> m_origins, m_edges, m_clouds;
    std::vector<double> m_edgeCloud;
    bool m_useBestCuts = false;
    std::vector<std::vector<int>> m_bestCuts; // per edge-cloud pair: the best cuts b > a
};

} // namespace

std::vector<int> candidateMachines(const InferenceCostModel& model, const InferenceQuery& query,
                                   Tier tier) {
    std::vector<int> result;
    for (int machine : model.profile().machinesOfTier(tier))
        if (query.allows(machine))
            result.push_back(machine);
    return result;
}

std::vector<int> candidateOrigins(const InferenceCostModel& model, const InferenceQuery& query) {
    if (model.profile().machinesOfTier(Tier::Device).empty())
        return {-1};
    auto origins = candidateMachines(model, query, Tier::Device);
    if (origins.empty())
        throw PlanError("--machines names no device machine, but the input starts on a device");
    return origins;
}

std::vector<RankedPlan> rankScission(const InferenceCostModel& model, const InferenceQuery& query) {
    ScissionSearch search(model, query);
    std::vector<RankedPlan> plans;
    for (const Candidate& candidate : search.run()) {
        TierPlacement placement;
        placement.machine = candidate.key.machines;
        placement.deviceEnd = candidate.key.deviceLayers;
        placement.edgeEnd = candidate.key.deviceLayers + candidate.key.edgeLayers;
        RankedPlan plan;
        plan.segments = placement.segments(model.layerCount());
        plan.evaluation = model.evaluate(plan.segments, placement.machine[0]);
        plans.push_back(std::move(plan));
    }
    sortPlans(plans, query.objective);
    return plans;
}

} // namespace cutlab::core
