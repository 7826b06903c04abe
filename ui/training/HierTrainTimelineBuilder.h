#pragma once

#include "ui/charts/Theme.h"

#include "core/training/TrainingTimeline.h"

class QGraphicsScene;

namespace cutlab::ui {

// Draws a training timeline (core::TrainingTimelineMaker) into a scene: one row per worker, its
// busy bars inside each phase (forward, backward, update, hatched transfers), idle time as the grey
// row background, phase boundaries dashed and labelled with their length. In the light canvas
// colours unless others are given (the window's dark theme); exports use the light ones.
class HierTrainTimelineBuilder {
  public:
    static void build(QGraphicsScene* scene, const core::TrainingTimeline& timeline, double width,
                      const CanvasColors& colors = Theme::light().canvas);
};

} // namespace cutlab::ui
