#pragma once
// The published llama-bench rates of tests/data/llm/llama-bench.csv beside the token cost
// model's estimates: each device calibrated from its first row (compute share from pp512,
// bandwidth share from tg128), errors on the others. Shared by tst_llm and bench_tokens.

#include "core/io/JsonText.h"
#include "core/llm/HuggingFaceConfig.h"
#include "core/llm/LlmLayers.h"
#include "core/llm/LlmProfile.h"
#include "core/llm/TokenCalibration.h"
#include "core/model/MachinePreset.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace llama_bench {

struct Row {
    std::string device, model, weightType;
    double modelGib = 0, pp = 0, tg = 0;
    bool calibration = false; // the device's row its shares come from
    double predictedPp = 0, predictedTg = 0;
};

// "a,\"b,c\",d" -> {a, b,c, d}
inline std::vector<std::string> csvFields(const std::string& line) {
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (const char c : line) {
        if (c == '"')
            quoted = !quoted;
        else if (c == ',' && !quoted)
            fields.emplace_back();
        else
            fields.back() += c;
    }
    return fields;
}

inline double number(const std::string& text) {
    return text.empty() ? 0 : std::stod(text);
}

// The weight format a llama.cpp type is priced as: Q4_K_M -> q4_k; the layers' bytes are then
// scaled so that the whole model has the file's published size.
inline std::string formatOf(std::string type) {
    std::transform(type.begin(), type.end(), type.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (type.rfind("q4_k", 0) == 0)
        return "q4_k";
    return type;
}

inline std::vector<cutlab::core::LlmLayerCost> layersOf(const std::string& root, const Row& row) {
    std::string error;
    const auto text = cutlab::core::readTextFile(
        root + "/tests/data/llm/models/" + row.model + ".config.json", error);
    if (!text)
        throw std::runtime_error(error);
    const auto architecture =
        cutlab::core::readHuggingFaceConfig(nlohmann::ordered_json::parse(*text));
    auto layers = cutlab::core::llmLayerCosts(
        architecture, *cutlab::core::llmWeightFormat(formatOf(row.weightType)),
        *cutlab::core::llmKvCacheFormat("f16"));
    double total = 0;
    for (const auto& layer : layers)
        total += layer.paramBytes;
    const double scale = row.modelGib * 1073741824.0 / total;
    for (auto& layer : layers) {
        layer.paramBytes *= scale;
        layer.stepReadBytes *= scale;
    }
    return layers;
}

inline std::vector<Row> table(const std::string& root) {
    std::ifstream file(root + "/tests/data/llm/llama-bench.csv");
    std::string line;
    std::getline(file, line); // header
    std::vector<Row> rows;
    while (std::getline(file, line)) {
        const auto f = csvFields(line);
        if (f.size() < 9)
            continue;
        rows.push_back({f[0], f[2], f[4], number(f[5]), number(f[6]), number(f[7])});
    }
    std::map<std::string, cutlab::core::MachinePreset> calibrated;
    for (Row& row : rows) {
        if (calibrated.count(row.device))
            continue;
        // the device's first row with both figures, else its first row
        Row* chosen = &row;
        for (Row& other : rows)
            if (other.device == row.device && other.pp > 0 && other.tg > 0) {
                chosen = &other;
                break;
            }
        chosen->calibration = true;
        calibrated[row.device] =
            cutlab::core::calibrateTokenShares(*cutlab::core::findMachinePreset(row.device),
                                               layersOf(root, *chosen), {chosen->pp, chosen->tg});
    }
    for (Row& row : rows) {
        const auto predicted = cutlab::core::predictLlamaBench(
            layersOf(root, row), cutlab::core::tokenRatesOf(calibrated[row.device]));
        row.predictedPp = predicted.pp512;
        row.predictedTg = predicted.tg128;
    }
    return rows;
}

// |estimate - measured| / measured of every figure not used for calibration.
inline std::vector<double> errors(const std::vector<Row>& rows) {
    std::vector<double> result;
    for (const Row& row : rows) {
        if (row.calibration)
            continue;
        if (row.pp > 0)
            result.push_back(std::abs(row.predictedPp - row.pp) / row.pp);
        if (row.tg > 0)
            result.push_back(std::abs(row.predictedTg - row.tg) / row.tg);
    }
    return result;
}

inline double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n == 0 ? 0 : n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

} // namespace llama_bench
