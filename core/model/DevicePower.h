#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace cutlab::core {

// The linear radio power model P(t) = α·t + β of one direction (t in Mbit/s, P in mW): the
// model of cellular and Wi-Fi radios Neurosurgeon uses (docs/cost-models.md §1.11).
struct RadioPower {
    double alphaMwPerMbps = 0;
    double betaMw = 0;
    double milliwatts(double mbps) const { return alphaMwPerMbps * mbps + betaMw; }
};

// What a machine draws: watts while running layers, and its radio sending (uplink) and
// receiving (downlink).
struct DevicePower {
    double computeWatts = 0;
    RadioPower uplink;
    RadioPower downlink;
};

// Radio presets "3g", "lte" and "wifi" (Huang et al., MobiSys 2012); nullopt for another name.
struct RadioPreset {
    RadioPower uplink;
    RadioPower downlink;
};
std::optional<RadioPreset> radioPreset(std::string_view name);
// "3g, lte or wifi", for messages.
std::string radioPresetNames();

// Largest compute power accepted (a rack), in W, and radio coefficients, in mW (per Mbit/s).
inline constexpr double kMaxWatts = 1e6;
inline constexpr double kMaxRadioMilliwatts = 1e9;

} // namespace cutlab::core
