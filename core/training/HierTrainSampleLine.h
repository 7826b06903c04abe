#pragma once

#include "core/training/HierTrainEvaluator.h"

#include <limits>
#include <vector>

namespace cutlab::core {

// A line of sample splits (b_s, b_l) = (s0 + ds·t, l0 + dl·t) for integer t in [t0, t1], and
// the searches along it that the HierTrain planner and its bounds share.
struct SampleLine {
    double s0 = 0, ds = 0, l0 = 0, dl = 0;
    int t0 = 0, t1 = 0;
    int bs(int t) const { return static_cast<int>(s0 + ds * t); }
    int bl(int t) const { return static_cast<int>(l0 + dl * t); }

    // The faces of the split triangle where L has samples (docs/cost-models.md §2.1):
    static SampleLine oAndL(int batch) { return {0, 0, 0, 1, 1, batch - 1}; } // b_s = 0
    static SampleLine sAndL(int batch) {
        return {0, 1, static_cast<double>(batch), -1, 1, batch - 1};
    } // b_o = 0
    static SampleLine allThree(int batch, int bl) {
        return {0, 1, static_cast<double>(bl), 0, 1, batch - 1 - bl};
    }
    // ... and the one where it has none: b_l = 0, O and S share the batch.
    static SampleLine oAndS(int batch) { return {0, 1, 0, 0, 1, batch - 1}; }
};

struct LineMinimum {
    double time = std::numeric_limits<double>::infinity();
    int bs = 0, bl = 0;
};

// Candidate parameters where the minimum of a sum of maxima of affine functions can lie along a
// line: the ends and every crossing of two pieces of the same maximum. The minimum of a convex
// piecewise-linear function is at one of them; the integer minimum is next to one of them.
std::vector<double> breakpoints(const HierTrainEvaluator::Pieces& pieces, const SampleLine& line);

// The exact integer minimum along a line, evaluated with the exact formula.
LineMinimum integerMinimum(const HierTrainEvaluator& evaluator,
                           const HierTrainEvaluator::Pieces& pieces, const SampleLine& line);

// The continuous minimum along a line (a lower bound of the integer one).
double continuousMinimum(const HierTrainEvaluator::Pieces& pieces, const SampleLine& line);

// The minimum of the pieces at the integer points of a line (next to a breakpoint, by convexity).
double integerMinimum(const HierTrainEvaluator::Pieces& pieces, const SampleLine& line);

// On the face where all three workers have samples (batch >= 3), the b_l in [1, B-2] whose line
// SampleLine::allThree(batch, b_l) has the lowest continuous minimum. That minimum is convex in
// b_l (the pieces are a convex function of the split and the face is convex), so a binary search
// finds it.
int lowestPlaneLine(const HierTrainEvaluator::Pieces& pieces, int batch);

// A lower bound of the minimum of the pieces at the integer points of the three-worker face
// (batch >= 3), exact when that minimum is below `threshold`. Lines are visited outwards from the
// lowest one while their continuous minimum (convex in b_l, so growing outwards) is below both the
// best integer value found and the threshold; the first line not visited on each side bounds all
// the lines beyond it.
double planeIntegerMinimum(const HierTrainEvaluator::Pieces& pieces, int batch, double threshold);

} // namespace cutlab::core
