#include "core/training/HierTrainSampleLine.h"

#include <algorithm>
#include <cmath>

namespace cutlab::core {

std::vector<double> breakpoints(const HierTrainEvaluator::Pieces& pieces, const SampleLine& line) {
    std::vector<double> points{static_cast<double>(line.t0), static_cast<double>(line.t1)};
    for (const auto& options : pieces.maxima) {
        for (std::size_t i = 0; i < options.size(); ++i)
            for (std::size_t j = i + 1; j < options.size(); ++j) {
                const auto& a = options[i];
                const auto& b = options[j];
                const double alphaA = a.c + a.cs * line.s0 + a.cl * line.l0,
                             betaA = a.cs * line.ds + a.cl * line.dl;
                const double alphaB = b.c + b.cs * line.s0 + b.cl * line.l0,
                             betaB = b.cs * line.ds + b.cl * line.dl;
                if (betaA == betaB)
                    continue;
                const double t = (alphaB - alphaA) / (betaA - betaB);
                if (t > line.t0 && t < line.t1)
                    points.push_back(t);
            }
    }
    return points;
}

LineMinimum integerMinimum(const HierTrainEvaluator& evaluator,
                           const HierTrainEvaluator::Pieces& pieces, const SampleLine& line) {
    LineMinimum best;
    auto consider = [&](int t) {
        t = std::clamp(t, line.t0, line.t1);
        const double time = evaluator.time(line.bs(t), line.bl(t));
        if (time < best.time)
            best = {time, line.bs(t), line.bl(t)};
    };
    for (double t : breakpoints(pieces, line)) {
        consider(static_cast<int>(std::floor(t)));
        consider(static_cast<int>(std::ceil(t)));
    }
    return best;
}

double continuousMinimum(const HierTrainEvaluator::Pieces& pieces, const SampleLine& line) {
    double best = std::numeric_limits<double>::infinity();
    for (double t : breakpoints(pieces, line))
        best = std::min(best, pieces.at(line.s0 + line.ds * t, line.l0 + line.dl * t));
    return best;
}

double integerMinimum(const HierTrainEvaluator::Pieces& pieces, const SampleLine& line) {
    double best = std::numeric_limits<double>::infinity();
    auto consider = [&](int t) {
        t = std::clamp(t, line.t0, line.t1);
        best = std::min(best, pieces.at(line.bs(t), line.bl(t)));
    };
    for (double t : breakpoints(pieces, line)) {
        consider(static_cast<int>(std::floor(t)));
        consider(static_cast<int>(std::ceil(t)));
    }
    return best;
}

int lowestPlaneLine(const HierTrainEvaluator::Pieces& pieces, int batch) {
    auto bound = [&](int bl) { return continuousMinimum(pieces, SampleLine::allThree(batch, bl)); };
    int low = 1, high = batch - 2;
    while (low < high) {
        const int mid = low + (high - low) / 2;
        if (bound(mid + 1) < bound(mid))
            low = mid + 1;
        else
            high = mid;
    }
    return low;
}

} // namespace cutlab::core

namespace cutlab::core {

double planeIntegerMinimum(const HierTrainEvaluator::Pieces& pieces, int batch, double threshold) {
    const int low = lowestPlaneLine(pieces, batch);
    double best = std::numeric_limits<double>::infinity();
    double beyond = std::numeric_limits<double>::infinity(); // bounds the lines not visited
    auto visit = [&](int bl) {
        const double continuous = continuousMinimum(pieces, SampleLine::allThree(batch, bl));
        if (continuous >= std::min(best, threshold)) {
            beyond = std::min(beyond, continuous);
            return false;
        }
        best = std::min(best, integerMinimum(pieces, SampleLine::allThree(batch, bl)));
        return true;
    };
    for (int bl = low; bl >= 1 && visit(bl); --bl) {
    }
    for (int bl = low + 1; bl <= batch - 2 && visit(bl); ++bl) {
    }
    return std::min(best, beyond);
}

} // namespace cutlab::core
