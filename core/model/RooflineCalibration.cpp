#include "core/model/RooflineCalibration.h"

#include "core/model/ModulePaths.h"
#include "core/model/RooflineEstimator.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace cutlab::core {
namespace {

// Ridge points tried (flops per byte moved at which compute and memory take equal time).
constexpr double kFirstRidge = 0.25;
constexpr int kRidgeSteps = 13; // 0.25, 0.5, ... 1024
// A class is never fitted faster than 1,000 x the all-class rate.
constexpr double kFastestClass = 1e-3;
constexpr int kPriorSteps = 8;             // Gauss-Newton steps of the log-scale prior
constexpr double kGBpsPerBytePerMs = 1e-6; // bytes per ms -> 10^9 bytes per s

struct Node {
    OperatorClass operatorClass = OperatorClass::Convolution;
    double flops = 0; // at the measured batch
    double bytes = 0; // moved at the measured batch
};

struct MeasuredLayer {
    std::string sample;
    std::string id;
    double ms = 0;
    std::vector<Node> nodes;
};

// The imported model at the batch the profile was measured at.
Profile importedAtMeasuredBatch(const CalibrationSample& sample) {
    Profile imported = sample.imported;
    imported.model.batch = sample.measured.model.batch;
    return imported;
}

NodeAssignment assignmentOf(const CalibrationSample& sample) {
    NodeAssignment assignment = assignNodesToLayers(sample.measured, sample.imported);
    if (assignment.layerOfNode.empty())
        throw CalibrationError(
            sample.name +
            ": no operator of the model belongs to a layer of the profile: the layer ids must "
            "be the model's module paths, as cutlab-profile-torch writes them");
    return assignment;
}

// The measured layers with a time and at least one node.
std::vector<MeasuredLayer> measuredLayersOf(const CalibrationSample& sample) {
    const NodeAssignment assignment = assignmentOf(sample);
    const Profile imported = importedAtMeasuredBatch(sample);
    std::vector<MeasuredLayer> layers(sample.measured.layers.size());
    for (std::size_t l = 0; l < layers.size(); ++l) {
        const Layer& layer = sample.measured.layers[l];
        layers[l] = {
            sample.name, layer.id, layer.forwardMs[static_cast<std::size_t>(sample.machine)], {}};
    }
    for (std::size_t n = 0; n < imported.layers.size(); ++n) {
        const Layer& node = imported.layers[n];
        layers[static_cast<std::size_t>(assignment.layerOfNode[n])].nodes.push_back(
            {operatorClassOf(node), node.flops * imported.model.batch,
             layerBytesMoved(imported, static_cast<int>(n))});
    }
    layers.erase(std::remove_if(layers.begin(), layers.end(),
                                [](const MeasuredLayer& layer) {
                                    return !(layer.ms > 0) || layer.nodes.empty();
                                }),
                 layers.end());
    return layers;
}

std::vector<MeasuredLayer> measuredLayersOf(const std::vector<CalibrationSample>& samples) {
    std::vector<MeasuredLayer> layers;
    for (const CalibrationSample& sample : samples) {
        std::vector<MeasuredLayer> more = measuredLayersOf(sample);
        layers.insert(layers.end(), more.begin(), more.end());
    }
    if (layers.empty())
        throw CalibrationError("no layer has a measured forward time above 0 ms");
    return layers;
}

// min ||A x - b|| over x >= 0, exactly: every set of free unknowns is solved and the best
// non-negative solution kept (a handful of unknowns: at most 2^8 small solves).
Eigen::VectorXd nonNegativeLeastSquares(const Eigen::MatrixXd& a, const Eigen::VectorXd& b) {
    const int unknowns = static_cast<int>(a.cols());
    Eigen::VectorXd best = Eigen::VectorXd::Zero(unknowns);
    double bestResidual = b.squaredNorm();
    for (unsigned mask = 1; mask < (1u << unknowns); ++mask) {
        std::vector<int> free;
        for (int j = 0; j < unknowns; ++j)
            if (mask & (1u << j))
                free.push_back(j);
        Eigen::MatrixXd columns(a.rows(), static_cast<Eigen::Index>(free.size()));
        for (std::size_t j = 0; j < free.size(); ++j)
            columns.col(static_cast<Eigen::Index>(j)) = a.col(free[j]);
        const Eigen::VectorXd solved = columns.colPivHouseholderQr().solve(b);
        if ((solved.array() < 0).any() || !solved.allFinite())
            continue;
        Eigen::VectorXd x = Eigen::VectorXd::Zero(unknowns);
        for (std::size_t j = 0; j < free.size(); ++j)
            x(free[j]) = solved(static_cast<Eigen::Index>(j));
        const double residual = (a * x - b).squaredNorm();
        if (residual < bestResidual) {
            bestResidual = residual;
            best = x;
        }
    }
    return best;
}

// Per-layer overhead and ms per byte-equivalent of each class (one shared unknown when
// `classes` is empty), and the sum of squared relative errors.
struct Fit {
    double overheadMs = 0;
    std::vector<double> msPerByte; // per class of `classes`, or one for every class
    double cost = std::numeric_limits<double>::infinity();
};

int columnOf(const std::vector<OperatorClass>& classes, OperatorClass operatorClass) {
    const auto found = std::find(classes.begin(), classes.end(), operatorClass);
    return found == classes.end() ? 1 : 1 + static_cast<int>(found - classes.begin());
}

// Rows: each layer's relative error (estimated / measured - 1); with a prior, one row per
// class c pulling its rate towards the all-class rate on a log scale, weight x ln(u_c / u_all),
// linearised around `around` (u_c of the previous step), so that a class 100 times slower than
// the rest costs as much as one 100 times faster.
struct Prior {
    double msPerByte = 0; // u_all; 0: no prior
    double weight = 0;
    std::vector<double> around; // per class
};

Fit fitAt(const std::vector<MeasuredLayer>& layers, double ridge,
          const std::vector<OperatorClass>& classes, Prior prior) {
    const Eigen::Index unknowns = 1 + std::max<Eigen::Index>(1, Eigen::Index(classes.size()));
    const Eigen::Index priorRows =
        prior.msPerByte > 0 && prior.weight > 0 ? Eigen::Index(classes.size()) : 0;
    const Eigen::Index rows = Eigen::Index(layers.size());
    Eigen::MatrixXd a = Eigen::MatrixXd::Zero(rows + priorRows, unknowns);
    Eigen::VectorXd b = Eigen::VectorXd::Ones(rows + priorRows);
    for (Eigen::Index i = 0; i < rows; ++i) {
        const MeasuredLayer& layer = layers[static_cast<std::size_t>(i)];
        a(i, 0) = static_cast<double>(layer.nodes.size()) / layer.ms;
        for (const Node& node : layer.nodes)
            a(i, columnOf(classes, node.operatorClass)) +=
                std::max(node.flops / ridge, node.bytes) / layer.ms;
    }
    for (Eigen::Index c = 0; c < priorRows; ++c) {
        const double around = prior.around[static_cast<std::size_t>(c)];
        a(rows + c, 1 + c) = prior.weight / around;
        b(rows + c) = prior.weight * (1 - std::log(around / prior.msPerByte));
    }
    const Eigen::VectorXd x = nonNegativeLeastSquares(a, b);
    Fit fit;
    fit.overheadMs = x(0);
    for (Eigen::Index j = 1; j < unknowns; ++j)
        fit.msPerByte.push_back(x(j));
    fit.cost = (a.topRows(rows) * x - b.head(rows)).squaredNorm();
    return fit;
}

// The per-class fit with the log-scale prior: Gauss-Newton steps from every class at the
// all-class rate, each step's rates kept within 1000 times the all-class rate.
Fit perClassFit(const std::vector<MeasuredLayer>& layers, double ridge,
                const std::vector<OperatorClass>& classes, const Fit& all, double weight) {
    const double uAll = all.msPerByte.front();
    Prior prior{uAll, weight, std::vector<double>(classes.size(), uAll)};
    Fit fit = fitAt(layers, ridge, classes, prior);
    for (int step = 1; step < kPriorSteps && weight > 0; ++step) {
        for (std::size_t c = 0; c < classes.size(); ++c)
            prior.around[c] =
                std::clamp(fit.msPerByte[c], kFastestClass * uAll, uAll / kFastestClass);
        fit = fitAt(layers, ridge, classes, prior);
    }
    return fit;
}

std::vector<OperatorClass> classesOf(const std::vector<MeasuredLayer>& layers) {
    std::vector<OperatorClass> classes;
    for (const OperatorClass operatorClass : kOperatorClasses)
        for (const MeasuredLayer& layer : layers)
            if (std::any_of(layer.nodes.begin(), layer.nodes.end(), [&](const Node& node) {
                    return node.operatorClass == operatorClass;
                })) {
                classes.push_back(operatorClass);
                break;
            }
    return classes;
}

MachinePreset calibratedMachineOf(double ridge, const Fit& all, const Fit& perClass,
                                  const std::vector<OperatorClass>& classes) {
    MachinePreset machine;
    const double gbps = kGBpsPerBytePerMs / all.msPerByte.front();
    machine.peakGflops = ridge * gbps;
    machine.achievedFraction = 1;
    machine.memoryGBps = gbps;
    machine.overheadMs = perClass.overheadMs;
    for (std::size_t c = 0; c < classes.size(); ++c) {
        const double msPerByte = std::max(perClass.msPerByte[c], kFastestClass * all.msPerByte[0]);
        const double classGbps = kGBpsPerBytePerMs / msPerByte;
        machine.classRooflines.push_back({classes[c], ridge * classGbps, classGbps});
    }
    return machine;
}

std::vector<double> ranks(const std::vector<double>& values) {
    std::vector<std::size_t> order(values.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(),
              [&](std::size_t i, std::size_t j) { return values[i] < values[j]; });
    std::vector<double> rank(values.size());
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j + 1 < order.size() && values[order[j + 1]] == values[order[i]])
            ++j;
        for (std::size_t k = i; k <= j; ++k)
            rank[order[k]] = (static_cast<double>(i + j) / 2) + 1;
        i = j + 1;
    }
    return rank;
}

double median(std::vector<double> values) {
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const std::size_t middle = values.size() / 2;
    return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

} // namespace

MachinePreset calibrateMachine(const std::vector<CalibrationSample>& samples,
                               const CalibrationOptions& options) {
    const std::vector<MeasuredLayer> layers = measuredLayersOf(samples);
    const std::vector<OperatorClass> classes = classesOf(layers);
    MachinePreset best;
    double bestCost = std::numeric_limits<double>::infinity();
    for (int step = 0; step < kRidgeSteps; ++step) {
        const double ridge = kFirstRidge * std::pow(2.0, step);
        const Fit all = fitAt(layers, ridge, {}, {});
        if (!(all.msPerByte.front() > 0))
            continue;
        const Fit perClass = perClassFit(layers, ridge, classes, all, options.priorWeight);
        if (perClass.cost < bestCost) {
            bestCost = perClass.cost;
            best = calibratedMachineOf(ridge, all, perClass, classes);
        }
    }
    if (!std::isfinite(bestCost))
        throw CalibrationError("the measured times do not grow with the layers' work: every "
                               "fit puts them in the per-layer overhead alone");
    return best;
}

CalibrationScore scoreMachine(const std::vector<CalibrationSample>& samples,
                              const MachinePreset& machine) {
    CalibrationScore score;
    for (const CalibrationSample& sample : samples) {
        const NodeAssignment assignment = assignmentOf(sample);
        const Profile imported = importedAtMeasuredBatch(sample);
        std::vector<double> estimated(sample.measured.layers.size(), 0.0);
        std::vector<bool> hasNodes(estimated.size(), false);
        for (std::size_t n = 0; n < imported.layers.size(); ++n) {
            const auto layer = static_cast<std::size_t>(assignment.layerOfNode[n]);
            estimated[layer] +=
                estimateLayerTimes(imported, static_cast<int>(n), machine).forwardMs;
            hasNodes[layer] = true;
        }
        for (std::size_t l = 0; l < estimated.size(); ++l) {
            const double ms =
                sample.measured.layers[l].forwardMs[static_cast<std::size_t>(sample.machine)];
            if (ms > 0 && hasNodes[l])
                score.layers.push_back(
                    {sample.name, sample.measured.layers[l].id, ms, estimated[l]});
        }
    }
    std::vector<double> measured, estimated, errors;
    for (const LayerComparison& layer : score.layers) {
        measured.push_back(layer.measuredMs);
        estimated.push_back(layer.estimatedMs);
        errors.push_back(std::abs(layer.estimatedMs - layer.measuredMs) / layer.measuredMs);
    }
    score.medianError = median(errors);
    score.spearman = spearmanCorrelation(estimated, measured);
    return score;
}

double spearmanCorrelation(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() < 2 || a.size() != b.size())
        return 0;
    const std::vector<double> ra = ranks(a), rb = ranks(b);
    const double mean = (static_cast<double>(a.size()) + 1) / 2;
    double covariance = 0, varianceA = 0, varianceB = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        covariance += (ra[i] - mean) * (rb[i] - mean);
        varianceA += (ra[i] - mean) * (ra[i] - mean);
        varianceB += (rb[i] - mean) * (rb[i] - mean);
    }
    return varianceA > 0 && varianceB > 0 ? covariance / std::sqrt(varianceA * varianceB) : 0;
}

} // namespace cutlab::core
