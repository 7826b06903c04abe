#pragma once

#include "core/model/Profile.h"
#include "core/model/Tier.h"

#include <QColor>
#include <QString>

namespace cutlab::ui {

// Number and colour conventions shared by every panel, chart and export.
class Format {
  public:
    // "8,095.5 ms" (one decimal, thousands separators).
    static QString ms(double value);
    // "1.61 MB", "4.1 kB", "128 B" (MB = 10^6 bytes).
    static QString bytes(double value);
    static QString millijoules(double value); // "12.3 mJ"
    // "5.1 GiB", "512.0 MiB", "3.4 KiB", "12 B" (powers of 1024, one decimal): memory sizes.
    static QString binaryBytes(double value);
    // "1.6 Mbps" / "unlimited".
    static QString mbps(double value);
    // "173.4 GFLOPs".
    static QString flops(double value);
    // " · estimated times" (or " · partly estimated times") for a profile whose model says its
    // times are estimates (model.times), else empty: added to chart titles.
    static QString estimatedTimesNote(const core::Profile& profile);
    static QString number(double value, int decimals);
    static QString tierTitle(core::Tier tier); // "Device"
    static QColor tierColor(core::Tier tier);  // saturated: bars, handles
    static QColor tierFill(core::Tier tier);   // light: graph nodes
    static QColor linkColor(int link);         // 0 device→edge, 1 device→cloud, 2 edge→cloud
    static QColor latencyColor();
};

} // namespace cutlab::ui
