#include "ui/window/PresentationWindow.h"

#include "ui/charts/BreakdownChartBuilder.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/ExplainText.h"
#include "ui/charts/Format.h"
#include "ui/graph/GraphScene.h"
#include "ui/graph/GraphView.h"
#include "ui/graph/LayerItem.h"
#include "ui/jobs/JobRunner.h"
#include "ui/panels/ChartsPanel.h"

#include "core/io/PlanFile.h"
#include "core/model/PlanError.h"
#include "core/planners/InferencePlanner.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QCloseEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QSplitter>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

namespace cutlab::ui {

namespace {
constexpr int kSearchSlots = 4; // the best plan on the document's network and three presets
} // namespace

PresentationWindow::PresentationWindow(Document* document, GraphScene* scene, ChartsPanel* charts,
                                       QWidget* parent)
    : QWidget(parent, Qt::Window), m_document(document), m_charts(charts),
      m_savedNetwork(document->network()), m_savedState(document->state()),
      m_wasModified(document->isModified()), m_jobs(new JobRunner(kSearchSlots, this)) {
    setWindowTitle(QStringLiteral("CutLab — presentation"));
    setAttribute(Qt::WA_DeleteOnClose);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(24, 16, 24, 12);
    m_title = new QLabel(this);
    m_title->setWordWrap(true); // a merged step names each plan it stands for
    m_title->setToolTip(
        QStringLiteral("The current step; → Space PageDown: next, ← PageUp: back, Esc: leave"));
    m_total = new QLabel(this);
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
    m_explain->setToolTip(QStringLiteral("The total, term by term, to read out"));
    // Explicit shares (stretch factors give way to the views' size hints): the chart needs
    // room for its labels and legend at projector size on a 1280x800 screen.
    lower->setSizes({3000, 2000});
    splitter->setSizes({1000, 1000});
    m_hint = new QLabel(QStringLiteral("→ Space PageDown: next · ← PageUp: back · "
                                       "Home/End: first/last · Esc: leave"),
                        this);
    m_hint->setToolTip(m_hint->text());
    layout->addWidget(m_title);
    layout->addWidget(m_total);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_hint);
    applyTextSizes();
    // Every key of every child passes here first: the graph view would scroll on the arrows and
    // the text would scroll on Space and PageDown.
    qApp->installEventFilter(this);
    m_steps = prepareSteps(*document);
    connect(m_document, &Document::evaluationChanged, this, &PresentationWindow::refreshContent);
    startSearches();
    if (!m_steps.empty())
        showStep(0);
}

PresentationWindow::~PresentationWindow() {
    qApp->removeEventFilter(this);
}

// A network's name as the window writes it everywhere ("3G", "4G", "fibre"; others as named).
static QString presentationNetworkName(const std::string& name) {
    if (name == "3g" || name == "4g")
        return QString::fromStdString(name).toUpper();
    return QString::fromStdString(name);
}

std::vector<PresentationWindow::Step> PresentationWindow::prepareSteps(const Document& document) {
    std::vector<Step> steps;
    if (!document.hasProfile())
        return steps;
    const core::Network base = document.network();
    const PartitionState current = document.state();
    const int blocks = document.blockCount();
    const QString network = presentationNetworkName(base.name);
    steps.push_back({QStringLiteral("Your plan on %1").arg(network), base, current, true, {}});
    auto native = [&](int tier) {
        PartitionState state = current;
        state.deviceBoundary = tier == 0 ? blocks : 0;
        state.edgeBoundary = tier == 2 ? 0 : blocks;
        return state;
    };
    if (current.machines[0] >= 0)
        steps.push_back({QStringLiteral("Everything on the device (%1)").arg(network),
                         base,
                         native(0),
                         true,
                         {}});
    if (current.machines[1] >= 0)
        steps.push_back({QStringLiteral("Everything on the edge (%1)").arg(network),
                         base,
                         native(1),
                         true,
                         {}});
    if (current.machines[2] >= 0)
        steps.push_back({QStringLiteral("Everything in the cloud (%1)").arg(network),
                         base,
                         native(2),
                         true,
                         {}});
    // searched on workers (startSearches): placeholders until then
    steps.push_back(
        {QStringLiteral("The best plan on %1 (Scission)").arg(network), base, current, false, {}});
    for (const char* name : {"3g", "4g", "fibre"}) {
        auto preset = core::networkPreset(name);
        if (!preset)
            continue;
        steps.push_back({QStringLiteral("The best plan when the network is %1")
                             .arg(presentationNetworkName(name)),
                         *preset,
                         current,
                         false,
                         {}});
    }
    for (std::size_t i = 0; i < steps.size(); ++i)
        steps[i].id = static_cast<int>(i);
    mergeDuplicates(steps, 0);
    return steps;
}

namespace {

QString lowerFirst(QString text) {
    if (!text.isEmpty())
        text[0] = text[0].toLower();
    return text;
}

bool showsTheSame(const PresentationWindow::Step& a, const PresentationWindow::Step& b) {
    return a.ready && b.ready && a.unavailable.isEmpty() && b.unavailable.isEmpty() &&
           a.state == b.state && a.network == b.network;
}

} // namespace

int PresentationWindow::mergeDuplicates(std::vector<Step>& steps, int current) {
    for (std::size_t j = 1; j < steps.size(); ++j)
        for (std::size_t i = 0; i < j; ++i) {
            if (!showsTheSame(steps[i], steps[j]))
                continue;
            steps[i].title += QStringLiteral(" = ") + lowerFirst(steps[j].title);
            steps.erase(steps.begin() + static_cast<std::ptrdiff_t>(j));
            if (current == static_cast<int>(j))
                current = static_cast<int>(i);
            else if (current > static_cast<int>(j))
                --current;
            --j;
            break;
        }
    return current;
}

void PresentationWindow::startSearches() {
    int slot = 0;
    for (int index = 0; index < stepCount() && slot < kSearchSlots; ++index) {
        if (m_steps[static_cast<std::size_t>(index)].ready)
            continue;
        // the job owns copies of all it reads
        auto profile = m_document->sharedProfile();
        const core::Network network = m_steps[static_cast<std::size_t>(index)].network;
        const double inputBytes = m_document->inputBytes();
        m_jobs->start(
            slot++,
            [this, id = m_steps[static_cast<std::size_t>(index)].id, profile, network,
             inputBytes](const std::atomic<bool>& cancelled) -> JobRunner::Apply {
                std::optional<core::TierPlacement> placement;
                QString failure = QStringLiteral("No plan satisfies this setting.");
                try {
                    core::InferenceCostModel model(*profile, network, inputBytes);
                    core::InferenceQuery query;
                    query.top = 1;
                    query.cancel = &cancelled;
                    const auto plans = core::runInferencePlanner("scission", model, query);
                    if (!plans.empty())
                        placement = core::monotonePlacement(plans.front().evaluation);
                } catch (const core::PlanError& error) {
                    failure = QString::fromStdString(error.what());
                }
                // runs on the GUI thread, only while this window (which owns the runner) lives
                return [this, id, profile, placement, failure] {
                    searchFinished(id, placement, failure, profile == m_document->sharedProfile());
                };
            });
    }
}

void PresentationWindow::searchFinished(int id, const std::optional<core::TierPlacement>& placement,
                                        const QString& failure, bool sameProfile) {
    const auto found = std::find_if(m_steps.begin(), m_steps.end(),
                                    [id](const Step& step) { return step.id == id; });
    if (found == m_steps.end())
        return;
    const int index = static_cast<int>(found - m_steps.begin());
    Step& step = *found;
    step.ready = true;
    if (!sameProfile) {
        step.unavailable = QStringLiteral("The profile changed meanwhile.");
    } else if (!placement) {
        step.unavailable = failure;
    } else {
        const int d = m_document->boundaryOfLayerPosition(placement->deviceEnd),
                  e = m_document->boundaryOfLayerPosition(placement->edgeEnd);
        if (d < 0 || e < 0) {
            step.unavailable = QStringLiteral("The best plan does not cut at a valid cut point.");
        } else {
            step.state.deviceBoundary = d;
            step.state.edgeBoundary = e;
            for (std::size_t t = 0; t < 3; ++t)
                if (placement->machine[t] >= 0)
                    step.state.machines[t] = placement->machine[t];
        }
    }
    m_current = mergeDuplicates(m_steps, m_current);
    showStep(m_current); // its plan arrived, or the step count in the title changed
    emit stepReady(index);
}

bool PresentationWindow::isComputing() const {
    return std::any_of(m_steps.begin(), m_steps.end(), [](const Step& s) { return !s.ready; });
}

void PresentationWindow::showStep(int index) {
    if (m_steps.empty())
        return;
    m_current = std::clamp(index, 0, stepCount() - 1);
    const Step& step = m_steps[static_cast<std::size_t>(m_current)];
    m_title->setText(
        QStringLiteral("%1 / %2 · %3").arg(m_current + 1).arg(stepCount()).arg(step.title));
    if (step.ready && step.unavailable.isEmpty()) {
        if (step.network != m_document->network())
            m_document->setNetwork(step.network);
        m_document->applyState(step.state);
    }
    refreshContent();
    frameGraph();
}

double PresentationWindow::textPixels() const {
    return std::max(14.0, kTextPixelsAt1080 * height() / 1080.0);
}

namespace {

QFont pixelFont(QFont font, double pixels, bool bold = false) {
    font.setPixelSize(std::max(1, static_cast<int>(std::lround(pixels))));
    font.setBold(bold);
    return font;
}

} // namespace

// Sizes from the slide's height: lines of at least 24 px on a 1080 px screen, read from the
// back of a room.
void PresentationWindow::applyTextSizes() {
    const double pixels = textPixels();
    m_title->setFont(pixelFont(font(), 1.6 * pixels, true));
    m_total->setFont(pixelFont(font(), 1.25 * pixels));
    m_explain->setFont(pixelFont(font(), pixels));
    m_hint->setFont(pixelFont(font(), pixels));
}

void PresentationWindow::styleChart(QChart* chart) const {
    ChartStyle::apply(chart, palette().color(QPalette::Window).lightness() < 128);
    const double pixels = textPixels();
    chart->setTitleFont(pixelFont(chart->titleFont(), 1.2 * pixels, true));
    chart->legend()->setFont(pixelFont(chart->legend()->font(), pixels));
    for (auto* axis : chart->axes()) {
        axis->setLabelsFont(pixelFont(axis->labelsFont(), pixels));
        axis->setTitleFont(pixelFont(axis->titleFont(), pixels));
    }
}

void PresentationWindow::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    applyTextSizes();
    if (QChart* chart = m_chart->chart(); chart && !chart->series().isEmpty())
        styleChart(chart);
}

double PresentationWindow::minimumGraphZoom(int height) {
    const double pixels = kGraphTextPixelsAt1080 * std::max(0.6, height / 1080.0);
    return pixels / LayerItem::renderedTextPixels(LayerItem::kDetailZoom) * LayerItem::kDetailZoom;
}

void PresentationWindow::frameGraph() {
    if (!m_document->hasProfile())
        return;
    const PartitionState state = m_document->state();
    // the cuts with two blocks of context on each side (the layers leading to a cut at the
    // output, those after one at the input), node text as large as the slide's
    const int first = std::max(0, std::min(state.deviceBoundary, state.edgeBoundary) - 2);
    const int last =
        std::min(m_document->blockCount(), std::max(state.deviceBoundary, state.edgeBoundary) + 2);
    const double minimum = minimumGraphZoom(height());
    m_view->frameBoundaries(first, last, minimum, kMaximumZoom * minimum);
}

void PresentationWindow::refreshContent() {
    if (!m_document->hasProfile() || m_current < 0)
        return;
    const Step& step = m_steps[static_cast<std::size_t>(m_current)];
    if (!step.ready) {
        m_total->setText(QStringLiteral("<i>computing…</i>"));
        m_explain->setPlainText(
            QStringLiteral("The best plan for this setting is being searched; it appears here as "
                           "soon as it is found."));
        return;
    }
    if (!step.unavailable.isEmpty()) {
        m_total->setText(step.unavailable.toHtmlEscaped());
        m_explain->setPlainText(step.unavailable);
        return;
    }
    QChart* old = m_chart->chart();
    QChart* chart = m_charts->buildChart(ChartsPanel::Breakdown);
    styleChart(chart);
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

int PresentationWindow::targetOfKey(int key) const {
    switch (key) {
    case Qt::Key_Right:
    case Qt::Key_Down:
    case Qt::Key_PageDown:
    case Qt::Key_Space:
        return std::min(m_current + 1, stepCount() - 1);
    case Qt::Key_Left:
    case Qt::Key_Up:
    case Qt::Key_PageUp:
    case Qt::Key_Backspace:
        return std::max(m_current - 1, 0);
    case Qt::Key_Home:
        return 0;
    case Qt::Key_End:
        return stepCount() - 1;
    default:
        return -1;
    }
}

bool PresentationWindow::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Resize && watched == m_view) {
        QTimer::singleShot(0, this, &PresentationWindow::frameGraph); // once the view has its size
        return QWidget::eventFilter(watched, event);
    }
    if (event->type() != QEvent::KeyPress && event->type() != QEvent::ShortcutOverride)
        return QWidget::eventFilter(watched, event);
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!widget || widget->window() != this)
        return QWidget::eventFilter(watched, event);
    auto* key = static_cast<QKeyEvent*>(event);
    if (key->modifiers() & ~(Qt::KeypadModifier | Qt::ShiftModifier))
        return QWidget::eventFilter(watched, event); // Alt+Tab, Ctrl+C… stay theirs
    const bool leaves = key->key() == Qt::Key_Escape || key->key() == Qt::Key_F5;
    const int target = targetOfKey(key->key());
    if (!leaves && target < 0)
        return QWidget::eventFilter(watched, event);
    key->accept();
    if (event->type() == QEvent::ShortcutOverride)
        return true; // ours: no shortcut takes it, the key press follows
    if (leaves)
        close();
    else if (!m_steps.empty())
        showStep(target);
    return true;
}

void PresentationWindow::closeEvent(QCloseEvent* event) {
    disconnect(m_document, nullptr, this, nullptr);
    for (int slot = 0; slot < kSearchSlots; ++slot)
        m_jobs->cancel(slot);
    if (m_document->hasProfile()) {
        if (m_savedNetwork != m_document->network())
            m_document->setNetwork(m_savedNetwork);
        m_document->applyState(m_savedState);
        if (!m_wasModified) // presenting is no edit
            m_document->markSaved();
    }
    emit closed();
    event->accept();
}

} // namespace cutlab::ui
