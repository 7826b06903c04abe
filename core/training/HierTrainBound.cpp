#include "core/training/HierTrainBound.h"
#include "core/model/Infinity.h"

#include "core/training/HierTrainSampleLine.h"

#include <algorithm>
#include <bit>
#include <limits>

namespace cutlab::core {

namespace {}

void HierTrainBound::Path::add(Count count, std::vector<PrefixTerm> terms,
                               std::vector<TransferId> sends) {
    auto& to = prefix[static_cast<std::size_t>(count)];
    to.insert(to.end(), terms.begin(), terms.end());
    auto& paid = transfers[static_cast<std::size_t>(count)];
    paid.insert(paid.end(), sends.begin(), sends.end());
}

void HierTrainBound::Path::add(const Path& other) {
    for (std::size_t c = 0; c < 3; ++c) {
        prefix[c].insert(prefix[c].end(), other.prefix[c].begin(), other.prefix[c].end());
        transfers[c].insert(transfers[c].end(), other.transfers[c].begin(),
                            other.transfers[c].end());
    }
}

void HierTrainBound::Path::cancel() {
    for (auto& terms : prefix) {
        std::vector<PrefixTerm> merged;
        for (const PrefixTerm& term : terms) {
            if (term.machine < 0)
                continue; // no such worker: nothing to sum
            auto same = std::find_if(merged.begin(), merged.end(), [&](const PrefixTerm& m) {
                return m.table == term.table && m.machine == term.machine &&
                       m.position == term.position;
            });
            if (same == merged.end())
                merged.push_back(term);
            else
                same->weight += term.weight;
        }
        std::erase_if(merged, [](const PrefixTerm& term) { return term.weight == 0; });
        terms = std::move(merged);
    }
}

// The six forward and six backward paths of docs/cost-models.md §2.1 for one mapping.
HierTrainBound::Mapping HierTrainBound::paths(const std::array<int, 3>& workers) {
    const int o = workers[0], s = workers[1], l = workers[2];
    Mapping mapping{workers, {}, {}};
    for (Table t : {kForward, kBackward}) {
        // Phase 1 (forward) / 5 (backward): one of O, L, S on layers [0, m_s).
        Path first[3], second[2], last;
        first[0].add(kO, {{1, t, o, kAtMs}},
                     t == kForward ? std::vector<TransferId>{kInO} : std::vector<TransferId>{});
        first[1].add(kL, {{1, t, l, kAtMs}},
                     t == kForward ? std::vector<TransferId>{kInL} : std::vector<TransferId>{});
        first[2].add(kS, {{1, t, s, kAtMs}},
                     t == kForward ? std::vector<TransferId>{kInS, kSOut}
                                   : std::vector<TransferId>{kSGrad});
        // Phase 2 / 4: O on layers [m_s, m_l) for b_o + b_s samples, or L on b_l with its
        // activation or gradient.
        second[0].add(kO, {{1, t, o, kAtMl}, {-1, t, o, kAtMs}});
        second[0].add(kS, {{1, t, o, kAtMl}, {-1, t, o, kAtMs}});
        second[1].add(kL, {{1, t, l, kAtMl}, {-1, t, l, kAtMs}}, {t == kForward ? kLOut : kLGrad});
        // Phase 3: O on layers [m_l, N) for every sample.
        for (Count c : {kO, kS, kL})
            last.add(c, {{1, t, o, kAtEnd}, {-1, t, o, kAtMl}});
        for (const Path& a : first)
            for (const Path& b : second) {
                Path path = a;
                path.add(b);
                path.add(last);
                path.cancel();
                (t == kForward ? mapping.forward : mapping.backward).push_back(std::move(path));
            }
    }
    return mapping;
}

HierTrainBound::HierTrainBound(const TrainingCostModel& model, int batch,
                               const std::vector<std::array<int, 3>>& workerSets)
    : m_model(model), m_batch(batch) {
    const auto& cuts = model.cutPositions();
    const std::size_t count = cuts.size();
    m_firstPositive =
        static_cast<int>(std::upper_bound(cuts.begin(), cuts.end(), 0) - cuts.begin());
    // Sparse table of range minima: position 0 (no cut) never sends anything, so it is left out.
    std::vector<double> level(count);
    for (std::size_t k = 0; k < count; ++k)
        level[k] = cuts[k] > 0 ? model.cutBytes(cuts[k]) : kInfinity;
    m_minBytes.push_back(std::move(level));
    for (std::size_t width = 2; width <= count; width *= 2) {
        const auto& previous = m_minBytes.back();
        std::vector<double> next(count - width + 1);
        for (std::size_t k = 0; k < next.size(); ++k)
            next[k] = std::min(previous[k], previous[k + width / 2]);
        m_minBytes.push_back(std::move(next));
    }
    for (const auto& workers : workerSets)
        m_mappings.push_back(paths(workers));
}

double HierTrainBound::minCutBytes(int k0, int k1) const {
    const int p = std::bit_width(static_cast<unsigned>(k1 - k0 + 1)) - 1;
    const auto& level = m_minBytes[static_cast<std::size_t>(p)];
    return std::min(level[static_cast<std::size_t>(k0)],
                    level[static_cast<std::size_t>(k1 - (1 << p) + 1)]);
}

// As HierTrainEvaluator: latency + slope·b when anything is sent, nothing otherwise.
HierTrainBound::Transfer HierTrainBound::transfer(int from, int to, double bytesPerSample) const {
    if (from < 0 || to < 0 || from == to || bytesPerSample <= 0 || bytesPerSample == kInfinity)
        return {};
    const Link& link = m_model.link(from, to);
    return {link.latencyMs, link.transferMs(bytesPerSample) - link.latencyMs};
}

// The smallest value of weight·P(position) over the box: a growing prefix sum P is smallest at
// the lowest cut, so +P takes the lowest and -P the highest.
double HierTrainBound::prefixValue(const PrefixTerm& term, const Extremes& box) const {
    int position = m_model.layerCount();
    if (term.position == kAtMs)
        position = term.weight > 0 ? box.msLow : box.msHigh;
    if (term.position == kAtMl)
        position = term.weight > 0 ? box.mlLow : box.mlHigh;
    const double prefix = term.table == kForward ? m_model.forwardMs(term.machine, 0, position)
                                                 : m_model.backwardMs(term.machine, 0, position);
    return term.weight * prefix;
}

HierTrainEvaluator::Pieces
HierTrainBound::relaxedPieces(const Mapping& mapping, std::array<bool, 3> present,
                              const Extremes& box,
                              const std::array<Transfer, kTransfers>& transfers) const {
    const int o = mapping.workers[0], s = mapping.workers[1], l = mapping.workers[2];
    const double batch = m_batch;
    auto update = [&](int machine, int end) {
        return machine < 0 || end <= 0 ? 0.0 : m_model.updateMs(machine, 0, end);
    };
    const double sWeights = s >= 0 && box.msLow > 0
                                ? m_model.transferMs(s, o, 2.0 * m_model.paramBytes(0, box.msLow))
                                : 0.0;
    const double lWeights = l >= 0 && box.mlLow > 0
                                ? m_model.transferMs(l, o, 2.0 * m_model.paramBytes(0, box.mlLow))
                                : 0.0;
    HierTrainEvaluator::Pieces result;
    result.constant = std::max({update(o, m_model.layerCount()),
                                present[kS] ? sWeights + update(s, box.msLow) : 0.0,
                                present[kL] ? lWeights + update(l, box.mlLow) : 0.0});
    // A path as c + k_o·b_o + k_s·b_s + k_l·b_l, written in (b_s, b_l) with b_o = B - b_s - b_l.
    auto affine = [&](const Path& path) {
        double c = 0;
        std::array<double, 3> k{};
        for (std::size_t count = 0; count < 3; ++count) {
            for (const PrefixTerm& term : path.prefix[count])
                k[count] += prefixValue(term, box);
            for (TransferId id : path.transfers[count]) {
                k[count] += transfers[id].slope;
                if (present[count])
                    c += transfers[id].latency;
            }
            k[count] = std::max(k[count], 0.0); // a sum of non-negative times
        }
        return SampleAffine{c + k[kO] * batch, k[kS] - k[kO], k[kL] - k[kO]};
    };
    for (const auto* paths : {&mapping.forward, &mapping.backward}) {
        std::vector<SampleAffine> options;
        for (const Path& path : *paths)
            options.push_back(affine(path));
        result.maxima.push_back(std::move(options));
    }
    return result;
}

double HierTrainBound::lowerBound(std::size_t mappingIndex, const HierTrainCutBox& box,
                                  double threshold) const {
    const Mapping& mapping = m_mappings[mappingIndex];
    const int o = mapping.workers[0], s = mapping.workers[1], l = mapping.workers[2];
    const auto& cuts = m_model.cutPositions();
    auto at = [&](int k) { return cuts[static_cast<std::size_t>(k)]; };
    if (l < 0 || m_batch < 2)
        return kInfinity;
    // L has samples only with m_l > 0.
    const int j0 = std::max(box.j0, m_firstPositive), j1 = box.j1;
    if (j0 > j1)
        return kInfinity;
    const int i1 = std::min(box.i1, j1); // m_s <= m_l
    if (box.i0 > i1)
        return kInfinity;
    const int device = m_model.deviceMachine();
    const double input = m_model.cutBytes(0), lBytes = minCutBytes(j0, j1);
    std::array<Transfer, kTransfers> transfers{};
    transfers[kInO] = transfer(device, o, input);
    transfers[kInL] = transfer(device, l, input);
    transfers[kLOut] = transfer(l, o, lBytes);
    transfers[kLGrad] = transfer(o, l, lBytes);
    double best = kInfinity;
    // S without samples: m_s anywhere in the box (it still splits O's and L's layers into phases).
    {
        const Extremes extremes{at(box.i0), at(i1), std::max(at(j0), at(box.i0)), at(j1)};
        const auto pieces = relaxedPieces(mapping, {true, false, true}, extremes, transfers);
        best = std::min(best, integerMinimum(pieces, SampleLine::oAndL(m_batch)));
    }
    // S with samples: only m_s > 0.
    const int si0 = std::max(box.i0, m_firstPositive);
    if (s >= 0 && si0 <= i1) {
        const double sBytes = minCutBytes(si0, i1);
        transfers[kInS] = transfer(device, s, input);
        transfers[kSOut] = transfer(s, o, sBytes);
        transfers[kSGrad] = transfer(o, s, sBytes);
        const Extremes extremes{at(si0), at(i1), std::max(at(j0), at(si0)), at(j1)};
        const auto pair = relaxedPieces(mapping, {false, true, true}, extremes, transfers);
        best = std::min(best, integerMinimum(pair, SampleLine::sAndL(m_batch)));
        if (m_batch >= 3) {
            const auto all = relaxedPieces(mapping, {true, true, true}, extremes, transfers);
            best = std::min(best, planeIntegerMinimum(all, m_batch, std::min(best, threshold)));
        }
    }
    return best;
}

} // namespace cutlab::core
