#pragma once

#include <stdexcept>
#include <string>

namespace cutlab::core {

// A request that cannot be answered as asked (a missing network link, a bad cut): the message
// is a sentence for the user.
class PlanError : public std::runtime_error {
  public:
    explicit PlanError(const std::string& message) : std::runtime_error(message) {}
};

} // namespace cutlab::core
