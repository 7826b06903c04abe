#pragma once

#include "core/inference/FrameRoute.h"
#include "core/inference/InferenceCostModel.h"
#include "core/model/LinkDirection.h"
#include "core/model/NetworkTrace.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace cutlab::core {

// A measured trace on one direction of one link; replay time 0 is trace time offsetMs.
struct TracedDirection {
    LinkDirection direction;
    std::shared_ptr<const NetworkTrace> trace;
    double offsetMs = 0;
};

// A transfer a traced direction carried, for the bandwidth estimate of adaptive re-planning.
struct CarriedTransfer {
    double arrivalMs = 0; // when the bytes arrived, the link's latency included
    double bytes = 0;
    double busyMs = 0; // arrival − ready − latency
};

// Frames through a plan over FIFO servers (docs/cost-models.md §6.2): one per machine and one
// per direction of every link, a traced direction handing out its delivery opportunities in
// time order, each at most once. Run frames in arrival order.
class FrameReplay {
  public:
    FrameReplay(const InferenceCostModel& model, const std::vector<TracedDirection>& traces);

    // The steps of a plan: its segments and the transfers between them, in order. Throws
    // PlanError when the network has no link for a transfer.
    FrameRoute route(const Evaluation& evaluation) const;
    // Runs a frame that arrives at `arrivalMs` and returns when its last step ends.
    double run(const FrameRoute& route, double arrivalMs);
    // The least time a frame can take on a route: its compute and the latency of every link
    // it sends bytes over, with no wait anywhere.
    double lowerBoundMs(const FrameRoute& route) const;
    // When the frame would end, leaving the servers as they are.
    double finishTime(const FrameRoute& route, double arrivalMs) const;

    // Traced directions as given; their transfers so far, in arrival order.
    const std::vector<TracedDirection>& traces() const { return m_traces; }
    const std::vector<CarriedTransfer>& carried(std::size_t traceIndex) const;

  private:
    struct LinkServer {
        double busyMsPerByte = 0; // 8 / (Mbit/s · 1000); 0 when unlimited
        double latencyMs = 0;
        int trace = -1; // index into m_traces, -1 = constant
        double freeMs = 0;
        std::uint64_t cursor = 0; // the first unused opportunity
        std::vector<CarriedTransfer> carried;
    };
    struct Delivery {
        double arrivalMs = 0; // with the latency
        double busyMs = 0;
        double freeMs = 0;
        std::uint64_t cursor = 0;
    };
    // What sending `bytes` ready at `readyMs` gives, from the server's free time and cursor.
    Delivery deliver(const LinkServer& server, double freeMs, std::uint64_t cursor, double bytes,
                     double readyMs) const;

    const InferenceCostModel& m_model;
    std::vector<TracedDirection> m_traces;
    std::vector<double> m_machineFreeMs;
    std::vector<LinkServer> m_servers; // 2·link + (reverse ? 1 : 0)
};

} // namespace cutlab::core
