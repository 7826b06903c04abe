#include "app/cli/ArgumentCursor.h"

#include "app/cli/CliError.h"

#include "core/model/PlanError.h"
#include "core/planners/PlanQueryText.h"

#include <charconv>
#include <cmath>

namespace cutlab::cli {

std::string ArgumentCursor::valueOf(const std::string& flag) {
    if (done() || (peek().rfind("--", 0) == 0 && peek().size() > 2))
        throw CliError(flag + " needs a value");
    return next();
}

bool ArgumentCursor::contains(const std::string& flag) const {
    for (const auto& argument : m_arguments)
        if (argument == flag)
            return true;
    return false;
}

void ArgumentCursor::storePositional(const std::string& argument, std::string& slot,
                                     const std::string& command, const std::string& what,
                                     const std::string& helpTopic) {
    if (argument.size() > 1 && argument[0] == '-')
        throw CliError("unknown option " + argument + " (see cutlab-cli " +
                       (helpTopic.empty() ? command : helpTopic) + " --help)");
    if (!slot.empty())
        throw CliError(command + " takes one " + what + ", got '" + argument + "' too");
    slot = argument;
}

double parseNumber(const std::string& text, const std::string& flag) {
    try {
        return core::parseQueryNumber(text, flag);
    } catch (const core::PlanError& error) {
        throw CliError(error.what());
    }
}

int parsePositiveInt(const std::string& text, const std::string& flag, int max) {
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < 1)
        throw CliError(flag + ": '" + text + "' is not a whole number >= 1");
    if (value > max)
        throw CliError(flag + ": " + text + " is too large (at most " + std::to_string(max) + ")");
    return value;
}

} // namespace cutlab::cli
