#pragma once

#include <string>
#include <vector>

namespace cutlab::core {

// The iteration time of several training planners at several bandwidths of some links
// (Qt-free). ms[p][i] is planner p at mbps[i], NaN where the planner has no answer.
struct StrategySweep {
    std::string model;
    std::string links; // as given to core::parseLinkSelection, e.g. "edge-cloud,device-cloud"
    int batch = 0;
    std::vector<double> mbps;
    std::vector<std::string> planners;
    std::vector<std::vector<double>> ms;
    std::string pipelineShape; // with a "pipeline" series: "M × b" (micro-batches × samples)
    std::string error;         // the first problem met, for the user; empty when every value exists
    bool cancelled = false;
};

} // namespace cutlab::core
