#pragma once

#include "core/pipeline/DownsetLattice.h"
#include "core/pipeline/PipelineSchedule.h"
#include "core/pipeline/PipelineSetup.h"

#include <functional>
#include <limits>
#include <vector>

namespace cutlab::core {

// One schedule's answer under memory limits: a partition and the stages that recompute.
struct ScheduleCandidate {
    ScheduleKind kind = ScheduleKind::OneForwardOneBackward;
    bool fits = false;
    std::vector<int> stageOfLayer;                                // chain position per layer
    std::vector<bool> recompute;                                  // per stage used
    double minibatchMs = std::numeric_limits<double>::infinity(); // as the search computed it
    bool exact = true; // false when the time limit ended the search
};

// Which stages may recompute (docs/cost-models.md §2.7): none, any one that needs it to fit, or
// every stage (--recompute).
enum class RecomputeChoice { Never, PerStage, Always };

// The fastest partition for one schedule under memory limits, over the states of a lattice
// (docs/cost-models.md §2.7, "Memory for time"), for each number of stages S:
//  - a stage's recomputation is on only when the stage does not fit without it (it only adds
//    time: its backward gains a forward pass);
//  - 1F1B with stashing takes M × the period (the busiest resource per micro-batch): a DP over
//    nested pairs of states from the last stage back, exact;
//  - 1F1B-flush and GPipe take the simulated mini-batch: a branch and bound over the stages in
//    chain order, pruned by lower bounds that hold for every completion (M × the suffix DP's
//    period; for every stage k, the forward path to it, M times its compute, and the backward
//    path from it), exact unless `outOfTime` ends it.
class PipelineScheduleSearch {
  public:
    PipelineScheduleSearch(const Profile& profile, const PipelineRequest& request,
                           const PipelineSetup& setup, const DownsetLattice& lattice,
                           RecomputeChoice recompute, std::function<bool()> outOfTime,
                           std::function<void()> checkCancelled);

    // The smallest time per mini-batch whose every stage fits (ties: fewer stages), or
    // `fits` false.
    ScheduleCandidate fastest(ScheduleKind kind);
    // The partition whose largest excess of a stage's memory over its machine's is smallest.
    ScheduleCandidate leastExcess(ScheduleKind kind);

  private:
    enum class Goal { Period, Compute, Excess };
    struct Option {
        bool fits = false;
        bool recompute = false;
        StageTiming timing;
    };
    struct Prefix; // the stages fixed so far in the branch and bound

    void prepare(ScheduleKind kind, int stages);
    Option option(int from, int to, int position) const;
    double memory(int from, int to, int position, bool recompute) const;
    double capacity(int position) const;
    double stageValue(Goal goal, int from, int to, int position) const;
    // value[state·(S+1) + n]: the best of stages n..S−1 over the layers outside `state`.
    void solveSuffix(Goal goal, std::vector<double>& value, std::vector<int>& next) const;
    void follow(const std::vector<int>& next, bool byExcess, std::vector<int>* states,
                std::vector<bool>* recompute) const;
    std::vector<StageTiming> timingsOf(const std::vector<int>& states) const;
    ScheduleCandidate candidateOf(const std::vector<int>& states,
                                  const std::vector<bool>& recompute) const;
    double simulated(const std::vector<StageTiming>& timings) const;
    void branch(Prefix& prefix);
    double lowerBound(const Prefix& prefix, const Option& stage, int to) const;

    const PipelineRequest& m_request;
    const DownsetLattice& m_lattice;
    RecomputeChoice m_recompute;
    std::function<bool()> m_outOfTime;
    std::function<void()> m_checkCancelled;
    int m_samples = 1;
    int m_positions = 0;
    int m_micro = 1;
    std::vector<double> m_parameters;    // per state: Σ param bytes
    std::vector<double> m_outputs;       // per state: Σ output bytes of one sample
    std::vector<double> m_leavingSample; // per state: bytes of one sample leaving it
    std::vector<double> m_forward;       // [state][position]: b · Σ f
    std::vector<double> m_backward;      // [state][position]: b · Σ g
    std::vector<double> m_linkForward;   // [state][position]: the link after it, forward
    std::vector<double> m_linkBackward;  // [state][position]: and backward
    // The schedule and number of stages being solved.
    ScheduleKind m_kind = ScheduleKind::OneForwardOneBackward;
    int m_stages = 1;
    PipelineMemorySettings m_memory;
    std::vector<std::vector<StageStep>> m_orders;
    std::vector<double> m_suffixPeriod, m_suffixCompute;
    double m_incumbent = 0;
    std::vector<int> m_bestStates;
    std::vector<bool> m_bestRecompute;
    long long m_nodes = 0;
    bool m_stopped = false;
};

} // namespace cutlab::core
