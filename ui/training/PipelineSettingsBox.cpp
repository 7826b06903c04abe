#include "ui/training/PipelineSettingsBox.h"

#include "ui/training/ClusterEditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPoint>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>

namespace cutlab::ui {

PipelineSettingsBox::PipelineSettingsBox(QWidget* parent)
    : QGroupBox(QStringLiteral("Pipeline"), parent), m_chain(new QLineEdit(this)),
      m_machine(new QComboBox(this)), m_add(new QToolButton(this)),
      m_microBatch(new QSpinBox(this)), m_microBatches(new QSpinBox(this)),
      m_cutMode(new QComboBox(this)), m_schedule(new QComboBox(this)),
      m_compression(new QComboBox(this)), m_optimizer(new QComboBox(this)),
      m_recompute(new QCheckBox(this)), m_times(new QComboBox(this)),
      m_cluster(new ClusterEditor(this)) {
    m_choosePredictor = [this] {
        return QFileDialog::getOpenFileName(this, QStringLiteral("Latency predictor"), QString(),
                                            QStringLiteral("Latency predictor (*.json)"));
    };
    setToolTip(QStringLiteral("Settings of the pipeline-parallel planner (FTPipeHD / AccEPT / "
                              "PipeDream straight pipeline)."));
    describeChainAndSchedule();
    describeTransfersAndTimes();
    describeMemory();
    layOut();
    connectAll();
}

void PipelineSettingsBox::describeChainAndSchedule() {
    m_chain->setToolTip(QStringLiteral(
        "The chain of machines d0 → d1 → …, comma-separated ids from the profile; an id may repeat "
        "(identical machines). d0 owns the data."));
    m_machine->setToolTip(QStringLiteral("A machine of the profile to append to the chain."));
    m_add->setText(QStringLiteral("Append"));
    m_add->setToolTip(QStringLiteral("Append the chosen machine to the end of the chain."));
    m_microBatch->setRange(0, 1 << 20);
    m_microBatch->setSpecialValueText(QStringLiteral("model batch"));
    m_microBatch->setToolTip(QStringLiteral(
        "Samples per micro-batch (the lowest value uses the profile's model.batch)."));
    m_microBatches->setRange(0, 4096);
    m_microBatches->setSpecialValueText(QStringLiteral("auto (4 × stages)"));
    m_microBatches->setToolTip(QStringLiteral(
        "Micro-batches per mini-batch in the simulated schedule (auto: 4 × stages)."));
    m_cutMode->addItem(QStringLiteral("single (valid cut points)"), QStringLiteral("single"));
    m_cutMode->addItem(QStringLiteral("any (downset boundaries)"), QStringLiteral("any"));
    m_cutMode->setToolTip(QStringLiteral(
        "single: stages end at valid cut points only; any: at any downset boundary of the DAG, "
        "paying every tensor that crosses (PipeDream's antichains)."));
    m_schedule->addItem(QStringLiteral("1F1B with stashing"), QStringLiteral("1f1b"));
    m_schedule->addItem(QStringLiteral("1F1B-flush (DAPPLE)"), QStringLiteral("1f1b-flush"));
    m_schedule->addItem(QStringLiteral("GPipe"), QStringLiteral("gpipe"));
    m_schedule->setToolTip(QStringLiteral(
        "1F1B with stashing: one forward, one backward once warmed up, a weight version per "
        "micro-batch in flight (PipeDream); 1F1B-flush: the same order, one weight version and "
        "a flush per mini-batch (DAPPLE); GPipe: every forward, then every backward."));
}

void PipelineSettingsBox::describeTransfersAndTimes() {
    m_compression->addItem(QStringLiteral("none (float32)"), QPoint(0, 0));
    m_compression->addItem(QStringLiteral("AccEPT 2-bit fwd, 8-bit bwd"), QPoint(2, 8));
    m_compression->addItem(QStringLiteral("AccEPT 3-bit fwd, 8-bit bwd"), QPoint(3, 8));
    m_compression->addItem(QStringLiteral("AccEPT 4-bit fwd, 8-bit bwd"), QPoint(4, 8));
    m_compression->addItem(QStringLiteral("AccEPT 2-bit fwd, 4-bit bwd"), QPoint(2, 4));
    m_compression->setToolTip(QStringLiteral(
        "Transfers between stages as float32, or through AccEPT's codec: activations at 2–4 bits, "
        "gradients at 8 or 4 bits (the encoded stream's exact size)."));
    m_times->addItem(QStringLiteral("measured (profile)"),
                     QString::fromStdString(core::timeSourceName(core::TimeSource::Profile)));
    m_times->addItem(QStringLiteral("speed-ratio estimate (FTPipeHD)"),
                     QString::fromStdString(core::timeSourceName(core::TimeSource::SpeedRatio)));
    m_times->addItem(QStringLiteral("latency predictor (AccEPT)…"),
                     QString::fromStdString(core::timeSourceName(core::TimeSource::Predictor)));
    m_times->setToolTip(QStringLiteral(
        "Where the planner takes the layer times: the profile's measurements, or the peers' "
        "estimates from the chain's first machine (profiled in full) and each other machine's "
        "times on ten representative sub-models. The summary then gives the plan's bottleneck "
        "with the measured times too."));
}

void PipelineSettingsBox::describeMemory() {
    for (core::OptimizerKind kind :
         {core::OptimizerKind::Sgd, core::OptimizerKind::Momentum, core::OptimizerKind::Adam})
        m_optimizer->addItem(QString::fromStdString(core::optimizerName(kind)),
                             static_cast<int>(kind));
    m_optimizer->setItemData(0, QStringLiteral("SGD: no optimizer state"), Qt::ToolTipRole);
    m_optimizer->setItemData(1, QStringLiteral("Momentum: one copy of the weights"),
                             Qt::ToolTipRole);
    m_optimizer->setItemData(2, QStringLiteral("Adam: two copies of the weights"), Qt::ToolTipRole);
    m_optimizer->setToolTip(QStringLiteral(
        "The optimizer's state each stage keeps beside its weights and gradients: none (sgd), "
        "one copy (momentum) or two (adam)."));
    m_recompute->setText(QStringLiteral("Recompute activations"));
    m_recompute->setToolTip(QStringLiteral(
        "Keep only each stage's input per micro-batch and run its forward pass again before the "
        "backward pass: less memory, a longer backward time."));
}

void PipelineSettingsBox::layOut() {
    auto* chainRow = new QHBoxLayout();
    chainRow->setContentsMargins(0, 0, 0, 0);
    chainRow->addWidget(m_machine, 1);
    chainRow->addWidget(m_add);
    auto* form = new QFormLayout(this);
    form->addRow(QStringLiteral("Chain"), m_chain);
    form->addRow(QString(), chainRow);
    form->addRow(QStringLiteral("Micro-batch"), m_microBatch);
    form->addRow(QStringLiteral("Micro-batches"), m_microBatches);
    form->addRow(QStringLiteral("Cut mode"), m_cutMode);
    form->addRow(QStringLiteral("Schedule"), m_schedule);
    form->addRow(QStringLiteral("Compression"), m_compression);
    form->addRow(QStringLiteral("Times"), m_times);
    form->addRow(QStringLiteral("Optimizer"), m_optimizer);
    form->addRow(QString(), m_recompute);
    form->addRow(m_cluster);
}

void PipelineSettingsBox::connectAll() {
    connect(m_chain, &QLineEdit::editingFinished, this, &PipelineSettingsBox::changed);
    connect(m_add, &QToolButton::clicked, this, &PipelineSettingsBox::appendMachine);
    connect(m_microBatch, &QSpinBox::valueChanged, this, &PipelineSettingsBox::changed);
    connect(m_microBatches, &QSpinBox::valueChanged, this, &PipelineSettingsBox::changed);
    connect(m_cutMode, &QComboBox::currentIndexChanged, this, &PipelineSettingsBox::changed);
    connect(m_schedule, &QComboBox::currentIndexChanged, this, &PipelineSettingsBox::changed);
    connect(m_compression, &QComboBox::currentIndexChanged, this, &PipelineSettingsBox::changed);
    connect(m_optimizer, &QComboBox::currentIndexChanged, this, &PipelineSettingsBox::changed);
    connect(m_recompute, &QCheckBox::toggled, this, &PipelineSettingsBox::changed);
    connect(m_cluster, &ClusterEditor::changed, this, [this] {
        enableChainSettings();
        emit changed();
    });
    connect(m_times, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (m_times->itemData(index).toString() == QStringLiteral("predictor")) {
            const QString path = m_choosePredictor ? m_choosePredictor() : QString();
            if (path.isEmpty()) { // no file: the previous choice stays
                const QSignalBlocker block(m_times);
                m_times->setCurrentIndex(m_timesIndex);
                return;
            }
            m_predictorPath = path;
        }
        m_timesIndex = index;
        emit changed();
    });
}

void PipelineSettingsBox::setMachines(const core::Profile& profile) {
    const QSignalBlocker blockMachine(m_machine);
    m_machine->clear();
    for (const auto& machine : profile.machines) {
        const QString id = QString::fromStdString(machine.id);
        m_machine->addItem(
            QStringLiteral("%1 (%2)").arg(id, QString::fromStdString(core::tierName(machine.tier))),
            id);
    }
    m_cluster->setMachines(profile);
}

PipelineSettings PipelineSettingsBox::settings() const {
    PipelineSettings settings;
    settings.chain = chainIds();
    settings.microBatch = microBatch();
    settings.microBatches = microBatches();
    settings.cutMode = cutMode();
    settings.scheduleKind = scheduleKind();
    const QPoint bits = m_compression->currentData().toPoint();
    settings.forwardBits = bits.x();
    settings.backwardBits = bits.x() > 0 ? bits.y() : 8;
    settings.times = core::timeSourceFromName(m_times->currentData().toString().toStdString())
                         .value_or(core::TimeSource::Profile);
    if (settings.times == core::TimeSource::Predictor)
        settings.predictorPath = m_predictorPath;
    settings.optimizer = optimizer();
    settings.recompute = recompute();
    settings.pool = m_cluster->pool();
    settings.poolCapacityBytes = m_cluster->capacityBytes();
    return settings;
}

void PipelineSettingsBox::setSettings(const PipelineSettings& settings) {
    const QSignalBlocker blockChain(m_chain), blockBatch(m_microBatch),
        blockBatches(m_microBatches), blockCut(m_cutMode), blockSchedule(m_schedule),
        blockCompression(m_compression), blockTimes(m_times), blockOptimizer(m_optimizer),
        blockRecompute(m_recompute);
    m_optimizer->setCurrentIndex(m_optimizer->findData(static_cast<int>(settings.optimizer)));
    m_recompute->setChecked(settings.recompute);
    const int compression = m_compression->findData(
        QPoint(settings.forwardBits, settings.forwardBits > 0 ? settings.backwardBits : 0));
    m_compression->setCurrentIndex(std::max(0, compression));
    m_predictorPath = settings.predictorPath;
    m_timesIndex = std::max(
        0, m_times->findData(QString::fromStdString(core::timeSourceName(settings.times))));
    m_times->setCurrentIndex(m_timesIndex);
    if (settings.chain != chainIds())
        m_chain->setText(settings.chain.join(QLatin1Char(',')));
    m_microBatch->setValue(settings.microBatch);
    m_microBatches->setValue(settings.microBatches);
    m_cutMode->setCurrentIndex(
        m_cutMode->findData(QString::fromStdString(core::cutModeName(settings.cutMode))));
    m_schedule->setCurrentIndex(m_schedule->findData(
        QString::fromStdString(core::scheduleKindName(settings.scheduleKind))));
    m_cluster->setPool(settings.pool, settings.poolCapacityBytes);
    enableChainSettings();
}

void PipelineSettingsBox::enableChainSettings() {
    const bool chain = m_cluster->pool().isEmpty();
    const QString why =
        chain ? QString()
              : QStringLiteral(" (not with a pool: the pool planner chooses the "
                               "stages at valid cut points, on measured times, 1F1B)");
    for (QWidget* widget : {static_cast<QWidget*>(m_chain), static_cast<QWidget*>(m_machine),
                            static_cast<QWidget*>(m_add), static_cast<QWidget*>(m_cutMode),
                            static_cast<QWidget*>(m_schedule), static_cast<QWidget*>(m_compression),
                            static_cast<QWidget*>(m_times)}) {
        widget->setEnabled(chain);
        widget->setStatusTip(why);
    }
    m_microBatches->setSpecialValueText(chain ? QStringLiteral("auto (4 × stages)")
                                              : QStringLiteral("auto (4 × machines)"));
}

QStringList PipelineSettingsBox::chainIds() const {
    QStringList ids;
    for (const QString& id : m_chain->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        ids << id.trimmed();
    return ids;
}

void PipelineSettingsBox::setChainIds(const QStringList& ids) {
    m_chain->setText(ids.join(QLatin1Char(',')));
    emit changed();
}

std::vector<int> PipelineSettingsBox::chain(const core::Profile& profile, QString* error) const {
    return settings().machineChain(profile, error);
}

int PipelineSettingsBox::microBatch() const {
    return m_microBatch->value();
}
void PipelineSettingsBox::setMicroBatch(int samples) {
    m_microBatch->setValue(samples);
}
int PipelineSettingsBox::microBatches() const {
    return m_microBatches->value();
}
void PipelineSettingsBox::setMicroBatches(int count) {
    m_microBatches->setValue(count);
}

core::PipelineCutMode PipelineSettingsBox::cutMode() const {
    return core::cutModeFromName(m_cutMode->currentData().toString().toStdString())
        .value_or(core::PipelineCutMode::Single);
}

void PipelineSettingsBox::setCutMode(core::PipelineCutMode mode) {
    m_cutMode->setCurrentIndex(
        m_cutMode->findData(QString::fromStdString(core::cutModeName(mode))));
}

core::ScheduleKind PipelineSettingsBox::scheduleKind() const {
    return core::scheduleKindFromName(m_schedule->currentData().toString().toStdString())
        .value_or(core::ScheduleKind::OneForwardOneBackward);
}

void PipelineSettingsBox::setScheduleKind(core::ScheduleKind kind) {
    m_schedule->setCurrentIndex(
        m_schedule->findData(QString::fromStdString(core::scheduleKindName(kind))));
}

core::OptimizerKind PipelineSettingsBox::optimizer() const {
    return static_cast<core::OptimizerKind>(m_optimizer->currentData().toInt());
}

void PipelineSettingsBox::setOptimizer(core::OptimizerKind kind) {
    m_optimizer->setCurrentIndex(m_optimizer->findData(static_cast<int>(kind)));
}

bool PipelineSettingsBox::recompute() const {
    return m_recompute->isChecked();
}

void PipelineSettingsBox::setRecompute(bool recompute) {
    m_recompute->setChecked(recompute);
}

void PipelineSettingsBox::appendMachine() {
    const QString id = m_machine->currentData().toString();
    if (id.isEmpty())
        return;
    QStringList ids = chainIds();
    ids << id;
    setChainIds(ids);
}

void PipelineSettingsBox::setCompression(int forwardBits, int backwardBits) {
    m_compression->setCurrentIndex(std::max(
        0, m_compression->findData(QPoint(forwardBits, forwardBits > 0 ? backwardBits : 0))));
}

void PipelineSettingsBox::setTimes(core::TimeSource source, const QString& predictorPath) {
    if (source == core::TimeSource::Predictor) {
        auto chooser = m_choosePredictor;
        m_choosePredictor = [predictorPath] { return predictorPath; };
        m_times->setCurrentIndex(m_times->findData(QStringLiteral("predictor")));
        m_choosePredictor = chooser;
        return;
    }
    m_times->setCurrentIndex(
        m_times->findData(QString::fromStdString(core::timeSourceName(source))));
}

} // namespace cutlab::ui
