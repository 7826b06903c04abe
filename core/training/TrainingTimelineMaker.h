#pragma once

#include "core/training/TrainingTimeline.h"

#include "core/training/TrainingResult.h"

namespace cutlab::core {

// Turns a training planner's answer into a timeline (Qt-free).
//  - HierTrain-shaped plans (hiertrain, all-device, all-edge, all-cloud): one row per worker
//    o, s, l that has samples, through the seven phases Tf1..Tup; inside each phase every worker's
//    own terms of docs/cost-models.md §2.1 (its input transfer, compute, output transfer) one after
//    the other, so the phase length is the longest worker and the others' idle time shows.
//  - Layer paths (jointdnn, jointdnn+, jalad): one row per machine; the forward pass through the
//    segments (with the input and activation transfers), the backward pass in reverse (with the
//    gradient transfers), then each segment's update, as evaluateTrainingPath sums them.
class TrainingTimelineMaker {
  public:
    static TrainingTimeline fromResult(const core::TrainingCostModel& model,
                                       const core::TrainingResult& result);
    static TrainingTimeline fromHybrid(const core::TrainingCostModel& model,
                                       const core::HierTrainPlan& plan, int batch);
    // The crossings are sized by the path's own crossingBytesFactor (JALAD's 8-bit values).
    static TrainingTimeline fromPath(const core::TrainingCostModel& model,
                                     const core::TrainingPath& path, int batch);
};

} // namespace cutlab::core
