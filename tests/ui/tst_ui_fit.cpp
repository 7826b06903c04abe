// Fit shows the whole model with readable text (summary boxes for long models), and no node is
// ever an empty box at the zooms Fit and Fit Legibly choose. "Readable": every line of text
// drawn is at least kReadablePixels tall on screen (its font's line height through the view's
// transform), checked for every item in view, and the summary boxes' text read from pixels.
#include "../TestMain.h"
#include "UiTestSupport.h"
#include "WindowFixture.h"

#include "ui/charts/Theme.h"
#include "ui/document/Document.h"
#include "ui/graph/BlockFrameItem.h"
#include "ui/graph/BoxLabel.h"
#include "ui/graph/CutMarkerItem.h"
#include "ui/graph/CutPointItem.h"
#include "ui/graph/GraphScene.h"
#include "ui/graph/GraphView.h"
#include "ui/graph/LayerItem.h"
#include "ui/graph/SummaryItem.h"
#include "ui/panels/GraphPanel.h"
#include "ui/window/FileActions.h"

#include "core/io/ProfileLoader.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_ui_fit {

using namespace cutlab::ui;

namespace {

constexpr double kReadablePixels = 9;

QString vgg19() {
    return uiSourcePath("sample_profiles/scission/vgg19.json");
}

// A 5,000-layer branching model written to `folder`: a residual block every `every` layers.
QString branching5000(const QTemporaryDir& folder, int every = 10) {
    const QString path = folder.filePath("branching-5000.json");
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(QByteArray::fromStdString(generatedProfile(5000, every).dump()));
    return path;
}

// Presses a shortcut on the graph and waits until the scene stands complete and unchanged
// (a summarised fit rebuilds the scene once more after a resize settles).
void pressOnGraph(MainWindow* window, Qt::Key key, Qt::KeyboardModifiers modifiers) {
    // a large profile is read on a worker: the model must be there before the key
    QTRY_VERIFY_WITH_TIMEOUT(window->document()->hasProfile(), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(window->scene()->isComplete(), 20000);
    GraphView* view = window->graphPanel()->view();
    view->setFocus();
    QTest::keyClick(view, key, modifiers);
    QTRY_VERIFY_WITH_TIMEOUT(window->scene()->isComplete(), 20000);
    QTest::qWait(300); // longer than the regroup delay
    QTRY_VERIFY_WITH_TIMEOUT(window->scene()->isComplete(), 20000);
}

// What a reader finds wrong with the text of the items on screen (empty: nothing).
QStringList unreadableItems(GraphView* view) {
    const double lod = view->zoom();
    QStringList problems;
    for (QGraphicsItem* item : view->items(view->viewport()->rect())) {
        double pixels = -1; // -1: an item without text
        bool mustShowText = false;
        if (item->type() == LayerItem::Type) {
            pixels = LayerItem::renderedTextPixels(lod);
            mustShowText = true;
        } else if (item->type() == SummaryItem::Type) {
            pixels = static_cast<SummaryItem*>(item)->renderedTextPixels(lod);
            mustShowText = true;
            if (BoxLabel::linesThatFit(item->boundingRect().height() - 4, lod) < 2)
                problems << "summary without its layer count and time";
        } else if (item->type() == BlockFrameItem::Type) {
            auto* frame = static_cast<BlockFrameItem*>(item);
            pixels = frame->renderedTextPixels(lod);
            mustShowText = frame->isCollapsed();
        } else if (item->type() == CutPointItem::Type) {
            pixels = CutPointItem::renderedTextPixels(lod);
        }
        if (pixels < 0)
            continue;
        if (mustShowText && pixels == 0)
            problems << QStringLiteral("empty box (type %1)").arg(item->type());
        else if (pixels > 0 && pixels < kReadablePixels)
            problems << QStringLiteral("text %1 px (type %2)").arg(pixels).arg(item->type());
    }
    return problems;
}

// Pixels of the node text colour inside an item's box on screen.
int textPixelsOnScreen(GraphView* view, QGraphicsItem* item, const QColor& text) {
    const QRect box = view->mapFromScene(item->sceneBoundingRect()).boundingRect();
    const QImage image = view->viewport()->grab(box).toImage();
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - text.red()) + std::abs(c.green() - text.green()) +
                    std::abs(c.blue() - text.blue()) <
                90)
                ++count;
        }
    return count;
}

} // namespace

class TestFit : public QObject {
    Q_OBJECT
  private slots:
    void summaryRangesShareTheLayersOut();
    void fitShowsTheWholeModelReadably_data();
    void fitShowsTheWholeModelReadably();
    void clickingASummaryOpensIt();
    void aCutInsideASummaryIsDrawnInsideIt();
    void legibleFitNeverShowsEmptyBoxes();
    void fitWorksTopToBottom();
};

void TestFit::summaryRangesShareTheLayersOut() {
    // a chain of 6 single-layer blocks in 3 boxes: two layers each
    auto chain = cutlab::core::parseProfile(generatedLinearProfile(6).dump());
    QVERIFY(chain.profile);
    Document document;
    document.setProfile(*chain.profile, "chain-6");
    const auto three = GraphScene::summaryRanges(document.structure(), 3);
    QCOMPARE(three, (std::vector<std::pair<int, int>>{{0, 1}, {2, 3}, {4, 5}}));
    // more boxes than blocks: single layers stay nodes, nothing is summarised
    QVERIFY(GraphScene::summaryRanges(document.structure(), 8).empty());

    // 5,000 branching layers in 7 boxes: consecutive, every block once, about equal shares
    auto large = cutlab::core::parseProfile(generatedProfile(5000).dump());
    QVERIFY(large.profile);
    document.setProfile(*large.profile, "branching-5000");
    const auto& blocks = document.structure().blocks;
    const auto seven = GraphScene::summaryRanges(document.structure(), 7);
    QCOMPARE(seven.size(), std::size_t{7});
    QCOMPARE(seven.front().first, 0);
    QCOMPARE(seven.back().second, static_cast<int>(blocks.size()) - 1);
    for (std::size_t i = 0; i < seven.size(); ++i) {
        if (i > 0)
            QCOMPARE(seven[i].first, seven[i - 1].second + 1);
        const int layers = blocks[static_cast<std::size_t>(seven[i].second)].last -
                           blocks[static_cast<std::size_t>(seven[i].first)].first + 1;
        QVERIFY2(std::abs(layers - 5000 / 7) <= 5, qPrintable(QString::number(layers)));
    }
}

void TestFit::fitShowsTheWholeModelReadably_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("summarised");
    QTest::newRow("vgg19 1280x800") << vgg19() << QSize(1280, 800) << true;
    QTest::newRow("vgg19 1920x1080") << vgg19() << QSize(1920, 1080) << true;
    QTest::newRow("5000 layers 1280x800") << QString("branching-5000") << QSize(1280, 800) << true;
    QTest::newRow("5000 layers 1920x1080")
        << QString("branching-5000") << QSize(1920, 1080) << true;
    // readable whole at 1920x1080: every layer stays a node
    QTest::newRow("tiny branching 1920x1080")
        << uiSourcePath("sample_profiles/handmade/tiny-branching.json") << QSize(1920, 1080)
        << false;
}

void TestFit::fitShowsTheWholeModelReadably() {
    QFETCH(QString, model);
    QFETCH(QSize, size);
    QFETCH(bool, summarised);
    QTemporaryDir folder;
    if (model == QLatin1String("branching-5000"))
        model = branching5000(folder);
    WindowFixture fixture;
    MainWindow* window = fixture.open(model, size);
    QVERIFY(window);
    pressOnGraph(window, Qt::Key_0, Qt::ControlModifier);
    GraphView* view = window->graphPanel()->view();
    GraphScene* scene = window->scene();
    // the whole model is in view
    const QRectF visible = view->visibleSceneRect();
    const QRectF content = scene->contentRect();
    QVERIFY2(visible.contains(content.adjusted(30, 30, -30, -30)),
             qPrintable(QStringLiteral("content %1..%2 of %3..%4")
                            .arg(content.left())
                            .arg(content.right())
                            .arg(visible.left())
                            .arg(visible.right())));
    const QStringList problems = unreadableItems(view);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join("; ")));
    QCOMPARE(scene->isSummarized(), summarised);
    if (!summarised)
        return;
    // every summary box carries its text, read from the screen
    QVERIFY(scene->summaryCount() >= 2);
    const QColor text = Theme::of(false).graph.nodeText;
    for (int s = 0; s < scene->summaryCount(); ++s) {
        SummaryItem* item = scene->summaryItem(s);
        QVERIFY(item);
        QVERIFY2(textPixelsOnScreen(view, item, text) > 40, qPrintable(item->title()));
        QVERIFY(item->detail().contains(QRegularExpression("^\\d[\\d,]* layers · ")));
    }
}

void TestFit::clickingASummaryOpensIt() {
    WindowFixture fixture;
    MainWindow* window = fixture.open(vgg19());
    QVERIFY(window);
    pressOnGraph(window, Qt::Key_0, Qt::ControlModifier);
    GraphScene* scene = window->scene();
    GraphView* view = window->graphPanel()->view();
    const int before = scene->summaryCount();
    QVERIFY(before >= 2);
    QVERIFY(!scene->layerItem(0));
    SummaryItem* first = scene->summaryItem(0);
    QVERIFY(first);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                      view->mapFromScene(first->sceneBoundingRect().center()));
    QTRY_VERIFY(scene->layerItem(0) != nullptr);
    QCOMPARE(scene->summaryCount(), before - 1);
    // its layers are shown readably and in view
    QVERIFY(view->zoom() >= GraphView::kReadableZoom);
    QVERIFY(view->visibleSceneRect().intersects(scene->layerItem(0)->sceneBoundingRect()));
    const QStringList problems = unreadableItems(view);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join("; ")));
    // Fit again summarises again
    pressOnGraph(window, Qt::Key_0, Qt::ControlModifier);
    QCOMPARE(scene->summaryCount(), before);
}

void TestFit::aCutInsideASummaryIsDrawnInsideIt() {
    WindowFixture fixture;
    MainWindow* window = fixture.open(vgg19());
    QVERIFY(window);
    pressOnGraph(window, Qt::Key_0, Qt::ControlModifier);
    GraphScene* scene = window->scene();
    SummaryItem* first = scene->summaryItem(0);
    QVERIFY(first);
    auto state = window->document()->state();
    state.deviceBoundary = 2; // after the second layer: inside the first box
    state.edgeBoundary = 2;
    window->document()->changeState(state, "cut inside");
    const double x = scene->marker(CutHandle::DeviceEdge)->gripScenePos().x();
    const QRectF box = first->sceneBoundingRect();
    QVERIFY2(
        x > box.left() && x < box.right(),
        qPrintable(QStringLiteral("%1 not in %2..%3").arg(x).arg(box.left()).arg(box.right())));
    // the box's time follows where its layers run
    QVERIFY(first->detail().contains("ms"));
}

void TestFit::legibleFitNeverShowsEmptyBoxes() {
    // 22.6: a large model with its blocks collapsed, fitted legibly: collapsed boxes used to
    // draw their title at 8.5 pt scaled down, hidden below 9 px: empty boxes
    QTemporaryDir folder;
    WindowFixture fixture;
    MainWindow* window = fixture.open(branching5000(folder, 3));
    QVERIFY(window);
    QTRY_COMPARE_WITH_TIMEOUT(window->document()->layerCount(), 5000, 20000);
    QTRY_VERIFY_WITH_TIMEOUT(window->scene()->isComplete(), 20000);
    window->scene()->setAllBlocksCollapsed(true);
    pressOnGraph(window, Qt::Key_9, Qt::ControlModifier);
    GraphView* view = window->graphPanel()->view();
    QCOMPARE(view->zoom(), GraphView::kReadableZoom);
    int collapsedInView = 0;
    for (QGraphicsItem* item : view->items(view->viewport()->rect()))
        if (item->type() == BlockFrameItem::Type)
            collapsedInView += static_cast<BlockFrameItem*>(item)->isCollapsed() ? 1 : 0;
    QVERIFY(collapsedInView > 0);
    const QStringList problems = unreadableItems(view);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join("; ")));

    // and after saving the plan and opening it again
    const QString plan = folder.filePath("plan.json");
    QVERIFY(window->files()->savePlanAs(plan));
    QVERIFY(window->files()->openPlan(plan));
    QTRY_VERIFY_WITH_TIMEOUT(window->scene()->isComplete(), 20000);
    pressOnGraph(window, Qt::Key_9, Qt::ControlModifier);
    const QStringList reopened = unreadableItems(view);
    QVERIFY2(reopened.isEmpty(), qPrintable(reopened.join("; ")));
    int nodesInView = 0;
    for (QGraphicsItem* item : view->items(view->viewport()->rect()))
        nodesInView += item->type() == LayerItem::Type || item->type() == BlockFrameItem::Type;
    QVERIFY(nodesInView > 0);
}

// Top to bottom the main axis is vertical: Fit measures the model along the view's height.
void TestFit::fitWorksTopToBottom() {
    WindowFixture fixture;
    MainWindow* window =
        fixture.open(uiSourcePath("sample_profiles/handmade/tiny-branching.json"), {1920, 1080});
    QVERIFY(window);
    window->action("topToBottom")->setChecked(true);
    QVERIFY(window->scene()->topToBottom());
    pressOnGraph(window, Qt::Key_0, Qt::ControlModifier);
    GraphView* view = window->graphPanel()->view();
    const QRectF content = window->scene()->contentRect();
    QVERIFY2(view->visibleSceneRect().contains(content.adjusted(30, 30, -30, -30)),
             qPrintable(QStringLiteral("content %1 x %2 at zoom %3, view %4 x %5")
                            .arg(content.width())
                            .arg(content.height())
                            .arg(view->zoom())
                            .arg(view->visibleSceneRect().width())
                            .arg(view->visibleSceneRect().height())));
    const QStringList problems = unreadableItems(view);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join("; ")));
}

CUTLAB_TEST_MAIN(TestFit, Gui)
} // namespace tst_ui_fit

#include "tst_ui_fit.moc"
