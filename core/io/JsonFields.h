#pragma once

#include "core/io/InputLimits.h"
#include "core/io/IssuePointer.h"
#include "core/model/ProfileIssue.h"

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

    // A finite number in [0, range.max] (numbers written as strings, NaN, infinities, negatives
    // and numbers beyond the range rejected).
    std::optional<double> nonNegativeNumber(const nlohmann::ordered_json& value,
                                            const IssuePointer& pointer, NumberRange range);
    // A string of at most maxBytes bytes.
    std::optional<std::string> string(const nlohmann::ordered_json& value,
                                      const IssuePointer& pointer,
                                      std::size_t maxBytes = kMaxNameBytes);
    void add(const IssuePointer& pointer, const std::string& message) {
        m_issues.push_back({pointer.text(), message});
    }

  private:
    std::vector<ProfileIssue>& m_issues;
};

// Shows a JSON value briefly in a message: strings quoted, long values cut (never dumping a
// large value whole).
std::string briefJson(const nlohmann::ordered_json& value);
// A name or text cut to at most 40 bytes for a message, never inside a UTF-8 character.
std::string briefText(std::string_view text);

} // namespace cutlab::core
