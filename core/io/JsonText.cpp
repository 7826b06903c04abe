#include "core/io/JsonText.h"

#include "core/io/InputLimits.h"

#include <filesystem>
#include <fstream>
#include <new>

namespace cutlab::core {
namespace {

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

// Does any container open inside kMaxJsonDepth others? One pass over the text, strings skipped.
// (Not a parse callback: nlohmann's callback parser rescans the enclosing array at the end of
// every object in it, which made a 50,000-layer profile take seconds to read.)
bool nestsTooDeep(std::string_view text) {
    int depth = 0;
    bool inString = false, escaped = false;
    for (char c : text) {
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (depth >= kMaxJsonDepth)
                return true;
            ++depth;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return false;
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
    if (nestsTooDeep(text)) {
        result.issue =
            ProfileIssue{"", "nesting is deeper than " + std::to_string(kMaxJsonDepth) + " levels"};
        return result;
    }
    try {
        result.value = nlohmann::ordered_json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        const std::string what = e.what();
        const std::string where = lineAndColumn(text, e.byte);
        if (what.find("unexpected end of input") != std::string::npos)
            result.issue = ProfileIssue{"", "the JSON document ends early at " + where +
                                                " (the file looks truncated)"};
        else if (what.find("; expected end of input") != std::string::npos)
            result.issue =
                ProfileIssue{"", "unexpected text after the end of the JSON document at " + where};
        else
            result.issue = ProfileIssue{"", "not valid JSON: syntax error at " + where};
    } catch (const nlohmann::json::out_of_range& e) {
        // nlohmann reports "number overflow parsing '1e999'" without a position: find the literal.
        const std::string what = e.what();
        const auto open = what.find('\''), close = what.rfind('\'');
        const std::string literal =
            open < close ? what.substr(open + 1, close - open - 1) : std::string();
        const auto at = literal.empty() ? std::string_view::npos : text.find(literal);
        result.issue = ProfileIssue{
            "", "the number " + literal +
                    (at == std::string_view::npos ? "" : " at " + lineAndColumn(text, at + 1)) +
                    " is too large: numbers must be finite"};
    } catch (const nlohmann::json::exception& e) {
        result.issue = ProfileIssue{"", std::string("not valid JSON: ") + e.what()};
    } catch (const std::bad_alloc&) {
        result.value.reset();
        result.issue = ProfileIssue{"", "not enough memory to read this JSON document"};
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

std::optional<std::string> notARegularFile(const std::string& path) {
    // Decided from the file's status, before opening it: opening a FIFO waits for a writer, and
    // a device such as /dev/zero never ends.
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status))
        return std::filesystem::is_symlink(std::filesystem::symlink_status(path, ec))
                   ? "is a broken link"
                   : "no such file";
    if (std::filesystem::is_directory(status))
        return "is a directory, not a file";
    if (!std::filesystem::is_regular_file(status))
        return "is not a regular file (a device, FIFO or socket); CutLab reads only files";
    return std::nullopt;
}

std::optional<std::string> readTextFile(const std::string& path, std::string& error) {
    if (auto problem = notARegularFile(path)) {
        error = *problem;
        return std::nullopt;
    }
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) {
        error = "cannot be read (" + ec.message() + ")";
        return std::nullopt;
    }
    if (size > kMaxFileBytes) {
        error = "is " + std::to_string(size / (1024 * 1024)) +
                " MiB; CutLab reads files of at most " +
                std::to_string(kMaxFileBytes / (1024 * 1024)) + " MiB";
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = "cannot be read (permission denied?)";
        return std::nullopt;
    }
    try {
        // Read one byte more than the size so a file that grew past the limit is still refused.
        std::string text(static_cast<std::size_t>(size) + 1, '\0');
        in.read(text.data(), static_cast<std::streamsize>(text.size()));
        if (in.bad()) {
            error = "could not be read completely";
            return std::nullopt;
        }
        text.resize(static_cast<std::size_t>(in.gcount()));
        if (text.size() > kMaxFileBytes) {
            error = "grew beyond " + std::to_string(kMaxFileBytes / (1024 * 1024)) +
                    " MiB while it was read";
            return std::nullopt;
        }
        return text;
    } catch (const std::bad_alloc&) {
        error = "is too large to read into the memory available";
        return std::nullopt;
    }
}

} // namespace cutlab::core
