#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace cutlab::core {

// The byte offset of the first byte that is not part of well-formed UTF-8 (overlong forms,
// surrogates and code points above U+10FFFF are ill-formed), or npos when the text is UTF-8.
std::size_t firstInvalidUtf8(std::string_view text);
inline bool isUtf8(std::string_view text) {
    return firstInvalidUtf8(text) == std::string_view::npos;
}

// The text with every ill-formed byte replaced by U+FFFD (for names taken from file names).
std::string toValidUtf8(std::string_view text);

// "line 3" for a byte offset: where a message should send the reader.
int lineOfOffset(std::string_view text, std::size_t offset);

} // namespace cutlab::core
