#pragma once

#include <string>

namespace cutlab::core {

// A trace file attached to one direction of one link, as a network file ("trace",
// "trace_reverse") or `--trace FROM-TO=FILE[@OFFSET_MS]` names it (docs/formats.md §2.1).
struct TraceAttachment {
    std::string from; // link ends as the network writes them
    std::string to;
    std::string path;    // resolved against the network file's folder
    double offsetMs = 0; // replay time 0 is this trace time
    std::string source;  // where it was named, for messages ("--trace", "links/0/trace")

    bool operator==(const TraceAttachment&) const = default;
};

} // namespace cutlab::core
