// Training mode's Cluster editor: a pool of machine types typed into the pipeline settings is one
// undo step, the panel plans it with the pool planner (the oracle below plans the same pool with
// core::planPool, as the command line does, not through the panel's request), the stage strip
// says "×r" for a replicated stage, the Gantt chart draws one lane per replica named by its
// machine, each type's memory binds the plan and undoes, and a wrong pool shows why and keeps the
// plan on screen.
#include "../TestMain.h"
#include "../TestPaths.h"

#include "ui/charts/Format.h"
#include "ui/training/ClusterEditor.h"
#include "ui/training/PipelineSettingsBox.h"
#include "ui/training/StageMemoryView.h"
#include "ui/training/StageStripView.h"
#include "ui/training/TrainingDocument.h"
#include "ui/training/TrainingPanel.h"

#include "core/cluster/PoolPlanner.h"
#include "core/cluster/PoolSpec.h"
#include "core/io/ProfileLoader.h"
#include "core/model/Network.h"

#include <QDoubleSpinBox>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QLabel>
#include <QLineEdit>
#include <QUndoStack>
#include <QtTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_training_cluster {

using namespace cutlab;

namespace {

const QString kPool = QStringLiteral("raspi3:4@100,nuc-i3-1core:2@1000,gtx1080ti:1@1000");

core::Profile alexNet() {
    auto loaded = core::loadProfileFile(
        sourcePath("sample_profiles/hiertrain/alexnet-tinyimagenet.json").toStdString());
    if (!loaded.ok())
        qFatal("the sample profile does not load");
    return *loaded.profile;
}

// The oracle: the pool planned as `cutlab-cli train --cluster POOL --micro-batches 28` plans it
// (28 = 4 per machine, the window's automatic count), with each type's memory in bytes.
core::PoolPlan oraclePlan(const core::Profile& profile, const std::vector<double>& capacities,
                          const QString& pool = kPool) {
    core::PoolRequest request;
    request.pool = core::parsePoolSpec(pool.toStdString());
    request.capacityBytes = capacities;
    request.microBatches = 4 * request.pool.totalMachines();
    return core::planPool(profile, *core::networkPreset("4g"), request);
}

bool settled(const ui::TrainingPanel& panel) {
    return QTest::qWaitFor([&panel] { return !panel.isPlanning(); }, 60000);
}

// Types `text` into the Pool field and presses Return, as a user does.
void typePool(ui::TrainingPanel& panel, const QString& text) {
    QLineEdit* edit = panel.pipelineSettings()->clusterEditor()->poolEdit();
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}

// The texts (in full: their tooltips, or the text) of a scene's simple text items starting with
// `prefix`, top to bottom.
QStringList textsStartingWith(QGraphicsScene* scene, const QString& prefix) {
    QList<QGraphicsSimpleTextItem*> found;
    for (QGraphicsItem* item : scene->items())
        if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item)) {
            const QString full = text->toolTip().isEmpty() ? text->text() : text->toolTip();
            if (full.startsWith(prefix))
                found << text;
        }
    std::sort(found.begin(), found.end(),
              [](auto* a, auto* b) { return a->scenePos().y() < b->scenePos().y(); });
    QStringList texts;
    for (auto* text : found)
        texts << (text->toolTip().isEmpty() ? text->text() : text->toolTip());
    return texts;
}

int replicatedStage(const core::PoolPlan& plan) {
    for (int s = 0; s < static_cast<int>(plan.stages.size()); ++s)
        if (plan.stages[static_cast<std::size_t>(s)].machines.size() > 1)
            return s;
    return -1;
}

} // namespace

class TrainingClusterTest : public QObject {
    Q_OBJECT
  private slots:
    void init();
    void cleanup();
    void poolIsOneUndoStep();
    void replicatedStageShowsItsReplicas();
    void wrongPoolShowsWhyAndKeepsThePlan();
    void memoryBindsThePlanAndUndoes();
    void manyReplicasShareTheLastLane();

  private:
    std::unique_ptr<ui::TrainingPanel> m_panel;
    core::Profile m_profile;
};

void TrainingClusterTest::init() {
    m_profile = alexNet();
    m_panel = std::make_unique<ui::TrainingPanel>();
    m_panel->resize(1600, 1000);
    m_panel->setDocument(m_profile, *core::networkPreset("4g"));
    m_panel->setPlanner("pipeline");
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
    QVERIFY(settled(*m_panel));
    QVERIFY(m_panel->pipeline()); // the chain's plan, before any pool
}

void TrainingClusterTest::cleanup() {
    m_panel.reset();
}

void TrainingClusterTest::poolIsOneUndoStep() {
    ui::ClusterEditor* editor = m_panel->pipelineSettings()->clusterEditor();
    const int steps = m_panel->undoStack()->count();
    typePool(*m_panel, kPool);
    QCOMPARE(m_panel->undoStack()->count(), steps + 1);
    QCOMPARE(m_panel->document()->pipelineSettings().pool, kPool);
    QVERIFY(editor->capacityBox("gtx1080ti")); // one memory box per type
    QVERIFY(settled(*m_panel));
    QVERIFY(m_panel->poolPlan());
    QVERIFY(!m_panel->pipeline());

    m_panel->undoStack()->undo();
    QCOMPARE(editor->poolEdit()->text(), QString());
    QVERIFY(!editor->capacityBox("gtx1080ti"));
    QVERIFY(settled(*m_panel));
    QVERIFY(!m_panel->poolPlan());
    QVERIFY(m_panel->pipeline()); // the chain again

    m_panel->undoStack()->redo();
    QCOMPARE(editor->poolEdit()->text(), kPool);
    QCOMPARE(m_panel->document()->pipelineSettings().pool, kPool);
    QVERIFY(settled(*m_panel));
    QVERIFY(m_panel->poolPlan());
}

void TrainingClusterTest::replicatedStageShowsItsReplicas() {
    const core::PoolPlan oracle = oraclePlan(m_profile, {0, 0, 0});
    const int s = replicatedStage(oracle);
    QVERIFY2(s >= 0, "the oracle's plan replicates no stage: choose another pool");
    const core::PoolStage& stage = oracle.stages[static_cast<std::size_t>(s)];
    const int r = static_cast<int>(stage.machines.size());

    typePool(*m_panel, kPool);
    QVERIFY(settled(*m_panel));
    QVERIFY2(m_panel->poolPlan(), qPrintable(m_panel->errorText()));
    QCOMPARE(m_panel->poolPlan()->plan.bottleneckMs, oracle.bottleneckMs);

    const QStringList strip =
        textsStartingWith(m_panel->stageStrip()->scene(), QStringLiteral("%1: ").arg(s));
    QCOMPARE(strip.size(), 1);
    QVERIFY2(strip.front().contains(QStringLiteral("×%1").arg(r)), qPrintable(strip.front()));

    const QStringList lanes =
        textsStartingWith(m_panel->ganttView()->scene(), QStringLiteral("stage %1: ").arg(s));
    QCOMPARE(lanes.size(), r);
    for (int n = 0; n < r; ++n)
        QVERIFY2(lanes[n].contains(QString::fromStdString(stage.machines[n])),
                 qPrintable(lanes.join(" | ")));
    int allLanes = 0;
    for (const core::PoolStage& each : oracle.stages)
        allLanes += static_cast<int>(each.machines.size());
    QCOMPARE(textsStartingWith(m_panel->ganttView()->scene(), "stage ").size(), allLanes);

    const QString summary = m_panel->summaryText();
    QVERIFY2(summary.contains(QStringLiteral("%1 stages on %2 of %3 machines")
                                  .arg(oracle.stages.size())
                                  .arg(oracle.machinesUsed)
                                  .arg(oracle.machinesTotal)),
             qPrintable(summary));
    QVERIFY2(summary.contains(ui::Format::ms(oracle.bottleneckMs)), qPrintable(summary));
}

void TrainingClusterTest::wrongPoolShowsWhyAndKeepsThePlan() {
    typePool(*m_panel, kPool);
    QVERIFY(settled(*m_panel));
    QVERIFY(m_panel->poolPlan());
    const double bottleneck = m_panel->poolPlan()->plan.bottleneckMs;
    const int steps = m_panel->undoStack()->count();
    ui::ClusterEditor* editor = m_panel->pipelineSettings()->clusterEditor();

    const QList<QPair<QString, QString>> wrong{
        {"raspi3:0", "is not a number of machines"},
        {"tpu:2@100", "'tpu' is not a machine of this profile"},
        {"raspi3:2@0", "is not a bandwidth in Mbit/s"},
        {"raspi3:2,raspi3:1", "twice"},
        {"4@100", "is not ID:N[@MBPS]"}};
    for (const auto& [text, reason] : wrong) {
        typePool(*m_panel, text);
        QVERIFY2(editor->messageLabel()->isVisibleTo(m_panel.get()), qPrintable(text));
        QVERIFY2(editor->message().contains(reason), qPrintable(editor->message()));
        QCOMPARE(m_panel->undoStack()->count(), steps);
        QCOMPARE(m_panel->document()->pipelineSettings().pool, kPool);
        QVERIFY(!m_panel->isPlanning());
        QVERIFY(m_panel->poolPlan());
        QCOMPARE(m_panel->poolPlan()->plan.bottleneckMs, bottleneck);
    }
    typePool(*m_panel, kPool); // back to the valid pool: the message goes, nothing is pushed
    QVERIFY(editor->message().isEmpty());
    QVERIFY(!editor->messageLabel()->isVisibleTo(m_panel.get()));
    QCOMPARE(m_panel->undoStack()->count(), steps);
}

// The largest replica of the plan within the profile's memory_bytes (each type starts with its
// own), given 90 % of what it needs: the panel shows the oracle's plan within that memory (or the
// oracle's refusal), the bar against the limit; undo brings back the profile's memory.
void TrainingClusterTest::memoryBindsThePlanAndUndoes() {
    const QStringList types{"raspi3", "nuc-i3-1core", "gtx1080ti"};
    std::vector<double> start;
    for (const QString& id : types)
        start.push_back(
            m_profile.machines[static_cast<std::size_t>(m_profile.machineIndex(id.toStdString()))]
                .memoryBytes.value_or(0.0));
    const core::PoolPlan free = oraclePlan(m_profile, start);
    std::size_t group = 0;
    double need = 0;
    for (const core::PoolStage& stage : free.stages)
        for (std::size_t g = 0; g < stage.memory.size(); ++g)
            if (stage.replicas[g] > 0 && stage.memory[g].total() > need)
                need = stage.memory[g].total(), group = g;
    const QString type = types[static_cast<int>(group)];
    typePool(*m_panel, kPool);
    QVERIFY(settled(*m_panel));

    ui::ClusterEditor* editor = m_panel->pipelineSettings()->clusterEditor();
    QDoubleSpinBox* box = editor->capacityBox(type);
    QVERIFY(box);
    QCOMPARE(box->value(), std::round(start[group] / ui::ClusterEditor::kGiB * 1000) / 1000);
    const double gib = std::round(0.9 * need / ui::ClusterEditor::kGiB * 1000) / 1000;
    QVERIFY(gib > 0);
    const int steps = m_panel->undoStack()->count();
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, QString::number(gib, 'f', 3));
    QTest::keyClick(box, Qt::Key_Return);
    QCOMPARE(m_panel->undoStack()->count(), steps + 1);
    QCOMPARE(m_panel->document()->pipelineSettings().poolCapacityBytes.value(type),
             gib * ui::ClusterEditor::kGiB);
    QVERIFY(settled(*m_panel));

    std::vector<double> capacities = start;
    capacities[group] = gib * ui::ClusterEditor::kGiB;
    try {
        const core::PoolPlan bound = oraclePlan(m_profile, capacities);
        QVERIFY2(m_panel->poolPlan(), qPrintable(m_panel->errorText()));
        QCOMPARE(m_panel->poolPlan()->plan.bottleneckMs, bound.bottleneckMs);
        QVERIFY(bound.bottleneckMs >= free.bottleneckMs);
        bool barAgainstLimit = false;
        for (const ui::StageMemoryBar& bar : m_panel->memoryView()->stages()) {
            QVERIFY2(!bar.isOver(), qPrintable(bar.name));
            barAgainstLimit = barAgainstLimit || bar.capacityBytes == capacities[group];
        }
        QVERIFY(barAgainstLimit);
    } catch (const core::PoolMemoryError&) {
        QVERIFY(!m_panel->poolPlan());
        QVERIFY2(m_panel->errorText().contains("within its memory"),
                 qPrintable(m_panel->errorText()));
    }

    m_panel->undoStack()->undo();
    QCOMPARE(m_panel->document()->pipelineSettings().poolCapacityBytes.value(type), start[group]);
    QCOMPARE(box->value(), std::round(start[group] / ui::ClusterEditor::kGiB * 1000) / 1000);
    QVERIFY(settled(*m_panel));
    QVERIFY(m_panel->poolPlan());
    QCOMPARE(m_panel->poolPlan()->plan.bottleneckMs, free.bottleneckMs);
}

// A stage on more than eight machines: eight lanes, the last standing for the rest.
void TrainingClusterTest::manyReplicasShareTheLastLane() {
    const QString pool = QStringLiteral("raspi3:24@100,gtx1080ti:1@1000");
    const core::PoolPlan oracle = oraclePlan(m_profile, {0, 0}, pool);
    int s = -1;
    for (int n = 0; n < static_cast<int>(oracle.stages.size()); ++n)
        if (oracle.stages[static_cast<std::size_t>(n)].machines.size() > 8)
            s = n;
    QVERIFY2(s >= 0, "no stage on more than 8 machines: choose another pool");
    const auto& machines = oracle.stages[static_cast<std::size_t>(s)].machines;
    typePool(*m_panel, pool);
    QVERIFY(settled(*m_panel));
    QVERIFY2(m_panel->poolPlan(), qPrintable(m_panel->errorText()));
    const QStringList strip =
        textsStartingWith(m_panel->stageStrip()->scene(), QStringLiteral("%1: ").arg(s));
    QCOMPARE(strip.size(), 1);
    QVERIFY2(strip.front().contains(QStringLiteral("×%1").arg(machines.size())),
             qPrintable(strip.front()));
    const QStringList lanes =
        textsStartingWith(m_panel->ganttView()->scene(), QStringLiteral("stage %1: ").arg(s));
    QCOMPARE(lanes.size(), 8);
    QVERIFY2(lanes.back().contains(QStringLiteral("%1 more").arg(machines.size() - 7)),
             qPrintable(lanes.back()));
    QVERIFY2(lanes.back().contains(QString::fromStdString(machines.back())),
             qPrintable(lanes.back()));
}

CUTLAB_TEST_MAIN(TrainingClusterTest, Gui)
} // namespace tst_training_cluster

#include "tst_training_cluster.moc"
