#pragma once

#include <array>

namespace cutlab::core {

// The seven phases of one HierTrain iteration (docs/cost-models.md §2.1), in ms.
struct HierTrainPhases {
    double tf1 = 0, tf2 = 0, tf3 = 0, tb3 = 0, tb2 = 0, tb1 = 0, tup = 0;
    double total() const { return tf1 + tf2 + tf3 + tb3 + tb2 + tb1 + tup; }
};

// Workers o, s, l on machines (indices into the profile), layer cuts 0 <= m_s <= m_l <= N
// (positions: S runs layers [0, m_s), L runs [0, m_l), O runs all) and the sample split.
struct HierTrainPlan {
    std::array<int, 3> workerMachine{-1, -1, -1}; // o, s, l
    int ms = 0;
    int ml = 0;
    std::array<int, 3> samples{0, 0, 0}; // b_o, b_s, b_l
    HierTrainPhases phases;
    double iterationMs() const { return phases.total(); }
};

} // namespace cutlab::core
