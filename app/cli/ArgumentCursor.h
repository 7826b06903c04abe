#pragma once

#include <string>
#include <vector>

namespace cutlab::cli {

// Walks a subcommand's arguments: positional values and "--flag value" pairs.
class ArgumentCursor {
  public:
    explicit ArgumentCursor(std::vector<std::string> arguments)
        : m_arguments(std::move(arguments)) {}

    bool done() const { return m_position >= m_arguments.size(); }
    const std::string& peek() const { return m_arguments[m_position]; }
    std::string next() { return m_arguments[m_position++]; }
    // The value after a flag; throws CliError naming the flag when it is missing.
    std::string valueOf(const std::string& flag);
    bool contains(const std::string& flag) const;
    // Puts a subcommand's one positional argument (the profile or file it reads) into `slot`.
    // Throws CliError for an unknown option ("-x", "--x") or a second positional, pointing to
    // `cutlab-cli HELP --help`, where HELP is `helpTopic` or else `command`.
    static void storePositional(const std::string& argument, std::string& slot,
                                const std::string& command, const std::string& what = "profile",
                                const std::string& helpTopic = "");

  private:
    std::vector<std::string> m_arguments;
    std::size_t m_position = 0;
};

// Strict number parsing for option values; throws CliError with the flag's name. Numbers are
// at most 1e15, whole numbers at most `max` (a million by default), so no planner sum overflows.
double parseNumber(const std::string& text, const std::string& flag);
int parsePositiveInt(const std::string& text, const std::string& flag, int max = 1000000);

} // namespace cutlab::cli
