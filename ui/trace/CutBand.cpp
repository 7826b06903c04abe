#include "ui/trace/CutBand.h"

#include "ui/charts/Format.h"

#include <QPainter>

#include <algorithm>

namespace cutlab::ui {
namespace {

// "device raspi4 [5] → cloud gpu [20]"
QString placementName(const core::Profile& profile, const core::RankedPlan& plan) {
    QStringList parts;
    for (const auto& stage : plan.evaluation.stages)
        parts << QStringLiteral("%1 %2 [%3]")
                     .arg(QString::fromStdString(core::tierName(stage.tier)),
                          QString::fromStdString(
                              profile.machines[static_cast<std::size_t>(stage.machine)].id))
                     .arg(stage.end - stage.begin);
    return parts.join(QStringLiteral(" → "));
}

constexpr int kBandHeight = 18;

} // namespace

CutBand::CutBand(QWidget* parent) : QWidget(parent) {
    setToolTip(QStringLiteral("The plan the adaptive run chose for each frame"));
}

void CutBand::setRun(const core::Profile& profile, const core::ReplayRun& run, double durationMs) {
    m_frames.clear();
    m_names.clear();
    for (const core::ReplayedFrame& frame : run.frames)
        m_frames.emplace_back(frame.arrivalMs, static_cast<int>(frame.plan));
    for (const core::RankedPlan& plan : run.plans)
        m_names << placementName(profile, plan);
    m_durationMs = durationMs;
    updateGeometry();
    update();
}

void CutBand::clear() {
    m_frames.clear();
    m_names.clear();
    update();
}

int CutBand::planAt(double ms) const {
    const auto after =
        std::upper_bound(m_frames.begin(), m_frames.end(), ms,
                         [](double t, const auto& frame) { return t < frame.first; });
    return after == m_frames.begin() ? -1 : std::prev(after)->second;
}

QColor CutBand::colorOf(int plan) const {
    // evenly spread hues, the same in light and dark palettes
    return QColor::fromHsv((plan * 137) % 360, 150, 210);
}

void CutBand::setSpan(int left, int right) {
    m_left = std::max(0, left);
    m_right = std::max(0, right);
    update();
}

QSize CutBand::sizeHint() const {
    const int lines = static_cast<int>(std::max<qsizetype>(1, m_names.size()));
    return {400, kBandHeight + 6 + lines * fontMetrics().lineSpacing()};
}

void CutBand::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    if (m_frames.empty() || m_durationMs <= 0)
        return;
    const double span = std::max(1, width() - m_left - m_right);
    const double scale = span / m_durationMs;
    for (std::size_t i = 0; i < m_frames.size(); ++i) {
        const double from = m_frames[i].first;
        const double to = i + 1 < m_frames.size() ? m_frames[i + 1].first : m_durationMs;
        painter.fillRect(
            QRectF(m_left + from * scale, 0, std::max(1.0, (to - from) * scale), kBandHeight),
            colorOf(m_frames[i].second));
    }
    int y = kBandHeight + 4 + fontMetrics().ascent();
    for (int p = 0; p < m_names.size(); ++p, y += fontMetrics().lineSpacing()) {
        painter.fillRect(QRect(m_left, y - fontMetrics().ascent() + 2, 10, 10), colorOf(p));
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(m_left + 16, y, m_names[p]);
    }
}

} // namespace cutlab::ui
