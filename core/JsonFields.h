#pragma once

#include "ProfileIssue.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace cutlab::core {

// Typed reads of one JSON value that append a plain sentence to `issues` when the value is
// not what the format asks for. They return nullopt on any problem.
class JsonFields {
public:
    explicit JsonFields(std::vector<ProfileIssue>& issues) : m_issues(issues) {}

    // A finite number >= 0 (numbers written as strings, NaN, infinities and negatives rejected).
    std::optional<double> nonNegativeNumber(const nlohmann::ordered_json& value,
                                            const std::string& pointer);
    std::optional<std::string> string(const nlohmann::ordered_json& value,
                                      const std::string& pointer);
    void add(const std::string& pointer, const std::string& message) {
        m_issues.push_back({pointer, message});
    }

private:
    std::vector<ProfileIssue>& m_issues;
};

// Shows a JSON value briefly in a message: strings quoted, long values cut.
std::string briefJson(const nlohmann::ordered_json& value);

} // namespace cutlab::core
