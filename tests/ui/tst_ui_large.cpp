// Large models in the window: the heavy work runs on workers and gives the same answers as the
// work done at once; a newer request replaces an older one; closing never waits for a plan.
#include "../TestMain.h"
#include "UiTestSupport.h"

#include "ui/charts/LayerChartBuilder.h"
#include "ui/document/Document.h"
#include "ui/graph/GraphScene.h"
#include "ui/graph/LayerItem.h"
#include "ui/panels/ChartsPanel.h"
#include "ui/training/TrainingPanel.h"
#include "ui/window/MainWindow.h"
#include "ui/window/PresentationWindow.h"

#include "core/io/PlanFile.h"
#include "core/io/ProfileLoader.h"
#include "core/model/PlanError.h"
#include "core/pipeline/PipelinePlanner.h"
#include "core/planners/InferencePlanner.h"
#include "ui/graph/CutPointItem.h"
#include "ui/graph/EdgeItem.h"

#include <QChart>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_ui_large {

using namespace cutlab;
using namespace cutlab::ui;

class TestUiLarge : public QObject {
    Q_OBJECT
  private:
    static core::Profile parsed(const nlohmann::ordered_json& json) {
        auto loaded = core::parseProfile(json.dump());
        if (!loaded.ok())
            qFatal("generated profile rejected");
        return *loaded.profile;
    }

    static QString writeProfile(const QTemporaryDir& dir, const QString& name,
                                const nlohmann::ordered_json& json) {
        const QString path = dir.filePath(name);
        std::ofstream(path.toStdString()) << json.dump();
        return path;
    }

    static std::optional<core::RankedPlan> bestAtOnce(const core::Profile& profile,
                                                      const core::Network& network) {
        const core::InferenceCostModel model(profile, network);
        core::InferenceQuery query;
        query.top = 1;
        const auto plans = core::runInferencePlanner("scission", model, query);
        if (plans.empty())
            return std::nullopt;
        return plans.front();
    }

    static void compareBest(const std::optional<core::RankedPlan>& got,
                            const std::optional<core::RankedPlan>& expected) {
        QVERIFY(got.has_value());
        QVERIFY(expected.has_value());
        QCOMPARE(got->evaluation.totalMs, expected->evaluation.totalMs);
        const auto a = core::monotonePlacement(got->evaluation),
                   b = core::monotonePlacement(expected->evaluation);
        QVERIFY(a && b);
        QCOMPARE(a->deviceEnd, b->deviceEnd);
        QCOMPARE(a->edgeEnd, b->edgeEnd);
        QCOMPARE(a->machine, b->machine);
    }

  private slots:
    void scissionStopsWhenCancelled() {
        const core::Profile profile = parsed(generatedLinearProfile(400));
        const core::InferenceCostModel model(profile, *core::networkPreset("4g"));
        std::atomic<bool> cancel{true};
        core::InferenceQuery query;
        query.top = 1;
        query.cancel = &cancel;
        QVERIFY(core::runInferencePlanner("scission", model, query).empty());
        cancel = false;
        QCOMPARE(core::runInferencePlanner("scission", model, query).size(), std::size_t(1));
    }

    void pipelinePlannerStopsWhenCancelled() {
        const core::Profile profile = parsed(generatedLinearProfile(300));
        core::PipelineRequest request;
        request.chain = {0, 1, 2};
        std::atomic<bool> cancel{true};
        request.cancel = &cancel;
        try {
            core::planPipeline(profile, *core::networkPreset("4g"), request);
            QFAIL("a cancelled plan returned");
        } catch (const core::PlanError& error) {
            QCOMPARE(QString::fromStdString(error.what()), QStringLiteral("planning cancelled"));
        }
        cancel = false;
        QCOMPARE(core::planPipeline(profile, *core::networkPreset("4g"), request).stages.empty(),
                 false);
    }

    // Opening on a worker adopts the same profile, the same best plan and the same handles as
    // opening at once.
    void backgroundOpenMatchesOpenAtOnce() {
        QTemporaryDir dir;
        const QString path = writeProfile(dir, "chain.json", generatedProfile(300, 7));
        Document atOnce, background;
        QString error;
        QVERIFY(atOnce.openProfile(path, &error));
        QSignalSpy started(&background, &Document::openStarted);
        QSignalSpy changed(&background, &Document::profileChanged);
        background.openProfileInBackground(path);
        QCOMPARE(started.count(), 1);
        QVERIFY(background.isOpening());
        QVERIFY(!background.hasProfile()); // nothing adopted before the worker is done
        QTRY_VERIFY_WITH_TIMEOUT(!background.isOpening(), 20000);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(background.layerCount(), atOnce.layerCount());
        QCOMPARE(background.filePath(), atOnce.filePath());
        compareBest(background.bestPlan(), atOnce.bestPlan());
        QCOMPARE(background.state(), atOnce.state());
        QCOMPARE(background.evaluation().totalMs, atOnce.evaluation().totalMs);
        QVERIFY(!background.isModified());
    }

    void laterOpenReplacesOneUnderWay() {
        QTemporaryDir dir;
        const QString big = writeProfile(dir, "big.json", generatedLinearProfile(3000));
        const QString small = writeProfile(dir, "small.json", generatedProfile(40, 5));
        Document document;
        QSignalSpy changed(&document, &Document::profileChanged);
        document.openProfileInBackground(big);
        document.openProfileInBackground(small);
        QTRY_VERIFY_WITH_TIMEOUT(!document.isOpening(), 30000);
        QTest::qWait(50); // nothing late may arrive
        QCOMPARE(changed.count(), 1);
        QCOMPARE(document.filePath(), QFileInfo(small).absoluteFilePath());
        QCOMPARE(document.layerCount(), 40);
        // and an open at once wins over one still under way
        document.openProfileInBackground(big);
        QString error;
        QVERIFY(document.openProfile(small, &error));
        QTRY_VERIFY_WITH_TIMEOUT(!document.isOpening(), 30000);
        QTest::qWait(50);
        QCOMPARE(document.layerCount(), 40);
    }

    void failedBackgroundOpenKeepsTheDocument() {
        QTemporaryDir dir;
        const QString good = writeProfile(dir, "good.json", generatedProfile(30, 5));
        const QString bad = dir.filePath("bad.json");
        std::ofstream(bad.toStdString())
            << "{\"format\": \"cutlab-profile\", \"version\": 1, \"layers\": [";
        Document document;
        QString error;
        QVERIFY(document.openProfile(good, &error));
        const auto state = document.state();
        QSignalSpy failed(&document, &Document::openFailed);
        document.openProfileInBackground(bad);
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 20000);
        QCOMPARE(failed.first().at(0).toString(), QFileInfo(bad).absoluteFilePath());
        QVERIFY(!failed.first().at(1).toString().isEmpty());
        QCOMPARE(document.layerCount(), 30);
        QCOMPARE(document.state(), state);
    }

    // Above the inline limit the best plan is searched on a worker after every change of the
    // setting; the answer equals the search done at once, and a newer change wins.
    void bestPlanOfALargeSettingComesFromAWorker() {
        Document document;
        document.setInlineSearchLimit(0);
        const core::Profile profile = parsed(generatedProfile(200, 6));
        document.setProfile(profile, "generated");
        QVERIFY(document.isSearchingBestPlan());
        QVERIFY(!document.bestPlan());
        QTRY_VERIFY_WITH_TIMEOUT(!document.isSearchingBestPlan(), 20000);
        compareBest(document.bestPlan(), bestAtOnce(profile, document.network()));

        QSignalSpy plans(&document, &Document::referencePlansChanged);
        document.setNetwork(*core::networkPreset("4g"));
        document.setNetwork(*core::networkPreset("fibre"));
        QVERIFY(!document.bestPlan());
        QTRY_VERIFY_WITH_TIMEOUT(!document.isSearchingBestPlan(), 20000);
        QTest::qWait(50);
        compareBest(document.bestPlan(), bestAtOnce(profile, *core::networkPreset("fibre")));
        // two "searching" announcements and one answer: the 4G search was dropped
        QCOMPARE(plans.count(), 3);

        // a machine change keeps the best plan (it is over every machine) without a new search
        document.setMachine(core::Tier::Cloud, document.state().machines[2]);
        QVERIFY(!document.isSearchingBestPlan());
    }

    // A large model is laid out on a worker, then its graph arrives in slices, each layer once,
    // with every cut point and edge.
    void largeGraphIsBuiltInSlices() {
        const int layers = 2 * GraphScene::kSliceLayers + 123;
        Document document;
        GraphScene scene(&document);
        QSignalSpy rebuilt(&scene, &GraphScene::rebuilt);
        QSignalSpy completed(&scene, &GraphScene::completed);
        // what stands when the layout arrives, read at that moment: under load the event loop of
        // QTRY_* below may run every later slice before it looks
        bool firstBuilt = false, lastBuilt = true, laidOut = false;
        QMetaObject::Connection atRebuild = connect(&scene, &GraphScene::rebuilt, this, [&] {
            laidOut = !scene.isLayingOut();
            firstBuilt = scene.layerItem(0) != nullptr;
            lastBuilt = scene.layerItem(layers - 1) != nullptr;
        });
        document.setProfile(parsed(generatedLinearProfile(layers)), "generated");
        // the layout is not computed on the GUI thread: nothing stands yet
        QVERIFY(scene.isLayingOut());
        QVERIFY(!scene.isComplete());
        QVERIFY(scene.layerItem(0) == nullptr);
        QVERIFY(scene.graphLayout().boundaryCoordinates.empty());
        QCOMPARE(rebuilt.count(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(rebuilt.count(), 1, 20000);
        disconnect(atRebuild);
        QVERIFY(laidOut);
        QVERIFY(firstBuilt);
        QVERIFY(!lastBuilt); // the rest comes in later slices
        QCOMPARE(scene.graphLayout().boundaryCoordinates.size(),
                 static_cast<std::size_t>(document.blockCount() + 1));
        QCOMPARE(scene.itemIndexMethod(), QGraphicsScene::BspTreeIndex);
        QTRY_VERIFY_WITH_TIMEOUT(scene.isComplete(), 20000);
        QCOMPARE(completed.count(), 1);
        int layerItems = 0, cutPoints = 0, edges = 0;
        for (QGraphicsItem* item : scene.items()) {
            layerItems += item->type() == LayerItem::Type;
            cutPoints += item->type() == CutPointItem::Type;
            edges += item->type() == EdgeItem::Type;
        }
        QCOMPARE(layerItems, layers);
        QCOMPARE(cutPoints, document.blockCount() + 1);
        QCOMPARE(edges, layers - 1); // a chain
        for (int i = 0; i < layers; ++i)
            QVERIFY(scene.layerItem(i) && scene.layerItem(i)->layer() == i);
        // items built late still follow the cuts
        QCOMPARE(scene.layerItem(layers - 1)->tier(), document.tierOfLayer(layers - 1));

        // a rebuild while slices are pending starts over cleanly; completeNow finishes at once
        document.setProfile(parsed(generatedLinearProfile(layers)), "again");
        QVERIFY(!scene.isComplete());
        scene.completeNow();
        QVERIFY(scene.isComplete());
        QTest::qWait(50); // the pending slices of the first build add nothing
        layerItems = 0;
        for (QGraphicsItem* item : scene.items())
            layerItems += item->type() == LayerItem::Type;
        QCOMPARE(layerItems, layers);
    }

    // A very large model keeps a spatial index of a depth fixed before its first slice (a depth
    // Qt retunes as items arrive re-indexes them all at once), and finds its items through it.
    void veryLargeGraphKeepsAFixedDepthIndex() {
        const int layers = 5 * GraphScene::kSliceLayers + 1;
        Document document;
        GraphScene scene(&document);
        document.setProfile(parsed(generatedLinearProfile(layers)), "generated");
        QCOMPARE(scene.itemIndexMethod(), QGraphicsScene::BspTreeIndex);
        const int depth = GraphScene::bspTreeDepthFor(layers);
        QVERIFY(depth >= 10 && depth <= GraphScene::kMaxBspDepth);
        QCOMPARE(scene.bspTreeDepth(), depth);
        QCOMPARE(GraphScene::bspTreeDepthFor(50000), GraphScene::kMaxBspDepth);
        QCOMPARE(GraphScene::bspTreeDepthFor(GraphScene::kSliceLayers), 0);
        scene.completeNow(); // lays out at once too
        QVERIFY(!scene.isLayingOut());
        QVERIFY(scene.isComplete());
        QCOMPARE(scene.bspTreeDepth(), depth);
        for (int layer : {0, layers / 2, layers - 1}) {
            LayerItem* item = scene.layerItem(layer);
            QVERIFY(item != nullptr);
            const QList<QGraphicsItem*> found = scene.items(item->sceneBoundingRect().center());
            QVERIFY2(found.contains(item), qPrintable(QString::number(layer)));
        }
    }

    // A small model keeps the spatial index and is built at once.
    void smallGraphIsBuiltAtOnce() {
        Document document;
        GraphScene scene(&document);
        document.setProfile(parsed(generatedLinearProfile(500)), "generated");
        QVERIFY(scene.isComplete());
        QCOMPARE(scene.itemIndexMethod(), QGraphicsScene::BspTreeIndex);
    }

    // Beyond 2,000 layers a line keeps each bucket's smallest and largest value: the peaks and
    // the axes' ranges are those of every layer.
    void longPerLayerChartKeepsItsPeaks() {
        nlohmann::ordered_json json = generatedLinearProfile(6000);
        json["layers"][4321]["output_bytes"] = 9e9;
        json["layers"][17]["output_bytes"] = 1;
        const core::Profile profile = parsed(json);
        QChart* chart = LayerChartBuilder::build(profile, {0, 0}, QStringLiteral("t"));
        QLineSeries* bytes = nullptr;
        for (auto* series : chart->series())
            if (series->name() == QStringLiteral("output size"))
                bytes = static_cast<QLineSeries*>(series);
        QVERIFY(bytes);
        QVERIFY(bytes->count() <= 2000);
        QVERIFY(bytes->count() >= 1000);
        bool peak = false, trough = false;
        double lastX = -1;
        for (const QPointF& p : bytes->points()) {
            peak = peak || (p.x() == 4321 && p.y() == 9e9);
            trough = trough || (p.x() == 17 && p.y() == 1);
            QVERIFY(p.x() > lastX); // in layer order
            lastX = p.x();
        }
        QVERIFY(peak);
        QVERIFY(trough);
        delete chart;
    }

    // The window opens a large file on a worker and reports the outcome when it is known.
    void windowOpensALargeFileInTheBackground() {
        QTemporaryDir dir;
        const QString path = writeProfile(dir, "large.json", generatedLinearProfile(6000));
        QVERIFY(QFileInfo(path).size() > FileActions::kBackgroundOpenBytes);
        MainWindow window;
        window.setPersistent(false);
        QStringList messages;
        window.setMessageSink([&](const QString& title, const QString&) { messages << title; });
        QVERIFY(window.files()->openProfile(path));
        QVERIFY(window.document()->isOpening());
        QVERIFY(window.files()->waitForOpen());
        QCOMPARE(window.document()->layerCount(), 6000);
        QVERIFY(window.recentFiles().contains(QFileInfo(path).absoluteFilePath()) ||
                window.recentFiles().contains(path));
        QVERIFY(messages.isEmpty());

        const QString broken = dir.filePath("broken.json");
        {
            std::ofstream out(broken.toStdString());
            out << generatedLinearProfile(6000).dump();
            out << "trailing";
        }
        QVERIFY(window.files()->openProfile(broken));
        QVERIFY(!window.files()->waitForOpen());
        QCOMPARE(messages, QStringList{QStringLiteral("Cannot open broken.json")});
        QCOMPARE(window.document()->layerCount(), 6000); // the open document stays
    }

    // Closing the window while a pipeline of a huge model is being planned returns at once.
    // Without the cancel flag the plan would take minutes: the test's time limit (90 s, in
    // CMakeLists.txt) turns such a wait into a failure.
    void closingDuringALongPipelinePlanDoesNotWait() {
        auto window = std::make_unique<MainWindow>();
        window->setPersistent(false);
        window->setUnsavedQuestion([](const QString&) { return QMessageBox::Discard; });
        window->document()->setProfile(parsed(generatedLinearProfile(30000)), "huge");
        window->setMode(MainWindow::Mode::Training);
        QTRY_VERIFY_WITH_TIMEOUT(window->training()->isPlanning(), 5000);
        window.reset();
    }
};

CUTLAB_TEST_MAIN(TestUiLarge, Gui)
} // namespace tst_ui_large

#include "tst_ui_large.moc"
