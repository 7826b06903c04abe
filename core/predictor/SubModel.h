#pragma once

#include <Eigen/Core>

#include <vector>

namespace cutlab::core {

// A contiguous run of a model's layers [first..last] (positions in the profile, inclusive):
// what one pipeline stage runs (cost-models.md §2.5).
struct SubModel {
    int first = 0;
    int last = 0;
    int size() const { return last - first + 1; }
    bool operator==(const SubModel&) const = default;
};

// All L(L+1)/2 sub-models of a model with `layers` layers, ordered by first then last.
std::vector<SubModel> contiguousSubModels(int layers);

// The sub-model's 0/1 layer mask (length `layers`): the predictor's first input.
Eigen::VectorXd layerMask(SubModel subModel, int layers);

// Σ layerMs over the sub-model's layers.
double subModelMs(const std::vector<double>& layerMs, SubModel subModel);

} // namespace cutlab::core
