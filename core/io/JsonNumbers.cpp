#include "core/io/JsonNumbers.h"

#include <cmath>
#include <cstdint>
#include <stdexcept>

namespace cutlab::core {

nlohmann::ordered_json jsonNumber(double value) {
    if (std::isfinite(value) && std::floor(value) == value && std::fabs(value) < 9e15)
        return static_cast<std::int64_t>(value);
    return value;
}

namespace {

void requireFinite(const nlohmann::ordered_json& value, const std::string& pointer) {
    if (value.is_number_float() && !std::isfinite(value.get<double>()))
        throw std::logic_error("the number at " + (pointer.empty() ? std::string("/") : pointer) +
                               " is not finite; please report this with the input files");
    if (value.is_array())
        for (std::size_t i = 0; i < value.size(); ++i)
            requireFinite(value[i], pointer + "/" + std::to_string(i));
    if (value.is_object())
        for (const auto& [key, item] : value.items())
            requireFinite(item, pointer + "/" + key);
}

} // namespace

std::string finiteJsonText(const nlohmann::ordered_json& document) {
    requireFinite(document, "");
    return document.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

} // namespace cutlab::core
