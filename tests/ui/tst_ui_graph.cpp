// The layer graph: no overlapping nodes for any sample profile in either direction, branching
// blocks framed and collapsible, cut points only where the core allows them.
#include "../TestMain.h"
#include "UiTestSupport.h"

#include "ui/charts/Format.h"
#include "ui/document/Document.h"
#include "ui/graph/BlockFrameItem.h"
#include "ui/graph/CutMarkerItem.h"
#include "ui/graph/EdgeItem.h"
#include "ui/graph/GraphLayout.h"
#include "ui/graph/GraphScene.h"
#include "ui/graph/GraphView.h"
#include "ui/graph/LayerItem.h"
#include "ui/graph/OverviewStrip.h"
#include "ui/panels/GraphPanel.h"

#include "core/io/ProfileLoader.h"
#include "core/model/ModelStructure.h"

#include <QDirIterator>
#include <QFontMetricsF>
#include <QMouseEvent>
#include <QPainterPathStroker>
#include <QUndoStack>
#include <QtTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_ui_graph {

using namespace cutlab;
using namespace cutlab::ui;

class TestUiGraph : public QObject {
    Q_OBJECT
  private:
    static void sendMouse(QWidget* widget, QEvent::Type type, QPoint at, Qt::MouseButtons buttons) {
        QMouseEvent event(type, QPointF(at), widget->mapToGlobal(QPointF(at)), Qt::LeftButton,
                          buttons, Qt::NoModifier);
        QApplication::sendEvent(widget, &event);
    }

    // Presses at `from`, moves there in steps with the button held, releases at `to`.
    static void drag(QWidget* widget, QPoint from, QPoint to) {
        sendMouse(widget, QEvent::MouseButtonPress, from, Qt::LeftButton);
        for (int i = 1; i <= 8; ++i)
            sendMouse(widget, QEvent::MouseMove, from + (to - from) * i / 8, Qt::LeftButton);
        sendMouse(widget, QEvent::MouseButtonRelease, to, Qt::NoButton);
    }

    static bool openVgg19(Document& document) {
        QString error;
        return document.openProfile(uiSourcePath("sample_profiles/scission/vgg19.json"), &error);
    }

    // Both boundaries' scene coordinates lie within the view's visible part (main axis).
    static bool boundariesVisible(const GraphScene& scene, GraphView* view, int a, int b) {
        const auto& coordinates = scene.graphLayout().boundaryCoordinates;
        const QRectF visible = view->visibleSceneRect();
        for (int boundary : {a, b}) {
            const double c = coordinates[static_cast<std::size_t>(boundary)];
            if (c < visible.left() || c > visible.right())
                return false;
        }
        return true;
    }

    static void checkNoOverlap(const core::Profile& profile, bool topToBottom,
                               std::vector<bool> collapsed = {}) {
        const auto structure = core::analyseStructure(profile);
        GraphLayout::Options options;
        options.topToBottom = topToBottom;
        options.collapsed = collapsed;
        const GraphLayout layout = GraphLayout::compute(profile, structure, options);
        std::vector<QRectF> rects;
        for (std::size_t i = 0; i < profile.layers.size(); ++i) {
            const QRectF r = layout.layerRects[i];
            const int block = structure.blockOfLayer[i];
            if (layout.blockCollapsed[static_cast<std::size_t>(block)]) {
                QVERIFY(r.isNull());
                continue;
            }
            QVERIFY(!r.isNull());
            rects.push_back(r);
        }
        for (std::size_t b = 0; b < structure.blocks.size(); ++b)
            if (layout.blockCollapsed[b])
                rects.push_back(layout.blockRects[b]);
        // sort along the main axis and check neighbours within reach
        std::sort(rects.begin(), rects.end(), [&](const QRectF& a, const QRectF& b) {
            return topToBottom ? a.top() < b.top() : a.left() < b.left();
        });
        for (std::size_t i = 0; i < rects.size(); ++i)
            for (std::size_t j = i + 1; j < rects.size(); ++j) {
                if ((topToBottom ? rects[j].top() > rects[i].bottom()
                                 : rects[j].left() > rects[i].right()))
                    break;
                QVERIFY2(!rects[i].intersects(rects[j]), "two nodes overlap");
            }
        // cut points strictly between consecutive blocks, in order
        QCOMPARE(layout.boundaryCoordinates.size(), structure.blocks.size() + 1);
        for (std::size_t b = 0; b + 1 < layout.boundaryCoordinates.size(); ++b)
            QVERIFY(layout.boundaryCoordinates[b] < layout.boundaryCoordinates[b + 1]);
        for (std::size_t i = 0; i < profile.layers.size(); ++i) {
            if (layout.layerRects[i].isNull())
                continue;
            const int block = structure.blockOfLayer[i];
            const QRectF r = layout.layerRects[i];
            const double lo = topToBottom ? r.top() : r.left(),
                         hi = topToBottom ? r.bottom() : r.right();
            QVERIFY(layout.boundaryCoordinates[static_cast<std::size_t>(block)] < lo);
            QVERIFY(layout.boundaryCoordinates[static_cast<std::size_t>(block) + 1] > hi);
        }
    }

  private slots:
    void everySampleLaysOutWithoutOverlap_data() {
        QTest::addColumn<QString>("path");
        QDirIterator it(uiSourcePath("sample_profiles"), {"*.json"}, QDir::Files,
                        QDirIterator::Subdirectories);
        int count = 0;
        while (it.hasNext()) {
            const QString path = it.next();
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly) || !file.read(400).contains("cutlab-profile"))
                continue;
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
            ++count;
        }
        QVERIFY(count >= 10);
    }

    void everySampleLaysOutWithoutOverlap() {
        QFETCH(QString, path);
        auto loaded = core::loadProfileFile(path.toStdString());
        QVERIFY(loaded.ok());
        checkNoOverlap(*loaded.profile, false);
        checkNoOverlap(*loaded.profile, true);
        const auto blocks = core::analyseStructure(*loaded.profile).blocks.size();
        checkNoOverlap(*loaded.profile, false, std::vector<bool>(blocks, true));
    }

    void generatedBranchingProfile() {
        const auto json = generatedProfile(300, 10);
        auto loaded = core::parseProfile(json.dump());
        QVERIFY(loaded.ok());
        const auto structure = core::analyseStructure(*loaded.profile);
        int framed = 0;
        for (const auto& block : structure.blocks)
            framed += block.last > block.first;
        QVERIFY(framed >= 10); // residual and inception blocks
        checkNoOverlap(*loaded.profile, false);
        checkNoOverlap(*loaded.profile, true);
        std::vector<bool> some(structure.blocks.size(), false);
        for (std::size_t b = 0; b < some.size(); b += 3)
            some[b] = true;
        checkNoOverlap(*loaded.profile, false, some);
    }

    void sceneFramesAndCollapsesBlocks() {
        Document document;
        auto loaded = core::parseProfile(generatedProfile(60, 10).dump());
        QVERIFY(loaded.ok());
        GraphScene scene(&document);
        document.setProfile(*loaded.profile, "generated");
        const auto& structure = document.structure();
        int frames = 0, firstFramed = -1;
        for (QGraphicsItem* item : scene.items())
            if (item->type() == BlockFrameItem::Type) {
                ++frames;
                auto* frame = static_cast<BlockFrameItem*>(item);
                const auto block = structure.blocks[static_cast<std::size_t>(frame->block())];
                QVERIFY(block.last > block.first);
                if (firstFramed < 0 || frame->block() < firstFramed)
                    firstFramed = frame->block();
                // the frame holds its layers
                for (int i = block.first; i <= block.last; ++i)
                    QVERIFY(frame->boundingRect().contains(scene.layerItem(i)->boundingRect()));
            }
        QVERIFY(frames >= 4);
        const int layerItems = [&] {
            int n = 0;
            for (QGraphicsItem* item : scene.items())
                n += item->type() == LayerItem::Type;
            return n;
        }();
        QCOMPARE(layerItems, document.layerCount());
        scene.setBlockCollapsed(firstFramed, true);
        const auto block = structure.blocks[static_cast<std::size_t>(firstFramed)];
        QVERIFY(scene.layerItem(block.first) == nullptr);
        int after = 0;
        for (QGraphicsItem* item : scene.items())
            after += item->type() == LayerItem::Type;
        QCOMPARE(after, document.layerCount() - (block.last - block.first + 1));
        // tier colours follow the cuts
        document.applyState({1, 2, document.state().machines});
        QCOMPARE(scene.layerItem(0)->tier(), core::Tier::Device);
        QCOMPARE(scene.layerItem(document.boundaryLayer(2))->tier(), core::Tier::Cloud);
        // search finds a layer inside a collapsed block through the profile
        const QString hidden = QString::fromStdString(
            document.profile().layers[static_cast<std::size_t>(block.first)].id);
        QCOMPARE(scene.highlightMatches(hidden), block.first);
    }

    // A skip connection never runs through a block's title: it bows into the edge lane, which
    // the title leaves free in both directions; an edge that does pass under a title (entering
    // the block straight) is hidden by the title's opaque label, drawn above the edges. The
    // title is never clipped, even where it is wider than its frame.
    void skipConnectionsLeaveTitlesReadable_data() {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<bool>("topToBottom");
        for (const char* path : {"sample_profiles/handmade/tiny-residual.json",
                                 "sample_profiles/pipedream/resnet18.json"})
            for (bool topToBottom : {false, true})
                QTest::addRow("%s %s", path, topToBottom ? "top-to-bottom" : "left-to-right")
                    << QString(path) << topToBottom;
    }
    void skipConnectionsLeaveTitlesReadable() {
        QFETCH(QString, profile);
        QFETCH(bool, topToBottom);
        Document document;
        QString error;
        QVERIFY2(document.openProfile(uiSourcePath(profile), &error), qPrintable(error));
        GraphScene scene(&document);
        scene.setTopToBottom(topToBottom);
        scene.completeNow();
        std::vector<const EdgeItem*> edges;
        std::vector<const BlockFrameItem*> frames;
        for (QGraphicsItem* item : scene.items()) {
            if (item->type() == EdgeItem::Type)
                edges.push_back(static_cast<const EdgeItem*>(item));
            else if (item->type() == BlockFrameItem::Type &&
                     !static_cast<BlockFrameItem*>(item)->isCollapsed())
                frames.push_back(static_cast<const BlockFrameItem*>(item));
        }
        QVERIFY(!frames.empty());
        int bows = 0;
        QPainterPathStroker pen;
        pen.setWidth(1.3); // as painted
        for (const EdgeItem* edge : edges) {
            const QPainterPath line = pen.createStroke(edge->path()); // the line, not its hull
            const bool bowed = edge->jumps();
            bows += bowed;
            for (const BlockFrameItem* frame : frames) {
                const QRectF title = frame->mapRectToScene(frame->titleRect());
                if (!line.intersects(title))
                    continue;
                QVERIFY2(!bowed, qPrintable(QStringLiteral("a skip connection crosses the title "
                                                           "of block %1")
                                                .arg(frame->block() + 1)));
                QVERIFY(frame->zValue() > edge->zValue()); // the label hides the straight edge
            }
        }
        QVERIFY(bows >= 1); // the residual connections are there
        for (const BlockFrameItem* frame : frames) {
            QFont font;
            font.setPointSizeF(8.5);
            font.setBold(true);
            QVERIFY(frame->titleRect().width() >=
                    QFontMetricsF(font).horizontalAdvance(frame->titleText()));
            QVERIFY(frame->boundingRect().contains(frame->titleRect()));
        }
    }

    // One rule moves a handle: the other one is pushed along, never crossed; a drag step is
    // live (no undo step), a keyboard step is one undo step.
    void movingAHandlePushesTheOtherAlong() {
        Document document;
        auto loaded = core::parseProfile(generatedProfile(60, 10).dump());
        QVERIFY(loaded.ok());
        document.setProfile(*loaded.profile, "generated");
        const int undo = document.undoStack()->count();
        document.moveCut(CutHandle::DeviceEdge, 2);
        document.moveCut(CutHandle::EdgeCloud, 5);
        QCOMPARE(document.state().deviceBoundary, 2);
        QCOMPARE(document.state().edgeBoundary, 5);
        document.moveCut(CutHandle::EdgeCloud, 1); // passes the device|edge handle: pushes it
        QCOMPARE(document.state().deviceBoundary, 1);
        QCOMPARE(document.state().edgeBoundary, 1);
        document.moveCut(CutHandle::DeviceEdge, 7);
        QCOMPARE(document.state().edgeBoundary, 7);
        QCOMPARE(document.undoStack()->count(), undo);
        document.moveCut(CutHandle::EdgeCloud, 100000); // clamped to the model
        QCOMPARE(document.state().edgeBoundary, document.blockCount());
        document.stepCut(CutHandle::EdgeCloud, -1);
        QCOMPARE(document.state().edgeBoundary, document.blockCount() - 1);
        QCOMPARE(document.undoStack()->count(), undo + 1);
        document.undoStack()->undo();
        QCOMPARE(document.state().edgeBoundary, document.blockCount());
    }

    // The overview strip: a bar per layer of VGG19, each in the colour of the tier that runs it
    // under the document's plan, as painted; the colours follow the cuts.
    void overviewShowsEveryLayerInItsTierColour() {
        Document document;
        QVERIFY(openVgg19(document));
        GraphScene scene(&document);
        GraphPanel panel(&document, &scene);
        panel.resize(1100, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        OverviewStrip* strip = panel.overview();
        QVERIFY(strip->isVisible());
        QVERIFY(strip->y() > panel.view()->y()); // under the graph
        QCOMPARE(strip->barCount(), document.layerCount());
        for (const PartitionState& state : {PartitionState{3, 9, document.state().machines},
                                            PartitionState{0, 14, document.state().machines}}) {
            document.applyState(state);
            const QImage image = strip->grab().toImage();
            const QRectF window = strip->visibleWindow();
            int checked = 0;
            for (int bar = 0; bar < strip->barCount(); ++bar) {
                QCOMPARE(strip->barLayers(bar), std::make_pair(bar, bar + 1));
                const QColor expected = Format::tierColor(document.tierOfLayer(bar));
                QCOMPARE(strip->barColor(bar), expected);
                // read the painted pixel at the foot of the bar, away from the frame and handles
                const QRectF slot = strip->barRect(bar);
                const int x = static_cast<int>(slot.center().x());
                if (window.adjusted(-2, 0, 2, 0).contains(x, window.center().y()) ||
                    std::abs(x - strip->xOfBoundary(state.deviceBoundary)) < 8 ||
                    std::abs(x - strip->xOfBoundary(state.edgeBoundary)) < 8)
                    continue;
                QCOMPARE(image.pixelColor(x, static_cast<int>(slot.bottom()) - 2).rgb(),
                         expected.rgb());
                ++checked;
            }
            QVERIFY(checked >= document.layerCount() / 2);
        }
    }

    // 5,000 layers: buckets of neighbouring layers, never more bars than pixels, covering every
    // layer once; no widget or scene item per layer.
    void overviewOfALargeModelDrawsBuckets() {
        Document document;
        auto loaded = core::parseProfile(generatedLinearProfile(5000).dump());
        QVERIFY(loaded.ok());
        document.setProfile(*loaded.profile, "linear-5000");
        GraphScene scene(&document);
        GraphPanel panel(&document, &scene);
        panel.resize(900, 500);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QTRY_VERIFY_WITH_TIMEOUT(!scene.isLayingOut(), 20000); // laid out on a worker
        OverviewStrip* strip = panel.overview();
        QVERIFY(strip->barCount() > 100);
        QVERIFY(strip->barCount() <= strip->width());
        int next = 0;
        for (int bar = 0; bar < strip->barCount(); ++bar) {
            const auto [first, last] = strip->barLayers(bar);
            QCOMPARE(first, next);
            QVERIFY(last > first);
            next = last;
            QCOMPARE(strip->barColor(bar), Format::tierColor(document.tierOfLayer(first)));
        }
        QCOMPARE(next, 5000);
        QVERIFY(strip->findChildren<QWidget*>().isEmpty());
        QVERIFY(!strip->grab().isNull());
        // dragging still lands on valid cuts
        const int before = document.state().edgeBoundary;
        const int target = document.blockCount() / 2;
        const int y = strip->height() / 2;
        drag(strip, QPoint(qRound(strip->xOfBoundary(before)), y),
             QPoint(qRound(strip->xOfBoundary(target)), y));
        QVERIFY(std::abs(document.state().edgeBoundary - target) <= 2);
        // a plan with its handles thousands of layers apart: the device|edge handle comes into
        // view (both cannot at any zoom)
        panel.view()->setZoom(0.8);
        document.changeState({1200, 3400, document.state().machines}, "Apply plan #1");
        const double cut = scene.graphLayout().boundaryCoordinates[1200];
        const QRectF visible = panel.view()->visibleSceneRect();
        QVERIFY(visible.left() <= cut && cut <= visible.right());
        QCOMPARE(panel.view()->zoom(), 0.8);
    }

    // Dragging a handle on the strip moves the document's cut live, records one undo step on
    // release, and that step restores it.
    void draggingAHandleOnTheOverviewMovesTheCut() {
        Document document;
        QVERIFY(openVgg19(document));
        GraphScene scene(&document);
        GraphPanel panel(&document, &scene);
        panel.resize(1100, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        document.changeState({2, 8, document.state().machines}, "set up");
        OverviewStrip* strip = panel.overview();
        const int undo = document.undoStack()->index();
        const int y = strip->height() / 2;
        const QPoint from(qRound(strip->xOfBoundary(2)), y), to(qRound(strip->xOfBoundary(5)), y);
        sendMouse(strip, QEvent::MouseButtonPress, from, Qt::LeftButton);
        sendMouse(strip, QEvent::MouseMove, (from + to) / 2, Qt::LeftButton);
        sendMouse(strip, QEvent::MouseMove, to, Qt::LeftButton);
        QCOMPARE(document.state().deviceBoundary, 5); // live while dragging
        QCOMPARE(document.undoStack()->index(), undo);
        sendMouse(strip, QEvent::MouseButtonRelease, to, Qt::NoButton);
        QCOMPARE(document.state().deviceBoundary, 5);
        QCOMPARE(document.state().edgeBoundary, 8);
        QCOMPARE(document.undoStack()->index(), undo + 1);
        // the scene's handle followed
        QCOMPARE(scene.layerItem(4)->tier(), core::Tier::Device);
        document.undoStack()->undo();
        QCOMPARE(document.state().deviceBoundary, 2);
        // the edge|cloud handle, dragged past the other, pushes it along
        drag(strip, QPoint(qRound(strip->xOfBoundary(8)), y),
             QPoint(qRound(strip->xOfBoundary(1)), y));
        QCOMPARE(document.state().edgeBoundary, 1);
        QCOMPARE(document.state().deviceBoundary, 1);
        QCOMPARE(document.undoStack()->index(), undo + 1);
        document.undoStack()->undo();
        QCOMPARE(document.state(), (PartitionState{2, 8, document.state().machines}));
    }

    // Pressing the strip away from the handles scrolls the graph to that layer, and the strip
    // frames the part now in view.
    void clickingTheOverviewScrollsTheGraph() {
        Document document;
        QVERIFY(openVgg19(document));
        GraphScene scene(&document);
        GraphPanel panel(&document, &scene);
        panel.resize(1100, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        document.changeState({1, 2, document.state().machines}, "set up");
        GraphView* view = panel.view();
        view->setZoom(0.9);
        view->centerOn(scene.layerItem(0));
        OverviewStrip* strip = panel.overview();
        for (int layer : {20, 11, 23}) {
            const QPointF centre = scene.layerItem(layer)->sceneBoundingRect().center();
            const int x = qRound(strip->xOfLayerPosition(layer + 0.5));
            QTest::mouseClick(strip, Qt::LeftButton, {}, QPoint(x, strip->height() / 2));
            QVERIFY2(view->visibleSceneRect().contains(centre), qPrintable(QString::number(layer)));
            QVERIFY(strip->visibleWindow().contains(QPointF(x, strip->height() / 2)));
        }
        // dragging along the strip pans with it
        const int y = strip->height() / 2;
        drag(strip, QPoint(qRound(strip->xOfLayerPosition(12.5)), y),
             QPoint(qRound(strip->xOfLayerPosition(6.5)), y));
        QVERIFY(
            view->visibleSceneRect().contains(scene.layerItem(6)->sceneBoundingRect().center()));
    }

    // A model too long to fit opens at the zoom where every node still shows its name: more
    // layers in view than at full detail, each with its name drawn, and the cut grips at a size
    // one can read and grab.
    void aLongModelOpensOnAReadableFit() {
        Document document;
        QVERIFY(openVgg19(document));
        GraphScene scene(&document);
        GraphPanel panel(&document, &scene);
        panel.resize(600, 420); // the graph's share of a 1280x800 window
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        GraphView* view = panel.view();
        QCOMPARE(view->zoom(), GraphView::kReadableZoom);
        QVERIFY(GraphView::kReadableZoom >= LayerItem::kCompactZoom);
        const QRectF visible = view->visibleSceneRect();
        int whole = 0;
        for (int layer = 0; layer < document.layerCount(); ++layer)
            if (visible.contains(scene.layerItem(layer)->sceneBoundingRect()))
                ++whole;
        QVERIFY2(whole >= 5, qPrintable(QString::number(whole)));
        QVERIFY(visible.contains(scene.layerItem(0)->sceneBoundingRect()));
        // each node in view has its name drawn: dark text pixels inside its light box
        const QImage image = view->viewport()->grab().toImage();
        for (int layer = 0; layer < whole; ++layer) {
            const QRect box = view->mapFromScene(scene.layerItem(layer)->sceneBoundingRect())
                                  .boundingRect()
                                  .adjusted(10, 5, -5, -5);
            int dark = 0;
            for (int y = box.top(); y <= box.bottom(); ++y)
                for (int x = box.left(); x <= box.right(); ++x)
                    if (image.rect().contains(x, y) && QColor(image.pixel(x, y)).lightness() < 110)
                        ++dark;
            QVERIFY2(dark >= 8, qPrintable(QStringLiteral("layer %1: %2").arg(layer).arg(dark)));
        }
        // the device|edge grip: whole in view and as wide on screen as at full detail
        CutMarkerItem* marker = scene.marker(CutHandle::DeviceEdge);
        const QRect grip = view->mapFromScene(marker->sceneBoundingRect()).boundingRect();
        QVERIFY(view->viewport()->rect().contains(grip));
        QVERIFY2(grip.width() >= 80, qPrintable(QString::number(grip.width())));
        // back at full zoom the grip is its natural size again
        view->setZoom(1.0);
        QVERIFY(view->mapFromScene(marker->sceneBoundingRect()).boundingRect().width() < 120);
    }

    // A long model whose cuts lie beyond the first screen opens scrolled to them, still at the
    // readable zoom.
    void aLongModelOpensWithItsCutsInView() {
        Document document;
        auto loaded = core::parseProfile(generatedLinearProfile(400).dump());
        QVERIFY(loaded.ok());
        document.setProfile(*loaded.profile, "linear-400");
        document.changeState({40, 44, document.state().machines}, "a plan deep in the model");
        GraphScene scene(&document);
        GraphPanel panel(&document, &scene);
        panel.resize(600, 420);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QCOMPARE(panel.view()->zoom(), GraphView::kReadableZoom);
        QVERIFY(boundariesVisible(scene, panel.view(), 40, 44));
        QVERIFY(!boundariesVisible(scene, panel.view(), 0, 0));
    }

    // Applying a plan whose handles are off-screen scrolls them into view (a planner row, the
    // best plan, undo); a drag never moves the view.
    void applyingAPlanBringsItsHandlesIntoView() {
        Document document;
        QVERIFY(openVgg19(document));
        GraphScene scene(&document);
        GraphPanel panel(&document, &scene);
        panel.resize(900, 500);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const int blocks = document.blockCount();
        document.changeState({1, 2, document.state().machines}, "set up");
        GraphView* view = panel.view();
        view->setZoom(0.9);
        view->centerOn(scene.layerItem(0));
        QVERIFY(boundariesVisible(scene, view, 1, 2));
        QVERIFY(!boundariesVisible(scene, view, blocks - 2, blocks - 1));
        core::TierPlacement placement = document.placement();
        placement.deviceEnd = document.boundaryLayer(blocks - 2);
        placement.edgeEnd = document.boundaryLayer(blocks - 1);
        QVERIFY(document.applyPlacement(placement, "Apply plan #1"));
        QVERIFY(boundariesVisible(scene, view, blocks - 2, blocks - 1));
        QCOMPARE(view->zoom(), 0.9); // they fit: scrolled, not zoomed
        // scrolled away and the same plan applied again (no undo step): back in view
        view->centerOn(scene.layerItem(0));
        QVERIFY(!boundariesVisible(scene, view, blocks - 2, blocks - 1));
        const int steps = document.undoStack()->count();
        QVERIFY(document.applyPlacement(placement, "Apply plan #1"));
        QCOMPARE(document.undoStack()->count(), steps);
        QVERIFY(boundariesVisible(scene, view, blocks - 2, blocks - 1));
        document.undoStack()->undo();
        QVERIFY(boundariesVisible(scene, view, 1, 2));
        // handles too far apart for the view: zoomed out until both fit
        document.changeState({0, blocks, document.state().machines}, "Apply plan #2");
        QVERIFY(boundariesVisible(scene, view, 0, blocks));
        QVERIFY(view->zoom() < 0.9);
        // a drag on the strip leaves the view where it is
        view->setZoom(0.9);
        view->centerOn(scene.layerItem(0));
        const QRectF before = view->visibleSceneRect();
        OverviewStrip* strip = panel.overview();
        const int y = strip->height() / 2;
        drag(strip, QPoint(qRound(strip->xOfBoundary(blocks)), y),
             QPoint(qRound(strip->xOfBoundary(blocks - 3)), y));
        QCOMPARE(document.state().edgeBoundary, blocks - 3);
        QCOMPARE(view->visibleSceneRect(), before);
    }
};

CUTLAB_TEST_MAIN(TestUiGraph, Gui)
} // namespace tst_ui_graph

#include "tst_ui_graph.moc"
