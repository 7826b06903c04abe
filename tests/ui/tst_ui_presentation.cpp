// Presentation mode as an audience gets it: the keys a clicker sends step through the slides
// whichever child has the focus, Esc leaves and restores the plan, the best-plan slides are
// searched off the GUI thread ("computing…" meanwhile) and show the core's figures, and the graph
// is zoomed for a projector.
#include "../TestMain.h"
#include "UiTestSupport.h"

#include "ui/charts/Format.h"
#include "ui/document/Document.h"
#include "ui/graph/GraphScene.h"
#include "ui/graph/GraphView.h"
#include "ui/graph/LayerItem.h"
#include "ui/panels/ChartsPanel.h"
#include "ui/panels/SweepController.h"
#include "ui/window/PresentationWindow.h"

#include "core/inference/InferenceCostModel.h"
#include "core/inference/ScissionPlanner.h"
#include "core/model/Network.h"

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QLegend>
#include <QPointer>
#include <QScrollBar>
#include <QTextBrowser>
#include <QtTest>

#include <memory>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_ui_presentation {

using namespace cutlab;
using namespace cutlab::ui;

class TestUiPresentation : public QObject {
    Q_OBJECT
  private:
    std::unique_ptr<Document> m_document;
    std::unique_ptr<GraphScene> m_scene;
    std::unique_ptr<SweepController> m_sweep;
    std::unique_ptr<ChartsPanel> m_charts;
    QPointer<PresentationWindow> m_window;

    PresentationWindow* open() {
        m_window = new PresentationWindow(m_document.get(), m_scene.get(), m_charts.get());
        m_window->resize(1280, 800);
        m_window->show();
        m_window->activateWindow();
        return m_window;
    }

    QString expectedTitlePrefix(int index) const {
        return QStringLiteral("%1 / %2 · ").arg(index + 1).arg(m_window->stepCount());
    }

    int stepTitled(const QString& part) const {
        for (int i = 0; i < m_window->stepCount(); ++i)
            if (m_window->step(i).title.contains(part))
                return i;
        return -1;
    }

    // The best Scission plan's total on a network, straight from the core.
    double coreBestTotal(const core::Network& network) const {
        core::InferenceCostModel model(m_document->profile(), network, m_document->inputBytes());
        core::InferenceQuery query;
        query.top = 1;
        const auto plans = core::rankScission(model, query);
        return plans.empty() ? -1 : plans.front().evaluation.totalMs;
    }

  private slots:
    void init() {
        m_document = std::make_unique<Document>();
        QString error;
        QVERIFY2(
            m_document->openProfile(uiSourcePath("sample_profiles/scission/vgg19.json"), &error),
            qPrintable(error));
        m_scene = std::make_unique<GraphScene>(m_document.get());
        m_sweep = std::make_unique<SweepController>(m_document.get());
        m_charts = std::make_unique<ChartsPanel>(m_document.get(), m_sweep.get());
    }

    void cleanup() {
        if (m_window)
            m_window->close();
        QTRY_VERIFY(m_window.isNull()); // deletes itself on close
        m_charts.reset();
        m_sweep.reset();
        m_scene.reset();
        m_document.reset();
    }

    // The slides name a network one way: "4G" on the document's network as on the presets'
    // ("Your plan on 4g" once stood beside "when the network is 4G").
    void slidesNameTheNetworkOneWay() {
        m_document->setNetwork(*core::networkPreset("4g"));
        const auto steps = PresentationWindow::prepareSteps(*m_document);
        QVERIFY(steps.size() >= 5);
        QVERIFY(steps.front().title.startsWith(QStringLiteral("Your plan on 4G")));
        int named = 0;
        for (const auto& step : steps) {
            QVERIFY2(!step.title.contains(QStringLiteral("4g")), qPrintable(step.title));
            named += step.title.contains(QStringLiteral("4G")) ? 1 : 0;
        }
        QVERIFY(named >= 3);
    }

    // Each key, pressed on the window and on whichever child has the focus (the graph view,
    // which would scroll on the arrows, and the text, which would scroll on Space/PageDown).
    void keysStepThroughTheSlides_data() {
        QTest::addColumn<QString>("target");
        QTest::newRow("window") << "window";
        QTest::newRow("focused graph view") << "view";
        QTest::newRow("focused explain text") << "text";
    }
    void keysStepThroughTheSlides() {
        QFETCH(QString, target);
        PresentationWindow* window = open();
        QVERIFY(QTest::qWaitForWindowActive(window));
        QTRY_VERIFY(!window->isComputing());
        QVERIFY(window->stepCount() >= 4); // yours, 3 native, best here, 3G, 4G, fibre, merged
        QWidget* receiver = window;
        if (target == "view")
            receiver = window->graphView();
        else if (target == "text")
            receiver = window->findChild<QTextBrowser*>();
        QVERIFY(receiver);
        if (receiver != window) {
            receiver->setFocus();
            QTRY_COMPARE(QApplication::focusWidget(), receiver);
        }
        QCOMPARE(window->currentStep(), 0);
        QVERIFY(window->titleLabel()->text().startsWith(expectedTitlePrefix(0)));
        const int last = window->stepCount() - 1;
        const struct {
            Qt::Key key;
            int expected;
        } presses[] = {{Qt::Key_Right, 1},    {Qt::Key_Space, 2}, {Qt::Key_PageDown, 3},
                       {Qt::Key_PageUp, 2},   {Qt::Key_Left, 1},  {Qt::Key_End, last},
                       {Qt::Key_Right, last}, {Qt::Key_Home, 0},  {Qt::Key_Left, 0},
                       {Qt::Key_PageDown, 1}};
        for (const auto& press : presses) {
            const int scroll = window->graphView()->horizontalScrollBar()->value();
            QTest::keyClick(receiver, press.key);
            QCOMPARE(window->currentStep(), press.expected);
            QVERIFY2(window->titleLabel()->text().startsWith(expectedTitlePrefix(press.expected)),
                     qPrintable(window->titleLabel()->text()));
            QVERIFY(window->titleLabel()->text().endsWith(window->step(press.expected).title));
            if (press.expected == 0 && press.key == Qt::Key_Left) // nowhere to go: nothing moves
                QCOMPARE(window->graphView()->horizontalScrollBar()->value(), scroll);
            if (receiver != window) // the focus stays where it was
                QCOMPARE(QApplication::focusWidget(), receiver);
        }
        // the slide's plan is the document's: the native step runs everything on one tier
        QTest::keyClick(receiver, Qt::Key_Home);
        QTest::keyClick(receiver, Qt::Key_Right);
        QCOMPARE(m_document->state().deviceBoundary, m_document->blockCount());
    }

    void escapeLeavesAndRestoresThePlan() {
        const PartitionState before = m_document->state();
        const core::Network network = m_document->network();
        PresentationWindow* window = open();
        QVERIFY(QTest::qWaitForWindowActive(window));
        QTRY_VERIFY(!window->isComputing());
        QSignalSpy closed(window, &PresentationWindow::closed);
        window->graphView()->setFocus();
        QTest::keyClick(window->graphView(), Qt::Key_End); // a preset network's best plan
        QVERIFY(m_document->network().name != network.name);
        QTest::keyClick(window->graphView(), Qt::Key_Escape);
        QCOMPARE(closed.count(), 1);
        QTRY_VERIFY(m_window.isNull());
        QCOMPARE(m_document->state(), before);
        QCOMPARE(m_document->network().name, network.name);
    }

    // Each slide shows something new: slides with the same plan on the same network are one,
    // titled with each ("Your plan on … = everything in the cloud …").
    void everySlideShowsSomethingNew() {
        PresentationWindow* window = open();
        QTRY_VERIFY(!window->isComputing());
        QStringList shown;
        for (int i = 0; i < window->stepCount(); ++i) {
            window->showStep(i);
            QString plan = QStringLiteral("%1 %2 %3")
                               .arg(QString::fromStdString(m_document->network().name))
                               .arg(m_document->state().deviceBoundary)
                               .arg(m_document->state().edgeBoundary);
            for (int machine : m_document->state().machines)
                plan += QStringLiteral(" %1").arg(machine);
            QVERIFY2(!shown.contains(plan), qPrintable(window->step(i).title));
            shown << plan;
        }
        // VGG19's own network: the best plan there is one of the native ones, merged into it
        QVERIFY(window->stepCount() < 8);
        bool merged = false;
        for (int i = 0; i < window->stepCount(); ++i)
            merged |= window->step(i).title.contains(QStringLiteral(" = the best plan"));
        QVERIFY(merged);
    }

    // Read from the back of a room: on a 1920x1080 projector every line of every slide is at
    // least 24 px tall (labels, explain text, the chart's title, axes and legend, the graph's
    // node text through the view's zoom).
    void slideTextIsReadableFromTheBack() {
        PresentationWindow* window = open();
        window->resize(1920, 1080);
        QVERIFY(QTest::qWaitForWindowExposed(window));
        QTRY_VERIFY(!window->isComputing());
        auto line = [](const QFont& font) { return QFontMetricsF(font).height(); };
        for (int i = 0; i < window->stepCount(); ++i) {
            window->showStep(i);
            QApplication::processEvents();
            const QString where = window->step(i).title;
            QVERIFY2(line(window->titleLabel()->font()) >= 24, qPrintable(where));
            QVERIFY2(line(window->totalLabel()->font()) >= 24, qPrintable(where));
            for (QLabel* label : window->findChildren<QLabel*>())
                if (label->isVisible() && !label->text().isEmpty())
                    QVERIFY2(line(label->font()) >= 24, qPrintable(label->text()));
            QVERIFY(line(window->findChild<QTextBrowser*>()->font()) >= 24);
            QChart* chart = window->chartView()->chart();
            QVERIFY2(line(chart->titleFont()) >= 24, qPrintable(where));
            QVERIFY2(line(chart->legend()->font()) >= 24, qPrintable(where));
            for (QAbstractAxis* axis : chart->axes())
                QVERIFY2(line(axis->labelsFont()) >= 24, qPrintable(where));
            QTRY_VERIFY2(LayerItem::renderedTextPixels(window->graphView()->zoom()) >= 24,
                         qPrintable(QStringLiteral("zoom %1, height %2")
                                        .arg(window->graphView()->zoom())
                                        .arg(window->height())));
        }
    }

    // The searches run on workers: until their results are delivered (on the event loop) the
    // slides say "computing…", and stepping to them does not wait.
    void bestPlanSlidesComputeOffTheGuiThread() {
        PresentationWindow* window = open();
        const int best = stepTitled(QStringLiteral("(Scission)"));
        QVERIFY(best > 0);
        QVERIFY(!window->isStepReady(best)); // nothing ran on the GUI thread yet
        QVERIFY(window->isStepReady(0));
        QTest::keyClick(window, Qt::Key_End);
        QCOMPARE(window->currentStep(), window->stepCount() - 1);
        QVERIFY(window->totalLabel()->text().contains(QStringLiteral("computing…")));
        QTRY_VERIFY(window->isStepReady(window->stepCount() - 1));
        // the slide on screen fills in by itself once its plan arrives
        QTRY_VERIFY(!window->totalLabel()->text().contains(QStringLiteral("computing…")));
        QVERIFY(
            window->totalLabel()->text().contains(Format::ms(m_document->evaluation().totalMs)));
    }

    // The best-plan slides show what the core's Scission ranking finds, on the document's
    // network and on a preset.
    void slideFiguresEqualTheCore() {
        const core::Network here = m_document->network();
        PresentationWindow* window = open();
        QTRY_VERIFY(!window->isComputing());
        // (merged into an earlier slide when it is the same plan)
        const int best = stepTitled(QStringLiteral("(Scission)"));
        QVERIFY(best >= 0);
        for (int i = 0; i < best; ++i)
            QTest::keyClick(window, Qt::Key_Right);
        QCOMPARE(window->currentStep(), best);
        const double expected = coreBestTotal(here);
        QVERIFY(expected > 0);
        QVERIFY(qAbs(m_document->evaluation().totalMs - expected) <= 1e-9 * expected);
        QVERIFY2(window->totalLabel()->text().contains(Format::ms(expected)),
                 qPrintable(window->totalLabel()->text()));
        const int fibre = stepTitled(QStringLiteral("fibre"));
        QVERIFY(fibre > best);
        while (window->currentStep() < fibre)
            QTest::keyClick(window, Qt::Key_PageDown);
        const auto preset = core::networkPreset("fibre");
        QCOMPARE(m_document->network().name, preset->name); // the slide's network
        const double expectedFibre = coreBestTotal(*preset);
        QVERIFY(qAbs(m_document->evaluation().totalMs - expectedFibre) <= 1e-9 * expectedFibre);
        QVERIFY(window->totalLabel()->text().contains(Format::ms(expectedFibre)));
    }

    // On a 1280x800 projector every label of the slide's chart is whole: axis ticks, bar
    // names and legend entries (Qt Charts elides what does not fit with "…").
    void chartLabelsAreWholeOnA1280x800Screen() {
        PresentationWindow* window = open();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        QTRY_VERIFY(!window->isComputing());
        for (int step = 0; step < window->stepCount(); ++step) {
            window->showStep(step);
            QApplication::processEvents();
            QChartView* view = window->chartView();
            QStringList texts;
            for (QGraphicsItem* item : view->scene()->items()) {
                QString text;
                if (auto* rich = dynamic_cast<QGraphicsTextItem*>(item))
                    text = rich->toPlainText();
                else if (auto* simple = dynamic_cast<QGraphicsSimpleTextItem*>(item))
                    text = simple->text();
                if (!text.isEmpty() && item->isVisible())
                    texts << text;
            }
            QVERIFY2(texts.size() >= 10, qPrintable(texts.join(" | ")));
            for (const QString& text : texts)
                QVERIFY2(!text.contains(QChar(0x2026)),
                         qPrintable(QStringLiteral("step %1: '%2'").arg(step + 1).arg(text)));
            QVERIFY(texts.contains(QStringLiteral("dev↔cloud")));
        }
    }

    // For a projector the node text is larger than in the window: the graph is zoomed in, and
    // the slide's cut handles are in view.
    void graphIsZoomedForAProjector() {
        PresentationWindow* window = open();
        QTRY_VERIFY(!window->isComputing());
        QTest::keyClick(window, Qt::Key_End);
        GraphView* view = window->graphView();
        QVERIFY(view->zoom() >= PresentationWindow::minimumGraphZoom(window->height()) - 1e-9);
        QVERIFY(view->zoom() > 1.2); // node text larger than in the window
        const auto& coordinates = m_scene->graphLayout().boundaryCoordinates;
        const QRectF visible = view->visibleSceneRect();
        const PartitionState state = m_document->state();
        if (state.edgeBoundary > state.deviceBoundary) {
            const double middle = (coordinates[static_cast<std::size_t>(state.deviceBoundary)] +
                                   coordinates[static_cast<std::size_t>(state.edgeBoundary)]) /
                                  2;
            QVERIFY(visible.left() <= middle && middle <= visible.right());
        } else {
            const double cut = coordinates[static_cast<std::size_t>(state.deviceBoundary)];
            QVERIFY(visible.left() <= cut && cut <= visible.right());
        }
    }
};

CUTLAB_TEST_MAIN(TestUiPresentation, Gui)
} // namespace tst_ui_presentation

#include "tst_ui_presentation.moc"
