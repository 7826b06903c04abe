#include "core/cluster/PoolCosts.h"

#include "core/model/ModelStructure.h"
#include "core/model/PlanError.h"

#include <algorithm>

namespace cutlab::core {

namespace {

int machineOf(const Profile& profile, const PoolGroup& group) {
    const int machine = profile.machineIndex(group.machineId);
    if (machine < 0)
        throw PlanError("the pool's machine '" + group.machineId + "' is not in the profile");
    return machine;
}

Link linkOf(const Profile& profile, const Network& network, const PoolGroup& from,
            const PoolGroup& to) {
    const int a = machineOf(profile, from), b = machineOf(profile, to);
    if (&from == &to && from.mbps)
        return Link{from.machineId, to.machineId, *from.mbps, 0};
    if (&from == &to) {
        for (const Link& link : network.links)
            if (link.from == "same" && link.to == "same")
                return link;
        if (from.machines == 1)
            return Link{from.machineId, to.machineId}; // never used: one machine, one stage
        throw PlanError("the network '" + network.name + "' has no link between two " +
                        from.machineId + " machines; give " + from.machineId + ":" +
                        std::to_string(from.machines) + "@MBPS or a 'same' link");
    }
    if (const std::optional<Link> link = network.linkBetween(profile, a, b))
        return *link;
    throw PlanError("the network '" + network.name + "' has no link between " + from.machineId +
                    " and " + to.machineId);
}

} // namespace

PoolCosts::PoolCosts(const Profile& profile, const Network& network, const PoolRequest& request)
    : m_request(request) {
    if (profile.layers.empty() || profile.layers.front().backwardMs.empty())
        throw PlanError("training over a pool needs backward_ms for every layer");
    m_samples = request.microBatch > 0 ? request.microBatch
                                       : std::max(1, static_cast<int>(profile.model.batch));
    const double scale = m_samples / profile.model.batch;
    const ModelStructure structure = analyseStructure(profile);
    for (std::size_t b = 0; b <= structure.blocks.size(); ++b)
        m_boundaryLayer.push_back(structure.boundaryLayer(static_cast<int>(b)));
    for (const PoolGroup& group : request.pool.groups) {
        const int machine = machineOf(profile, group);
        std::vector<double> layers;
        for (const Layer& layer : profile.layers)
            layers.push_back(scale *
                             (layer.forwardMs[at(machine)] + layer.backwardMs[at(machine)]));
        std::vector<double> prefix{0.0};
        for (int b = 1; b < boundaries(); ++b)
            prefix.push_back(prefix.back() + [&] {
                double sum = 0;
                for (int l = boundaryLayer(b - 1); l < boundaryLayer(b); ++l)
                    sum += layers[at(l)];
                return sum;
            }());
        m_layerTime.push_back(std::move(layers));
        m_time.push_back(std::move(prefix));
    }
    m_params.push_back(0);
    m_outputs.push_back(0);
    m_crossing.push_back(profile.model.inputBytes);
    for (int b = 1; b < boundaries(); ++b) {
        double params = 0, outputs = 0;
        for (int l = boundaryLayer(b - 1); l < boundaryLayer(b); ++l) {
            params += profile.layers[at(l)].paramBytes;
            outputs += profile.layers[at(l)].outputBytes;
        }
        m_params.push_back(m_params.back() + params);
        m_outputs.push_back(m_outputs.back() + outputs);
        m_crossing.push_back(
            b + 1 < boundaries() ? profile.layers[at(boundaryLayer(b) - 1)].outputBytes : 0.0);
    }
    for (const PoolGroup& from : request.pool.groups)
        for (const PoolGroup& to : request.pool.groups)
            m_links.push_back(linkOf(profile, network, from, to));
}

double PoolCosts::timeMs(int group, int from, int to) const {
    return m_time[at(group)][at(to)] - m_time[at(group)][at(from)];
}

const Link& PoolCosts::link(int from, int to) const {
    return m_links[at(from * groups() + to)];
}

PoolStageCost PoolCosts::stage(int from, int to, const std::vector<int>& replicas) const {
    PoolStageCost cost;
    cost.shares.assign(at(groups()), 0.0);
    double speed = 0; // micro-batches per ms of all replicas together
    int instant = 0;  // replicas that run the stage in no time
    for (int g = 0; g < groups(); ++g)
        if (replicas[at(g)] > 0) {
            const double t = timeMs(g, from, to);
            if (t > 0)
                speed += replicas[at(g)] / t;
            else
                instant += replicas[at(g)];
        }
    for (int g = 0; g < groups(); ++g)
        if (replicas[at(g)] > 0) {
            const double t = timeMs(g, from, to);
            cost.shares[at(g)] = instant > 0 ? (t > 0 ? 0.0 : 1.0 / instant) : (1.0 / t) / speed;
        }
    cost.computeMs = instant > 0 ? 0.0 : 1.0 / speed;
    int total = 0;
    for (int count : replicas)
        total += count;
    const double parameters = m_params[at(to)] - m_params[at(from)];
    if (total > 1 && parameters > 0) {
        const double bytes = 2.0 * (total - 1) / total * parameters;
        for (int g = 0; g < groups(); ++g)
            for (int h = g; h < groups(); ++h)
                if (replicas[at(g)] > 0 && replicas[at(h)] > 0 && (g != h || replicas[at(g)] > 1))
                    cost.allReduceMs = std::max(cost.allReduceMs, link(g, h).transferMs(bytes));
    }
    cost.stageMs = cost.computeMs + cost.allReduceMs / m_request.microBatches;
    return cost;
}

double PoolCosts::linkMs(int boundary, unsigned fromGroups, unsigned toGroups) const {
    const double bytes = m_crossing[at(boundary)] * m_samples;
    double worst = 0;
    for (int g = 0; g < groups(); ++g)
        for (int h = 0; h < groups(); ++h)
            if ((fromGroups >> g & 1u) && (toGroups >> h & 1u))
                worst =
                    std::max(worst, link(g, h).transferMs(bytes) + link(h, g).transferMs(bytes));
    return worst;
}

StageMemory PoolCosts::memory(int from, int to, double share, int fromEnd) const {
    PipelineMemorySettings settings;
    settings.optimizer = m_request.optimizer;
    settings.recompute = m_request.recompute;
    settings.microBatches = m_request.microBatches;
    const double samples = share * m_samples;
    return stageMemory(settings, 0, fromEnd, m_params[at(to)] - m_params[at(from)],
                       samples * (m_outputs[at(to)] - m_outputs[at(from)]),
                       samples * m_crossing[at(from)]);
}

bool PoolCosts::fits(int from, int to, const PoolStageCost& cost, const std::vector<int>& replicas,
                     int fromEnd) const {
    for (int g = 0; g < groups(); ++g) {
        const double capacity =
            at(g) < m_request.capacityBytes.size() ? m_request.capacityBytes[at(g)] : 0.0;
        if (replicas[at(g)] > 0 && capacity > 0 &&
            memory(from, to, cost.shares[at(g)], fromEnd).total() > capacity)
            return false;
    }
    return true;
}

double PoolCosts::lowerBoundMs() const {
    double sum = 0;
    for (std::size_t l = 0; !m_layerTime.empty() && l < m_layerTime.front().size(); ++l) {
        double fastest = m_layerTime.front()[l];
        for (const auto& times : m_layerTime)
            fastest = std::min(fastest, times[l]);
        sum += fastest;
    }
    return sum / std::max(1, m_request.pool.totalMachines());
}

} // namespace cutlab::core
