#include "core/inference/BandwidthWindow.h"

#include "core/model/Network.h"

namespace cutlab::core {

BandwidthWindow::BandwidthWindow(double windowMs, double initialMbps)
    : m_windowMs(windowMs), m_estimateMbps(initialMbps) {}

double BandwidthWindow::estimateAt(double timeMs, const std::vector<CarriedTransfer>& carried) {
    while (m_end < carried.size() && carried[m_end].arrivalMs <= timeMs)
        ++m_end;
    while (m_first < m_end && carried[m_first].arrivalMs <= timeMs - m_windowMs)
        ++m_first;
    if (m_first == m_end)
        return m_estimateMbps;
    // Summed afresh: a window holds few transfers, and running sums would drift.
    double bytes = 0, busyMs = 0;
    for (std::size_t i = m_first; i < m_end; ++i) {
        bytes += carried[i].bytes;
        busyMs += carried[i].busyMs;
    }
    m_estimateMbps = busyMs > 0 ? bytes * 8.0 / (busyMs * 1000.0) : kUnlimitedBandwidth;
    return m_estimateMbps;
}

} // namespace cutlab::core
