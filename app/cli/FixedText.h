#pragma once

#include <algorithm>
#include <cstdio>
#include <string>

namespace cutlab::cli {

// `value` with `decimals` digits after the point ("%.*f"), however long.
inline std::string fixed(double value, int decimals) {
    const int size = std::snprintf(nullptr, 0, "%.*f", decimals, value);
    std::string text(static_cast<std::size_t>(std::max(size, 0)), '\0');
    std::snprintf(text.data(), text.size() + 1, "%.*f", decimals, value);
    return text;
}

} // namespace cutlab::cli
