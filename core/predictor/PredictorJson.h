#pragma once

#include "core/predictor/LatencyPredictor.h"

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>
#include <string_view>

namespace cutlab::core {

// A `cutlab-latency-predictor` document that cannot be read: what() is
// "/pointer: sentence" (docs/formats.md §4.14).
class PredictorFormatError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// The predictor as JSON: every weight as a double that reads back bit for bit, so
// predictorFromJson(predictorToJson(p)) predicts exactly as p does.
nlohmann::ordered_json predictorToJson(const LatencyPredictor& predictor);
LatencyPredictor predictorFromJson(const nlohmann::ordered_json& document);
// Parses the text too (JSON errors reported like every CutLab document's).
LatencyPredictor predictorFromText(std::string_view text);
// Reads a predictor file; throws PredictorFormatError "PATH: error: why" when it cannot be read
// or is not a predictor.
LatencyPredictor predictorFromFile(const std::string& path);

} // namespace cutlab::core
