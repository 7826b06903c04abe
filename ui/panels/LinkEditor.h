#pragma once

#include "core/model/Tier.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QSlider;

namespace cutlab::ui {

// One network link (e.g. device→edge): a preset, and bandwidth and latency with sliders.
class LinkEditor : public QWidget {
    Q_OBJECT
  public:
    LinkEditor(core::Tier from, core::Tier to, QWidget* parent = nullptr);

    core::Tier from() const { return m_from; }
    core::Tier to() const { return m_to; }
    // Shows a link without reporting a change.
    void setLink(double bandwidthMbps, double latencyMs, bool available);
    double bandwidth() const;
    double latency() const;
    QComboBox* presetBox() const { return m_preset; }
    QDoubleSpinBox* bandwidthBox() const { return m_bandwidth; }
    QSlider* bandwidthSlider() const { return m_bandwidthSlider; }
    QDoubleSpinBox* latencyBox() const { return m_latency; }

    static constexpr double kUnlimitedShown = 10000; // the spin box maximum stands for "unlimited"

  signals:
    void edited(double bandwidthMbps, double latencyMs);

  private:
    void presetChosen(int index);
    void emitEdited();
    void syncSliders();

    core::Tier m_from;
    core::Tier m_to;
    QComboBox* m_preset;
    QSlider* m_bandwidthSlider;
    QDoubleSpinBox* m_bandwidth;
    QSlider* m_latencySlider;
    QDoubleSpinBox* m_latency;
    bool m_syncing = false;
};

} // namespace cutlab::ui
