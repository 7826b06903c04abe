#pragma once

#include "core/onnx/OnnxImport.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace cutlab::core {

// What the import worker may use. Memory: the address space of the worker process (the model
// is held once as parsed messages, so the limit grows with the file). CPU: seconds of processor
// time; the wall clock allows twice that before the worker is stopped.
struct OnnxSandboxLimits {
    std::uint64_t memoryBytes = 0;
    int cpuSeconds = 120;
};
// 2 GiB plus twice the file's size.
OnnxSandboxLimits onnxSandboxLimitsFor(std::uint64_t fileBytes);

// The program that imports in a sandbox: $CUTLAB_IMPORT_WORKER when set, else the cutlab-cli
// installed beside the running program (`cutlab-cli import --worker`).
std::string onnxImportWorkerPath();

// importOnnxGraph in a separate process (the ONNX library runs on untrusted bytes and can
// crash, abort or run away on malformed models): the worker reads the model from its standard
// input, opens no file, has the limits above, and sends the layer graph back. Any crash, abort,
// memory or time overrun of the worker becomes an OnnxImportError of one sentence ("the ONNX
// library crashed on this model (signal 11, Segmentation fault): the file is malformed or
// unsupported"); progress is relayed, and a progress callback that returns false stops the
// worker (ImportCancelled).
nlohmann::ordered_json importOnnxGraphInSandbox(const std::string& path,
                                                const OnnxImportOptions& options,
                                                const ImportProgress& progress = {});

} // namespace cutlab::core
