#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace cutlab::core {

// Writes a JSON number: an integer when the value is whole (byte counts), else the double.
nlohmann::ordered_json jsonNumber(double value);

// The document as indented JSON text, after checking that every number in it is finite: a NaN
// or an infinity would print as null where a number is promised. Throws std::logic_error naming
// the JSON pointer of the first one. Strings that are not UTF-8 are written with U+FFFD.
std::string finiteJsonText(const nlohmann::ordered_json& document);

} // namespace cutlab::core
