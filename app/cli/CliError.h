#pragma once

#include <stdexcept>
#include <string>

namespace cutlab::cli {

// Bad input or usage: the command prints the message on stderr and exits with status 2.
class CliError : public std::runtime_error {
  public:
    explicit CliError(const std::string& message) : std::runtime_error(message) {}
};

// A valid request with no answer: status 1.
class NoAnswer : public std::runtime_error {
  public:
    explicit NoAnswer(const std::string& message) : std::runtime_error(message) {}
};

} // namespace cutlab::cli
