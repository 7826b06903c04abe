// Training mode's memory: each pipeline stage's memory against its machine's capacity, drawn as
// bars and said in a sentence; a stage dragged over its capacity turns red, live, and undo
// restores it; the optimizer and recomputation settings change the memory and undo.
//
// The profile below is written for hand computation (docs/cost-models.md §2.7): four layers of
// 768 MiB of weights and 1 MiB of output each (one sample per micro-batch), on the chain
// pi (4 GiB) → gpu (16 GiB), 1F1B, 8 micro-batches (automatic: 4 × 2 stages).
//   stage 0 of 2 keeps F = min(2 − 0, 8) = 2 micro-batches in flight: with sgd it holds
//   weights W, gradients W, one stashed version (F − 1)·W and activations 2·O;
//   stage 1 keeps F = 1: W + W + O.
//   One layer on the pi: 3 × 768 + 2 = 2,306 MiB (fits); two: 3 × 1,536 + 4 = 4,612 MiB,
//   516 MiB over its 4,096; all four on the pi alone (one stage, F = 1): 2 × 3,072 + 4 MiB
//   (over): so the planner must put exactly the first layer on the pi.
//   adam adds 2·W of optimizer state: one layer on the pi then holds 5 × 768 + 2 = 3,842 MiB.
#include "../StageStripDrag.h"
#include "../TestMain.h"
#include "../TestPaths.h"

#include "ui/charts/Theme.h"
#include "ui/training/PipelineSettingsBox.h"
#include "ui/training/StageCellsItem.h"
#include "ui/training/StageMemoryView.h"
#include "ui/training/StageStripView.h"
#include "ui/training/TrainingDocument.h"
#include "ui/training/TrainingPanel.h"

#include "core/io/NetworkFile.h"
#include "core/io/ProfileLoader.h"
#include "core/model/Network.h"
#include "core/planners/IterationPlanner.h"
#include "core/training/TrainingCostModel.h"

#include <QImage>
#include <QLabel>
#include <QUndoStack>
#include <QtTest>

#include <string>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_training_memory {

using namespace cutlab;

#ifndef Q_MOC_RUN // moc misreads the raw strings below; it needs none of this
namespace {

constexpr double kMiB = 1024.0 * 1024.0;

// Four 768 MiB layers; `piMemory` and `gpuMemory` as JSON values ("null": no memory_bytes).
core::Profile memoryProfile(const std::string& piMemory, const std::string& gpuMemory) {
    std::string layers;
    for (int i = 0; i < 4; ++i) {
        layers += std::string(i ? "," : "") + R"({"id": "l)" + std::to_string(i) +
                  R"(", "inputs": [)" + (i ? "\"l" + std::to_string(i - 1) + "\"" : "") +
                  R"(], "output_bytes": 1048576, "param_bytes": 805306368,
                      "forward_ms": {"pi": 10, "gpu": 1}, "backward_ms": {"pi": 20, "gpu": 2}})";
    }
    auto machine = [](const std::string& id, const std::string& tier, const std::string& bytes) {
        return R"({"id": ")" + id + R"(", "tier": ")" + tier + "\"" +
               (bytes == "null" ? "" : R"(, "memory_bytes": )" + bytes) + "}";
    };
    const std::string text = R"({"format": "cutlab-profile", "version": 1,
        "model": {"name": "memory", "input_bytes": 1048576, "batch": 1},
        "machines": [)" + machine("pi", "device", piMemory) +
                             "," + machine("gpu", "cloud", gpuMemory) + R"(],
        "layers": [)" + layers +
                             "]}";
    auto result = core::parseProfile(text);
    if (!result.ok())
        qFatal("the test profile does not load (%d issues)",
               static_cast<int>(result.issues.size()));
    return *result.profile;
}

core::Profile boundProfile() {
    return memoryProfile("4294967296", "17179869184");
}

bool settled(const ui::TrainingPanel& panel) {
    return QTest::qWaitFor([&panel] { return !panel.isPlanning(); }, 60000);
}

// The panel on the profile, pipeline planner, chain pi → gpu, shown at 1280 × 800.
void openPipeline(ui::TrainingPanel& panel, const core::Profile& profile) {
    panel.resize(1280, 800);
    panel.setDocument(profile, *core::networkPreset("ideal"));
    panel.setPlanner("pipeline");
    panel.pipelineSettings()->setChainIds({"pi", "gpu"});
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QVERIFY(settled(panel));
}

// The colour on screen in the middle of layer `layer`'s cell of the strip.
QColor cellPixel(ui::StageStripView* strip, int layer) {
    const QImage shown = strip->viewport()->grab().toImage();
    const double top = strip->cells()->boundingRect().top() + 1;
    const QPoint middle = strip->mapFromScene(
        QPointF((strip->xOfPosition(layer) + strip->xOfPosition(layer + 1)) / 2, top + 13));
    return shown.pixelColor(middle);
}

// The colour on screen halfway between a stage's capacity tick and the end of its bar (the
// excess when over).
QColor excessPixel(ui::StageMemoryView* view, int stage) {
    const QImage shown = view->grab().toImage();
    const QRectF bar = view->barRect(stage);
    const QPointF point((view->capacityX(stage) + bar.right()) / 2, bar.center().y());
    const qreal ratio = shown.devicePixelRatio();
    return shown.pixelColor(
        QPoint(static_cast<int>(point.x() * ratio), static_cast<int>(point.y() * ratio)));
}

} // namespace
#endif

class TrainingMemoryTest : public QObject {
    Q_OBJECT
  private slots:
    void plannedPartitionFitsAndSaysSo();
    void dragOverCapacityTurnsRedLiveAndUndoRestores();
    void optimizerChangesMemoryAndUndoes();
    void recomputeChangesMemoryAndBackwardTime();
    void nothingFitsShowsTheCoreMessage();
    void unknownCapacitiesAreSaidUnknown();
    void hierTrainKeepsToTheProfileMemory();
};

void TrainingMemoryTest::plannedPartitionFitsAndSaysSo() {
    ui::TrainingPanel panel;
    openPipeline(panel, boundProfile());
    QVERIFY2(panel.errorText().isEmpty(), qPrintable(panel.errorText()));
    QCOMPARE(panel.stageStrip()->boundaries(), std::vector<int>{1});
    const auto& stages = panel.memoryView()->stages();
    QCOMPARE(stages.size(), std::size_t(2));
    QCOMPARE(stages[0].memory.total(), 2306 * kMiB);
    QCOMPARE(stages[0].memory.stashedWeights, 768 * kMiB);
    QCOMPARE(stages[0].capacityBytes, 4096 * kMiB);
    QCOMPARE(stages[1].memory.total(), 3 * 2 * 768 * kMiB + 3 * kMiB);
    QCOMPARE(panel.memorySummary()->text(),
             QStringLiteral("Memory: every stage fits its machine's memory (the fullest, stage 0 "
                            "on pi, needs 2.3 GiB of 4.0 GiB)."));
    QVERIFY(panel.memoryView()->isVisible());
    QVERIFY(!panel.stageStrip()->isOver(0));
}

void TrainingMemoryTest::dragOverCapacityTurnsRedLiveAndUndoRestores() {
    ui::TrainingPanel panel;
    openPipeline(panel, boundProfile());
    ui::StageStripView* strip = panel.stageStrip();
    QCOMPARE(strip->boundaries(), std::vector<int>{1});
    const QColor red = ui::Theme::light().canvas.error;
    QCOMPARE(cellPixel(strip, 0), ui::StageCellsItem::stageColor(0));

    // While the mouse is still down the sentence and the colours already say it.
    ui::StageBoundaryItem* handle = strip->handle(0);
    const QPoint from = strip->mapFromScene(handle->mapToScene(handle->rect().center()));
    const QPoint to = strip->mapFromScene(
        QPointF(strip->xOfPosition(2) + 3, handle->mapToScene(handle->rect().center()).y()));
    QTest::mousePress(strip->viewport(), Qt::LeftButton, {}, from);
    for (int i = 1; i <= 8; ++i)
        QTest::mouseMove(strip->viewport(), from + (to - from) * i / 8);
    QCOMPARE(strip->boundaries(), std::vector<int>{2});
    const QString over =
        QStringLiteral("Memory: Stage 0 on pi needs 4.5 GiB, 516.0 MiB over its 4.0 GiB.");
    QCOMPARE(panel.memorySummary()->text(), over);
    QVERIFY(strip->isOver(0));
    QTest::mouseRelease(strip->viewport(), Qt::LeftButton, {}, to);
    QVERIFY(settled(panel));

    QCOMPARE(panel.memorySummary()->text(), over);
    QCOMPARE(panel.memoryView()->stages()[0].memory.total(), 4612 * kMiB);
    QVERIFY(panel.memoryView()->stages()[0].isOver());
    QVERIFY(!panel.memoryView()->stages()[1].isOver());
    QCOMPARE(cellPixel(strip, 0), red);
    QCOMPARE(cellPixel(strip, 1), red);
    QCOMPARE(cellPixel(strip, 2), ui::StageCellsItem::stageColor(1));
    QCOMPARE(excessPixel(panel.memoryView(), 0), red);
    QVERIFY(panel.summaryText().endsWith(over));

    panel.undoStack()->undo();
    QVERIFY(settled(panel));
    QCOMPARE(strip->boundaries(), std::vector<int>{1});
    QVERIFY(panel.memorySummary()->text().startsWith(
        QStringLiteral("Memory: every stage fits its machine's memory")));
    QCOMPARE(cellPixel(strip, 0), ui::StageCellsItem::stageColor(0));
    QCOMPARE(cellPixel(strip, 1), ui::StageCellsItem::stageColor(1));
    QVERIFY(!panel.memoryView()->stages()[0].isOver());

    panel.undoStack()->redo(); // and back, red again
    QVERIFY(settled(panel));
    QCOMPARE(panel.memorySummary()->text(), over);
    QCOMPARE(cellPixel(strip, 1), red);

    panel.setDark(true); // readable on the dark canvas: its own error colour
    QCOMPARE(cellPixel(strip, 1), ui::Theme::darkTheme().canvas.error);
    QCOMPARE(excessPixel(panel.memoryView(), 0), ui::Theme::darkTheme().canvas.error);
}

void TrainingMemoryTest::optimizerChangesMemoryAndUndoes() {
    ui::TrainingPanel panel;
    openPipeline(panel, boundProfile());
    ui::PipelineSettingsBox* box = panel.pipelineSettings();
    QCOMPARE(box->optimizer(), core::OptimizerKind::Sgd);
    box->setOptimizer(core::OptimizerKind::Adam);
    QVERIFY(settled(panel));
    QCOMPARE(panel.document()->pipelineSettings().optimizer, core::OptimizerKind::Adam);
    QCOMPARE(panel.undoStack()->undoText(), QStringLiteral("Optimizer adam"));
    QCOMPARE(panel.memoryView()->stages()[0].memory.optimizerState, 2 * 768 * kMiB);
    QCOMPARE(panel.memoryView()->stages()[0].memory.total(), 3842 * kMiB);
    QCOMPARE(panel.memorySummary()->text(),
             QStringLiteral("Memory: every stage fits its machine's memory (the fullest, stage 0 "
                            "on pi, needs 3.8 GiB of 4.0 GiB)."));

    panel.undoStack()->undo();
    QVERIFY(settled(panel));
    QCOMPARE(box->optimizer(), core::OptimizerKind::Sgd);
    QCOMPARE(panel.document()->pipelineSettings().optimizer, core::OptimizerKind::Sgd);
    QCOMPARE(panel.memoryView()->stages()[0].memory.optimizerState, 0.0);
    QCOMPARE(panel.memoryView()->stages()[0].memory.total(), 2306 * kMiB);
    panel.undoStack()->redo();
    QVERIFY(settled(panel));
    QCOMPARE(box->optimizer(), core::OptimizerKind::Adam);
}

// Recomputation keeps each stage's input per micro-batch in flight plus one micro-batch's
// outputs, and runs the forward pass again: stage 0 keeps 2 × 1 MiB (the model input) + 1 MiB;
// its backward time is 20 + 10 ms.
void TrainingMemoryTest::recomputeChangesMemoryAndBackwardTime() {
    ui::TrainingPanel panel;
    openPipeline(panel, boundProfile());
    QCOMPARE(panel.pipeline()->plan.stages[0].backwardMs, 20.0);
    panel.pipelineSettings()->setRecompute(true);
    QVERIFY(settled(panel));
    QCOMPARE(panel.undoStack()->undoText(), QStringLiteral("Recompute activations"));
    QCOMPARE(panel.pipeline()->plan.stages[0].backwardMs, 30.0);
    QCOMPARE(panel.memoryView()->stages()[0].memory.activations, 3 * kMiB);
    panel.undoStack()->undo();
    QVERIFY(settled(panel));
    QVERIFY(!panel.pipelineSettings()->recompute());
    QCOMPARE(panel.pipeline()->plan.stages[0].backwardMs, 20.0);
    QCOMPARE(panel.memoryView()->stages()[0].memory.activations, 2 * kMiB);
}

// A pi of 2 GiB cannot hold even one layer (2,306 MiB): the window states the core's message.
void TrainingMemoryTest::nothingFitsShowsTheCoreMessage() {
    ui::TrainingPanel panel;
    openPipeline(panel, memoryProfile("2147483648", "17179869184"));
    QVERIFY(!panel.pipeline().has_value());
    QVERIFY2(panel.errorText().startsWith(
                 QStringLiteral("no partition fits the machines' memory; in the partition that "
                                "comes closest")),
             qPrintable(panel.errorText()));
    QVERIFY(panel.memorySummary()->text().isEmpty());
    QVERIFY(!panel.memoryView()->isVisible());
}

void TrainingMemoryTest::unknownCapacitiesAreSaidUnknown() {
    ui::TrainingPanel panel;
    openPipeline(panel, memoryProfile("null", "null"));
    QVERIFY(panel.pipeline().has_value());
    const QString text = panel.memorySummary()->text();
    QVERIFY2(text.startsWith(QStringLiteral("Memory: ")) &&
                 text.contains(QStringLiteral("capacities are unknown")) &&
                 !text.contains(QStringLiteral("fits")) && !text.contains(QStringLiteral("over")),
             qPrintable(text));
    for (const auto& stage : panel.memoryView()->stages())
        QVERIFY(!stage.isOver());
    QCOMPARE(panel.memoryView()->capacityX(0), -1.0);
    // One machine known: only its stage is said to fit; the other's memory is unknown.
    ui::TrainingPanel partly;
    openPipeline(partly, memoryProfile("4294967296", "null"));
    const QString partlyText = partly.memorySummary()->text();
    QVERIFY2(
        partlyText.contains(QStringLiteral("the stages whose machine's memory is known fit")) &&
            partlyText.contains(QStringLiteral("The machine of stage 1 on gpu has no "
                                               "memory_bytes: whether it fits is not known.")),
        qPrintable(partlyText));
}

// HierTrain in the window plans within the profile's memory_bytes, as `train` does: with the Pi 3
// at 3,000,000 bytes (AlexNet's unlimited plan on the HierTrain network puts more on it) the window
// shows the core's plan for that capacity, slower than the unlimited one, and a bar per machine
// against it.
void TrainingMemoryTest::hierTrainKeepsToTheProfileMemory() {
    core::Profile profile =
        *core::loadProfileFile(
             sourcePath("sample_profiles/hiertrain/alexnet-tinyimagenet.json").toStdString())
             .profile;
    const core::Network network =
        *core::loadNetwork(
             sourcePath("sample_profiles/hiertrain/network-hiertrain.json").toStdString())
             .network;
    const int pi = profile.machineIndex("raspi3");
    profile.machines[static_cast<std::size_t>(pi)].memoryBytes.reset();
    const core::TrainingCostModel free(profile, network, core::trainingMachines(profile));
    const double freeMs = core::runIterationPlanner("hiertrain", free, 128).iterationMs();
    profile.machines[static_cast<std::size_t>(pi)].memoryBytes = 3000000.0;
    const core::TrainingCostModel bound(profile, network, core::trainingMachines(profile));
    const double boundMs = core::runIterationPlanner("hiertrain", bound, 128).iterationMs();
    QVERIFY(boundMs > freeMs);

    ui::TrainingPanel panel;
    panel.resize(1280, 800);
    panel.setDocument(profile, network);
    panel.setPlanner("hiertrain");
    panel.setBatch(128);
    QVERIFY(settled(panel));
    QVERIFY2(panel.trainingResult(), qPrintable(panel.errorText()));
    QCOMPARE(panel.trainingResult()->iterationMs(), boundMs);
    const auto& bars = panel.iterationMemoryView()->stages();
    QVERIFY(!bars.empty());
    QCOMPARE(bars.front().name, QStringLiteral("device raspi3"));
    QCOMPARE(bars.front().capacityBytes, 3000000.0);
    QVERIFY(bars.front().memory.total() <= 3000000.0);
    for (const auto& bar : bars)
        QVERIFY2(!bar.isOver(), qPrintable(bar.name));
    QVERIFY(panel.iterationMemoryView()->isVisibleTo(&panel));
    panel.setPlanner("pipeline"); // the Timeline tab then shows no iteration plan, nor its bars
    QVERIFY(settled(panel));
    QVERIFY(!panel.iterationMemoryView()->isVisibleTo(&panel));
}

CUTLAB_TEST_MAIN(TrainingMemoryTest, Gui)
} // namespace tst_training_memory

#include "tst_training_memory.moc"
