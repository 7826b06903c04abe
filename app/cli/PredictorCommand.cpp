// cutlab-cli predictor train|eval|predict: AccEPT's latency predictor (cost-models.md §2.5,
// docs/formats.md §4.14). The predictor is core/predictor; this file parses and prints.
#include "app/cli/Commands.h"

#include "app/cli/ArgumentCursor.h"
#include "app/cli/CliError.h"
#include "app/cli/PlanOptions.h"
#include "app/cli/ProfileArgument.h"

#include "core/io/AtomicFile.h"
#include "core/io/JsonText.h"
#include "core/plans/PlanJson.h"
#include "core/predictor/MachineEvaluation.h"
#include "core/predictor/PredictorJson.h"
#include "core/predictor/PredictorTrainer.h"
#include "core/predictor/SpeedRatioEstimator.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <limits>
#include <optional>
#include <stdexcept>

namespace cutlab::cli {
namespace {

const char* const kPredictorUsage =
    "usage: cutlab-cli predictor train PROFILE... -o MODEL.json [--epochs N] [--seed S]\n"
    "                                [--hold-out MACHINE]...\n"
    "       cutlab-cli predictor eval MODEL.json PROFILE... [--json]\n"
    "       cutlab-cli predictor predict MODEL.json PROFILE... --machine ID --layers FIRST..LAST\n"
    "                                [--json]\n";

const char* const kPredictorHelp =
    "AccEPT's latency predictor for ONE model: a four-layer network that predicts a contiguous\n"
    "sub-model's forward time (one sample) on a machine from the sub-model's layer mask and the\n"
    "machine's hardware vector (its times on ten representative sub-models).\n"
    "Several PROFILEs are profiles of the same model (same layer ids, in order) measured on\n"
    "different machines; their machines are pooled.\n"
    "  train    learns from every machine of the profiles (but --hold-out ones): samples are the\n"
    "           layers' forward_ms summed over contiguous sub-models. Writes MODEL.json\n"
    "           atomically.\n"
    "    -o, --output FILE   where to write the predictor\n"
    "    --epochs N          Adam passes over the samples (default 100)\n"
    "    --seed S            initialisation, shuffling and sampling seed (default 1)\n"
    "    --hold-out ID       leave this machine out (repeatable, or ID,ID,...)\n"
    "  eval     per machine of the profiles: mean absolute percentage error of the predictor and\n"
    "           of FTPipeHD's speed ratio over the machine's sub-models (all contiguous ones up\n"
    "           to 2000, else a fixed sample). A machine the predictor was not trained on is\n"
    "           evaluated with it as it is (\"held out\"); for a machine it was trained on, a\n"
    "           predictor is retrained without it with the same settings (\"leave-one-out\").\n"
    "  predict  one sub-model's predicted ms on a machine of the profiles (its hardware vector\n"
    "           from the profile), with the speed-ratio estimate and the profile's own sum.\n"
    "    --machine ID        the machine\n"
    "    --layers A..B       the sub-model: layers A to B inclusive (ids or #N); A alone = one\n"
    "  --json               eval/predict: a JSON document on stdout instead of text\n"
    "Exit status: 0 done, 2 bad input (an invalid profile or predictor file, profiles of\n"
    "different models, an unknown machine or layer, an unwritable output).\n";

core::ModelTimes loadModelTimes(const std::vector<std::string>& paths) {
    if (paths.empty())
        throw CliError(std::string("needs a profile\n") + kPredictorUsage);
    core::ModelTimes times;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        const core::ModelTimes more = core::modelTimesOf(loadProfileOrThrow(paths[i]));
        if (i == 0) {
            times = more;
            continue;
        }
        try {
            core::appendMachines(times, more);
        } catch (const core::ModelTimesError& mismatch) {
            throw CliError(paths[i] + ": error: " + mismatch.what());
        }
    }
    return times;
}

core::LatencyPredictor loadPredictor(const std::string& path) {
    try {
        return core::predictorFromFile(path);
    } catch (const core::PredictorFormatError& error) {
        throw CliError(error.what());
    }
}

// The profiles must be of the predictor's model: the same layer ids in the same order.
void checkSameModel(const core::LatencyPredictor& predictor, const core::ModelTimes& times,
                    const std::string& modelPath, const std::string& profilePath) {
    const auto& ids = predictor.layerIds();
    if (ids.size() != times.layerIds.size())
        throw CliError(profilePath + ": error: has " + std::to_string(times.layerIds.size()) +
                       " layers; the predictor " + modelPath + " was trained on a model of " +
                       std::to_string(ids.size()));
    for (std::size_t l = 0; l < ids.size(); ++l)
        if (ids[l] != times.layerIds[l])
            throw CliError(profilePath + ": error: layer " + std::to_string(l) + " is '" +
                           times.layerIds[l] + "' where the predictor " + modelPath + " has '" +
                           ids[l] + "'");
}

std::vector<std::string> splitIds(const std::string& text) {
    std::vector<std::string> ids;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        if (comma > start)
            ids.push_back(text.substr(start, comma - start));
        start = comma + 1;
    }
    return ids;
}

std::string predictorPercent(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f %%", value);
    return text;
}

int runPredictorTrain(ArgumentCursor& cursor) {
    std::vector<std::string> profiles, heldOut;
    std::string output;
    core::TrainingOptions options;
    while (!cursor.done()) {
        const std::string flag = cursor.next();
        if (flag == "-o" || flag == "--output") {
            output = cursor.valueOf(flag);
        } else if (flag == "--epochs") {
            options.epochs = parsePositiveInt(cursor.valueOf(flag), flag, 100000);
        } else if (flag == "--seed") {
            const std::string value = cursor.valueOf(flag);
            options.seed = value == "0" ? 0
                                        : static_cast<std::uint64_t>(parsePositiveInt(
                                              value, flag, std::numeric_limits<int>::max()));
        } else if (flag == "--hold-out") {
            for (const std::string& id : splitIds(cursor.valueOf(flag)))
                heldOut.push_back(id);
        } else if (flag.size() > 1 && flag[0] == '-') {
            throw CliError("unknown option " + flag + " (see cutlab-cli predictor --help)");
        } else {
            profiles.push_back(flag);
        }
    }
    if (output.empty())
        throw CliError(std::string("train needs -o MODEL.json\n") + kPredictorUsage);
    const core::ModelTimes times = loadModelTimes(profiles);
    for (const std::string& id : heldOut)
        if (times.machineIndex(id) < 0)
            throw CliError("--hold-out: no machine '" + id + "' in the profiles");
    std::vector<std::string> training;
    for (const core::MachineTimes& machine : times.machines)
        if (std::find(heldOut.begin(), heldOut.end(), machine.id) == heldOut.end())
            training.push_back(machine.id);
    if (training.empty())
        throw CliError("--hold-out leaves no machine to train on");
    const core::LatencyPredictor predictor = [&] {
        try {
            return core::trainLatencyPredictor(times, training, options);
        } catch (const std::invalid_argument& refused) {
            throw CliError(profiles.front() + ": error: " + refused.what());
        }
    }();
    const std::string document = core::finiteJsonText(core::predictorToJson(predictor)) + "\n";
    try {
        core::writeFileAtomically(output, document, "the predictor");
    } catch (const core::FileWriteError& unwritable) {
        throw CliError(unwritable.path() + ": error: " + unwritable.what());
    }
    std::string machines;
    for (const std::string& id : training)
        machines += (machines.empty() ? "" : ", ") + id;
    char loss[64];
    std::snprintf(loss, sizeof loss, "%.3g", predictor.provenance().finalLoss);
    std::cout << output << ": predictor for " << times.modelName << " (" << times.layers()
              << " layers), trained on " << machines << " (" << predictor.provenance().samples
              << " samples incl. " << (training.size() > 1 ? options.mixedMachines : 0)
              << " mixed machines, " << options.epochs << " epochs, final loss " << loss
              << "); reference " << predictor.provenance().referenceMachine
              << ", sub-models sorted by " << predictor.representatives().sortedBy << "\n";
    return 0;
}

// One row per machine: held out (evaluated as the predictor is) or leave-one-out (a predictor
// retrained without it, with the file's settings); machines alone in the profiles are skipped.
std::vector<core::MachineEvaluation> evaluateMachines(const core::LatencyPredictor& predictor,
                                                      const core::ModelTimes& times,
                                                      const std::string& profilePath,
                                                      std::vector<std::string>& skipped) {
    const auto& trained = predictor.provenance().trainingMachines;
    std::vector<core::MachineEvaluation> rows;
    for (const core::MachineTimes& machine : times.machines) {
        const bool held = std::find(trained.begin(), trained.end(), machine.id) == trained.end();
        std::vector<std::string> others;
        for (const core::MachineTimes& other : times.machines)
            if (other.id != machine.id)
                others.push_back(other.id);
        if (!held && others.empty()) {
            skipped.push_back(machine.id);
            continue;
        }
        try {
            core::MachineEvaluation row =
                held ? core::evaluateOnMachine(predictor, times, machine.id)
                     : core::evaluateOnMachine(core::trainLatencyPredictor(
                                                   times, others, predictor.provenance().options),
                                               times, machine.id);
            row.retrained = !held;
            rows.push_back(row);
        } catch (const std::invalid_argument& refused) {
            throw CliError(profilePath + ": error: " + refused.what());
        }
    }
    return rows;
}

void printEvaluationJson(const std::string& model, const std::vector<core::MachineEvaluation>& rows,
                         double predictorMean, double ratioMean) {
    nlohmann::ordered_json machines = nlohmann::ordered_json::array();
    for (const auto& row : rows)
        machines.push_back({{"machine", row.machine},
                            {"evaluation", row.retrained ? "leave-one-out" : "held-out"},
                            {"reference_machine", row.referenceMachine},
                            {"sub_models", row.subModels},
                            {"predictor_mape", core::jsonNumber(row.predictorMape)},
                            {"ratio_mape", core::jsonNumber(row.ratioMape)}});
    const nlohmann::ordered_json document = {{"model", model},
                                             {"machines", std::move(machines)},
                                             {"mean",
                                              {{"predictor_mape", core::jsonNumber(predictorMean)},
                                               {"ratio_mape", core::jsonNumber(ratioMean)}}}};
    std::cout << core::finiteJsonText(document) << "\n";
}

void printEvaluationTable(const std::vector<core::MachineEvaluation>& rows, double predictorMean,
                          double ratioMean) {
    std::printf("%-16s %-14s %-16s %10s %14s %11s  better\n", "machine", "evaluation", "reference",
                "sub-models", "predictor MAPE", "ratio MAPE");
    for (const auto& row : rows)
        std::printf("%-16s %-14s %-16s %10d %14s %11s  %s\n", row.machine.c_str(),
                    row.retrained ? "leave-one-out" : "held-out", row.referenceMachine.c_str(),
                    row.subModels, predictorPercent(row.predictorMape).c_str(),
                    predictorPercent(row.ratioMape).c_str(),
                    row.predictorMape < row.ratioMape ? "predictor" : "ratio");
    std::printf("%-16s %-14s %-16s %10s %14s %11s\n", "mean", "", "", "",
                predictorPercent(predictorMean).c_str(), predictorPercent(ratioMean).c_str());
    std::fflush(stdout);
}

int runPredictorEval(ArgumentCursor& cursor) {
    std::vector<std::string> files;
    bool json = false;
    while (!cursor.done()) {
        const std::string flag = cursor.next();
        if (flag == "--json")
            json = true;
        else if (flag.size() > 1 && flag[0] == '-')
            throw CliError("unknown option " + flag + " (see cutlab-cli predictor --help)");
        else
            files.push_back(flag);
    }
    if (files.size() < 2)
        throw CliError(std::string("eval needs MODEL.json and a profile\n") + kPredictorUsage);
    const core::LatencyPredictor predictor = loadPredictor(files.front());
    const std::vector<std::string> profiles(files.begin() + 1, files.end());
    const core::ModelTimes times = loadModelTimes(profiles);
    checkSameModel(predictor, times, files.front(), profiles.front());
    std::vector<std::string> skipped;
    const auto rows = evaluateMachines(predictor, times, profiles.front(), skipped);
    if (rows.empty())
        throw CliError(profiles.front() + ": error: nothing to evaluate: the only machine (" +
                       skipped.front() + ") is one the predictor was trained on");
    double predictorMean = 0, ratioMean = 0;
    for (const auto& row : rows) {
        predictorMean += row.predictorMape / static_cast<double>(rows.size());
        ratioMean += row.ratioMape / static_cast<double>(rows.size());
    }
    if (json) {
        printEvaluationJson(times.modelName, rows, predictorMean, ratioMean);
        return 0;
    }
    printEvaluationTable(rows, predictorMean, ratioMean);
    for (const std::string& id : skipped)
        std::cerr << "cutlab-cli predictor: note: " << id
                  << " not evaluated: no other machine to train on\n";
    return 0;
}

int runPredictorPredict(ArgumentCursor& cursor) {
    std::vector<std::string> files;
    std::string machineId, layers;
    bool json = false;
    while (!cursor.done()) {
        const std::string flag = cursor.next();
        if (flag == "--json")
            json = true;
        else if (flag == "--machine")
            machineId = cursor.valueOf(flag);
        else if (flag == "--layers")
            layers = cursor.valueOf(flag);
        else if (flag.size() > 1 && flag[0] == '-')
            throw CliError("unknown option " + flag + " (see cutlab-cli predictor --help)");
        else
            files.push_back(flag);
    }
    if (files.size() < 2 || machineId.empty() || layers.empty())
        throw CliError(std::string("predict needs MODEL.json, a profile, --machine and "
                                   "--layers\n") +
                       kPredictorUsage);
    const core::LatencyPredictor predictor = loadPredictor(files.front());
    const std::vector<std::string> profilePaths(files.begin() + 1, files.end());
    core::Profile profile = loadProfileOrThrow(profilePaths.front());
    const core::ModelTimes times = loadModelTimes(profilePaths);
    checkSameModel(predictor, times, files.front(), profilePaths.front());
    if (times.machineIndex(machineId) < 0)
        throw CliError("--machine: no machine '" + machineId + "' in the profiles");
    const std::size_t dots = layers.find("..");
    const std::string firstName = layers.substr(0, dots);
    const std::string lastName = dots == std::string::npos ? firstName : layers.substr(dots + 2);
    const core::SubModel subModel{resolveLayer(profile, firstName, "--layers"),
                                  resolveLayer(profile, lastName, "--layers")};
    if (subModel.last < subModel.first)
        throw CliError("--layers: '" + lastName + "' comes before '" + firstName + "'");

    const core::MachineTimes& machine = times.machine(machineId);
    const auto& representatives = predictor.representatives().subModels;
    const std::vector<double> hardware = core::hardwareVector(machine.layerMs, representatives);
    double predicted = 0;
    try {
        predicted = predictor.predictMs(hardware, subModel);
    } catch (const std::invalid_argument& refused) {
        throw CliError(files.front() + ": error: " + refused.what());
    }
    const double measured = core::subModelMs(machine.layerMs, subModel);
    const std::string& referenceId = predictor.provenance().referenceMachine;
    std::optional<double> ratioMs;
    if (times.machineIndex(referenceId) >= 0) {
        const core::SpeedRatioEstimator baseline(times.machine(referenceId).layerMs,
                                                 representatives);
        ratioMs = baseline.estimateMs(baseline.ratio(hardware), subModel);
    }
    const std::string& first = times.layerIds[static_cast<std::size_t>(subModel.first)];
    const std::string& last = times.layerIds[static_cast<std::size_t>(subModel.last)];
    if (json) {
        nlohmann::ordered_json document = {{"machine", machineId},
                                           {"first_layer", first},
                                           {"last_layer", last},
                                           {"layers", subModel.size()},
                                           {"predicted_ms", core::jsonNumber(predicted)},
                                           {"ratio_ms", nullptr},
                                           {"profile_ms", core::jsonNumber(measured)}};
        if (ratioMs)
            document["ratio_ms"] = core::jsonNumber(*ratioMs);
        std::cout << core::finiteJsonText(document) << "\n";
        return 0;
    }
    std::printf("%s, layers %s..%s (%d): predicted %.4g ms", machineId.c_str(), first.c_str(),
                last.c_str(), subModel.size(), predicted);
    if (ratioMs)
        std::printf(", speed ratio (reference %s) %.4g ms", referenceId.c_str(), *ratioMs);
    std::printf(", profile %.4g ms\n", measured);
    std::fflush(stdout);
    return 0;
}

} // namespace

int runPredictor(const std::vector<std::string>& arguments) {
    if (arguments.empty())
        throw CliError(std::string("needs train, eval or predict\n") + kPredictorUsage);
    const std::string action = arguments.front();
    if (action == "--help" || action == "-h") {
        std::cout << kPredictorUsage << kPredictorHelp;
        return 0;
    }
    ArgumentCursor cursor(std::vector<std::string>(arguments.begin() + 1, arguments.end()));
    if (cursor.contains("--help") || cursor.contains("-h")) {
        std::cout << kPredictorUsage << kPredictorHelp;
        return 0;
    }
    if (action == "train")
        return runPredictorTrain(cursor);
    if (action == "eval")
        return runPredictorEval(cursor);
    if (action == "predict")
        return runPredictorPredict(cursor);
    throw CliError("unknown action '" + action + "': train, eval or predict\n" + kPredictorUsage);
}

} // namespace cutlab::cli
