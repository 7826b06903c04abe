#include "core/inference/InferenceCostModel.h"

#include "core/model/PlanError.h"

#include <algorithm>
#include <utility>

namespace cutlab::core {

InferenceCostModel::InferenceCostModel(const Profile& profile, const Network& network,
                                       std::optional<double> inputBytesOverride)
    : m_profile(profile), m_network(network), m_structure(analyseStructure(profile)),
      m_inputBytes(inputBytesOverride.value_or(profile.model.inputBytes)),
      m_memory(profile, m_structure, m_inputBytes) {
    const std::size_t machines = profile.machines.size();
    const std::size_t layers = profile.layers.size();
    m_prefix.assign(machines, std::vector<double>(layers + 1, 0.0));
    for (std::size_t j = 0; j < machines; ++j) {
        double sum = 0;
        for (std::size_t i = 0; i < layers; ++i) {
            sum += profile.layers[i].forwardMs[j] / profile.model.batch;
            m_prefix[j][i + 1] = sum;
        }
    }
    m_links.resize(machines * machines);
    m_directions.resize(machines * machines);
    for (std::size_t a = 0; a < machines; ++a)
        for (std::size_t b = 0; b < machines; ++b) {
            const int from = static_cast<int>(a), to = static_cast<int>(b);
            m_links[a * machines + b] = network.linkBetween(profile, from, to);
            if (a != b)
                m_directions[a * machines + b] = linkDirectionBetween(network, profile, from, to);
        }
}

const Link& InferenceCostModel::requireLink(int from, int to) const {
    if (const Link* found = link(from, to))
        return *found;
    throw PlanError("the network '" + m_network.name + "' has no link between '" +
                    m_profile.machines[static_cast<std::size_t>(from)].id + "' and '" +
                    m_profile.machines[static_cast<std::size_t>(to)].id + "'");
}

Evaluation InferenceCostModel::evaluate(const std::vector<Segment>& segments, int origin,
                                        bool returnResult) const {
    Evaluation result;
    result.origin = origin;
    result.stages.reserve(segments.size());
    result.transfers.reserve(segments.size() + 1);
    int location = origin;
    auto move = [&](int to, int position) {
        const double bytes = cutBytes(position);
        if (location < 0 || location == to || bytes <= 0)
            return;
        const Link& link = requireLink(location, to);
        TransferCost transfer{location,      to, position - 1, bytes, link.transferMs(bytes),
                              link.latencyMs};
        result.transferMs += transfer.ms;
        result.transferBytes += bytes;
        result.transfers.push_back(transfer);
    };
    for (const Segment& segment : segments) {
        if (segment.end <= segment.begin)
            continue;
        move(segment.machine, segment.begin);
        location = segment.machine;
        const double ms = computeMs(segment.machine, segment.begin, segment.end);
        result.stages.push_back({m_profile.machines[static_cast<std::size_t>(segment.machine)].tier,
                                 segment.machine, segment.begin, segment.end, ms});
        result.computeMs += ms;
    }
    if (returnResult && origin >= 0)
        move(origin, layerCount());
    result.totalMs = result.computeMs + result.transferMs;
    result.periodMs = streamPeriodMs(result);
    result.energyMj = deviceEnergyMj(result);
    return result;
}

double InferenceCostModel::radioEnergyMj(int device, int from, int to, double bytes,
                                         bool sending) const {
    const auto& power = m_profile.machines[static_cast<std::size_t>(device)].power;
    const Link& link = requireLink(from, to);
    const double busy = link.busyMs(bytes);
    if (!power || busy <= 0)
        return 0;
    const RadioPower& radio = sending ? power->uplink : power->downlink;
    return busy * radio.milliwatts(link.bandwidthMbps) / 1000.0; // ms × mW = µJ
}

std::optional<double> InferenceCostModel::deviceEnergyMj(const Evaluation& evaluation) const {
    const int device = evaluation.origin;
    if (device < 0 || !m_profile.machines[static_cast<std::size_t>(device)].power)
        return std::nullopt;
    const double watts = m_profile.machines[static_cast<std::size_t>(device)].power->computeWatts;
    double energy = 0;
    for (const StageCost& stage : evaluation.stages)
        if (stage.machine == device)
            energy += stage.computeMs * watts; // ms × W = mJ
    for (const TransferCost& transfer : evaluation.transfers)
        if (transfer.from == device || transfer.to == device)
            energy += radioEnergyMj(device, transfer.from, transfer.to, transfer.bytes,
                                    transfer.from == device);
    return energy;
}

double InferenceCostModel::streamPeriodMs(const Evaluation& evaluation) const {
    std::vector<std::pair<int, double>> machineBusy;
    std::vector<std::pair<LinkDirection, double>> linkBusy;
    auto add = [](auto& list, const auto& key, double ms) {
        for (auto& [existing, sum] : list)
            if (existing == key) {
                sum += ms;
                return;
            }
        list.emplace_back(key, ms);
    };
    for (const StageCost& stage : evaluation.stages)
        add(machineBusy, stage.machine, stage.computeMs);
    for (const TransferCost& transfer : evaluation.transfers) {
        // A link the network lacks cannot appear here: evaluate() requires it.
        const auto direction = this->direction(transfer.from, transfer.to);
        add(linkBusy, direction.value_or(LinkDirection{}),
            busyMs(transfer.from, transfer.to, transfer.bytes));
    }
    double period = 0;
    for (const auto& [machine, ms] : machineBusy)
        period = std::max(period, ms);
    for (const auto& [direction, ms] : linkBusy)
        period = std::max(period, ms);
    return period;
}

Evaluation InferenceCostModel::evaluate(const TierPlacement& placement) const {
    return evaluate(placement.segments(layerCount()), placement.machine[0]);
}

TierPlacement InferenceCostModel::placementFromCuts(int deviceLast, int edgeLast,
                                                    std::array<int, 3> machines) const {
    const int n = layerCount();
    auto checkCut = [&](int layer, const char* role) {
        if (layer < 0 || layer == n - 1)
            return;
        if (!m_structure.isValidCutAfter(layer))
            throw PlanError(std::string("the ") + role + " cut after layer '" +
                            m_profile.layers[static_cast<std::size_t>(layer)].id +
                            "' is not a valid cut point (more than one tensor would cross it)");
    };
    checkCut(deviceLast, tierName(Tier::Device).c_str());
    checkCut(edgeLast, tierName(Tier::Edge).c_str());
    TierPlacement placement;
    placement.machine = machines;
    placement.deviceEnd = deviceLast + 1;
    placement.edgeEnd = edgeLast < 0 ? placement.deviceEnd : edgeLast + 1;
    if (edgeLast >= 0 && edgeLast <= deviceLast)
        throw PlanError("the edge's last layer must come after the device's last layer");
    for (Tier tier : kTiers) {
        const int t = tierIndex(tier);
        if (placement.layersOn(tier, n) > 0 && machines[static_cast<std::size_t>(t)] < 0)
            throw PlanError("the plan runs layers on the " + tierName(tier) + " but no " +
                            tierName(tier) + " machine is available");
        if (placement.layersOn(tier, n) == 0 && tier != Tier::Device)
            placement.machine[static_cast<std::size_t>(t)] = -1;
    }
    return placement;
}

} // namespace cutlab::core
