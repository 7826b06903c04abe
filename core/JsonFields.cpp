#include "JsonFields.h"

#include <cmath>

namespace cutlab::core {

std::string briefJson(const nlohmann::ordered_json& value) {
    std::string text = value.dump();
    if (text.size() > 40) text = text.substr(0, 37) + "...";
    return text;
}

static std::string kindOf(const nlohmann::ordered_json& value) {
    if (value.is_object()) return "an object";
    if (value.is_array()) return "a list";
    if (value.is_boolean()) return "true/false";
    if (value.is_null()) return "null";
    if (value.is_string()) return "a string";
    return "a number";
}

std::optional<double> JsonFields::nonNegativeNumber(const nlohmann::ordered_json& value,
                                                    const std::string& pointer) {
    if (value.is_string()) {
        add(pointer, "the number " + briefJson(value) + " is written as a string; remove the quotes");
        return std::nullopt;
    }
    if (!value.is_number()) {
        add(pointer, "must be a number, not " + kindOf(value));
        return std::nullopt;
    }
    const double number = value.get<double>();
    if (!std::isfinite(number)) {
        add(pointer, "must be a finite number");
        return std::nullopt;
    }
    if (number < 0) {
        add(pointer, "must not be negative (" + briefJson(value) + ")");
        return std::nullopt;
    }
    return number;
}

std::optional<std::string> JsonFields::string(const nlohmann::ordered_json& value,
                                              const std::string& pointer) {
    if (!value.is_string()) {
        add(pointer, "must be a string, not " + kindOf(value));
        return std::nullopt;
    }
    return value.get<std::string>();
}

} // namespace cutlab::core
