#include "JsonText.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace cutlab::core {
namespace {

struct TooDeep {};

std::string lineAndColumn(std::string_view text, std::size_t byte) {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < text.size() && i + 1 < byte; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

bool isBlank(std::string_view text) {
    return text.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

} // namespace

JsonParseResult parseJsonText(std::string_view text) {
    JsonParseResult result;
    if (isBlank(text)) {
        result.issue = ProfileIssue{"", "the file is empty"};
        return result;
    }
    auto depthGuard = [](int depth, nlohmann::ordered_json::parse_event_t event,
                         nlohmann::ordered_json&) {
        using Event = nlohmann::ordered_json::parse_event_t;
        if ((event == Event::object_start || event == Event::array_start) && depth >= kMaxJsonDepth)
            throw TooDeep{};
        return true;
    };
    try {
        result.value = nlohmann::ordered_json::parse(text, depthGuard);
    } catch (const TooDeep&) {
        result.issue = ProfileIssue{
            "", "nesting is deeper than " + std::to_string(kMaxJsonDepth) + " levels"};
    } catch (const nlohmann::json::parse_error& e) {
        const std::string what = e.what();
        const std::string where = lineAndColumn(text, e.byte);
        if (what.find("unexpected end of input") != std::string::npos)
            result.issue = ProfileIssue{"", "the JSON document ends early at " + where +
                                                " (the file looks truncated)"};
        else if (what.find("; expected end of input") != std::string::npos)
            result.issue = ProfileIssue{"", "unexpected text after the end of the JSON document at " + where};
        else
            result.issue = ProfileIssue{"", "not valid JSON: syntax error at " + where};
    } catch (const nlohmann::json::out_of_range& e) {
        // nlohmann reports "number overflow parsing '1e999'" without a position: find the literal.
        const std::string what = e.what();
        const auto open = what.find('\''), close = what.rfind('\'');
        const std::string literal = open < close ? what.substr(open + 1, close - open - 1) : std::string();
        const auto at = literal.empty() ? std::string_view::npos : text.find(literal);
        result.issue = ProfileIssue{"", "the number " + literal +
                                            (at == std::string_view::npos ? "" : " at " + lineAndColumn(text, at + 1)) +
                                            " is too large: numbers must be finite"};
    } catch (const nlohmann::json::exception& e) {
        result.issue = ProfileIssue{"", std::string("not valid JSON: ") + e.what()};
    }
    return result;
}

std::string jsonPointerAppend(const std::string& base, std::string_view token) {
    std::string escaped;
    for (char c : token) {
        if (c == '~')
            escaped += "~0";
        else if (c == '/')
            escaped += "~1";
        else
            escaped += c;
    }
    return base + "/" + escaped;
}

std::string jsonPointerAppend(const std::string& base, std::size_t index) {
    return base + "/" + std::to_string(index);
}

std::optional<std::string> readTextFile(const std::string& path, std::string& error) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        error = "is a directory, not a file";
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = std::filesystem::exists(path, ec) ? "cannot be read (permission denied?)"
                                                  : "no such file";
        return std::nullopt;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) {
        error = "could not be read completely";
        return std::nullopt;
    }
    return buffer.str();
}

} // namespace cutlab::core
