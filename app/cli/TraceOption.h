#pragma once

#include "core/inference/FrameReplay.h"
#include "core/model/Network.h"
#include "core/model/Profile.h"
#include "core/model/TraceAttachment.h"

#include <string>
#include <vector>

namespace cutlab::cli {

// `--trace FROM-TO=FILE[@OFFSET_MS]` as written (docs/formats.md §4.18). FROM and TO are link
// ends; the text before '=' is split where later, against the network (see resolveTraces).
struct TraceOptionText {
    std::string ends; // "device-cloud"
    std::string path;
    double offsetMs = 0;
};

// Parses the value of one --trace; throws CliError with a sentence.
TraceOptionText parseTraceOption(const std::string& value);

// The traced directions of a replay: the network file's traces, then the command line's, which
// replace the file's on the same direction. Splits FROM-TO at the one '-' that leaves two known
// link ends, finds the link direction and reads each file; throws CliError naming the option.
std::vector<core::TracedDirection>
resolveTraces(const core::Network& network, const core::Profile& profile,
              const std::vector<core::TraceAttachment>& fromNetworkFile,
              const std::vector<TraceOptionText>& fromCommandLine);

} // namespace cutlab::cli
