#include "core/predictor/PredictorJson.h"

#include "core/io/JsonText.h"

#include <cmath>

namespace cutlab::core {
namespace {

using Json = nlohmann::ordered_json;

const char* const kFormat = "cutlab-latency-predictor";
const char* const kLayerNames[] = {"mask1", "mask2", "joint", "output"};

Json numbers(const std::vector<double>& values) {
    Json array = Json::array();
    for (double value : values)
        array.push_back(value);
    return array;
}

Json layerJson(const char* name, const DenseLayer& layer) {
    Json rows = Json::array();
    for (Eigen::Index r = 0; r < layer.weights().rows(); ++r) {
        Json row = Json::array();
        for (Eigen::Index c = 0; c < layer.weights().cols(); ++c)
            row.push_back(layer.weights()(r, c));
        rows.push_back(std::move(row));
    }
    Json bias = Json::array();
    for (Eigen::Index r = 0; r < layer.bias().size(); ++r)
        bias.push_back(layer.bias()(r));
    return {{"name", name},
            {"inputs", layer.inputs()},
            {"outputs", layer.outputs()},
            {"activation", layer.relu() ? "relu" : "linear"},
            {"weights", std::move(rows)},
            {"bias", std::move(bias)}};
}

[[noreturn]] void fail(const std::string& pointer, const std::string& sentence) {
    throw PredictorFormatError(pointer.empty() ? sentence : pointer + ": " + sentence);
}

const Json& requiredMember(const Json& object, const std::string& pointer, const char* key) {
    if (!object.is_object())
        fail(pointer, "not an object");
    const auto found = object.find(key);
    if (found == object.end())
        fail(pointer, std::string("missing \"") + key + "\"");
    return *found;
}

double predictorNumber(const Json& value, const std::string& pointer) {
    if (!value.is_number())
        fail(pointer, "not a number");
    const double result = value.get<double>();
    if (!std::isfinite(result))
        fail(pointer, "not a finite number");
    return result;
}

double positive(const Json& value, const std::string& pointer) {
    const double result = predictorNumber(value, pointer);
    if (!(result > 0))
        fail(pointer, "must be > 0");
    return result;
}

int count(const Json& value, const std::string& pointer, int max) {
    if (!value.is_number_integer() && !value.is_number_unsigned())
        fail(pointer, "not a whole number");
    const long long result = value.get<long long>();
    if (result < 1 || result > max)
        fail(pointer, "must be between 1 and " + std::to_string(max));
    return static_cast<int>(result);
}

std::string requiredText(const Json& value, const std::string& pointer) {
    if (!value.is_string())
        fail(pointer, "not a string");
    return value.get<std::string>();
}

const Json& array(const Json& value, const std::string& pointer, std::size_t size) {
    if (!value.is_array())
        fail(pointer, "not a list");
    if (size != 0 && value.size() != size)
        fail(pointer,
             "has " + std::to_string(value.size()) + " entries, expected " + std::to_string(size));
    return value;
}

std::vector<double> numberList(const Json& value, const std::string& pointer, std::size_t size) {
    std::vector<double> result;
    for (std::size_t i = 0; const Json& entry : array(value, pointer, size))
        result.push_back(predictorNumber(entry, pointer + "/" + std::to_string(i++)));
    return result;
}

DenseLayer layerFrom(const Json& value, const std::string& pointer, const char* name, int inputs,
                     int outputs, bool relu) {
    if (requiredText(requiredMember(value, pointer, "name"), pointer + "/name") != name)
        fail(pointer + "/name", std::string("expected \"") + name + "\"");
    if (count(requiredMember(value, pointer, "inputs"), pointer + "/inputs", 1 << 20) != inputs)
        fail(pointer + "/inputs", "expected " + std::to_string(inputs));
    if (count(requiredMember(value, pointer, "outputs"), pointer + "/outputs", 1 << 20) != outputs)
        fail(pointer + "/outputs", "expected " + std::to_string(outputs));
    if (requiredText(requiredMember(value, pointer, "activation"), pointer + "/activation") !=
        (relu ? "relu" : "linear"))
        fail(pointer + "/activation",
             std::string("expected \"") + (relu ? "relu" : "linear") + "\"");
    const std::string weightsPointer = pointer + "/weights";
    const Json& rows = array(requiredMember(value, pointer, "weights"), weightsPointer,
                             static_cast<std::size_t>(outputs));
    Eigen::MatrixXd weights(outputs, inputs);
    for (int r = 0; r < outputs; ++r) {
        const std::string rowPointer = weightsPointer + "/" + std::to_string(r);
        const std::vector<double> row = numberList(rows[static_cast<std::size_t>(r)], rowPointer,
                                                   static_cast<std::size_t>(inputs));
        for (int c = 0; c < inputs; ++c)
            weights(r, c) = row[static_cast<std::size_t>(c)];
    }
    const std::vector<double> biasValues =
        numberList(requiredMember(value, pointer, "bias"), pointer + "/bias",
                   static_cast<std::size_t>(outputs));
    Eigen::VectorXd bias(outputs);
    for (int r = 0; r < outputs; ++r)
        bias(r) = biasValues[static_cast<std::size_t>(r)];
    return DenseLayer(std::move(weights), std::move(bias), relu);
}

} // namespace

Json predictorToJson(const LatencyPredictor& predictor) {
    const auto& ids = predictor.layerIds();
    Json representatives = Json::array();
    for (const SubModel& subModel : predictor.representatives().subModels)
        representatives.push_back({{"first", ids[static_cast<std::size_t>(subModel.first)]},
                                   {"last", ids[static_cast<std::size_t>(subModel.last)]},
                                   {"first_index", subModel.first},
                                   {"last_index", subModel.last}});
    const PredictorProvenance& provenance = predictor.provenance();
    const TrainingOptions& options = provenance.options;
    const PredictorScaling& scaling = predictor.scaling();
    const NetworkShape& shape = predictor.network().shape();
    Json layers = Json::array();
    for (std::size_t i = 0; i < predictor.network().layers().size(); ++i)
        layers.push_back(layerJson(kLayerNames[i], predictor.network().layers()[i]));
    Json layerIds = Json::array();
    for (const std::string& id : ids)
        layerIds.push_back(id);
    Json machines = Json::array();
    for (const std::string& id : provenance.trainingMachines)
        machines.push_back(id);
    return {{"format", kFormat},
            {"version", 1},
            {"model", {{"name", predictor.modelName()}, {"layers", std::move(layerIds)}}},
            {"time", "forward ms for one sample, summed over the sub-model's layers"},
            {"representative_sub_models",
             {{"sorted_by", predictor.representatives().sortedBy},
              {"sub_models", std::move(representatives)}}},
            {"training",
             {{"machines", std::move(machines)},
              {"reference_machine", provenance.referenceMachine},
              {"epochs", options.epochs},
              {"seed", options.seed},
              {"batch_size", options.batchSize},
              {"learning_rate", options.learningRate},
              {"max_sub_models_per_machine", options.maxSubModelsPerMachine},
              {"mixed_machines", options.mixedMachines},
              {"sample_budget", options.sampleBudget},
              {"samples", provenance.samples},
              {"final_loss", provenance.finalLoss}}},
            {"normalisation",
             {{"offset_fraction", scaling.offsetFraction},
              {"hardware_log_mean", numbers(scaling.hardwareLogMean)},
              {"hardware_log_scale", numbers(scaling.hardwareLogScale)},
              {"target_log_mean", scaling.targetLogMean},
              {"target_log_scale", scaling.targetLogScale}}},
            {"network",
             {{"mask_inputs", shape.maskInputs},
              {"mask_hidden", {shape.maskHidden1, shape.maskHidden2}},
              {"hardware_inputs", shape.hardwareInputs},
              {"joint_hidden", shape.jointHidden},
              {"layers", std::move(layers)}}}};
}

namespace {

void checkPredictorHeader(const Json& document) {
    if (!document.is_object())
        fail("", "the top level is not an object");
    if (requiredText(requiredMember(document, "", "format"), "/format") != kFormat)
        fail("/format", std::string("expected \"") + kFormat + "\"");
    if (count(requiredMember(document, "", "version"), "/version", 1000) != 1)
        fail("/version", "unsupported version (this CutLab reads version 1)");
}

std::vector<std::string> layerIdsOf(const Json& model) {
    std::vector<std::string> ids;
    for (std::size_t i = 0;
         const Json& id : array(requiredMember(model, "/model", "layers"), "/model/layers", 0))
        ids.push_back(requiredText(id, "/model/layers/" + std::to_string(i++)));
    if (ids.empty())
        fail("/model/layers", "no layers");
    return ids;
}

RepresentativeSubModels representativesOf(const Json& document, int layers) {
    const Json& chosen = requiredMember(document, "", "representative_sub_models");
    RepresentativeSubModels representatives;
    representatives.sortedBy =
        requiredText(requiredMember(chosen, "/representative_sub_models", "sorted_by"),
                     "/representative_sub_models/sorted_by");
    const std::string listPointer = "/representative_sub_models/sub_models";
    for (std::size_t i = 0; const Json& entry : array(
                                requiredMember(chosen, "/representative_sub_models", "sub_models"),
                                listPointer, kRepresentativeCount)) {
        const std::string pointer = listPointer + "/" + std::to_string(i++);
        const Json& firstValue = requiredMember(entry, pointer, "first_index");
        const Json& lastValue = requiredMember(entry, pointer, "last_index");
        if (!firstValue.is_number_integer() || !lastValue.is_number_integer())
            fail(pointer, "first_index and last_index must be whole numbers");
        const long long a = firstValue.get<long long>(), b = lastValue.get<long long>();
        if (a < 0 || b < a || b >= layers)
            fail(pointer, "not a sub-model of the " + std::to_string(layers) + " layers");
        representatives.subModels.push_back({static_cast<int>(a), static_cast<int>(b)});
    }
    return representatives;
}

TrainingOptions trainingOptionsOf(const Json& training) {
    TrainingOptions options;
    options.epochs =
        count(requiredMember(training, "/training", "epochs"), "/training/epochs", 100000);
    const Json& seed = requiredMember(training, "/training", "seed");
    if (!seed.is_number_unsigned() && !(seed.is_number_integer() && seed.get<long long>() >= 0))
        fail("/training/seed", "not a whole number >= 0");
    options.seed = seed.get<std::uint64_t>();
    options.batchSize =
        count(requiredMember(training, "/training", "batch_size"), "/training/batch_size", 1000000);
    options.learningRate =
        positive(requiredMember(training, "/training", "learning_rate"), "/training/learning_rate");
    options.maxSubModelsPerMachine =
        count(requiredMember(training, "/training", "max_sub_models_per_machine"),
              "/training/max_sub_models_per_machine", 100000000);
    const Json& mixed = requiredMember(training, "/training", "mixed_machines");
    if (!mixed.is_number_integer() || mixed.get<long long>() < 0 || mixed.get<long long>() > 100000)
        fail("/training/mixed_machines", "not a whole number between 0 and 100000");
    options.mixedMachines = mixed.get<int>();
    options.sampleBudget = count(requiredMember(training, "/training", "sample_budget"),
                                 "/training/sample_budget", 100000000);
    if (static_cast<double>(options.epochs) * options.sampleBudget > kMaxTrainingWork)
        fail("/training",
             "epochs x sample_budget is " +
                 std::to_string(static_cast<long long>(options.epochs) * options.sampleBudget) +
                 "; at most 1e8 (predictor eval retrains with these settings)");
    return options;
}

PredictorProvenance provenanceOf(const Json& document) {
    const Json& training = requiredMember(document, "", "training");
    PredictorProvenance provenance;
    for (std::size_t i = 0;
         const Json& id :
         array(requiredMember(training, "/training", "machines"), "/training/machines", 0))
        provenance.trainingMachines.push_back(
            requiredText(id, "/training/machines/" + std::to_string(i++)));
    provenance.referenceMachine = requiredText(
        requiredMember(training, "/training", "reference_machine"), "/training/reference_machine");
    provenance.options = trainingOptionsOf(training);
    provenance.samples =
        count(requiredMember(training, "/training", "samples"), "/training/samples", 2000000000);
    provenance.finalLoss = predictorNumber(requiredMember(training, "/training", "final_loss"),
                                           "/training/final_loss");
    return provenance;
}

PredictorScaling scalingOf(const Json& document) {
    const Json& normalisation = requiredMember(document, "", "normalisation");
    PredictorScaling scaling;
    scaling.offsetFraction =
        positive(requiredMember(normalisation, "/normalisation", "offset_fraction"),
                 "/normalisation/offset_fraction");
    scaling.hardwareLogMean =
        numberList(requiredMember(normalisation, "/normalisation", "hardware_log_mean"),
                   "/normalisation/hardware_log_mean", kRepresentativeCount);
    scaling.hardwareLogScale =
        numberList(requiredMember(normalisation, "/normalisation", "hardware_log_scale"),
                   "/normalisation/hardware_log_scale", kRepresentativeCount);
    for (std::size_t k = 0; k < scaling.hardwareLogScale.size(); ++k)
        if (!(scaling.hardwareLogScale[k] > 0))
            fail("/normalisation/hardware_log_scale/" + std::to_string(k), "must be > 0");
    scaling.targetLogMean =
        predictorNumber(requiredMember(normalisation, "/normalisation", "target_log_mean"),
                        "/normalisation/target_log_mean");
    scaling.targetLogScale =
        positive(requiredMember(normalisation, "/normalisation", "target_log_scale"),
                 "/normalisation/target_log_scale");

    return scaling;
}

LatencyNetwork networkOf(const Json& document, int layers, TrainingOptions& options) {
    const Json& network = requiredMember(document, "", "network");
    NetworkShape shape;
    shape.maskInputs =
        count(requiredMember(network, "/network", "mask_inputs"), "/network/mask_inputs", 1 << 20);
    if (shape.maskInputs != layers)
        fail("/network/mask_inputs", "expected " + std::to_string(layers) + " (the layers)");
    const Json& hidden =
        array(requiredMember(network, "/network", "mask_hidden"), "/network/mask_hidden", 2);
    shape.maskHidden1 = count(hidden[0], "/network/mask_hidden/0", 1 << 16);
    shape.maskHidden2 = count(hidden[1], "/network/mask_hidden/1", 1 << 16);
    if (count(requiredMember(network, "/network", "hardware_inputs"), "/network/hardware_inputs",
              1 << 16) != kRepresentativeCount)
        fail("/network/hardware_inputs", "expected " + std::to_string(kRepresentativeCount));
    shape.jointHidden = count(requiredMember(network, "/network", "joint_hidden"),
                              "/network/joint_hidden", 1 << 16);
    options.maskHidden1 = shape.maskHidden1;
    options.maskHidden2 = shape.maskHidden2;
    options.jointHidden = shape.jointHidden;
    const Json& saved = array(requiredMember(network, "/network", "layers"), "/network/layers", 4);
    const int sizes[4][2] = {{shape.maskInputs, shape.maskHidden1},
                             {shape.maskHidden1, shape.maskHidden2},
                             {shape.maskHidden2 + shape.hardwareInputs, shape.jointHidden},
                             {shape.jointHidden, 1}};
    std::vector<DenseLayer> dense;
    for (std::size_t i = 0; i < 4; ++i)
        dense.push_back(layerFrom(saved[i], "/network/layers/" + std::to_string(i), kLayerNames[i],
                                  sizes[i][0], sizes[i][1], i < 3));
    return LatencyNetwork(shape, std::move(dense));
}

} // namespace

LatencyPredictor predictorFromJson(const Json& document) {
    checkPredictorHeader(document);
    const Json& model = requiredMember(document, "", "model");
    const std::string name = requiredText(requiredMember(model, "/model", "name"), "/model/name");
    std::vector<std::string> ids = layerIdsOf(model);
    const int layers = static_cast<int>(ids.size());
    RepresentativeSubModels representatives = representativesOf(document, layers);
    PredictorProvenance provenance = provenanceOf(document);
    PredictorScaling scaling = scalingOf(document);
    LatencyNetwork network = networkOf(document, layers, provenance.options);
    return LatencyPredictor(name, std::move(ids), std::move(representatives), std::move(scaling),
                            std::move(network), std::move(provenance));
}

LatencyPredictor predictorFromText(std::string_view text) {
    const JsonParseResult parsed = parseJsonText(text);
    if (!parsed.value)
        throw PredictorFormatError(parsed.issue ? parsed.issue->text() : "not JSON");
    return predictorFromJson(*parsed.value);
}

LatencyPredictor predictorFromFile(const std::string& path) {
    std::string unreadable;
    const auto text = readTextFile(path, unreadable);
    if (!text)
        throw PredictorFormatError(path + ": error: " + unreadable);
    try {
        return predictorFromText(*text);
    } catch (const PredictorFormatError& error) {
        throw PredictorFormatError(path + ": error: " + error.what());
    }
}

} // namespace cutlab::core
