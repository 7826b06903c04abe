#include "core/training/HierTrainMemoryLimits.h"

#include "core/training/TrainingMemory.h"

#include <algorithm>
#include <cmath>

namespace cutlab::core {

HierTrainMemoryLimits::HierTrainMemoryLimits(const TrainingCostModel& model,
                                             const std::array<int, 3>& workers, int ms, int ml,
                                             int batch)
    : m_model(model), m_workers(workers), m_ms(ms), m_ml(ml), m_batch(batch) {
    const TrainingMemorySettings& settings = model.memory();
    m_active = settings.capacity(workers[0]) > 0 || settings.capacity(workers[1]) > 0 ||
               settings.capacity(workers[2]) > 0;
    const int n = model.layerCount();
    const double states = 2.0 + optimizerStateCopies(settings.optimizer);
    const double early = model.outputBytes(0, ms), middle = model.outputBytes(ms, ml);
    // O: b_o·early + (b_o + b_s)·middle + B·late with b_o = B - b_s - b_l.
    m_bytes[0] = {states * model.paramBytes(0, n) + batch * model.outputBytes(0, n), -early,
                  -(early + middle)};
    m_bytes[1] = {states * model.paramBytes(0, ms), early, 0};
    m_bytes[2] = {states * model.paramBytes(0, ml), 0, model.outputBytes(0, ml)};
}

bool HierTrainMemoryLimits::fits(int bs, int bl) const {
    return hierTrainFits(m_model, m_workers, m_ms, m_ml, {m_batch - bs - bl, bs, bl});
}

SampleLine HierTrainMemoryLimits::restrict(const SampleLine& line,
                                           const std::array<bool, 3>& present) const {
    if (!m_active)
        return line;
    // Each limit α + β·t <= C bounds t on one side (O's applies wherever, S's and L's where
    // they have samples); the bounds are then checked with the exact accounting.
    double low = line.t0, high = line.t1;
    for (std::size_t w = 0; w < 3; ++w) {
        const double capacity = m_model.memory().capacity(m_workers[w]);
        if (capacity <= 0 || (w > 0 && !present[w]))
            continue;
        const SampleAffine& a = m_bytes[w];
        const double alpha = a.at(line.s0, line.l0), beta = a.cs * line.ds + a.cl * line.dl;
        if (beta > 0)
            high = std::min(high, (capacity - alpha) / beta);
        else if (beta < 0)
            low = std::max(low, (capacity - alpha) / beta);
        else if (alpha > capacity)
            high = low - 2;
    }
    SampleLine result = line;
    if (std::ceil(low) > std::floor(high) + 1) {
        result.t1 = result.t0 - 1;
        return result;
    }
    int t = std::clamp(static_cast<int>(std::ceil(low)), line.t0, line.t1);
    while (t > line.t0 && fitsAt(line, t - 1))
        --t;
    while (t <= line.t1 && !fitsAt(line, t))
        ++t;
    result.t0 = t;
    if (t > line.t1) {
        result.t1 = t - 1;
        return result;
    }
    t = std::clamp(static_cast<int>(std::floor(high)), result.t0, line.t1);
    while (t < line.t1 && fitsAt(line, t + 1))
        ++t;
    while (t >= result.t0 && !fitsAt(line, t))
        --t;
    result.t1 = t;
    return result;
}

bool hierTrainBoxMayFit(const TrainingCostModel& model, const std::array<int, 3>& workers,
                        int mlLow, int mlHigh, int batch) {
    const TrainingMemorySettings& settings = model.memory();
    const int n = model.layerCount();
    if (workers[2] >= 0 && mlLow > 0 &&
        !settings.fits(workers[2], layerRangeMemory(model, 0, mlLow, 1).total()))
        return false;
    const double oLeast =
        layerRangeMemory(model, 0, n, 0).total() + batch * model.outputBytes(mlHigh, n);
    return settings.fits(workers[0], oLeast);
}

} // namespace cutlab::core
