#include "core/predictor/PredictorTrainer.h"

#include "core/predictor/SeededRandom.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace cutlab::core {
namespace {

// Mean and standard deviation (1 when the values hardly vary).
std::pair<double, double> meanAndScale(const std::vector<double>& values) {
    double sum = 0, squares = 0;
    for (double log : values) {
        sum += log;
        squares += log * log;
    }
    const double n = static_cast<double>(values.size());
    const double mean = sum / n;
    const double variance = std::max(0.0, squares / n - mean * mean);
    return {mean, variance > 1e-6 ? std::sqrt(variance) : 1.0};
}

// Per-layer times α·a/Σa + (1-α)·b/Σb, scaled to the mixed total α·Σa + (1-α)·Σb.
std::vector<double> mixedMachine(const std::vector<double>& a, const std::vector<double>& b,
                                 double alpha) {
    double totalA = 0, totalB = 0;
    for (std::size_t l = 0; l < a.size(); ++l) {
        totalA += a[l];
        totalB += b[l];
    }
    const double total = alpha * totalA + (1 - alpha) * totalB;
    std::vector<double> mixed;
    for (std::size_t l = 0; l < a.size(); ++l)
        mixed.push_back(total * (alpha * (totalA > 0 ? a[l] / totalA : 0) +
                                 (1 - alpha) * (totalB > 0 ? b[l] / totalB : 0)));
    return mixed;
}

} // namespace

std::vector<SubModel> sampledSubModels(int layers, int limit, std::uint64_t seed) {
    std::vector<SubModel> all = contiguousSubModels(layers);
    if (static_cast<long long>(all.size()) <= limit)
        return all;
    std::vector<std::size_t> positions(all.size());
    for (std::size_t i = 0; i < positions.size(); ++i)
        positions[i] = i;
    SeededRandom random(seed);
    random.shuffle(positions);
    positions.resize(static_cast<std::size_t>(limit));
    std::sort(positions.begin(), positions.end());
    std::vector<SubModel> chosen;
    for (std::size_t position : positions)
        chosen.push_back(all[position]);
    return chosen;
}

namespace {

void checkTrainable(const ModelTimes& times, const TrainingOptions& options) {
    if (times.layers() == 0)
        throw std::invalid_argument("the model has no layers");
    if (times.layers() > kMaxPredictorLayers)
        throw std::invalid_argument("the model has " + std::to_string(times.layers()) +
                                    " layers; the latency predictor handles at most " +
                                    std::to_string(kMaxPredictorLayers));
    const double work = static_cast<double>(options.epochs) * options.sampleBudget;
    if (work > kMaxTrainingWork)
        throw std::invalid_argument(
            "training " + std::to_string(options.epochs) + " epochs over up to " +
            std::to_string(options.sampleBudget) +
            " samples is more than CutLab trains (epochs x sample budget at most 1e8; the "
            "defaults are 100 x 8000)");
}

// The machines asked for, or all of the profile's; each must be in it.
std::vector<std::string> trainingMachinesOf(const ModelTimes& times,
                                            const std::vector<std::string>& machines) {
    std::vector<std::string> training = machines;
    if (training.empty())
        for (const MachineTimes& machine : times.machines)
            training.push_back(machine.id);
    if (training.empty())
        throw std::invalid_argument("no training machines");
    for (const std::string& id : training)
        if (times.machineIndex(id) < 0)
            throw std::invalid_argument("no machine '" + id + "' in the profile");

    return training;
}

// The training machines' per-layer times, real then mixed (a mixed machine's samples use its
// mixed times).
std::vector<std::vector<double>> machineLayerTimes(const ModelTimes& times,
                                                   const std::vector<std::string>& training,
                                                   const TrainingOptions& options) {
    std::vector<std::vector<double>> layerMs;
    for (const std::string& id : training)
        layerMs.push_back(times.machine(id).layerMs);
    SeededRandom mixer(options.seed * 7919 + 1);
    for (int mixed = 0; training.size() > 1 && mixed < options.mixedMachines; ++mixed) {
        // Three draws, each in a statement of its own: the order in which a call's arguments are
        // evaluated is unspecified (GCC went right to left, clang left to right, so the two
        // trained on different mixed machines). GCC's order, so its predictors stay the same.
        const double alpha = mixer.uniform();
        const std::size_t second = mixer.below(training.size());
        const std::size_t first = mixer.below(training.size());
        layerMs.push_back(mixedMachine(layerMs[first], layerMs[second], alpha));
    }

    return layerMs;
}

// The normalisation of the network's inputs and outputs (PredictorSettings.h).
PredictorScaling trainerScalingOf(const std::vector<std::vector<double>>& hardware,
                                  const std::vector<TrainingSample>& samples) {
    PredictorScaling scaling;
    auto relativeLog = [&](double ms, const std::vector<double>& machine) {
        return std::log(std::max(ms, 0.0) / hardwareMeanMs(machine) + scaling.offsetFraction);
    };
    // Each component centred on its mean, all scaled by ONE pooled deviation: scaling each
    // component by its own deviation over a handful of machines blows tiny, meaningless
    // differences (a large sub-model's share of the total) up to the size of real ones.
    std::vector<double> centred;
    for (int k = 0; k < kRepresentativeCount; ++k) {
        std::vector<double> column;
        for (const auto& vector : hardware)
            column.push_back(relativeLog(vector[static_cast<std::size_t>(k)], vector));
        const double mean = meanAndScale(column).first;
        scaling.hardwareLogMean.push_back(mean);
        for (double value : column)
            centred.push_back(value - mean);
    }
    scaling.hardwareLogScale.assign(kRepresentativeCount, meanAndScale(centred).second);
    std::vector<double> targets;
    for (const TrainingSample& sample : samples)
        targets.push_back(relativeLog(sample.ms, sample.hardwareMs));
    std::tie(scaling.targetLogMean, scaling.targetLogScale) = meanAndScale(targets);

    return scaling;
}

} // namespace

LatencyPredictor trainLatencyPredictor(const ModelTimes& times,
                                       const std::vector<std::string>& machines,
                                       const TrainingOptions& options) {
    checkTrainable(times, options);
    const std::vector<std::string> training = trainingMachinesOf(times, machines);
    const MachineTimes& reference = times.machine(training.front());
    const RepresentativeSubModels representatives =
        times.flops.empty() ? chooseRepresentativeSubModels(reference.layerMs, "reference_ms")
                            : chooseRepresentativeSubModels(times.flops, "flops");
    const std::vector<std::vector<double>> layerMs = machineLayerTimes(times, training, options);
    std::vector<std::vector<double>> hardware;
    for (const auto& machine : layerMs)
        hardware.push_back(hardwareVector(machine, representatives.subModels));
    std::vector<TrainingSample> samples;
    const int perMachine =
        std::min(options.maxSubModelsPerMachine,
                 std::max(50, options.sampleBudget / static_cast<int>(layerMs.size())));
    for (std::size_t m = 0; m < layerMs.size(); ++m)
        for (const SubModel& subModel :
             sampledSubModels(times.layers(), perMachine, options.seed + m))
            samples.push_back({hardware[m], subModel, subModelMs(layerMs[m], subModel)});

    const PredictorScaling scaling = trainerScalingOf(hardware, samples);
    NetworkShape shape{times.layers(), options.maskHidden1, options.maskHidden2,
                       kRepresentativeCount, options.jointHidden};
    PredictorProvenance provenance{training, reference.id, options,
                                   static_cast<long long>(samples.size()), 0};
    LatencyPredictor predictor(times.modelName, times.layerIds, representatives, scaling,
                               LatencyNetwork(shape, options.seed), provenance);
    AdamSettings adam;
    adam.learningRate = options.learningRate;
    predictor.provenance().finalLoss =
        predictor.fit(samples, options.epochs, options.batchSize, adam, options.seed ^ 0x5eedULL);
    return predictor;
}

} // namespace cutlab::core
