#pragma once

#include "core/model/ProfileIssue.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace cutlab::core {

// Parses JSON text with the checks every CutLab document shares: empty input, truncation,
// trailing garbage and nesting deeper than kMaxJsonDepth are reported as plain sentences.
inline constexpr int kMaxJsonDepth = 64;

struct JsonParseResult {
    std::optional<nlohmann::ordered_json> value;
    std::optional<ProfileIssue> issue;
};

JsonParseResult parseJsonText(std::string_view text);

// "/layers/3" + "forward_ms" -> "/layers/3/forward_ms", escaping '~' and '/' as RFC 6901 says.
std::string jsonPointerAppend(const std::string& base, std::string_view token);
std::string jsonPointerAppend(const std::string& base, std::size_t index);

// Why `path` is not a regular file CutLab may open (missing, a broken link, a directory, a
// device, FIFO or socket), as a sentence; nullopt when it is one.
std::optional<std::string> notARegularFile(const std::string& path);

// Reads a whole file; on failure returns nullopt and fills `error` with a sentence.
std::optional<std::string> readTextFile(const std::string& path, std::string& error);

} // namespace cutlab::core
