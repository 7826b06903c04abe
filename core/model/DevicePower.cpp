#include "core/model/DevicePower.h"

namespace cutlab::core {

// Table 4 of J. Huang, F. Qian, A. Gerber, Z. M. Mao, S. Sen, O. Spatscheck, "A Close
// Examination of Performance and Power Characteristics of 4G LTE Networks", MobiSys 2012:
// P = α_u·t_u + α_d·t_d + β, taken here one direction at a time.
std::optional<RadioPreset> radioPreset(std::string_view name) {
    if (name == "lte")
        return RadioPreset{{438.39, 1288.04}, {51.97, 1288.04}};
    if (name == "3g")
        return RadioPreset{{868.98, 817.88}, {122.12, 817.88}};
    if (name == "wifi")
        return RadioPreset{{283.17, 132.86}, {137.01, 132.86}};
    return std::nullopt;
}

std::string radioPresetNames() {
    return "3g, lte or wifi";
}

} // namespace cutlab::core
