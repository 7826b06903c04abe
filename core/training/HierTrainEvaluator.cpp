#include "core/training/HierTrainEvaluator.h"

#include <algorithm>

namespace cutlab::core {

HierTrainEvaluator::HierTrainEvaluator(const TrainingCostModel& model, std::array<int, 3> worker,
                                       int ms, int ml, int batch)
    : m_batch(batch), m_ms(ms), m_ml(ml), m_model(model) {
    const int n = model.layerCount();
    const int o = worker[0], s = worker[1], l = worker[2];
    auto forward = [&](int machine, int a, int b) {
        return machine < 0 || b <= a ? 0.0 : model.forwardMs(machine, a, b);
    };
    auto backward = [&](int machine, int a, int b) {
        return machine < 0 || b <= a ? 0.0 : model.backwardMs(machine, a, b);
    };
    auto update = [&](int machine, int a, int b) {
        return machine < 0 || b <= a ? 0.0 : model.updateMs(machine, a, b);
    };
    m_fo1 = forward(o, 0, ms), m_fs1 = forward(s, 0, ms), m_fl1 = forward(l, 0, ms);
    m_fo2 = forward(o, ms, ml), m_fl2 = forward(l, ms, ml), m_fo3 = forward(o, ml, n);
    m_go1 = backward(o, 0, ms), m_gs1 = backward(s, 0, ms), m_gl1 = backward(l, 0, ms);
    m_go2 = backward(o, ms, ml), m_gl2 = backward(l, ms, ml), m_go3 = backward(o, ml, n);
    m_updateO = update(o, 0, n), m_updateS = update(s, 0, ms), m_updateL = update(l, 0, ml);
    const int device = model.deviceMachine();
    const double input = model.cutBytes(0);
    m_inO = transfer(device, o, input);
    m_inS = transfer(device, s, input);
    m_inL = transfer(device, l, input);
    m_sOut = transfer(s, o, ms > 0 ? model.cutBytes(ms) : 0.0);
    m_sGrad = transfer(o, s, ms > 0 ? model.cutBytes(ms) : 0.0);
    m_lOut = transfer(l, o, ml > 0 ? model.cutBytes(ml) : 0.0);
    m_lGrad = transfer(o, l, ml > 0 ? model.cutBytes(ml) : 0.0);
    if (s >= 0 && ms > 0)
        m_sWeights = model.transferMs(s, o, 2.0 * model.paramBytes(0, ms));
    if (l >= 0 && ml > 0)
        m_lWeights = model.transferMs(l, o, 2.0 * model.paramBytes(0, ml));
}

HierTrainEvaluator::Transfer HierTrainEvaluator::transfer(int from, int to,
                                                          double bytesPerSample) const {
    if (from < 0 || to < 0 || from == to || bytesPerSample <= 0)
        return {};
    const Link& link = m_model.link(from, to);
    const double full = link.transferMs(bytesPerSample); // latency + one sample
    return {link.latencyMs, full - link.latencyMs};
}

HierTrainPhases HierTrainEvaluator::phases(int bo, int bs, int bl) const {
    HierTrainPhases p;
    p.tf1 = std::max({m_inO.at(bo) + m_fo1 * bo, m_inL.at(bl) + m_fl1 * bl,
                      m_inS.at(bs) + m_fs1 * bs + m_sOut.at(bs)});
    p.tf2 = std::max(m_fo2 * (bo + bs), m_fl2 * bl + m_lOut.at(bl));
    p.tf3 = m_fo3 * m_batch;
    p.tb3 = m_go3 * m_batch;
    p.tb2 = std::max(m_go2 * (bo + bs), m_lGrad.at(bl) + m_gl2 * bl);
    p.tb1 = std::max({m_go1 * bo, m_sGrad.at(bs) + m_gs1 * bs, m_gl1 * bl});
    p.tup = std::max(
        {m_updateO, bs > 0 ? m_sWeights + m_updateS : 0.0, bl > 0 ? m_lWeights + m_updateL : 0.0});
    return p;
}

double HierTrainEvaluator::Pieces::at(double bs, double bl) const {
    double total = constant;
    for (const auto& options : maxima) {
        double best = options.front().at(bs, bl);
        for (std::size_t i = 1; i < options.size(); ++i)
            best = std::max(best, options[i].at(bs, bl));
        total += best;
    }
    return total;
}

HierTrainEvaluator::Pieces HierTrainEvaluator::pieces(std::array<bool, 3> present) const {
    const double batch = m_batch;
    const bool o = present[0], s = present[1], l = present[2];
    // c + k·b_o written in (b_s, b_l): c + k·B - k·b_s - k·b_l.
    auto ofO = [&](double c, double k) { return SampleAffine{c + k * batch, -k, -k}; };
    auto ofS = [](double c, double k) { return SampleAffine{c, k, 0}; };
    auto ofL = [](double c, double k) { return SampleAffine{c, 0, k}; };
    Pieces result;
    result.constant =
        (m_fo3 + m_go3) * batch +
        std::max({m_updateO, s ? m_sWeights + m_updateS : 0.0, l ? m_lWeights + m_updateL : 0.0});
    result.maxima.push_back(
        {ofO(o ? m_inO.latency : 0.0, m_inO.slope + m_fo1),
         ofL(l ? m_inL.latency : 0.0, m_inL.slope + m_fl1),
         ofS(s ? m_inS.latency + m_sOut.latency : 0.0, m_inS.slope + m_fs1 + m_sOut.slope)});
    // b_o + b_s = B - b_l
    result.maxima.push_back({SampleAffine{m_fo2 * batch, 0, -m_fo2},
                             ofL(l ? m_lOut.latency : 0.0, m_fl2 + m_lOut.slope)});
    result.maxima.push_back({SampleAffine{m_go2 * batch, 0, -m_go2},
                             ofL(l ? m_lGrad.latency : 0.0, m_gl2 + m_lGrad.slope)});
    result.maxima.push_back(
        {ofO(0, m_go1), ofS(s ? m_sGrad.latency : 0.0, m_gs1 + m_sGrad.slope), ofL(0, m_gl1)});
    return result;
}

} // namespace cutlab::core
