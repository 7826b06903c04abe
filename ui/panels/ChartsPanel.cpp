#include "ui/panels/ChartsPanel.h"

#include "ui/charts/ChartStyle.h"
#include "ui/charts/EnergyChartBuilder.h"
#include "ui/charts/Format.h"
#include "ui/charts/LayerChartBuilder.h"
#include "ui/charts/SweepChartBuilder.h"
#include "ui/document/Document.h"
#include "ui/panels/EnergyController.h"
#include "ui/panels/SweepController.h"

#include "core/model/NetworkEdit.h"

#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QTabWidget>
#include <QVBoxLayout>

namespace cutlab::ui {

ChartsPanel::ChartsPanel(Document* document, SweepController* sweep, QWidget* parent)
    : QWidget(parent), m_document(document), m_sweep(sweep),
      m_energy(new EnergyController(document, this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    const char* tips[kKindCount] = {
        "Latency of the current plan, the best plan and the native plans, split "
        "into compute per tier, "
        "bytes over each link and network latency",
        "Forward time of every layer on every machine and its output size (log "
        "axes), in graph order, "
        "with the current cuts",
        "Total latency as the uplink bandwidth goes from 0.1 to 100 Mbps; dots: "
        "where the best plan changes",
        "The device's energy per frame against total latency for every "
        "placement, the Pareto front and the current plan (needs the device's "
        "power figures)"};
    for (int k = 0; k < kKindCount; ++k) {
        m_views[k] = new QChartView(new QChart(), m_tabs);
        m_views[k]->setRenderHint(QPainter::Antialiasing);
        m_views[k]->setToolTip(QString::fromUtf8(tips[k]));
        m_tabs->addTab(m_views[k], kindName(static_cast<Kind>(k)));
        m_tabs->setTabToolTip(k, QString::fromUtf8(tips[k]));
    }
    m_sweepStatus = new QLabel(m_views[Sweep]);
    m_sweepStatus->move(12, 8);
    m_sweepStatus->setToolTip(QStringLiteral("The sweep runs in the background"));
    layout->addWidget(m_tabs);

    connect(m_document, &Document::profileChanged, this, &ChartsPanel::redraw);
    const auto rebuildBreakdown = [this] { rebuild(Breakdown); };
    connect(m_energy, &EnergyController::ready, this, [this] { rebuild(Energy); });
    connect(m_document, &Document::referencePlansChanged, this, rebuildBreakdown);
    connect(m_document, &Document::networkChanged, this, rebuildBreakdown);
    connect(m_document, &Document::evaluationChanged, this, &ChartsPanel::updateLive);
    connect(m_sweep, &SweepController::ready, this, &ChartsPanel::rebuildSweep);
    connect(m_sweep, &SweepController::started, this, [this] {
        m_sweepStatus->setText(QStringLiteral("<i>computing the sweep…</i>"));
        m_sweepStatus->adjustSize();
        m_sweepStatus->show();
    });
    redraw();
}

QString ChartsPanel::kindName(Kind kind) {
    switch (kind) {
    case Breakdown:
        return QStringLiteral("Breakdown");
    case Layers:
        return QStringLiteral("Per layer");
    case Sweep:
        return QStringLiteral("Bandwidth sweep");
    case Energy:
        return QStringLiteral("Latency–energy");
    }
    return QString();
}

QString ChartsPanel::fileStem(Kind kind) {
    switch (kind) {
    case Breakdown:
        return QStringLiteral("breakdown");
    case Layers:
        return QStringLiteral("layers");
    case Sweep:
        return QStringLiteral("sweep");
    case Energy:
        return QStringLiteral("energy");
    }
    return QStringLiteral("chart");
}

QChart* ChartsPanel::chart(Kind kind) const {
    return m_views[kind]->chart();
}
int ChartsPanel::currentKind() const {
    return m_tabs->currentIndex();
}

QString ChartsPanel::titleFor(Kind kind) const {
    if (!m_document->hasProfile())
        return QString();
    const QString model = QString::fromStdString(m_document->profile().model.name);
    const QString network = QString::fromStdString(m_document->network().name);
    switch (kind) {
    case Breakdown:
        return QStringLiteral("Latency breakdown — %1 on %2").arg(model, network);
    case Layers:
        return QStringLiteral("Per-layer forward time and output size — %1").arg(model);
    case Sweep:
        return QStringLiteral("Total latency vs uplink bandwidth — %1 (other links as in %2)")
            .arg(model, network);
    case Energy:
        return QStringLiteral("Device energy vs latency — %1 on %2").arg(model, network);
    }
    return QString();
}

std::vector<BreakdownEntry> ChartsPanel::breakdownEntries() const {
    if (!m_document->hasProfile())
        return {};
    const auto& best = m_document->bestPlan();
    return ui::breakdownEntries(
        {{QStringLiteral("Current"), m_document->evaluation(),
          m_document->evaluationError().isEmpty()},
         {QStringLiteral("Best"), best ? best->evaluation : core::Evaluation{}, best.has_value()}},
        m_document->nativePlans());
}

QChart* ChartsPanel::buildChart(Kind kind) const {
    if (!m_document->hasProfile())
        return new QChart();
    const auto placement = m_document->placement();
    switch (kind) {
    case Breakdown:
        return BreakdownChartBuilder::build(m_document->profile(), breakdownEntries(),
                                            titleFor(kind));
    case Layers:
        return LayerChartBuilder::build(m_document->profile(),
                                        {placement.deviceEnd, placement.edgeEnd}, titleFor(kind));
    case Sweep: {
        if (!m_sweep->isReady())
            return new QChart();
        const core::Tier reference = SweepChartBuilder::referenceTier(m_document->state().machines);
        const auto uplink = core::effectiveTierLink(m_document->network(), m_document->profile(),
                                                    core::Tier::Device, reference);
        return SweepChartBuilder::build(
            m_sweep->result(), m_sweep->currentTotals(), QStringLiteral("best (Scission)"),
            uplink ? uplink->bandwidthMbps : 0.0, titleFor(kind), reference);
    }
    case Energy:
        if (!m_energy->isReady())
            return new QChart();
        return EnergyChartBuilder::build(m_energy->result(), currentEnergyPoint(), titleFor(kind));
    }
    return new QChart();
}

// The plan on screen on the latency–energy plane, when the device has power figures.
std::optional<std::pair<double, double>> ChartsPanel::currentEnergyPoint() const {
    const core::Evaluation& e = m_document->evaluation();
    if (!m_document->evaluationError().isEmpty() || !e.energyMj)
        return std::nullopt;
    return std::pair(e.totalMs, *e.energyMj);
}

void ChartsPanel::redraw() {
    rebuild(Breakdown);
    rebuild(Layers);
    rebuildSweep();
    rebuild(Energy);
}

void ChartsPanel::rebuild(Kind kind) {
    ChartStyle::show(m_views[kind], buildChart(kind), m_dark);
}

void ChartsPanel::rebuildSweep() {
    rebuild(Sweep);
    if (m_sweep->isReady() || !m_document->hasProfile())
        m_sweepStatus->hide();
}

void ChartsPanel::updateLive() {
    if (!m_document->hasProfile())
        return;
    BreakdownChartBuilder::update(chart(Breakdown), m_document->profile(), breakdownEntries());
    const auto placement = m_document->placement();
    LayerChartBuilder::updateCuts(chart(Layers), {placement.deviceEnd, placement.edgeEnd});
    if (m_sweep->isReady())
        SweepChartBuilder::updateCurrent(chart(Sweep), m_sweep->mbps(), m_sweep->currentTotals());
    if (m_energy->isReady())
        EnergyChartBuilder::updateCurrent(chart(Energy), currentEnergyPoint());
}

void ChartsPanel::setDark(bool dark) {
    m_dark = dark;
    for (auto* view : m_views)
        ChartStyle::apply(view->chart(), dark);
}

} // namespace cutlab::ui
