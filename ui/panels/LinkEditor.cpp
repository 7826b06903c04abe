#include "ui/panels/LinkEditor.h"

#include "core/model/Network.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>

#include <algorithm>
#include <cmath>
#include <vector>

namespace cutlab::ui {
namespace {
// The bandwidth slider's positions: 0.01, 0.02, 0.05, 0.1 … 2000, 5000 Mbps (a log scale in
// round steps, so every position is a value a person would type), then "unlimited".
const std::vector<double>& bandwidthSteps() {
    static const std::vector<double> steps = [] {
        std::vector<double> values;
        for (int decade = -2; decade <= 3; ++decade)
            for (double mantissa : {1.0, 2.0, 5.0})
                values.push_back(mantissa * std::pow(10.0, decade));
        return values;
    }();
    return steps;
}
const int kSliderSteps = static_cast<int>(bandwidthSteps().size()); // the last: unlimited
double sliderToMbps(int v) {
    return bandwidthSteps()[static_cast<std::size_t>(std::clamp(v, 0, kSliderSteps - 1))];
}
// The position nearest on the log scale.
int mbpsToSlider(double mbps) {
    if (!std::isfinite(mbps))
        return kSliderSteps;
    const auto& steps = bandwidthSteps();
    int best = 0;
    for (int i = 1; i < kSliderSteps; ++i)
        if (std::fabs(std::log10(std::max(mbps, 1e-9)) -
                      std::log10(steps[static_cast<std::size_t>(i)])) <
            std::fabs(std::log10(std::max(mbps, 1e-9)) -
                      std::log10(steps[static_cast<std::size_t>(best)])))
            best = i;
    return best;
}
} // namespace

LinkEditor::LinkEditor(core::Tier from, core::Tier to, QWidget* parent)
    : QWidget(parent), m_from(from), m_to(to) {
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setVerticalSpacing(2);
    const QString name = QStringLiteral("%1 → %2").arg(QString::fromStdString(core::tierName(from)),
                                                       QString::fromStdString(core::tierName(to)));
    m_preset = new QComboBox(this);
    m_preset->addItems({QStringLiteral("3G"), QStringLiteral("4G"), QStringLiteral("fibre"),
                        QStringLiteral("ideal"), QStringLiteral("custom")});
    m_preset->setToolTip(
        QStringLiteral(
            "Preset for the %1 link (Scission's published figures); custom = your own values")
            .arg(name));
    m_bandwidthSlider = new QSlider(Qt::Horizontal, this);
    m_bandwidthSlider->setRange(0, kSliderSteps);
    m_bandwidthSlider->setToolTip(
        QStringLiteral("Bandwidth of the %1 link: 0.01, 0.02, 0.05 … 5000 Mbps, then unlimited "
                       "(type any value in the box)")
            .arg(name));
    m_bandwidthSlider->setPageStep(3); // a factor of ten
    m_bandwidth = new QDoubleSpinBox(this);
    m_bandwidth->setRange(0.01, kUnlimitedShown);
    m_bandwidth->setDecimals(2);
    m_bandwidth->setSuffix(QStringLiteral(" Mbps"));
    m_bandwidth->setToolTip(
        QStringLiteral("Bandwidth of the %1 link in Mbps (10⁶ bit/s); %2 means unlimited")
            .arg(name)
            .arg(kUnlimitedShown));
    m_latencySlider = new QSlider(Qt::Horizontal, this);
    m_latencySlider->setRange(0, 500);
    m_latencySlider->setToolTip(
        QStringLiteral("Latency of the %1 link, added once per transfer").arg(name));
    m_latency = new QDoubleSpinBox(this);
    m_latency->setRange(0, 5000);
    m_latency->setDecimals(1);
    m_latency->setSuffix(QStringLiteral(" ms"));
    m_latency->setToolTip(m_latencySlider->toolTip());
    auto* title = new QLabel(QStringLiteral("<b>%1</b>").arg(name), this);
    grid->addWidget(title, 0, 0);
    grid->addWidget(m_preset, 0, 1, 1, 2);
    m_bandwidthSlider->setMinimumWidth(70);
    m_latencySlider->setMinimumWidth(70);
    grid->addWidget(m_bandwidthSlider, 1, 0, 1, 2);
    grid->addWidget(m_bandwidth, 1, 2);
    grid->addWidget(m_latencySlider, 2, 0, 1, 2);
    grid->addWidget(m_latency, 2, 2);
    grid->setColumnStretch(1, 1);

    connect(m_preset, &QComboBox::activated, this, &LinkEditor::presetChosen);
    connect(m_bandwidthSlider, &QSlider::valueChanged, this, [this](int v) {
        if (m_syncing)
            return;
        m_syncing = true;
        m_bandwidth->setValue(v >= kSliderSteps ? kUnlimitedShown : sliderToMbps(v));
        m_syncing = false;
        emitEdited();
    });
    connect(m_latencySlider, &QSlider::valueChanged, this, [this](int v) {
        if (m_syncing)
            return;
        m_syncing = true;
        m_latency->setValue(v);
        m_syncing = false;
        emitEdited();
    });
    connect(m_bandwidth, &QDoubleSpinBox::valueChanged, this, [this] {
        if (m_syncing)
            return;
        syncSliders();
        emitEdited();
    });
    connect(m_latency, &QDoubleSpinBox::valueChanged, this, [this] {
        if (m_syncing)
            return;
        syncSliders();
        emitEdited();
    });
}

double LinkEditor::bandwidth() const {
    return m_bandwidth->value() >= kUnlimitedShown ? core::kUnlimitedBandwidth
                                                   : m_bandwidth->value();
}

double LinkEditor::latency() const {
    return m_latency->value();
}

void LinkEditor::syncSliders() {
    m_syncing = true;
    m_bandwidthSlider->setValue(mbpsToSlider(bandwidth()));
    m_latencySlider->setValue(static_cast<int>(std::lround(std::min(m_latency->value(), 500.0))));
    m_syncing = false;
}

void LinkEditor::setLink(double bandwidthMbps, double latencyMs, bool available) {
    m_syncing = true;
    m_bandwidth->setValue(std::isfinite(bandwidthMbps) ? bandwidthMbps : kUnlimitedShown);
    m_latency->setValue(latencyMs);
    m_syncing = false;
    syncSliders();
    // which preset matches?
    int match = 4;
    const bool uplink = m_from == core::Tier::Device;
    for (int i = 0; i < 4; ++i) {
        const char* names[4] = {"3g", "4g", "fibre", "ideal"};
        const auto preset = core::networkPreset(names[i]);
        const auto link = preset->linkBetweenTiers(m_from, m_to);
        if (!link)
            continue;
        if (!uplink && i < 3) {
            // the backhaul is the same in the three mobile presets: call it custom unless ideal
            continue;
        }
        if (link->bandwidthMbps == bandwidthMbps && link->latencyMs == latencyMs)
            match = i;
    }
    const QSignalBlocker blocker(m_preset);
    m_preset->setCurrentIndex(match);
    setEnabled(true);
    m_preset->setToolTip(available
                             ? m_preset->toolTip()
                             : QStringLiteral("The network has no such link yet: editing adds it"));
}

void LinkEditor::presetChosen(int index) {
    const char* names[4] = {"3g", "4g", "fibre", "ideal"};
    if (index < 0 || index > 3)
        return;
    const auto link = core::networkPreset(names[index])->linkBetweenTiers(m_from, m_to);
    if (!link)
        return;
    m_syncing = true;
    m_bandwidth->setValue(std::isfinite(link->bandwidthMbps) ? link->bandwidthMbps
                                                             : kUnlimitedShown);
    m_latency->setValue(link->latencyMs);
    m_syncing = false;
    syncSliders();
    emit edited(link->bandwidthMbps, link->latencyMs);
}

void LinkEditor::emitEdited() {
    const QSignalBlocker blocker(m_preset);
    m_preset->setCurrentIndex(4);
    emit edited(bandwidth(), latency());
}

} // namespace cutlab::ui
