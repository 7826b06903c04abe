#include "ui/charts/Format.h"

#include "ui/charts/Theme.h"

#include <QLocale>

#include <cmath>

namespace cutlab::ui {

QString Format::number(double value, int decimals) {
    static const QLocale locale(QLocale::English, QLocale::UnitedStates);
    if (!std::isfinite(value))
        return value > 0 ? QStringLiteral("∞") : QStringLiteral("—");
    return locale.toString(value, 'f', decimals);
}

QString Format::ms(double value) {
    return number(value, 1) + QStringLiteral(" ms");
}

QString Format::millijoules(double value) {
    return number(value, 1) + QStringLiteral(" mJ");
}

QString Format::bytes(double value) {
    const double a = std::fabs(value);
    if (a >= 1e9)
        return number(value / 1e9, 2) + QStringLiteral(" GB");
    if (a >= 1e6)
        return number(value / 1e6, 2) + QStringLiteral(" MB");
    if (a >= 1e3)
        return number(value / 1e3, 1) + QStringLiteral(" kB");
    return number(value, 0) + QStringLiteral(" B");
}

QString Format::binaryBytes(double value) {
    const double a = std::fabs(value);
    if (a >= 1024.0 * 1024 * 1024)
        return number(value / (1024.0 * 1024 * 1024), 1) + QStringLiteral(" GiB");
    if (a >= 1024.0 * 1024)
        return number(value / (1024.0 * 1024), 1) + QStringLiteral(" MiB");
    if (a >= 1024.0)
        return number(value / 1024.0, 1) + QStringLiteral(" KiB");
    return number(value, 0) + QStringLiteral(" B");
}

QString Format::mbps(double value) {
    if (!std::isfinite(value))
        return QStringLiteral("unlimited");
    return number(value, value < 10 ? 2 : 1) + QStringLiteral(" Mbps");
}

QString Format::flops(double value) {
    const double a = std::fabs(value);
    if (a >= 1e9)
        return number(value / 1e9, 2) + QStringLiteral(" GFLOPs");
    if (a >= 1e6)
        return number(value / 1e6, 2) + QStringLiteral(" MFLOPs");
    if (a >= 1e3)
        return number(value / 1e3, 1) + QStringLiteral(" kFLOPs");
    return number(value, 0) + QStringLiteral(" FLOPs");
}

QString Format::tierTitle(core::Tier tier) {
    return QString::fromStdString(core::tierTitle(tier));
}

QColor Format::tierColor(core::Tier tier) {
    switch (tier) {
    case core::Tier::Device:
        return QColor(0x3b, 0x75, 0xaf);
    case core::Tier::Edge:
        return QColor(0xd3, 0x54, 0x00); // 3:1 on white and on the dark chart background
    case core::Tier::Cloud:
        return QColor(0x3a, 0x92, 0x3a);
    }
    return Qt::gray;
}

QColor Format::tierFill(core::Tier tier) {
    switch (tier) {
    case core::Tier::Device:
        return QColor(0xd6, 0xe6, 0xf7);
    case core::Tier::Edge:
        return QColor(0xfd, 0xe6, 0xcc);
    case core::Tier::Cloud:
        return QColor(0xd7, 0xf0, 0xd4);
    }
    return Qt::white;
}

QColor Format::linkColor(int link) {
    return Theme::light().series.link[link < 0 || link > 2 ? 0 : link];
}

QColor Format::latencyColor() {
    return Theme::light().series.latency;
}

QString Format::estimatedTimesNote(const core::Profile& profile) {
    const auto times = profile.model.fields.find("times");
    if (times == profile.model.fields.end() || !times->is_string())
        return {};
    return QStringLiteral(" · %1 times").arg(QString::fromStdString(times->get<std::string>()));
}

} // namespace cutlab::ui
