#pragma once

#include "core/training/HierTrainPlan.h"
#include "core/training/TrainingCostModel.h"

#include <array>
#include <vector>

namespace cutlab::core {

// An affine function c + cs·b_s + cl·b_l of the S and L sample counts (b_o = B - b_s - b_l).
struct SampleAffine {
    double c = 0, cs = 0, cl = 0;
    double at(double bs, double bl) const { return c + cs * bs + cl * bl; }
};

// The iteration time of HierTrain for one worker mapping and one pair of cuts, as a function of
// the sample split. `phases` is the exact formula of docs/cost-models.md §2.1 (a transfer of
// nothing costs nothing; a worker without samples takes no part). For a fixed set of workers that
// have samples, the time is a constant plus a sum of maxima of affine functions of (b_s, b_l):
// `pieces` returns them, which is what the exact search exploits.
class HierTrainEvaluator {
  public:
    HierTrainEvaluator(const TrainingCostModel& model, std::array<int, 3> workerMachine, int ms,
                       int ml, int batch);

    HierTrainPhases phases(int bo, int bs, int bl) const;
    double time(int bs, int bl) const { return phases(m_batch - bs - bl, bs, bl).total(); }

    struct Pieces {
        double constant = 0;
        std::vector<std::vector<SampleAffine>> maxima; // the total is constant + Σ max(maxima[i])
        double at(double bs, double bl) const;
    };
    // The affine pieces valid where exactly the workers in `present` (o, s, l) have samples.
    Pieces pieces(std::array<bool, 3> present) const;

    int batch() const { return m_batch; }
    int ms() const { return m_ms; }
    int ml() const { return m_ml; }

  private:
    // A transfer of b samples × bytesPerSample: latency (when anything is sent) + slope·b.
    struct Transfer {
        double latency = 0;
        double slope = 0;
        double at(double samples) const { return samples > 0 ? latency + slope * samples : 0.0; }
    };
    Transfer transfer(int from, int to, double bytesPerSample) const;

    int m_batch;
    int m_ms, m_ml;
    // Per-sample compute sums: forward and backward of o, s, l over the three layer ranges.
    double m_fo1, m_fs1, m_fl1, m_fo2, m_fl2, m_fo3;
    double m_go1, m_gs1, m_gl1, m_go2, m_gl2, m_go3;
    double m_updateO, m_updateS, m_updateL;
    Transfer m_inO, m_inS, m_inL, m_sOut, m_sGrad, m_lOut, m_lGrad;
    double m_sWeights = 0, m_lWeights = 0; // weight exchange ms, when the worker takes part
    const TrainingCostModel& m_model;
};

} // namespace cutlab::core
