#include "ui/panels/TokenPanel.h"

#include "core/llm/TokenModel.h"
#include "core/llm/TokenPlanJson.h"
#include "core/model/Placement.h"
#include "ui/charts/Format.h"
#include "ui/document/Document.h"
#include "ui/panels/TokenBars.h"
#include "ui/panels/TokenSegments.h"
#include "ui/panels/TokenTimeline.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace cutlab::ui {

namespace {

constexpr int kMinContextPower = 7;  // 128 tokens
constexpr int kMaxContextPower = 17; // 131,072 tokens

QLabel* wrapped(QWidget* parent, const QString& text = {}) {
    auto* label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QLabel* heading(QWidget* parent, const QString& text) {
    QLabel* label = wrapped(parent, text);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    return label;
}

QString gb(double bytes) {
    return Format::number(bytes / 1e9, 2) + QStringLiteral(" GB");
}

const char* const kObjectiveTitles[] = {"Best time to first token", "Best time per token",
                                        "Best generation"};
const char* const kObjectiveNames[] = {"bestTtft", "bestTpot", "bestGenerate"};

} // namespace

TokenPanel::TokenPanel(Document* document, QWidget* parent)
    : QWidget(parent), m_document(document) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(4, 4, 4, 4);
    m_notice = wrapped(this, QStringLiteral("Open a language model (File ▸ Import Model: a "
                                            "config.json or .gguf) to see its tokens."));
    m_notice->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    outer->addWidget(m_notice);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_content = scroll;
    outer->addWidget(scroll);
    auto* inner = new QWidget(scroll);
    auto* layout = new QVBoxLayout(inner);
    layout->setContentsMargins(0, 0, 4, 0);
    m_summary = wrapped(inner);
    m_summary->setObjectName(QStringLiteral("tokenSummary"));
    QFont big = m_summary->font();
    big.setBold(true);
    m_summary->setFont(big);
    layout->addWidget(m_summary);
    m_ttftTitle = wrapped(inner);
    m_ttftBar = new TokenTimeBar(inner);
    m_ttftBar->setObjectName(QStringLiteral("ttftBar"));
    m_tpotTitle = wrapped(inner);
    m_tpotBar = new TokenTimeBar(inner);
    m_tpotBar->setObjectName(QStringLiteral("tpotBar"));
    for (QWidget* w : {static_cast<QWidget*>(m_ttftTitle), static_cast<QWidget*>(m_ttftBar),
                       static_cast<QWidget*>(m_tpotTitle), static_cast<QWidget*>(m_tpotBar)})
        layout->addWidget(w);
    layout->addSpacing(6);
    layout->addWidget(
        heading(inner, QStringLiteral("Timeline: the prompt, then the first tokens")));
    m_timeline = new TokenTimeline(inner);
    m_timeline->setObjectName(QStringLiteral("tokenTimeline"));
    layout->addWidget(m_timeline);
    layout->addSpacing(6);
    layout->addWidget(
        heading(inner, QStringLiteral("Memory: weights, KV cache (lighter), capacity (line)")));
    m_memoryLayout = new QVBoxLayout;
    m_memoryLayout->setSpacing(2);
    layout->addLayout(m_memoryLayout);
    m_slider = new QSlider(Qt::Horizontal, inner);
    m_slider->setObjectName(QStringLiteral("contextSlider"));
    m_slider->setRange(kMinContextPower, kMaxContextPower);
    m_slider->setPageStep(1);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setToolTip(QStringLiteral("Context length (prompt + generated tokens) the KV cache "
                                        "holds: 128 … 131,072 tokens in powers of two"));
    layout->addWidget(m_slider);
    m_contextLabel = wrapped(inner);
    m_contextLabel->setObjectName(QStringLiteral("contextLabel"));
    layout->addWidget(m_contextLabel);
    layout->addSpacing(6);
    layout->addWidget(heading(inner, QStringLiteral("Best plan for")));
    auto* buttons = new QHBoxLayout;
    auto* buttonBox = new QVBoxLayout; // one per row: the titles stay whole at the dock's width
    for (int o = 0; o < 3; ++o) {
        auto* button = new QPushButton(QString::fromUtf8(kObjectiveTitles[o]), inner);
        button->setObjectName(QString::fromUtf8(kObjectiveNames[o]));
        button->setToolTip(QStringLiteral("Search every split and machine for the %1 and apply "
                                          "it (Edit ▸ Undo takes it back)")
                               .arg(QString::fromUtf8(kObjectiveTitles[o]).mid(5)));
        connect(button, &QPushButton::clicked, this,
                [this, o] { applyBest(static_cast<core::TokenObjective>(o)); });
        buttonBox->addWidget(button);
        m_buttons.push_back(button);
    }
    buttons->addLayout(buttonBox);
    buttons->addStretch();
    layout->addLayout(buttons);
    m_placement = wrapped(inner);
    m_placement->setObjectName(QStringLiteral("tokenPlacement"));
    layout->addWidget(m_placement);
    layout->addStretch();
    scroll->setWidget(inner);

    connect(m_slider, &QSlider::valueChanged, this, &TokenPanel::refreshMemory);
    connect(m_document, &Document::profileChanged, this, [this] {
        m_applied.reset();
        if (m_document->hasProfile() && core::isTokenProfile(m_document->profile())) {
            try {
                const core::TokenModel tokens = core::tokenModelOf(m_document->profile());
                setContextTokens(tokens.promptTokens + tokens.generateTokens);
            } catch (const std::exception&) {
            }
        }
        refresh();
    });
    connect(m_document, &Document::evaluationChanged, this, &TokenPanel::refresh);
    setContextTokens(1024);
    refresh();
}

TokenPanel::~TokenPanel() = default;

core::TokenPlan TokenPanel::currentPlan() const {
    const core::TierPlacement placement = m_document->placement();
    core::TokenPlan plan;
    plan.deviceEnd = placement.deviceEnd;
    plan.edgeEnd = placement.edgeEnd;
    plan.machines = m_document->state().machines;
    return plan;
}

QString TokenPanel::summaryText() const {
    return m_summary->text();
}

QString TokenPanel::contextText() const {
    return m_contextLabel->text();
}

QString TokenPanel::placementText() const {
    return m_placement->text();
}

int TokenPanel::contextTokens() const {
    return 1 << m_slider->value();
}

void TokenPanel::setContextTokens(int tokens) {
    const int power = static_cast<int>(std::ceil(std::log2(std::max(tokens, 1))));
    m_slider->setValue(std::clamp(power, kMinContextPower, kMaxContextPower));
}

void TokenPanel::showTokens(bool tokens) {
    m_notice->setVisible(!tokens);
    m_content->setVisible(tokens);
}

void TokenPanel::showError(const QString& message) {
    m_summary->setText(QStringLiteral("This plan cannot run: ") + message);
    m_ttftTitle->clear();
    m_tpotTitle->clear();
    m_ttftBar->setSegments({});
    m_tpotBar->setSegments({});
    m_timeline->clear();
    m_memory.clear();
    refreshMemory();
}

void TokenPanel::refresh() {
    if (!m_document->hasProfile() || !core::isTokenProfile(m_document->profile())) {
        m_model.reset();
        showTokens(false);
        return;
    }
    showTokens(true);
    const core::Profile& profile = m_document->profile();
    const core::TokenPlan plan = currentPlan();
    core::TokenEvaluation evaluation;
    try {
        m_model = std::make_unique<core::TokenCostModel>(profile, m_document->network(),
                                                         core::tokenModelOf(profile));
        const int ends[3] = {plan.deviceEnd, plan.edgeEnd, m_model->layerCount()};
        for (int t = 0, begin = 0; t < 3; begin = std::max(begin, ends[t]), ++t)
            if (ends[t] > begin && plan.machines[static_cast<std::size_t>(t)] < 0)
                throw std::runtime_error(
                    "it runs layers on the " + core::tierName(core::kTiers[t]) +
                    ", but the profile has no " + core::tierName(core::kTiers[t]) + " machine");
        evaluation = m_model->evaluate(plan);
    } catch (const std::exception& error) {
        m_model.reset();
        showError(QString::fromUtf8(error.what()));
        return;
    }
    const int generate = m_model->tokens().generateTokens;
    m_summary->setText(QStringLiteral("Time to first token %1 ms · %2 tokens/s (%3 ms per token) "
                                      "· %4 tokens in %5 s")
                           .arg(Format::number(evaluation.ttftMs, evaluation.ttftMs >= 100 ? 0 : 1),
                                Format::number(1000.0 / evaluation.tpotMs, 1),
                                Format::number(evaluation.tpotMs, 1), Format::number(generate, 0),
                                Format::number(evaluation.generateMs / 1000.0, 1)));
    fillTimes(plan, evaluation);
    fillMemory(plan, evaluation);
    const QString where =
        QString::fromStdString(core::tokenPlacementText(*m_model, plan)).toHtmlEscaped();
    const bool applied =
        m_applied && m_applied->deviceEnd == plan.deviceEnd && m_applied->edgeEnd == plan.edgeEnd;
    m_placement->setText(applied ? QStringLiteral("<b>%1:</b> %2").arg(m_appliedTitle, where)
                                 : QStringLiteral("<b>Current placement:</b> %1").arg(where));
}

void TokenPanel::fillTimes(const core::TokenPlan& plan, const core::TokenEvaluation& evaluation) {
    const core::TokenModel& tokens = m_model->tokens();
    // In the order a token flows: each tier's compute after the hop that reaches it, then the
    // sampled id's way back.
    std::vector<TokenStep> steps = tokenSteps(m_document->profile(), tokens, plan, evaluation);
    std::vector<TokenSegment> ttft, tpot;
    for (const TokenStep& step : steps) {
        ttft.push_back(step.prefill());
        tpot.push_back(step.decode());
    }
    m_ttftTitle->setText(
        QStringLiteral("Time to first token %1 (prompt of %2 tokens)")
            .arg(Format::ms(evaluation.ttftMs), Format::number(tokens.promptTokens, 0)));
    m_tpotTitle->setText(QStringLiteral("Time per token %1").arg(Format::ms(evaluation.tpotMs)));
    m_ttftBar->setSegments(std::move(ttft));
    m_tpotBar->setSegments(std::move(tpot));
    m_timeline->setSteps(std::move(steps), evaluation.ttftMs, evaluation.tpotMs);
}

void TokenPanel::fillMemory(const core::TokenPlan& plan, const core::TokenEvaluation& evaluation) {
    m_memory.clear();
    const int ends[3] = {plan.deviceEnd, plan.edgeEnd, m_model->layerCount()};
    std::size_t next = 0; // evaluation.memory: the tiers that run layers, in order
    for (int t = 0, begin = 0; t < 3; begin = std::max(begin, ends[t]), ++t) {
        if (ends[t] <= begin || next >= evaluation.memory.size())
            continue;
        const core::TokenMachineMemory& memory = evaluation.memory[next++];
        MachineMemory row;
        row.machine = memory.machine;
        row.tier = t;
        row.weightsBytes = memory.weightsBytes;
        row.capacityBytes = memory.capacityBytes;
        for (int l = begin; l < ends[t]; ++l)
            row.kvBytesPerToken +=
                m_model->tokens().layers[static_cast<std::size_t>(l)].kvBytesPerToken;
        m_memory.push_back(row);
    }
    refreshMemory();
}

void TokenPanel::refreshMemory() {
    const int context = contextTokens();
    while (m_rows.size() > m_memory.size()) {
        delete m_rows.back().label;
        delete m_rows.back().bar;
        m_rows.pop_back();
    }
    QWidget* inner = m_slider->parentWidget();
    while (m_rows.size() < m_memory.size()) {
        MachineRow row{wrapped(inner), new TokenMemoryBar(inner)};
        m_memoryLayout->addWidget(row.label);
        m_memoryLayout->addWidget(row.bar);
        m_rows.push_back(row);
    }
    const QString contextPart = QStringLiteral("Context %1 tokens").arg(Format::number(context, 0));
    QString limitText = QStringLiteral(": no machine here has a memory limit");
    double firstLimit = -1;
    bool short_ = false;
    for (std::size_t i = 0; i < m_memory.size(); ++i) {
        const MachineMemory& memory = m_memory[i];
        const core::Machine& machine =
            m_document->profile().machines[static_cast<std::size_t>(memory.machine)];
        const QString name = QStringLiteral("%1 (%2)").arg(
            QString::fromStdString(machine.id), tokenTierText(core::kTiers[memory.tier]));
        const double kv = memory.kvBytesPerToken * context;
        const double used = memory.weightsBytes + kv;
        const bool over = memory.capacityBytes >= 0 && used > memory.capacityBytes;
        QString text = QStringLiteral("%1: weights %2 + KV cache %3 = %4 of %5")
                           .arg(name, gb(memory.weightsBytes), gb(kv), gb(used),
                                memory.capacityBytes >= 0 ? gb(memory.capacityBytes)
                                                          : QStringLiteral("unlimited"));
        if (over)
            text += QStringLiteral(": over by %1").arg(gb(used - memory.capacityBytes));
        m_rows[i].label->setText(text);
        m_rows[i].label->setStyleSheet(
            over ? QStringLiteral("color: %1").arg(tokenErrorColor().name()) : QString());
        m_rows[i].bar->setMemory(memory.weightsBytes, kv, memory.capacityBytes,
                                 Format::tierColor(core::kTiers[memory.tier]));
        if (memory.capacityBytes < 0 || memory.kvBytesPerToken <= 0)
            continue;
        const double room = memory.capacityBytes - memory.weightsBytes;
        const double limit = room < 0 ? 0 : std::floor(room / memory.kvBytesPerToken);
        if (firstLimit >= 0 && limit >= firstLimit)
            continue;
        firstLimit = limit;
        short_ = context > limit;
        limitText =
            room < 0
                ? QStringLiteral(": %1 cannot hold its weights (%2 of %3)")
                      .arg(name, gb(memory.weightsBytes), gb(memory.capacityBytes))
                : QStringLiteral(": %1 runs out at %2 tokens").arg(name, Format::number(limit, 0));
    }
    m_contextLabel->setText(contextPart + limitText);
    m_contextLabel->setStyleSheet(short_ ? QStringLiteral("color: %1").arg(tokenErrorColor().name())
                                         : QString());
}

bool TokenPanel::applyBest(core::TokenObjective objective) {
    if (!m_model)
        return false;
    const auto plans = core::planTokens(*m_model, objective);
    const int o = static_cast<int>(objective);
    if (plans.empty()) {
        m_placement->setText(
            QStringLiteral("<b>No plan fits:</b> ") +
            QString::fromStdString(core::explainNoTokenPlan(*m_model)).toHtmlEscaped());
        return false;
    }
    const core::TokenPlan best = plans.front().plan;
    core::TierPlacement placement;
    placement.machine = best.machines;
    placement.deviceEnd = best.deviceEnd;
    placement.edgeEnd = best.edgeEnd;
    m_applied = best;
    m_appliedTitle = QString::fromUtf8(kObjectiveTitles[o]);
    if (!m_document->applyPlacement(placement, m_appliedTitle)) {
        m_applied.reset();
        return false;
    }
    refresh(); // also when the plan was the current one already
    return true;
}

} // namespace cutlab::ui
