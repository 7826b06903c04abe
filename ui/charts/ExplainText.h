#pragma once

#include "core/inference/InferenceCostModel.h"
#include "core/model/Evaluation.h"

#include <QString>

namespace cutlab::ui {

// The current total spelled out as its terms, in the order the request flows, so a teacher can
// read it out: "device raspi4 680.8 ms + upload 1.61 MB over 3g (1.6 Mbps, 67 ms) 8,095.5 ms + …".
class ExplainText {
  public:
    static QString sentence(const core::InferenceCostModel& model,
                            const core::Evaluation& evaluation);
    // The same as rich text, one term per line, with the arithmetic of every transfer.
    static QString html(const core::InferenceCostModel& model, const core::Evaluation& evaluation);
};

} // namespace cutlab::ui
