#pragma once

#include "core/onnx/OnnxImport.h"
#include "core/onnx/OnnxImportSandbox.h"

namespace cutlab::core {

// The worker's side of importOnnxGraphInSandbox (`cutlab-cli import --worker`): restricts this
// process (the limits, no core dumps, no file it may create or grow, and a system-call filter
// that refuses opening files, starting processes and the network), imports the model on
// standard input, and writes to standard output, one message a line:
//   progress FRACTION          as the import goes
//   error SENTENCE             the model was refused (exit status 0: the worker did its job)
//   graph BYTES                then BYTES of JSON, the layer graph
// Returns the exit status.
int runOnnxImportWorker(const OnnxImportOptions& options, const OnnxSandboxLimits& limits);

} // namespace cutlab::core
