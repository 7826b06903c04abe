#pragma once

#include <string>
#include <vector>

namespace cutlab::cli {

// `cutlab-cli calibrate --tokens MODEL --preset ID [--pp TPS] [--tg TPS] -o MACHINE.json`: the
// shares of a preset's compute and bandwidth that reproduce measured llama-bench rates
// (core/llm/TokenCalibration.h), written as a machine file that --machines accepts.
int runTokenCalibrate(const std::vector<std::string>& arguments);

} // namespace cutlab::cli
