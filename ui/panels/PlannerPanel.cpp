#include "ui/panels/PlannerPanel.h"

#include "ui/charts/Format.h"
#include "ui/document/Document.h"
#include "ui/jobs/JobRunner.h"

#include "core/io/PlanFile.h"
#include "core/model/PlanError.h"
#include "core/planners/InferencePlanner.h"
#include "core/planners/PlanQueryText.h"
#include "core/planners/PlannerRegistry.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace cutlab::ui {

PlannerPanel::PlannerPanel(Document* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_jobs(new JobRunner(JobSlotCount, this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_badge = new QLabel(this);
    m_badge->setTextFormat(Qt::RichText);
    m_badge->setWordWrap(true);
    m_badge->setToolTip(QStringLiteral(
        "How far the hand-made plan is from the best Scission plan in this setting"));
    layout->addWidget(m_badge);
    auto* form = new QFormLayout();
    addPlannerRow(form);
    addConstraintRows(form);
    layout->addLayout(form);
    layout->addLayout(buildRunRow());
    layout->addWidget(buildTable(), 1);
    connectAll();
    refreshBadge();
}

// The planner, how many plans and what to rank by.
void PlannerPanel::addPlannerRow(QFormLayout* form) {
    m_planner = new QComboBox(this);
    QStringList summaries;
    for (const core::PlannerInfo* info : core::plannersOfKind(core::PlannerKind::Inference)) {
        const QString label = QString::fromStdString(info->label);
        m_planner->addItem(info->ranksPlans ? label + QStringLiteral(" (top N)") : label,
                           QString::fromStdString(info->id));
        m_planner->setItemData(m_planner->count() - 1, QString::fromStdString(info->summary),
                               Qt::ToolTipRole);
        summaries << label + QStringLiteral(": ") + QString::fromStdString(info->summary);
    }
    m_planner->setToolTip(summaries.join(QStringLiteral(" · ")));
    m_top = new QSpinBox(this);
    m_top->setRange(1, 1000);
    m_top->setValue(10);
    m_top->setToolTip(QStringLiteral("How many ranked plans to list (--top)"));
    m_objective = new QComboBox(this);
    m_objective->addItem(QStringLiteral("latency"), int(core::Objective::Latency));
    m_objective->addItem(QStringLiteral("transfer"), int(core::Objective::Transfer));
    m_objective->addItem(QStringLiteral("throughput"), int(core::Objective::Throughput));
    m_objective->addItem(QStringLiteral("energy"), int(core::Objective::Energy));
    m_objective->setToolTip(QStringLiteral(
        "Rank by total latency, bytes sent, the period a stream of frames sustains (Scission), "
        "or the device's energy per frame (needs its power figures) (--objective)"));
    auto* planRow = new QHBoxLayout();
    planRow->addWidget(m_planner, 2);
    planRow->addWidget(new QLabel(QStringLiteral("top"), this));
    planRow->addWidget(m_top);
    planRow->addWidget(m_objective, 1);
    form->addRow(QStringLiteral("Planner"), planRow);
}

// Tiers to use or skip, upload and time limits, pins, JointDNN's return of the result.
void PlannerPanel::addConstraintRows(QFormLayout* form) {
    auto* useRow = new QHBoxLayout();
    for (core::Tier tier : core::kTiers) {
        auto* box = new QComboBox(this);
        const QString name = QString::fromStdString(core::tierName(tier));
        box->addItem(name + QStringLiteral(": any"));
        box->addItem(name + QStringLiteral(": use"));
        box->addItem(name + QStringLiteral(": skip"));
        box->setToolTip(
            QStringLiteral(
                "Whether the %1 must run layers (--use %1), must not (--skip %1), or either")
                .arg(name));
        m_use[static_cast<std::size_t>(core::tierIndex(tier))] = box;
        useRow->addWidget(box);
    }
    form->addRow(QStringLiteral("Tiers"), useRow);
    m_maxUpload = new QLineEdit(this);
    m_maxUpload->setPlaceholderText(QStringLiteral("e.g. device=1000000, edge=500000"));
    m_maxUpload->setToolTip(QStringLiteral(
        "At most this many bytes leave a tier (--max-upload TIER=BYTES), comma separated"));
    form->addRow(QStringLiteral("Max upload"), m_maxUpload);
    m_maxTime = new QLineEdit(this);
    m_maxTime->setPlaceholderText(QStringLiteral("e.g. device=50%, edge=200"));
    m_maxTime->setToolTip(
        QStringLiteral("Compute time on a tier, in ms or as % of the plan's total compute "
                       "(--max-time TIER=MS or TIER=PCT%), comma separated"));
    form->addRow(QStringLiteral("Max time"), m_maxTime);
    m_pins = new QLineEdit(this);
    m_pins->setPlaceholderText(QStringLiteral("e.g. conv1@device, #3@cloud, !fc@edge"));
    m_pins->setToolTip(
        QStringLiteral("Pins: LAYER@TIER must run there (--pin); !LAYER@TIER must not (--forbid). "
                       "Layers by id or #position, comma separated"));
    form->addRow(QStringLiteral("Pins"), m_pins);
    m_maxLatency = new QLineEdit(this);
    m_maxLatency->setPlaceholderText(QStringLiteral("ms, e.g. 250"));
    m_maxLatency->setToolTip(QStringLiteral(
        "Scission only: a plan's single-frame latency must not exceed this (--max-latency MS)"));
    form->addRow(QStringLiteral("Max latency"), m_maxLatency);
    m_returnResult = new QCheckBox(QStringLiteral("result returns to the device (JointDNN)"), this);
    m_returnResult->setToolTip(QStringLiteral(
        "JointDNN only: the final output must come back to the device (--return-result)"));
    form->addRow(QString(), m_returnResult);
}

QHBoxLayout* PlannerPanel::buildRunRow() {
    auto* runRow = new QHBoxLayout();
    m_runButton = new QPushButton(QStringLiteral("Run planner"), this);
    m_runButton->setToolTip(QStringLiteral("Rank the plans with these options (Ctrl+R)"));
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    // Three lines always: a longer or shorter message never moves the form under the cursor.
    m_status->setFixedHeight(3 * m_status->fontMetrics().lineSpacing() + 4);
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    runRow->addWidget(m_runButton);
    runRow->addWidget(m_status, 1);
    return runRow;
}

QTableWidget* PlannerPanel::buildTable() {
    m_table = new QTableWidget(0, 8, this);
    m_table->setHorizontalHeaderLabels({QStringLiteral("#"), QStringLiteral("total"),
                                        QStringLiteral("compute"), QStringLiteral("transfer"),
                                        QStringLiteral("sent"), QStringLiteral("period"),
                                        QStringLiteral("energy"), QStringLiteral("placement")});
    m_table->horizontalHeaderItem(5)->setToolTip(
        QStringLiteral("The busiest machine or link direction per frame of a stream"));
    m_table->horizontalHeaderItem(6)->setToolTip(
        QStringLiteral("The device's energy per frame (— without its power figures)"));
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(true); // the placement column wraps rather than eliding
    m_table->setTextElideMode(Qt::ElideNone);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setToolTip(
        QStringLiteral("Ranked plans: select a row to move the cut handles to it (undoable)"));

    return m_table;
}

void PlannerPanel::connectAll() {
    connect(m_runButton, &QPushButton::clicked, this, &PlannerPanel::run);
    connect(m_planner, &QComboBox::currentIndexChanged, this, &PlannerPanel::showPlannerOptions);
    showPlannerOptions();
    connect(m_table, &QTableWidget::itemSelectionChanged, this, [this] {
        const auto rows = m_table->selectionModel()->selectedRows();
        if (!rows.isEmpty())
            applyRow(rows.front().row());
    });
    connect(m_document, &Document::evaluationChanged, this, &PlannerPanel::refreshBadge);
    connect(m_document, &Document::evaluationChanged, this, &PlannerPanel::selectShownPlan);
    connect(m_document, &Document::referencePlansChanged, this, &PlannerPanel::refreshBadge);
    connect(m_document, &Document::profileChanged, this, &PlannerPanel::onProfileChanged);
    // The shown figures are for the old setting: grey them, drop the selection, re-rank.
    m_rerun.setSingleShot(true);
    m_rerun.setInterval(300);
    connect(&m_rerun, &QTimer::timeout, this, &PlannerPanel::run);
    connect(m_document, &Document::networkChanged, this, &PlannerPanel::markStale);
    connect(m_document, &Document::inputBytesChanged, this, &PlannerPanel::markStale);
}

PlannerPanel::~PlannerPanel() {
    delete m_jobs; // cancels a run under way and waits for it: no result arrives after this
    m_jobs = nullptr;
}

bool PlannerPanel::isRunning() const {
    return m_jobs->isRunning(PlanJob);
}

void PlannerPanel::markStale() {
    if (m_plans.empty())
        return;
    m_applying = true;
    m_table->clearSelection();
    const QColor grey = palette().color(QPalette::Disabled, QPalette::Text);
    for (int row = 0; row < m_table->rowCount(); ++row)
        for (int column = 0; column < m_table->columnCount(); ++column)
            if (QTableWidgetItem* item = m_table->item(row, column))
                item->setForeground(grey);
    m_applying = false;
    m_stale = true;
    setStatus(QStringLiteral("The setting changed: these figures are out of date; re-ranking…"));
    m_rerun.start();
}

void PlannerPanel::setStatus(const QString& text) {
    m_status->setText(text);
    m_status->setToolTip(text);
}

bool PlannerPanel::isStale() const {
    return m_stale;
}

// A new model: a run under way is for the old one.
void PlannerPanel::onProfileChanged() {
    m_jobs->cancel(PlanJob);
    m_runButton->setEnabled(true);
    m_plans.clear();
    m_table->setRowCount(0);
    setStatus(QString());
}

namespace {

// "a, b ,c" -> {"a", "b", "c"}
std::vector<std::string> listOf(const QString& text) {
    std::vector<std::string> parts;
    for (const QString& part : text.split(',', Qt::SkipEmptyParts))
        if (!part.trimmed().isEmpty())
            parts.push_back(part.trimmed().toStdString());
    return parts;
}

} // namespace

const core::PlannerInfo& PlannerPanel::selectedPlanner() const {
    return core::requirePlanner(m_planner->currentData().toString().toStdString(),
                                {core::PlannerKind::Inference});
}

// Only the options the chosen planner accepts can be edited (the registry says which); the
// others are kept for when a planner that accepts them is chosen again.
void PlannerPanel::showPlannerOptions() {
    const core::PlannerInfo& planner = selectedPlanner();
    m_maxUpload->setEnabled(planner.acceptsLimits);
    m_maxTime->setEnabled(planner.acceptsLimits);
    m_maxLatency->setEnabled(planner.id == "scission");
    m_returnResult->setEnabled(planner.acceptsReturnResult);
}

// The panel's fields as the command line's options, resolved by the same parser
// (core::resolvePlanQuery) with the panel's own field names in its messages.
core::InferenceQuery PlannerPanel::query(QString* error) const {
    core::PlanQueryText text;
    text.planner = m_planner->currentData().toString().toStdString();
    text.top = m_top->value();
    text.objective = static_cast<core::Objective>(m_objective->currentData().toInt());
    if (!readMaxLatency(text, error))
        return core::InferenceQuery{};
    for (core::Tier tier : core::kTiers) {
        const int use = m_use[static_cast<std::size_t>(core::tierIndex(tier))]->currentIndex();
        if (use != 0)
            text.tierRules.emplace_back(core::tierName(tier),
                                        use == 1 ? core::TierUse::Must : core::TierUse::MustNot);
    }
    // Fields the chosen planner does not accept are disabled and not applied.
    if (selectedPlanner().acceptsLimits) {
        text.maxUploads = listOf(m_maxUpload->text());
        text.maxTimes = listOf(m_maxTime->text());
    }
    text.returnResult = m_returnResult->isChecked() && selectedPlanner().acceptsReturnResult;
    for (std::string part : listOf(m_pins->text())) {
        const bool forbid = part.front() == '!';
        if (forbid)
            part.erase(0, 1);
        try {
            (forbid ? text.forbids : text.pins)
                .push_back(core::splitQueryPart(part, '@', "Pins", "LAYER@TIER"));
        } catch (const core::PlanError& planError) {
            if (error)
                *error = QString::fromStdString(planError.what());
            return core::InferenceQuery{};
        }
    }
    if (!m_document->hasProfile())
        return core::InferenceQuery{};
    core::PlanQueryLabels labels;
    labels.use = labels.skip = "Tiers";
    labels.pin = labels.forbid = "Pins";
    labels.maxUpload = "Max upload";
    labels.maxTime = "Max time";
    labels.returnResult = "Return the result";
    labels.planner = "Planner";
    labels.objective = "Ranking by";
    labels.maxLatency = "Max latency";
    labels.power = ""; // the window has no --power
    try {
        return core::resolvePlanQuery(text, m_document->profile(), labels);
    } catch (const core::PlanError& planError) {
        if (error)
            *error = QString::fromStdString(planError.what());
        return core::InferenceQuery{};
    }
}

// The Max latency field, when the planner accepts it: empty, or ms > 0.
bool PlannerPanel::readMaxLatency(core::PlanQueryText& text, QString* error) const {
    const QString value = m_maxLatency->text().trimmed();
    if (value.isEmpty() || !m_maxLatency->isEnabled())
        return true;
    try {
        text.maxLatencyMs = core::parseQueryNumber(value.toStdString(), "Max latency");
    } catch (const core::PlanError& planError) {
        if (error)
            *error = QString::fromStdString(planError.what());
        return false;
    }
    return true;
}

void PlannerPanel::run() {
    if (!m_document->hasProfile()) {
        setStatus(QStringLiteral("Open a profile first."));
        return;
    }
    QString error;
    const core::InferenceQuery query = this->query(&error);
    if (!error.isEmpty()) {
        setStatus(error);
        return;
    }
    const std::string planner = m_planner->currentData().toString().toStdString();
    auto profile = m_document->sharedProfile();
    const core::Network network = m_document->network();
    const double inputBytes = m_document->inputBytes();
    m_runButton->setEnabled(false);
    setStatus(QStringLiteral("Planning…"));
    m_jobs->start(PlanJob,
                  [this, profile, network, inputBytes, query,
                   planner](const std::atomic<bool>& cancelled) -> JobRunner::Apply {
                      // On a worker thread: only the copies above are read.
                      std::vector<core::RankedPlan> plans;
                      QString message;
                      core::InferenceQuery stoppable = query;
                      stoppable.cancel = &cancelled; // a newer run makes this one stop early
                      try {
                          const core::InferenceCostModel model(*profile, network, inputBytes);
                          plans = core::runInferencePlanner(planner, model, stoppable);
                          if (plans.empty() && !stoppable.cancelled())
                              message = QString::fromStdString(core::explainNoPlan(
                                  planner, model, query, core::QueryWording::Sentences));
                      } catch (const core::PlanError& e) {
                          message = QString::fromStdString(e.what());
                      }
                      return [this, plans = std::move(plans), message]() mutable {
                          showPlans(std::move(plans), message);
                      };
                  });
}

void PlannerPanel::showPlans(std::vector<core::RankedPlan> plans, const QString& message) {
    m_runButton->setEnabled(true);
    m_plans = std::move(plans);
    m_plansProfile = m_document->sharedProfile();
    m_applying = true;
    m_table->setRowCount(static_cast<int>(m_plans.size()));
    for (int row = 0; row < static_cast<int>(m_plans.size()); ++row)
        addPlanRow(row, m_plans[static_cast<std::size_t>(row)]);
    m_table->resizeColumnsToContents();
    m_table->resizeRowsToContents();
    m_applying = false;
    m_stale = false;
    selectShownPlan();
    setStatus(m_plans.empty() ? message
                              : QStringLiteral("%1 plan(s) from %2 on %3, ranked by %4.")
                                    .arg(m_plans.size())
                                    .arg(m_planner->currentText(),
                                         QString::fromStdString(m_document->network().name),
                                         m_objective->currentText()));
    emit finished();
}

// One ranked plan: its figures right-aligned, then where each stage runs.
void PlannerPanel::addPlanRow(int row, const core::RankedPlan& plan) {
    const auto& profile = m_document->profile();
    const auto& e = plan.evaluation;
    QStringList placement;
    for (const auto& stage : e.stages)
        placement << QStringLiteral("%1 %2 [%3]")
                         .arg(QString::fromStdString(core::tierName(stage.tier)),
                              QString::fromStdString(
                                  profile.machines[static_cast<std::size_t>(stage.machine)].id))
                         .arg(stage.end - stage.begin);
    const QStringList cells{QString::number(row + 1),
                            Format::ms(e.totalMs),
                            Format::ms(e.computeMs),
                            Format::ms(e.transferMs),
                            Format::bytes(e.transferBytes),
                            Format::ms(e.periodMs),
                            e.energyMj ? Format::millijoules(*e.energyMj) : QStringLiteral("—"),
                            placement.join(QStringLiteral(" → "))};
    for (int c = 0; c < cells.size(); ++c) {
        auto* item = new QTableWidgetItem(cells[c]);
        item->setToolTip(cells[c]); // the whole text where a narrow column elides it
        if (c > 0 && c < cells.size() - 1)
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, c, item);
    }
}

void PlannerPanel::applyRow(int row) {
    if (m_applying || row < 0 || row >= static_cast<int>(m_plans.size()))
        return;
    if (m_plansProfile != m_document->sharedProfile())
        return;
    const auto placement =
        core::monotonePlacement(m_plans[static_cast<std::size_t>(row)].evaluation);
    if (!placement ||
        !m_document->applyPlacement(*placement, QStringLiteral("Apply plan #%1").arg(row + 1)))
        setStatus(QStringLiteral(
                      "Plan #%1 moves back to an earlier tier: the two handles cannot show it.")
                      .arg(row + 1));
}

namespace {

// The same plan on screen: the same cuts, and the same machine on every tier that runs layers.
bool samePlacement(const core::TierPlacement& a, const core::TierPlacement& b, int layers) {
    if (a.deviceEnd != b.deviceEnd || a.edgeEnd != b.edgeEnd)
        return false;
    for (const core::Tier tier : {core::Tier::Device, core::Tier::Edge, core::Tier::Cloud}) {
        const auto t = static_cast<std::size_t>(core::tierIndex(tier));
        if (a.layersOn(tier, layers) > 0 && a.machine[t] != b.machine[t])
            return false;
    }
    return true;
}

} // namespace

void PlannerPanel::selectShownPlan() {
    if (m_applying || m_stale || !m_document->hasProfile() ||
        m_plansProfile != m_document->sharedProfile())
        return;
    const core::TierPlacement shown = m_document->placement();
    const int layers = static_cast<int>(m_document->profile().layers.size());
    int match = -1;
    for (int row = 0; row < static_cast<int>(m_plans.size()) && match < 0; ++row)
        if (const auto placement =
                core::monotonePlacement(m_plans[static_cast<std::size_t>(row)].evaluation);
            placement && samePlacement(*placement, shown, layers))
            match = row;
    m_applying = true; // selecting shows; it does not apply again
    if (match < 0)
        m_table->clearSelection();
    else
        m_table->selectRow(match);
    m_applying = false;
}

void PlannerPanel::refreshBadge() {
    if (!m_document->hasProfile()) {
        m_badge->setText(QString());
        return;
    }
    const auto& best = m_document->bestPlan();
    if (!m_document->evaluationError().isEmpty()) {
        m_badge->setText(QStringLiteral("<span style='color:#c0392b'>%1</span>")
                             .arg(m_document->evaluationError().toHtmlEscaped()));
        return;
    }
    // the device's energy per frame beside the latency, when the device has power figures
    const auto& energy = m_document->evaluation().energyMj;
    const QString energyNote = energy ? QStringLiteral(" Device energy: <b>%1</b> per frame.")
                                            .arg(Format::millijoules(*energy))
                                      : QString();
    if (!best) {
        m_badge->setText(QStringLiteral("Your plan: <b>%1</b>.%2")
                             .arg(Format::ms(m_document->evaluation().totalMs), energyNote));
        return;
    }
    const double mine = m_document->evaluation().totalMs;
    const double optimum = best->evaluation.totalMs;
    if (mine <= optimum * (1 + 1e-9))
        m_badge->setText(
            QStringLiteral("<span style='background:#2e7d32;color:white;padding:2px'>&nbsp;★ "
                           "best&nbsp;</span> "
                           "Your plan <b>%1</b> is the optimum.%2")
                .arg(Format::ms(mine), energyNote));
    else
        m_badge->setText(
            QStringLiteral(
                "<span style='background:#b9770e;color:white'>&nbsp;best %1&nbsp;</span> "
                "Your plan <b>%2</b> is %3 slower (+%4%).%5")
                .arg(Format::ms(optimum), Format::ms(mine), Format::ms(mine - optimum),
                     Format::number((mine / optimum - 1) * 100, 1), energyNote));
}

} // namespace cutlab::ui
