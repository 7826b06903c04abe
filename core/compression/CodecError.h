#pragma once

#include "core/model/PlanError.h"

#include <string>

namespace cutlab::core {

// AccEPT's codec refused its input: a non-finite value, an empty or mismatched tensor, a bit
// width it does not take, or a stream of the wrong length. A PlanError, so the command line and
// the planners report it like any other refused request; the message is a sentence for the user.
class CodecError : public PlanError {
  public:
    explicit CodecError(const std::string& message) : PlanError(message) {}
};

} // namespace cutlab::core
