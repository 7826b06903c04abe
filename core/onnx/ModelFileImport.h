#pragma once

#include "core/io/PipeDreamImport.h"
#include "core/llm/LlmProfile.h"
#include "core/onnx/OnnxImport.h"

#include <functional>
#include <stdexcept>
#include <string>

namespace cutlab::core {

// The file formats `cutlab-cli import` and File ▸ Import Model read, told apart by content.
enum class ModelFileFormat { PipeDream, Onnx, HuggingFaceConfig, Gguf, Unknown };

ModelFileFormat detectModelFileFormat(const std::string& path);

struct ModelImportOptions {
    std::string modelName; // empty: named after the file (or its folder for graph.txt)
    PipeDreamImportOptions pipeDream;
    OnnxImportOptions onnx;
    LlmImportOptions llm; // config.json and GGUF: weights, KV cache, tokens (machines below)
    // ONNX and language models: the estimated machines, `PRESET@TIER,...` (empty: one per
    // tier, the default of each)
    std::string machines;
};

// Why a model file was not imported: what() is "PATH: error: DETAIL".
class ModelImportError : public std::runtime_error {
  public:
    ModelImportError(const std::string& path, const std::string& detail)
        : std::runtime_error(path + ": error: " + detail), m_path(path), m_detail(detail) {}
    const std::string& path() const { return m_path; }
    const std::string& detail() const { return m_detail; }

  private:
    std::string m_path;
    std::string m_detail;
};

// Detects the format and converts (ONNX: in the sandboxed worker, then the estimated times on
// options.machines), checks that the result loads as a profile and is within the profile size
// limit, and returns it without writing it. Throws ModelImportError or ImportCancelled.
ConvertedProfile importModel(const std::string& source, const ModelImportOptions& options,
                             const ImportProgress& progress = {});

// The one rule of `cutlab-cli import` and File ▸ Import Model: detects the format, converts
// (ONNX: the layer graph with estimated times on options.machines), checks that the result
// loads as a profile, and only then writes it atomically to `destination`. Returns the model
// name. Throws ModelImportError (nothing written) or ImportCancelled (progress said stop).
std::string importModelFile(const std::string& source, const std::string& destination,
                            const ModelImportOptions& options, const ImportProgress& progress = {});

} // namespace cutlab::core
