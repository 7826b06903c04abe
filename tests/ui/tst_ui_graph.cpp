// The layer graph: no overlapping nodes for any sample profile in either direction, branching
// blocks framed and collapsible, cut points only where the core allows them.
#include "UiTestSupport.h"

#include "ui/Document.h"
#include "ui/graph/BlockFrameItem.h"
#include "ui/graph/EdgeItem.h"
#include "ui/graph/GraphLayout.h"
#include "ui/graph/GraphScene.h"
#include "ui/graph/LayerItem.h"

#include "core/io/ProfileLoader.h"
#include "core/model/ModelStructure.h"

#include <QDirIterator>
#include <QFontMetricsF>
#include <QPainterPathStroker>
#include <QUndoStack>
#include <QtTest>

using namespace cutlab;
using namespace cutlab::ui;

class TestUiGraph : public QObject {
    Q_OBJECT
  private:
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
};

QTEST_MAIN(TestUiGraph)
#include "tst_ui_graph.moc"
