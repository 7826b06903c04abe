#pragma once

#include <string>

namespace cutlab::core {

// One problem found in an input file: where (a JSON pointer, empty for the whole file) and what.
struct ProfileIssue {
    std::string pointer;
    std::string message;

    // "/layers/3/inputs/0: unknown layer 'conv9'", or just the message for whole-file problems.
    std::string text() const { return pointer.empty() ? message : pointer + ": " + message; }
};

} // namespace cutlab::core
