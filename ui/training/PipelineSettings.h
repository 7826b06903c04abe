#pragma once

#include "core/pipeline/PipelinePlanner.h"
#include "core/pipeline/PipelineSchedule.h"

#include "core/cluster/PoolRequest.h"
#include "core/model/Profile.h"
#include "core/pipeline/PipelineMemory.h"
#include "core/predictor/EstimatedTimes.h"

#include <QMap>
#include <QString>
#include <QStringList>

#include <vector>

namespace cutlab::ui {

// What PipelineSettingsBox edits: the chain of machine ids (an id may repeat), the micro-batch
// size (0 = the profile's model.batch) and count (0 = 4 × stages), the cut mode, the schedule,
// the compression of transfers (AccEPT's codec, or none), where the layer times come from
// (the profile, or the peers' estimates from the chain's first machine, the reference), and what
// each stage holds in memory (the optimizer's state, recomputation; docs/cost-models.md §2.7).
// With a pool (the Cluster editor: `--cluster` text and each type's memory) the pool planner
// plans instead of the chain's (docs/cost-models.md §5.6): the chain, cut mode, schedule (1F1B),
// compression and times then do not apply.
struct PipelineSettings {
    QStringList chain;
    int microBatch = 0;
    int microBatches = 0;
    core::PipelineCutMode cutMode = core::PipelineCutMode::Single;
    core::ScheduleKind scheduleKind = core::ScheduleKind::OneForwardOneBackward;
    int forwardBits = 0;  // 0 = no compression; else AccEPT's codec with these bits (2, 3, 4)
    int backwardBits = 8; // 8 or 4 (with compression)
    core::TimeSource times = core::TimeSource::Profile;
    QString predictorPath; // a cutlab-latency-predictor file, for TimeSource::Predictor
    core::OptimizerKind optimizer = core::OptimizerKind::Sgd;
    bool recompute = false; // keep only each stage's input; the forward pass runs again
    QString pool;           // `--cluster ID:N[@MBPS],...` (valid); empty: plan the chain
    QMap<QString, double> poolCapacityBytes; // per machine type of the pool; 0 = no limit

    bool usesPool() const { return !pool.isEmpty(); }
    // The pool planner's request: the pool's types with their capacities, the micro-batch, the
    // micro-batches (automatic: 4 per machine of the pool, at most 4096), the optimizer and
    // recomputation. Empty pool with `error` set when the text or a machine id is wrong.
    core::PoolRequest poolRequest(const core::Profile& profile, QString* error) const;

    // Machine positions of the chain; empty with `error` set when an id is unknown or none given.
    std::vector<int> machineChain(const core::Profile& profile, QString* error) const;

    // What each stage holds: the optimizer, recomputation, the schedule's micro-batches in
    // flight over `microBatches`, or 4 × `stages` when automatic (as the Gantt chart simulates).
    core::PipelineMemorySettings memorySettings(int stages) const;
    // The memory of each chain position's machine: its memory_bytes, 0 when unknown.
    std::vector<double> capacities(const core::Profile& profile) const;

    bool operator==(const PipelineSettings&) const = default;
};

} // namespace cutlab::ui
