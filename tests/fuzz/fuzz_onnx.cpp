// libFuzzer target: CutLab's side of ONNX import on untrusted bytes, in-process (protobuf
// parsing, the checks of OnnxValidation and the layer graph from the shapes the file declares).
// The ONNX library's shape inference is not called here: it runs behind the sandbox boundary
// (OnnxImportSandbox), where a crash is a message. Any crash, sanitizer report or exception
// other than a refusal is a finding.
#include "core/onnx/OnnxImport.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    cutlab::core::OnnxImportOptions options;
    options.fileName = "fuzz.onnx";
    try {
        const auto graph = cutlab::core::importOnnxGraphWithoutInference(bytes, options);
        // what the worker sends must be text the parent can read
        (void)graph.dump();
    } catch (const cutlab::core::OnnxImportError& refused) {
        if (std::string_view(refused.what()).empty())
            __builtin_trap(); // refused without a message
    }
    return 0;
}
