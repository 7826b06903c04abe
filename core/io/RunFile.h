#pragma once

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace cutlab::core {

// A `cutlab-run` file (docs/formats.md §3.2): what tools/cutlab-run-split measured when it ran
// one plan of a `cutlab-plan` file for real.
struct RunSegment {
    std::string machine;
    std::string firstLayer;
    std::string lastLayer;
    double computeMs = 0;
    std::optional<double> unslowedMs; // only with a slowdown
};

struct RunTransfer {
    std::string from;
    std::string to;
    std::optional<std::string> afterLayer; // nullopt: the model input
    double bytes = 0;
    double planBytes = 0;
    double ms = 0;
};

struct RunFrame {
    int index = 0;
    double endToEndMs = 0;
    std::vector<RunSegment> segments;
    std::vector<RunTransfer> transfers;
};

struct RunLink {
    std::string from;
    std::string to;
    std::optional<double> bandwidthMbps; // nullopt: unlimited
    double latencyMs = 0;
};

struct RunRecord {
    std::string model;
    std::string planFile;
    int rank = 1;
    std::string cpu;
    int threads = 1;
    std::vector<double> loadAverage;        // at the start and at the end
    std::map<std::string, double> slowdown; // machine -> K
    std::string limits;
    std::vector<RunLink> links; // per transfer, in the plan's order
    std::vector<RunFrame> frames;
};

// Why a run file was refused: a sentence naming the JSON pointer.
class RunFileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

RunRecord parseRunFile(std::string_view text);
// Reads PATH (a regular file of at most 128 MiB); errors start with the path.
RunRecord readRunFile(const std::string& path);

} // namespace cutlab::core
