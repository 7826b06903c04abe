#pragma once

#include "core/inference/StreamPlanner.h"
#include "core/model/Profile.h"

#include <QString>

class QChart;

namespace cutlab::ui {

// A stream over a chain of machines (docs/cost-models.md §1.10): every Pareto-optimal plan as a
// point of single-frame latency against the frames per second it sustains, joined as a front,
// the smallest period ringed.
class StreamFrontChartBuilder {
  public:
    // `context` ("over A → B → C on 4g") follows the plan count on the title's second line.
    static QChart* build(const core::StreamResult& result, const QString& title,
                         const QString& context);
};

} // namespace cutlab::ui
