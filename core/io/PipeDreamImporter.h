#pragma once

#include "core/model/Tier.h"

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace cutlab::core {

// A machine that was never measured, given as FACTOR × the measured machine's times
// (FTPipeHD's speed-ratio estimate); the profile flags it `"estimated": true`.
struct EstimatedMachine {
    std::string id;
    Tier tier = Tier::Edge;
    double factor = 1;
};

struct PipeDreamImportOptions {
    std::string modelName = "pipedream";
    std::string source; // model.source; empty = a sentence on PipeDream's measurements
    double batch = 128; // the mini-batch PipeDream profiled with
    std::string machineId = "gpu";
    std::vector<EstimatedMachine> estimatedMachines;
};

// A malformed graph.txt: `line()` is 1-based, 0 when the problem is the whole file.
class PipeDreamImportError : public std::runtime_error {
  public:
    PipeDreamImportError(int line, const std::string& message)
        : std::runtime_error(line > 0 ? "line " + std::to_string(line) + ": " + message : message),
          m_line(line) {}
    int line() const { return m_line; }

  private:
    int m_line;
};

// True when the text looks like a PipeDream profile (`nodeN -- Layer -- forward_compute_time=…`).
bool looksLikePipeDreamGraph(std::string_view text);

// PipeDream's profiler output (msr-fiddle/pipedream, profiler/…/graph.txt) as a `cutlab-profile`
// document (docs/formats.md §1) that ProfileLoader accepts:
//  - node lines `nodeN -- <description> -- forward_compute_time=ms, backward_compute_time=ms,
//    activation_size=bytes, parameter_size=bytes[ -- stage_id=K]`, edge lines `\tnodeA -- nodeB`;
//  - nodes are sorted topologically (Kahn, ready nodes by node number, then file order);
//  - times are for the whole mini-batch: model.batch = options.batch, times kept as they are;
//    a missing time (or `None`) is zero;
//  - activation_size is for the mini-batch: output_bytes = activation / batch; a list
//    `[a; b; c]` (multi-output node) is summed;
//  - parameter_size is kept as param_bytes;
//  - `Input*` nodes become the model input (input_bytes = their activation / batch) and the
//    layers they feed read the model input;
//  - the description is the layer's label, its class name (`Conv2d`) its type, node ids its ids.
// Throws PipeDreamImportError naming the line of the first problem.
nlohmann::ordered_json importPipeDreamGraph(std::string_view text,
                                            const PipeDreamImportOptions& options);

} // namespace cutlab::core
