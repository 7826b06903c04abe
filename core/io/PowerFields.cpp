#include "core/io/PowerFields.h"

namespace cutlab::core {
namespace {

constexpr NumberRange kWattsRange{kMaxWatts, "1e6 W"};
constexpr NumberRange kRadioRange{kMaxRadioMilliwatts, "1e9 mW"};

std::optional<RadioPower> readRadio(const nlohmann::ordered_json& value, const std::string& at,
                                    JsonFields& fields) {
    if (!value.is_object()) {
        fields.add(at, "must be an object with alpha_mw_per_mbps and beta_mw");
        return std::nullopt;
    }
    const auto alpha = value.find("alpha_mw_per_mbps");
    const auto beta = value.find("beta_mw");
    if (alpha == value.end() || beta == value.end()) {
        fields.add(at, "needs alpha_mw_per_mbps and beta_mw (P = alpha x Mbit/s + beta, in mW)");
        return std::nullopt;
    }
    const auto a = fields.nonNegativeNumber(*alpha, at + "/alpha_mw_per_mbps", kRadioRange);
    const auto b = fields.nonNegativeNumber(*beta, at + "/beta_mw", kRadioRange);
    if (!a || !b)
        return std::nullopt;
    return RadioPower{*a, *b};
}

} // namespace

std::optional<DevicePower> readDevicePower(const nlohmann::ordered_json& value,
                                           const std::string& pointer, JsonFields& fields) {
    if (!value.is_object()) {
        fields.add(pointer, "must be an object with compute_w and radio");
        return std::nullopt;
    }
    DevicePower power;
    bool ok = true;
    const auto compute = value.find("compute_w");
    if (compute == value.end()) {
        fields.add(pointer, "needs compute_w (watts while running layers)");
        ok = false;
    } else if (auto watts = fields.nonNegativeNumber(*compute, pointer + "/compute_w", kWattsRange))
        power.computeWatts = *watts;
    else
        ok = false;
    const auto radio = value.find("radio");
    if (radio != value.end()) {
        const auto name = fields.string(*radio, pointer + "/radio");
        const auto preset = name ? radioPreset(*name) : std::nullopt;
        if (name && !preset)
            fields.add(pointer + "/radio", "unknown radio '" + briefText(*name) + "' (expected " +
                                               radioPresetNames() + ", or uplink and downlink)");
        if (preset) {
            power.uplink = preset->uplink;
            power.downlink = preset->downlink;
        } else
            ok = false;
    }
    for (const char* direction : {"uplink", "downlink"}) {
        const auto entry = value.find(direction);
        if (entry == value.end())
            continue;
        const auto read = readRadio(*entry, pointer + "/" + direction, fields);
        if (!read)
            ok = false;
        else
            (std::string(direction) == "uplink" ? power.uplink : power.downlink) = *read;
    }
    if (ok && radio == value.end() &&
        (value.find("uplink") == value.end() || value.find("downlink") == value.end())) {
        fields.add(pointer, "needs radio (" + radioPresetNames() + ") or both uplink and downlink");
        ok = false;
    }
    return ok ? std::optional<DevicePower>(power) : std::nullopt;
}

} // namespace cutlab::core
