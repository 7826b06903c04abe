#include "core/inference/FrameReplay.h"

#include "core/model/PlanError.h"

#include <algorithm>
#include <cmath>

namespace cutlab::core {

FrameReplay::FrameReplay(const InferenceCostModel& model,
                         const std::vector<TracedDirection>& traces)
    : m_model(model), m_traces(traces), m_machineFreeMs(model.profile().machines.size(), 0.0),
      m_servers(2 * model.network().links.size()) {
    for (std::size_t i = 0; i < m_servers.size(); ++i) {
        const Link& link = model.network().links[i / 2];
        m_servers[i].latencyMs = link.latencyMs;
        if (link.bandwidthMbps != kUnlimitedBandwidth)
            m_servers[i].busyMsPerByte = 8.0 / (link.bandwidthMbps * 1000.0);
    }
    for (std::size_t t = 0; t < m_traces.size(); ++t) {
        const TracedDirection& traced = m_traces[t];
        LinkServer& server =
            m_servers[2 * traced.direction.link + (traced.direction.reverse ? 1 : 0)];
        server.trace = static_cast<int>(t);
        server.cursor = traced.trace->firstAtOrAfter(traced.offsetMs);
    }
}

FrameRoute FrameReplay::route(const Evaluation& evaluation) const {
    const Profile& profile = m_model.profile();
    FrameRoute steps;
    auto addTransfer = [&](const TransferCost& transfer) {
        const auto direction =
            linkDirectionBetween(m_model.network(), profile, transfer.from, transfer.to);
        if (!direction)
            m_model.requireLink(transfer.from, transfer.to); // throws the usual sentence
        RouteStep step;
        step.kind = RouteStep::Kind::Transfer;
        step.server = static_cast<int>(2 * direction->link + (direction->reverse ? 1 : 0));
        step.bytes = transfer.bytes;
        steps.push_back(step);
    };
    std::size_t next = 0; // the next transfer of the evaluation, in the order it happens
    for (const StageCost& stage : evaluation.stages) {
        if (next < evaluation.transfers.size() && evaluation.transfers[next].to == stage.machine &&
            evaluation.transfers[next].afterLayer == stage.begin - 1)
            addTransfer(evaluation.transfers[next++]);
        RouteStep step;
        step.machine = stage.machine;
        step.computeMs = stage.computeMs;
        steps.push_back(step);
    }
    for (; next < evaluation.transfers.size(); ++next) // the result going back
        addTransfer(evaluation.transfers[next]);
    return steps;
}

FrameReplay::Delivery FrameReplay::deliver(const LinkServer& server, double freeMs,
                                           std::uint64_t cursor, double bytes,
                                           double readyMs) const {
    Delivery result{readyMs, 0, freeMs, cursor};
    if (bytes <= 0)
        return result;
    if (server.trace < 0) {
        const double start = std::max(readyMs, freeMs);
        result.busyMs = bytes * server.busyMsPerByte;
        result.freeMs = start + result.busyMs;
        result.arrivalMs = result.freeMs + server.latencyMs;
        return result;
    }
    const TracedDirection& traced = m_traces[static_cast<std::size_t>(server.trace)];
    const auto packets = static_cast<std::uint64_t>(std::ceil(bytes / kTraceOpportunityBytes));
    const std::uint64_t first =
        std::max(cursor, traced.trace->firstAtOrAfter(readyMs + traced.offsetMs));
    const std::uint64_t last = first + packets - 1;
    const double delivered = traced.trace->at(last) - traced.offsetMs;
    result.cursor = last + 1;
    result.busyMs = delivered - readyMs;
    result.arrivalMs = delivered + server.latencyMs;
    return result;
}

double FrameReplay::run(const FrameRoute& route, double arrivalMs) {
    double now = arrivalMs;
    for (const RouteStep& step : route) {
        if (step.kind == RouteStep::Kind::Compute) {
            double& free = m_machineFreeMs[static_cast<std::size_t>(step.machine)];
            now = std::max(now, free) + step.computeMs;
            free = now;
            continue;
        }
        LinkServer& server = m_servers[static_cast<std::size_t>(step.server)];
        const Delivery delivery = deliver(server, server.freeMs, server.cursor, step.bytes, now);
        if (server.trace >= 0 && step.bytes > 0)
            server.carried.push_back({delivery.arrivalMs, step.bytes, delivery.busyMs});
        server.freeMs = delivery.freeMs;
        server.cursor = delivery.cursor;
        now = delivery.arrivalMs;
    }
    return now;
}

double FrameReplay::finishTime(const FrameRoute& route, double arrivalMs) const {
    // A route visits few servers: keep what it changed beside the shared state.
    std::vector<std::pair<int, double>> machineFree;
    std::vector<std::pair<int, Delivery>> serverState;
    double now = arrivalMs;
    for (const RouteStep& step : route) {
        if (step.kind == RouteStep::Kind::Compute) {
            auto it = std::find_if(machineFree.begin(), machineFree.end(),
                                   [&](const auto& entry) { return entry.first == step.machine; });
            const double free = it != machineFree.end()
                                    ? it->second
                                    : m_machineFreeMs[static_cast<std::size_t>(step.machine)];
            now = std::max(now, free) + step.computeMs;
            if (it != machineFree.end())
                it->second = now;
            else
                machineFree.emplace_back(step.machine, now);
            continue;
        }
        const LinkServer& server = m_servers[static_cast<std::size_t>(step.server)];
        auto it = std::find_if(serverState.begin(), serverState.end(),
                               [&](const auto& entry) { return entry.first == step.server; });
        const double free = it != serverState.end() ? it->second.freeMs : server.freeMs;
        const std::uint64_t cursor = it != serverState.end() ? it->second.cursor : server.cursor;
        const Delivery delivery = deliver(server, free, cursor, step.bytes, now);
        if (it != serverState.end())
            it->second = delivery;
        else
            serverState.emplace_back(step.server, delivery);
        now = delivery.arrivalMs;
    }
    return now;
}

double FrameReplay::lowerBoundMs(const FrameRoute& route) const {
    double bound = 0;
    for (const RouteStep& step : route) {
        if (step.kind == RouteStep::Kind::Compute)
            bound += step.computeMs;
        else if (step.bytes > 0)
            bound += m_servers[static_cast<std::size_t>(step.server)].latencyMs;
    }
    return bound;
}

const std::vector<CarriedTransfer>& FrameReplay::carried(std::size_t traceIndex) const {
    const LinkDirection& direction = m_traces[traceIndex].direction;
    return m_servers[2 * direction.link + (direction.reverse ? 1 : 0)].carried;
}

} // namespace cutlab::core
