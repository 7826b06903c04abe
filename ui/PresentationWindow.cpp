#include "ui/PresentationWindow.h"

#include "ui/charts/BreakdownChartBuilder.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/ExplainText.h"
#include "ui/charts/Format.h"
#include "ui/graph/GraphScene.h"
#include "ui/graph/GraphView.h"
#include "ui/panels/ChartsPanel.h"

#include "core/io/PlanFile.h"
#include "core/model/PlanError.h"
#include "core/planners/InferencePlanner.h"

#include <QChart>
#include <QChartView>
#include <QCloseEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace cutlab::ui {

PresentationWindow::PresentationWindow(Document* document, GraphScene* scene, ChartsPanel* charts,
                                       QWidget* parent)
    : QWidget(parent, Qt::Window), m_document(document), m_charts(charts),
      m_savedNetwork(document->network()), m_savedState(document->state()) {
    setWindowTitle(QStringLiteral("CutLab — presentation"));
    setAttribute(Qt::WA_DeleteOnClose);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(24, 16, 24, 12);
    m_title = new QLabel(this);
    QFont titleFont = font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 2.2);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setToolTip(QStringLiteral("The current step; ← → to move, Esc to leave"));
    m_total = new QLabel(this);
    QFont totalFont = font();
    totalFont.setPointSizeF(totalFont.pointSizeF() * 1.6);
    m_total->setFont(totalFont);
    m_total->setTextFormat(Qt::RichText);
    m_total->setToolTip(QStringLiteral("Total latency of this step's plan"));
    auto* splitter = new QSplitter(Qt::Vertical, this);
    m_view = new GraphView(scene, splitter);
    auto* lower = new QSplitter(Qt::Horizontal, splitter);
    m_chart = new QChartView(new QChart(), lower);
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setToolTip(
        QStringLiteral("Latency breakdown of this step, the best plan and the native plans"));
    m_explain = new QTextBrowser(lower);
    QFont explainFont = font();
    explainFont.setPointSizeF(explainFont.pointSizeF() * 1.45);
    m_explain->setFont(explainFont);
    m_explain->setToolTip(QStringLiteral("The total, term by term, to read out"));
    lower->setStretchFactor(0, 3);
    lower->setStretchFactor(1, 2);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    auto* hint =
        new QLabel(QStringLiteral("← → or Space: next step · Esc: leave the presentation"), this);
    hint->setToolTip(hint->text());
    layout->addWidget(m_title);
    layout->addWidget(m_total);
    layout->addWidget(splitter, 1);
    layout->addWidget(hint);
    m_steps = prepareSteps(*document);
    connect(m_document, &Document::evaluationChanged, this, &PresentationWindow::refreshContent);
    if (!m_steps.empty())
        showStep(0);
}

PresentationWindow::~PresentationWindow() = default;

std::vector<PresentationWindow::Step> PresentationWindow::prepareSteps(const Document& document) {
    std::vector<Step> steps;
    if (!document.hasProfile())
        return steps;
    const core::Network base = document.network();
    const PartitionState current = document.state();
    const int blocks = document.blockCount();
    const QString network = QString::fromStdString(base.name);
    steps.push_back({QStringLiteral("Your plan on %1").arg(network), base, current});
    auto native = [&](int tier) {
        PartitionState state = current;
        state.deviceBoundary = tier == 0 ? blocks : 0;
        state.edgeBoundary = tier == 2 ? 0 : blocks;
        return state;
    };
    if (current.machines[0] >= 0)
        steps.push_back(
            {QStringLiteral("Everything on the device (%1)").arg(network), base, native(0)});
    if (current.machines[1] >= 0)
        steps.push_back(
            {QStringLiteral("Everything on the edge (%1)").arg(network), base, native(1)});
    if (current.machines[2] >= 0)
        steps.push_back(
            {QStringLiteral("Everything in the cloud (%1)").arg(network), base, native(2)});
    auto bestOn = [&](const core::Network& net, const QString& title) {
        try {
            core::InferenceCostModel model(document.profile(), net, document.inputBytes());
            core::InferenceQuery query;
            query.top = 1;
            const auto plans = core::runInferencePlanner("scission", model, query);
            if (plans.empty())
                return;
            const auto placement = core::monotonePlacement(plans.front().evaluation);
            if (!placement)
                return;
            PartitionState state = current;
            state.deviceBoundary = document.boundaryOfLayerPosition(placement->deviceEnd);
            state.edgeBoundary = document.boundaryOfLayerPosition(placement->edgeEnd);
            for (int t = 0; t < 3; ++t)
                if (placement->machine[static_cast<std::size_t>(t)] >= 0)
                    state.machines[static_cast<std::size_t>(t)] =
                        placement->machine[static_cast<std::size_t>(t)];
            if (state.deviceBoundary < 0 || state.edgeBoundary < 0)
                return;
            steps.push_back({title, net, state});
        } catch (const core::PlanError&) {
        }
    };
    bestOn(base, QStringLiteral("The best plan on %1 (Scission)").arg(network));
    for (const char* name : {"3g", "4g", "fibre"}) {
        auto preset = core::networkPreset(name);
        bestOn(*preset, QStringLiteral("The best plan when the network is %1")
                            .arg(QString::fromUtf8(name).toUpper().replace("FIBRE", "fibre")));
    }
    return steps;
}

void PresentationWindow::showStep(int index) {
    if (m_steps.empty())
        return;
    m_current = std::clamp(index, 0, stepCount() - 1);
    const Step& step = m_steps[static_cast<std::size_t>(m_current)];
    if (networkToJsonText(step.network) != networkToJsonText(m_document->network()))
        m_document->setNetwork(step.network);
    m_document->applyState(step.state);
    m_title->setText(
        QStringLiteral("%1 / %2 · %3").arg(m_current + 1).arg(stepCount()).arg(step.title));
    refreshContent();
    m_view->fitToWindow();
}

QString PresentationWindow::networkToJsonText(const core::Network& network) {
    QString text = QString::fromStdString(network.name);
    for (const auto& link : network.links)
        text += QStringLiteral("|%1>%2:%3:%4")
                    .arg(QString::fromStdString(link.from), QString::fromStdString(link.to))
                    .arg(link.bandwidthMbps)
                    .arg(link.latencyMs);
    return text;
}

void PresentationWindow::refreshContent() {
    if (!m_document->hasProfile())
        return;
    QChart* old = m_chart->chart();
    QChart* chart = m_charts->buildChart(ChartsPanel::Breakdown);
    ChartStyle::apply(chart, palette().color(QPalette::Window).lightness() < 128);
    QFont big = chart->titleFont();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    chart->setTitleFont(big);
    QFont legend = chart->legend()->font();
    legend.setPointSizeF(legend.pointSizeF() * 1.3);
    chart->legend()->setFont(legend);
    for (auto* axis : chart->axes()) {
        QFont f = axis->labelsFont();
        f.setPointSizeF(f.pointSizeF() * 1.3);
        axis->setLabelsFont(f);
    }
    m_chart->setChart(chart);
    delete old;
    if (!m_document->evaluationError().isEmpty()) {
        m_total->setText(m_document->evaluationError().toHtmlEscaped());
        m_explain->setPlainText(m_document->evaluationError());
        return;
    }
    const auto& e = m_document->evaluation();
    m_total->setText(
        QStringLiteral("<b>%1</b> = compute %2 + transfer %3")
            .arg(Format::ms(e.totalMs), Format::ms(e.computeMs), Format::ms(e.transferMs)));
    m_explain->setHtml(ExplainText::html(*m_document->model(), e));
}

void PresentationWindow::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_Right:
    case Qt::Key_Down:
    case Qt::Key_PageDown:
    case Qt::Key_Space:
        showStep(m_current + 1);
        return;
    case Qt::Key_Left:
    case Qt::Key_Up:
    case Qt::Key_PageUp:
    case Qt::Key_Backspace:
        showStep(m_current - 1);
        return;
    case Qt::Key_Home:
        showStep(0);
        return;
    case Qt::Key_End:
        showStep(stepCount() - 1);
        return;
    case Qt::Key_Escape:
    case Qt::Key_F5:
        close();
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

void PresentationWindow::closeEvent(QCloseEvent* event) {
    disconnect(m_document, nullptr, this, nullptr);
    if (m_document->hasProfile()) {
        if (networkToJsonText(m_savedNetwork) != networkToJsonText(m_document->network()))
            m_document->setNetwork(m_savedNetwork);
        m_document->applyState(m_savedState);
    }
    emit closed();
    event->accept();
}

} // namespace cutlab::ui
