// `cutlab-cli report` read back with poppler's pdftotext/pdfinfo, and the charts it draws: their
// axes must not mislead (whole layer ticks, an off-scale plan marked instead of flattening the
// others, the sweep's current-plan curve equal to the core's total at the marker).
#include "../TestMain.h"
#include "../TestPaths.h"

#include "ui/charts/BreakdownChartBuilder.h"
#include "ui/charts/LayerChartBuilder.h"
#include "ui/charts/SweepChartBuilder.h"

#include "core/inference/BandwidthSweep.h"
#include "core/inference/InferenceCostModel.h"
#include "core/io/ProfileLoader.h"
#include "core/model/NetworkEdit.h"

#include <QBarCategoryAxis>
#include <QChart>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>

#include <cmath>
#include <memory>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_reportcommand {

using namespace cutlab;

namespace {

struct Run {
    int status = -1;
    QString out;
    QString err;
};

Run run(const QString& program, const QStringList& arguments) {
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForFinished(120000))
        qFatal("%s did not finish", qPrintable(program));
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

Run cli(const QStringList& arguments) {
    return run(QStringLiteral(CUTLAB_CLI_PATH), arguments);
}

QJsonObject json(const QString& text) {
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

core::Profile loadProfile(const QString& relative) {
    auto loaded = core::loadProfileFile(sourcePath(relative).toStdString());
    if (!loaded.ok())
        qFatal("cannot load %s", qPrintable(relative));
    return *loaded.profile;
}

// An evaluation that is all compute on one tier.
core::Evaluation computeOnly(core::Tier tier, double ms) {
    core::Evaluation evaluation;
    evaluation.stages.push_back({tier, 0, 0, 1, ms});
    evaluation.computeMs = evaluation.totalMs = ms;
    return evaluation;
}

} // namespace

class TestReportCommand : public QObject {
    Q_OBJECT
  private slots:
    void reportReadsBack_data() {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<QString>("page");
        QTest::addColumn<QString>("pageSize");
        for (const char* profile : {"sample_profiles/scission/vgg19.json",
                                    "sample_profiles/pipedream/densenet121.json"}) {
            QTest::newRow(qPrintable(QStringLiteral("%1 a4").arg(profile)))
                << QString(profile) << "a4"
                << "842 x 595 pts";
            QTest::newRow(qPrintable(QStringLiteral("%1 letter").arg(profile)))
                << QString(profile) << "letter"
                << "792 x 612 pts";
        }
    }
    void reportReadsBack() {
        QFETCH(QString, profile);
        QFETCH(QString, page);
        QFETCH(QString, pageSize);
        QTemporaryDir dir;
        const QString path = sourcePath(profile);
        const QString pdf = dir.filePath("report.pdf");
        const Run report = cli({"report", path, "--network", "3g", "-o", pdf, "--page", page});
        QVERIFY2(report.status == 0, qPrintable(report.err));
        QVERIFY(report.out.isEmpty());

        const Run info = run(QStringLiteral("pdfinfo"), {pdf});
        QCOMPARE(info.status, 0);
        QVERIFY2(info.out.contains(QRegularExpression("Pages:\\s+1\\n")), qPrintable(info.out));
        QVERIFY2(info.out.contains(QRegularExpression("Page size:\\s+" + pageSize)),
                 qPrintable(info.out));
        const Run text = run(QStringLiteral("pdftotext"), {"-layout", pdf, "-"});
        QCOMPARE(text.status, 0);
        const QString& t = text.out;
        QVERIFY2(!t.contains(QStringLiteral("…")), qPrintable(t));
        QVERIFY2(!t.contains(QStringLiteral("...")), qPrintable(t));

        const core::Profile model = loadProfile(profile);
        QVERIFY(t.contains(QString::fromStdString(model.model.name)));
        QVERIFY(t.contains(QStringLiteral("on 3g")));
        QVERIFY(t.contains(QStringLiteral("Network 3g")));
        // the total of the plan `cutlab-cli plan` ranks first, as the report formats it
        const Run plan = cli({"plan", path, "--network", "3g", "--json", "--top", "1"});
        QCOMPARE(plan.status, 0);
        const double total =
            json(plan.out)["plans"].toArray().first().toObject()["total_ms"].toDouble();
        QVERIFY(total > 0);
        const QString totalText =
            QLocale(QLocale::English, QLocale::UnitedStates).toString(total, 'f', 1) + " ms";
        QVERIFY2(t.contains(QRegularExpression("Best \\(scission\\): total latency\\s+" +
                                               QRegularExpression::escape(totalText))),
                 qPrintable(totalText + "\n" + t));
        // every legend entry of both charts, whole
        QStringList legends{"device",          "edge",          "cloud",   "dev↔edge",
                            "dev↔cloud",       "edge↔cloud",    "latency", "output size",
                            "device|edge cut", "edge|cloud cut"};
        for (const auto& machine : model.machines)
            legends << QStringLiteral("%1 (%2)").arg(
                QString::fromStdString(machine.id),
                QString::fromStdString(core::tierName(machine.tier)));
        for (const QString& legend : legends)
            QVERIFY2(t.contains(legend), qPrintable(legend + " missing in\n" + t));
        // axis titles, whole
        for (const char* title :
             {"latency (ms)", "forward time (ms", "output (bytes)", "layer position (graph order)"})
            QVERIFY2(t.contains(QString::fromUtf8(title)), title);
        // the whole model: every layer id, or every block for a long model
        const Run infoJson = cli({"info", path, "--json"});
        QCOMPARE(infoJson.status, 0);
        QStringList cells;
        if (model.layers.size() <= static_cast<std::size_t>(120)) {
            for (const auto& layer : model.layers)
                cells << QString::fromStdString(layer.id);
        } else {
            const int blocks = json(infoJson.out)["blocks"].toArray().size();
            QVERIFY(blocks > 1);
            for (int b = 1; b <= blocks; ++b)
                cells << QStringLiteral("Block %1").arg(b);
        }
        for (const QString& cell : cells)
            QVERIFY2(t.contains(QRegularExpression("(^|\\s)" + QRegularExpression::escape(cell) +
                                                   "(\\s|$)")),
                     qPrintable(cell + " missing in\n" + t));
    }

    // The caption names only marks that are drawn: "(red bars: cuts)" when a cut is on the
    // strip, not when everything runs on one tier.
    void captionNamesOnlyDrawnMarks() {
        QTemporaryDir dir;
        const QString vgg19 = sourcePath("sample_profiles/scission/vgg19.json");
        auto caption = [&](const QString& cuts) {
            const QString pdf = dir.filePath(QStringLiteral("r.pdf"));
            const Run report = cli({"report", vgg19, "--cuts", cuts, "-o", pdf});
            if (report.status != 0)
                return report.err;
            const Run text = run(QStringLiteral("pdftotext"), {"-layout", pdf, "-"});
            return text.out.section(QStringLiteral("Model vgg19"), 1, 1).section('\n', 0, 0);
        };
        const QString allCloud = caption(QStringLiteral("none,none"));
        QVERIFY2(allCloud.contains(QStringLiteral("cloud 25 layers")), qPrintable(allCloud));
        QVERIFY2(!allCloud.contains(QStringLiteral("red bars")), qPrintable(allCloud));
        const QString split = caption(QStringLiteral("5,10"));
        QVERIFY2(split.contains(QStringLiteral("(red bars: cuts)")), qPrintable(split));
    }
    void reportRefusesBadInput() {
        QTemporaryDir dir;
        const QString vgg = sourcePath("sample_profiles/scission/vgg19.json");
        const QString pdf = dir.filePath("r.pdf");
        const Run page = cli({"report", vgg, "-o", pdf, "--page", "a3"});
        QCOMPARE(page.status, 2);
        QVERIFY2(page.err.contains("--page must be a4 or letter, not 'a3'"), qPrintable(page.err));
        const Run png = cli({"report", vgg, "-o", dir.filePath("r.png")});
        QCOMPARE(png.status, 2);
        QVERIFY(png.err.contains("the report is a PDF"));
        const Run cuts = cli({"report", vgg, "--cuts", "nosuchlayer,", "-o", pdf});
        QCOMPARE(cuts.status, 2);
        const Run missing = cli({"report", dir.filePath("none.json"), "-o", pdf});
        QCOMPARE(missing.status, 2);
        QVERIFY(!QFile::exists(pdf));
        QVERIFY(!QFile::exists(dir.filePath("r.png")));
        const Run help = cli({"report", "--help"});
        QCOMPARE(help.status, 0);
        QVERIFY(help.out.startsWith("usage: cutlab-cli report"));
    }

    // One plan 500 times slower than the others must not flatten them: the axis ends near the
    // largest of the others and the slow plan's label says it runs off.
    void breakdownKeepsOtherBarsReadable() {
        const core::Profile profile = loadProfile("sample_profiles/scission/vgg19.json");
        const std::vector<ui::BreakdownEntry> entries{
            {"Current", computeOnly(core::Tier::Device, 100000), true},
            {"Best", computeOnly(core::Tier::Edge, 150), true},
            {"All cloud", computeOnly(core::Tier::Cloud, 200), true},
            {"All edge", {}, false}};
        std::unique_ptr<QChart> chart(
            ui::BreakdownChartBuilder::build(profile, entries, QStringLiteral("t")));
        auto* axis = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).front());
        QVERIFY(axis);
        QVERIFY2(axis->max() >= 200 && axis->max() <= 3 * 200,
                 qPrintable(QString::number(axis->max())));
        auto* categories = qobject_cast<QBarCategoryAxis*>(chart->axes(Qt::Vertical).front());
        const QStringList labels = categories->categories(); // bottom to top
        QCOMPARE(labels.size(), 4);
        QCOMPARE(labels.last(), QStringLiteral("Current  100,000.0 ms ▶ off scale"));
        QCOMPARE(labels[1], QStringLiteral("All cloud  200.0 ms"));
        // without an outlier the axis holds every bar
        const std::vector<ui::BreakdownEntry> close{
            {"Current", computeOnly(core::Tier::Device, 700), true},
            {"Best", computeOnly(core::Tier::Edge, 200), true}};
        std::unique_ptr<QChart> plain(
            ui::BreakdownChartBuilder::build(profile, close, QStringLiteral("t")));
        const double max = qobject_cast<QValueAxis*>(plain->axes(Qt::Horizontal).front())->max();
        QVERIFY(max >= 700 && max <= 1400);
    }

    // Ticks on whole layer positions: each label once, none missing for a short model.
    void layerAxisTicksAreWholeLayers() {
        const core::Profile profile = loadProfile("sample_profiles/scission/vgg19.json");
        std::unique_ptr<QChart> chart(
            ui::LayerChartBuilder::build(profile, {3, 9}, QStringLiteral("t")));
        auto* x = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).front());
        QVERIFY(x);
        QCOMPARE(x->tickType(), QValueAxis::TicksDynamic);
        QCOMPARE(x->tickAnchor(), 0.0);
        QCOMPARE(x->tickInterval(), 2.0); // 25 layers: 0, 2, … 24
        QCOMPARE(x->min(), -0.5);
        QCOMPARE(x->max(), 24.5);
        const core::Profile dense = loadProfile("sample_profiles/pipedream/densenet121.json");
        std::unique_ptr<QChart> long_(
            ui::LayerChartBuilder::build(dense, {0, 0}, QStringLiteral("t")));
        auto* lx = qobject_cast<QValueAxis*>(long_->axes(Qt::Horizontal).front());
        QCOMPARE(lx->tickAnchor(), 0.0);
        QCOMPARE(lx->tickInterval(), 50.0); // 428 layers: 0, 50, … 400
        // zero-time layers sit on the floor the axis title names, not below the axis
        for (auto* series : chart->series()) {
            auto* line = qobject_cast<QLineSeries*>(series);
            if (!line || line->attachedAxes().size() < 2 || series->name() == "output size" ||
                series->name().endsWith("cut"))
                continue;
            auto* time = qobject_cast<QLogValueAxis*>(line->attachedAxes()[1]);
            QVERIFY(time);
            for (const QPointF& p : line->points())
                QVERIFY(p.y() >= time->min() && p.y() > 0);
        }
    }

    // The user slows device→cloud to 0.03 Mbps while device→edge stays at 3g's bandwidth: at the
    // marker, the current plan's curve is the core's total on that very network.
    void sweepAgreesWithTheCoreAtTheMarker() {
        const core::Profile profile = loadProfile("sample_profiles/scission/vgg19.json");
        core::Network network = *core::networkPreset("3g");
        core::setLinkBetween(network, profile, {core::Tier::Device, core::Tier::Cloud}, 0.03);
        std::array<int, 3> machines{-1, -1, -1};
        for (int m = 0; m < static_cast<int>(profile.machines.size()); ++m) {
            auto& slot = machines[static_cast<std::size_t>(
                core::tierIndex(profile.machines[static_cast<std::size_t>(m)].tier))];
            if (slot < 0)
                slot = m;
        }
        QVERIFY(machines[0] >= 0 && machines[1] >= 0 && machines[2] >= 0);
        core::TierPlacement placement; // device 0..4, then the cloud: uses device→cloud
        placement.machine = machines;
        placement.deviceEnd = placement.edgeEnd = 5;
        const core::InferenceCostModel model(profile, network);
        const double expected = model.evaluate(placement).totalMs;
        QVERIFY(expected > 1000); // 0.03 Mbps: the slow link really is used

        const core::Tier reference = ui::SweepChartBuilder::referenceTier(machines);
        const double markerMbps =
            core::effectiveTierLink(network, profile, core::Tier::Device, reference)->bandwidthMbps;
        const core::UplinkSweep sweep(profile, network, std::nullopt,
                                      core::logSpaceThrough(0.1, 100, 61, markerMbps), reference);
        core::SweepResult result;
        result.mbps = sweep.mbps();
        result.bestMs.assign(result.mbps.size(), 1.0);
        std::unique_ptr<QChart> chart(ui::SweepChartBuilder::build(
            result, sweep.totals(placement), "best", markerMbps, "t", reference));
        double markerX = -1, atMarker = -1;
        for (auto* series : chart->series())
            if (series->objectName() == "marker")
                markerX = static_cast<QLineSeries*>(series)->at(0).x();
        QCOMPARE(markerX, markerMbps);
        for (auto* series : chart->series())
            if (series->objectName() == "current")
                for (const QPointF& p : static_cast<QLineSeries*>(series)->points())
                    if (p.x() == markerX)
                        atMarker = p.y();
        QVERIFY2(std::abs(atMarker - expected) <= 1e-9 * expected,
                 qPrintable(QStringLiteral("%1 vs %2").arg(atMarker).arg(expected)));
    }
};

CUTLAB_TEST_MAIN(TestReportCommand, Gui)
} // namespace tst_reportcommand

#include "tst_reportcommand.moc"
