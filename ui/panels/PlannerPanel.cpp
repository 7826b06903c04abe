#include "ui/panels/PlannerPanel.h"

#include "ui/Document.h"
#include "ui/charts/Format.h"

#include "core/inference/InferencePlanner.h"
#include "core/io/PlanFile.h"
#include "core/model/PlanError.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

namespace cutlab::ui {

PlannerPanel::PlannerPanel(Document* document, QWidget* parent)
    : QWidget(parent), m_document(document) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_badge = new QLabel(this);
    m_badge->setTextFormat(Qt::RichText);
    m_badge->setWordWrap(true);
    m_badge->setToolTip(QStringLiteral(
        "How far the hand-made plan is from the best Scission plan in this setting"));
    layout->addWidget(m_badge);
    auto* form = new QFormLayout();
    m_planner = new QComboBox(this);
    m_planner->addItem(QStringLiteral("Scission (top N)"), "scission");
    m_planner->addItem(QStringLiteral("Neurosurgeon"), "neurosurgeon");
    m_planner->addItem(QStringLiteral("JointDNN"), "jointdnn");
    m_planner->setToolTip(QStringLiteral(
        "Scission: every configuration, ranked · Neurosurgeon: device+cloud, one split · "
        "JointDNN: shortest path, may move back and forth"));
    m_top = new QSpinBox(this);
    m_top->setRange(1, 1000);
    m_top->setValue(10);
    m_top->setToolTip(QStringLiteral("How many ranked plans to list (--top)"));
    m_objective = new QComboBox(this);
    m_objective->addItems({QStringLiteral("latency"), QStringLiteral("transfer")});
    m_objective->setToolTip(QStringLiteral("Rank by total latency or by bytes sent (--objective)"));
    auto* planRow = new QHBoxLayout();
    planRow->addWidget(m_planner, 2);
    planRow->addWidget(new QLabel(QStringLiteral("top"), this));
    planRow->addWidget(m_top);
    planRow->addWidget(m_objective, 1);
    form->addRow(QStringLiteral("Planner"), planRow);
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
    m_returnResult = new QCheckBox(QStringLiteral("result returns to the device (JointDNN)"), this);
    m_returnResult->setToolTip(QStringLiteral(
        "JointDNN only: the final output must come back to the device (--return-result)"));
    form->addRow(QString(), m_returnResult);
    layout->addLayout(form);
    auto* runRow = new QHBoxLayout();
    m_runButton = new QPushButton(QStringLiteral("Run planner"), this);
    m_runButton->setToolTip(QStringLiteral("Rank the plans with these options (Ctrl+R)"));
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setToolTip(QStringLiteral("What the last run found"));
    runRow->addWidget(m_runButton);
    runRow->addWidget(m_status, 1);
    layout->addLayout(runRow);
    m_table = new QTableWidget(0, 6, this);
    m_table->setHorizontalHeaderLabels({QStringLiteral("#"), QStringLiteral("total"),
                                        QStringLiteral("compute"), QStringLiteral("transfer"),
                                        QStringLiteral("sent"), QStringLiteral("placement")});
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setToolTip(
        QStringLiteral("Ranked plans: select a row to move the cut handles to it (undoable)"));
    layout->addWidget(m_table, 1);

    connect(m_runButton, &QPushButton::clicked, this, &PlannerPanel::run);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, [this] {
        const auto rows = m_table->selectionModel()->selectedRows();
        if (!rows.isEmpty())
            applyRow(rows.front().row());
    });
    connect(m_document, &Document::evaluationChanged, this, &PlannerPanel::refreshBadge);
    connect(m_document, &Document::referencePlansChanged, this, &PlannerPanel::refreshBadge);
    connect(m_document, &Document::profileChanged, this, [this] {
        ++m_generation;
        m_plans.clear();
        m_table->setRowCount(0);
        m_status->clear();
    });
    connect(m_document, &Document::networkChanged, this, [this] {
        if (!m_plans.empty())
            m_status->setText(QStringLiteral("The network changed: run again to re-rank."));
    });
    refreshBadge();
}

PlannerPanel::~PlannerPanel() {
    ++m_generation;
}

// "device=1000000, edge=50%": one limit per tier, as --max-upload / --max-time take them.
void PlannerPanel::readLimits(const QString& text, const QString& label, bool time,
                              core::InferenceQuery& query, QString* error) {
    for (QString part : text.split(',', Qt::SkipEmptyParts)) {
        part = part.trimmed();
        const int at = part.indexOf('=');
        const auto tier =
            at > 0 ? core::tierFromName(part.left(at).trimmed().toStdString()) : std::nullopt;
        QString value = at > 0 ? part.mid(at + 1).trimmed() : QString();
        const bool percent = time && value.endsWith('%');
        if (percent)
            value.chop(1);
        bool ok = false;
        const double number = value.toDouble(&ok);
        if (!tier || !ok || number < 0) {
            if (error)
                *error = QStringLiteral("%1: '%2' should look like TIER=%3")
                             .arg(label, part, time ? "MS or TIER=PCT%" : "BYTES");
            continue;
        }
        const auto t = static_cast<std::size_t>(core::tierIndex(*tier));
        if (time)
            query.maxTime[t] = core::TimeLimit{number, percent};
        else
            query.maxUploadBytes[t] = number;
    }
}

core::InferenceQuery PlannerPanel::query(QString* error) const {
    core::InferenceQuery query;
    query.top = m_top->value();
    query.objective =
        m_objective->currentIndex() == 1 ? core::Objective::Transfer : core::Objective::Latency;
    for (int t = 0; t < 3; ++t) {
        const int use = m_use[static_cast<std::size_t>(t)]->currentIndex();
        query.tierUse[static_cast<std::size_t>(t)] = use == 1   ? core::TierUse::Must
                                                     : use == 2 ? core::TierUse::MustNot
                                                                : core::TierUse::Any;
    }
    readLimits(m_maxUpload->text(), QStringLiteral("Max upload"), false, query, error);
    readLimits(m_maxTime->text(), QStringLiteral("Max time"), true, query, error);
    const bool limited =
        !m_maxUpload->text().trimmed().isEmpty() || !m_maxTime->text().trimmed().isEmpty();
    if (limited && m_planner->currentData().toString() == "jointdnn" && error)
        *error = QStringLiteral(
            "Max upload and Max time apply to Scission and Neurosurgeon, not JointDNN");
    query.returnResult =
        m_returnResult->isChecked() && m_planner->currentData().toString() == "jointdnn";
    if (!m_document->hasProfile())
        return query;
    const auto& profile = m_document->profile();
    for (QString part : m_pins->text().split(',', Qt::SkipEmptyParts)) {
        part = part.trimmed();
        const bool forbid = part.startsWith('!');
        if (forbid)
            part.remove(0, 1);
        const int at = part.lastIndexOf('@');
        if (at <= 0) {
            if (error)
                *error = QStringLiteral("Pins: '%1' should look like LAYER@TIER").arg(part);
            continue;
        }
        const QString layerName = part.left(at).trimmed();
        const auto tier = core::tierFromName(part.mid(at + 1).trimmed().toStdString());
        int layer = profile.layerIndex(layerName.toStdString());
        if (layer < 0 && layerName.startsWith('#')) {
            bool ok = false;
            const int position = layerName.mid(1).toInt(&ok);
            if (ok && position >= 0 && position < static_cast<int>(profile.layers.size()))
                layer = position;
        }
        if (layer < 0 || !tier) {
            if (error)
                *error =
                    QStringLiteral("Pins: unknown %1 in '%2'")
                        .arg(layer < 0 ? QStringLiteral("layer") : QStringLiteral("tier"), part);
            continue;
        }
        (forbid ? query.forbids : query.pins).emplace_back(layer, *tier);
    }
    return query;
}

void PlannerPanel::run() {
    if (!m_document->hasProfile()) {
        m_status->setText(QStringLiteral("Open a profile first."));
        return;
    }
    QString error;
    const core::InferenceQuery query = this->query(&error);
    if (!error.isEmpty()) {
        m_status->setText(error);
        return;
    }
    const std::string planner = m_planner->currentData().toString().toStdString();
    auto profile = m_document->sharedProfile();
    const core::Network network = m_document->network();
    const double inputBytes = m_document->inputBytes();
    const int generation = ++m_generation;
    m_running = true;
    m_runButton->setEnabled(false);
    m_status->setText(QStringLiteral("Planning…"));
    QPointer<PlannerPanel> self(this);
    QThread* thread =
        QThread::create([self, profile, network, inputBytes, query, planner, generation] {
            std::vector<core::RankedPlan> plans;
            QString message;
            try {
                const core::InferenceCostModel model(*profile, network, inputBytes);
                plans = core::runInferencePlanner(planner, model, query);
                if (plans.empty())
                    message = QString::fromStdString(core::explainNoPlan(planner, model, query));
            } catch (const core::PlanError& e) {
                message = QString::fromStdString(e.what());
            }
            if (!self)
                return;
            QMetaObject::invokeMethod(
                self.data(),
                [self, generation, plans = std::move(plans), message]() mutable {
                    if (self)
                        self->showPlans(generation, std::move(plans), message);
                },
                Qt::QueuedConnection);
        });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

void PlannerPanel::showPlans(int generation, std::vector<core::RankedPlan> plans, QString message) {
    if (generation != m_generation)
        return;
    m_running = false;
    m_runButton->setEnabled(true);
    m_plans = std::move(plans);
    m_plansProfile = m_document->sharedProfile();
    const auto& profile = m_document->profile();
    m_applying = true;
    m_table->setRowCount(static_cast<int>(m_plans.size()));
    for (int row = 0; row < static_cast<int>(m_plans.size()); ++row) {
        const auto& e = m_plans[static_cast<std::size_t>(row)].evaluation;
        QStringList placement;
        for (const auto& stage : e.stages)
            placement << QStringLiteral("%1 %2 [%3]")
                             .arg(QString::fromStdString(core::tierName(stage.tier)),
                                  QString::fromStdString(
                                      profile.machines[static_cast<std::size_t>(stage.machine)].id))
                             .arg(stage.end - stage.begin);
        const QStringList cells{
            QString::number(row + 1),       Format::ms(e.totalMs),
            Format::ms(e.computeMs),        Format::ms(e.transferMs),
            Format::bytes(e.transferBytes), placement.join(QStringLiteral(" → "))};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c > 0 && c < 5)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(row, c, item);
        }
    }
    m_table->resizeColumnsToContents();
    m_applying = false;
    m_status->setText(m_plans.empty()
                          ? message
                          : QStringLiteral("%1 plan(s) from %2 on %3.")
                                .arg(m_plans.size())
                                .arg(m_planner->currentText(),
                                     QString::fromStdString(m_document->network().name)));
    emit finished();
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
        m_status->setText(
            QStringLiteral(
                "Plan #%1 moves back to an earlier tier: the two handles cannot show it.")
                .arg(row + 1));
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
    if (!best) {
        m_badge->setText(QStringLiteral("Your plan: <b>%1</b>")
                             .arg(Format::ms(m_document->evaluation().totalMs)));
        return;
    }
    const double mine = m_document->evaluation().totalMs;
    const double optimum = best->evaluation.totalMs;
    if (mine <= optimum * (1 + 1e-9))
        m_badge->setText(
            QStringLiteral("<span style='background:#2e7d32;color:white;padding:2px'>&nbsp;★ "
                           "best&nbsp;</span> "
                           "Your plan <b>%1</b> is the optimum.")
                .arg(Format::ms(mine)));
    else
        m_badge->setText(
            QStringLiteral(
                "<span style='background:#b9770e;color:white'>&nbsp;best %1&nbsp;</span> "
                "Your plan <b>%2</b> is %3 slower (+%4%).")
                .arg(Format::ms(optimum), Format::ms(mine), Format::ms(mine - optimum),
                     Format::number((mine / optimum - 1) * 100, 1)));
}

} // namespace cutlab::ui
