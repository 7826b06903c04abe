#pragma once

#include <string>
#include <vector>

namespace cutlab::core {

// Pieces of `text` between `separator`s (empty pieces kept).
std::vector<std::string> splitSpecText(const std::string& text, char separator);

// The whole text as a finite number, or NaN (no leading space, nothing after the number).
double specNumber(const std::string& text);

} // namespace cutlab::core
