#include "core/io/JsonFields.h"

#include <cmath>

namespace cutlab::core {

std::string briefText(std::string_view text) {
    constexpr std::size_t kLimit = 40;
    if (text.size() <= kLimit)
        return std::string(text);
    std::size_t cut = kLimit - 3;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut; // a continuation byte
    return std::string(text.substr(0, cut)) + "...";
}

std::string briefJson(const nlohmann::ordered_json& value) {
    if (value.is_string()) {
        const auto& text = value.get_ref<const std::string&>();
        if (text.size() > 36)
            return "\"" + briefText(text) + "\"";
    }
    if (value.is_array() && value.size() > 8)
        return "[...]";
    if (value.is_object() && value.size() > 8)
        return "{...}";
    std::string text = value.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    return text.size() > 40 ? briefText(text) : text;
}

static std::string jsonKindOf(const nlohmann::ordered_json& value) {
    if (value.is_object())
        return "an object";
    if (value.is_array())
        return "a list";
    if (value.is_boolean())
        return "true/false";
    if (value.is_null())
        return "null";
    if (value.is_string())
        return "a string";
    return "a number";
}

std::optional<double> JsonFields::nonNegativeNumber(const nlohmann::ordered_json& value,
                                                    const IssuePointer& pointer,
                                                    NumberRange range) {
    if (value.is_string()) {
        add(pointer,
            "the number " + briefJson(value) + " is written as a string; remove the quotes");
        return std::nullopt;
    }
    if (!value.is_number()) {
        add(pointer, "must be a number, not " + jsonKindOf(value));
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
    if (number > range.max) {
        add(pointer, "must be at most " + std::string(range.text) + " (" + briefJson(value) + ")");
        return std::nullopt;
    }
    return number;
}

std::optional<std::string> JsonFields::string(const nlohmann::ordered_json& value,
                                              const IssuePointer& pointer, std::size_t maxBytes) {
    if (!value.is_string()) {
        add(pointer, "must be a string, not " + jsonKindOf(value));
        return std::nullopt;
    }
    const auto& text = value.get_ref<const std::string&>();
    if (text.size() > maxBytes) {
        add(pointer, "is " + std::to_string(text.size()) + " bytes long; at most " +
                         std::to_string(maxBytes) + " are allowed");
        return std::nullopt;
    }
    return text;
}

} // namespace cutlab::core
