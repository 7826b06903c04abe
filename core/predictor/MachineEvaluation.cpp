#include "core/predictor/MachineEvaluation.h"

#include "core/predictor/PredictorTrainer.h"
#include "core/predictor/SpeedRatioEstimator.h"

#include <cmath>
#include <stdexcept>

namespace cutlab::core {

std::vector<SubModel> evaluationSubModels(int layers) {
    return sampledSubModels(layers, 2000, 2026);
}

MachineEvaluation evaluateOnMachine(const LatencyPredictor& predictor, const ModelTimes& times,
                                    const std::string& machine) {
    const std::string& referenceId = predictor.provenance().referenceMachine;
    if (times.machineIndex(referenceId) < 0)
        throw std::invalid_argument("the profile lacks the predictor's reference machine '" +
                                    referenceId + "' (needed for the speed-ratio baseline)");
    const MachineTimes& target = times.machine(machine);
    const std::vector<SubModel>& representatives = predictor.representatives().subModels;
    const std::vector<double> hardware = hardwareVector(target.layerMs, representatives);
    const SpeedRatioEstimator baseline(times.machine(referenceId).layerMs, representatives);
    const double ratio = baseline.ratio(hardware);

    const std::vector<SubModel> subModels = evaluationSubModels(times.layers());
    const std::vector<double> predicted = predictor.predictMs(hardware, subModels);
    MachineEvaluation row{machine, referenceId, false, 0, 0, 0};
    for (std::size_t i = 0; i < subModels.size(); ++i) {
        const double measured = subModelMs(target.layerMs, subModels[i]);
        if (!(measured > 0))
            continue;
        row.predictorMape += std::abs(predicted[i] - measured) / measured;
        row.ratioMape += std::abs(baseline.estimateMs(ratio, subModels[i]) - measured) / measured;
        ++row.subModels;
    }
    if (row.subModels > 0) {
        row.predictorMape *= 100.0 / row.subModels;
        row.ratioMape *= 100.0 / row.subModels;
    }
    return row;
}

std::vector<MachineEvaluation> leaveOneMachineOut(const ModelTimes& times,
                                                  const TrainingOptions& options) {
    if (times.machines.size() < 2)
        throw std::invalid_argument("leave-one-machine-out needs two machines at least");
    std::vector<MachineEvaluation> rows;
    for (const MachineTimes& heldOut : times.machines) {
        std::vector<std::string> training;
        for (const MachineTimes& machine : times.machines)
            if (machine.id != heldOut.id)
                training.push_back(machine.id);
        const LatencyPredictor predictor = trainLatencyPredictor(times, training, options);
        MachineEvaluation row = evaluateOnMachine(predictor, times, heldOut.id);
        row.retrained = true;
        rows.push_back(row);
    }
    return rows;
}

} // namespace cutlab::core
