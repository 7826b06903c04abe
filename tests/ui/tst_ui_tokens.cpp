// The Tokens panel of a language model against the core's token cost model: the summary's time
// to first token, the timeline's rows and token markers, "Best time per token" applied as one
// undoable step, and the context slider's sentence on where the device's memory runs out.
#include "../TestMain.h"
#include "UiTestSupport.h"
#include "WindowFixture.h"

#include "ui/charts/Format.h"
#include "ui/document/Document.h"
#include "ui/panels/TokenPanel.h"
#include "ui/panels/TokenTimeline.h"
#include "ui/window/MainWindow.h"

#include "core/io/ProfileWriter.h"
#include "core/llm/HuggingFaceConfig.h"
#include "core/llm/LlmProfile.h"
#include "core/llm/TokenCostModel.h"
#include "core/llm/TokenModel.h"
#include "core/llm/TokenPlanner.h"

#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_ui_tokens {

using namespace cutlab;
using namespace cutlab::ui;

namespace {

constexpr int kDeviceLayers = 4;     // embed, block.0 … block.2 on the device
constexpr double kRoomTokens = 5000; // the device's memory beyond those layers' weights

// The bytes of the first `layers` layers: their weights and their KV cache per token.
double weightsOf(const core::Profile& profile, int layers) {
    double bytes = 0;
    for (int l = 0; l < layers; ++l)
        bytes += profile.layers[static_cast<std::size_t>(l)].paramBytes; // "param_bytes"
    return bytes;
}
double kvPerTokenOf(const core::Profile& profile, int layers) {
    double bytes = 0;
    for (int l = 0; l < layers; ++l)
        bytes += profile.layers[static_cast<std::size_t>(l)]
                     .fields.at("kv_bytes_per_token")
                     .get<double>();
    return bytes;
}

// GPT-2 imported as `cutlab-cli import` does, its phone given room for its first layers'
// weights and kRoomTokens tokens of their KV cache.
QString gpt2Profile(const QTemporaryDir& dir) {
    std::ifstream in(uiSourcePath("sample_profiles/llm/gpt2.config.json").toStdString());
    const auto config = nlohmann::ordered_json::parse(in);
    core::LlmImportOptions options;
    options.modelName = "gpt2";
    core::Profile profile =
        core::llmProfile(core::readHuggingFaceConfig(config), options, "gpt2.config.json");
    const double capacity = std::floor(weightsOf(profile, kDeviceLayers) +
                                       kRoomTokens * kvPerTokenOf(profile, kDeviceLayers));
    for (core::Machine& machine : profile.machines)
        if (machine.tier == core::Tier::Device) {
            machine.memoryBytes = capacity;
            machine.fields["memory_bytes"] = static_cast<std::uint64_t>(capacity);
        }
    const QString path = dir.filePath("gpt2.json");
    std::ofstream(path.toStdString()) << core::profileToJson(profile).dump();
    return path;
}

core::TokenPlan planOf(const Document& doc) {
    core::TokenPlan plan;
    plan.deviceEnd = doc.placement().deviceEnd;
    plan.edgeEnd = doc.placement().edgeEnd;
    plan.machines = doc.state().machines;
    return plan;
}

// The first `layers` layers on the device, the rest in the cloud.
void putOnDevice(Document* doc, int layers) {
    PartitionState state = doc->state();
    state.deviceBoundary = doc->boundaryOfLayerPosition(layers);
    state.edgeBoundary = state.deviceBoundary;
    QVERIFY(state.deviceBoundary >= 0);
    doc->changeState(state, QStringLiteral("test"));
}

} // namespace

class TestUiTokens : public QObject {
    Q_OBJECT
  private:
    WindowFixture m_fixture;
    QTemporaryDir m_dir;

    TokenPanel* open() {
        MainWindow* window = m_fixture.open(gpt2Profile(m_dir));
        return window ? window->findChild<TokenPanel*>() : nullptr;
    }

  private slots:
    void summaryShowsTheTimeToFirstTokenOfThePlacement() {
        TokenPanel* panel = open();
        QVERIFY(panel);
        Document* doc = m_fixture.window()->document();
        QVERIFY(core::isTokenProfile(doc->profile()));
        for (int layers : {0, kDeviceLayers}) {
            putOnDevice(doc, layers);
            const core::TokenCostModel model(doc->profile(), doc->network(),
                                             core::tokenModelOf(doc->profile()));
            const core::TokenEvaluation evaluation = model.evaluate(planOf(*doc));
            const QString expected =
                QStringLiteral("Time to first token %1 ms · ")
                    .arg(Format::number(evaluation.ttftMs, evaluation.ttftMs >= 100 ? 0 : 1));
            QVERIFY2(panel->summaryText().startsWith(expected),
                     qPrintable(panel->summaryText() + " / " + expected));
            QVERIFY(panel->summaryText().contains(
                QStringLiteral("(%1 ms per token)").arg(Format::number(evaluation.tpotMs, 1))));
        }
    }

    void timelineShowsThePromptThenThreeTokens() {
        TokenPanel* panel = open();
        QVERIFY(panel);
        Document* doc = m_fixture.window()->document();
        PartitionState state = doc->state(); // device, edge and cloud each run layers
        state.deviceBoundary = doc->boundaryOfLayerPosition(kDeviceLayers);
        state.edgeBoundary = doc->boundaryOfLayerPosition(2 * kDeviceLayers);
        QVERIFY(state.deviceBoundary >= 0 && state.edgeBoundary > state.deviceBoundary);
        doc->changeState(state, QStringLiteral("test"));
        const core::TokenPlan plan = planOf(*doc);
        QVERIFY(plan.deviceEnd > 0 && plan.edgeEnd > plan.deviceEnd);
        for (int machine : plan.machines)
            QVERIFY(machine >= 0);
        const core::TokenCostModel model(doc->profile(), doc->network(),
                                         core::tokenModelOf(doc->profile()));
        const core::TokenEvaluation evaluation = model.evaluate(plan);
        auto* timeline = panel->findChild<TokenTimeline*>();
        QVERIFY(timeline);
        QVERIFY(timeline->isVisibleTo(panel));

        // a row per machine, with the link that reaches it before it: the way a token goes
        auto machineRow = [&](int tier) {
            const core::Machine& machine =
                doc->profile().machines[static_cast<std::size_t>(plan.machines[tier])];
            return QStringLiteral("%1 (%2)").arg(
                QString::fromStdString(machine.id),
                QString::fromStdString(core::tierName(machine.tier)));
        };
        const QStringList rows{machineRow(0), QStringLiteral("device→edge"), machineRow(1),
                               QStringLiteral("edge→cloud"), machineRow(2)};
        QCOMPARE(timeline->rowLabels(), rows);
        QCOMPARE(evaluation.hops.size(), std::size_t{4}); // two up, two back

        QVERIFY(timeline->markers().size() == 4);
        QCOMPARE(timeline->markers().front().ms, evaluation.ttftMs);
        QCOMPARE(timeline->markers().front().label,
                 QStringLiteral("first token %1 ms")
                     .arg(Format::number(evaluation.ttftMs, evaluation.ttftMs >= 100 ? 0 : 1)));
        QCOMPARE(timeline->markers().back().ms, evaluation.ttftMs + 3 * evaluation.tpotMs);
        QCOMPARE(timeline->markers().back().label, QStringLiteral("token 4"));

        double prefill = 0, last = 0;
        for (const TokenTimeline::Span& span : timeline->spans()) {
            QVERIFY(span.row >= 0 && span.row < rows.size());
            QVERIFY(span.endMs > span.startMs);
            QVERIFY(span.startMs >= last - 1e-9); // one step after another
            last = span.endMs;
            if (span.token == 0)
                prefill += span.endMs - span.startMs;
        }
        QVERIFY2(std::abs(prefill - evaluation.ttftMs) <= 1e-9 * evaluation.ttftMs,
                 qPrintable(QStringLiteral("%1 / %2").arg(prefill).arg(evaluation.ttftMs)));
        QVERIFY(std::abs(last - timeline->markers().back().ms) <= 1e-9 * last);
    }

    void bestTimePerTokenIsAppliedAndUndone() {
        TokenPanel* panel = open();
        QVERIFY(panel);
        Document* doc = m_fixture.window()->document();
        putOnDevice(doc, kDeviceLayers);
        const PartitionState before = doc->state();
        const core::TokenCostModel model(doc->profile(), doc->network(),
                                         core::tokenModelOf(doc->profile()));
        const auto plans = core::planTokens(model, core::TokenObjective::Tpot);
        QVERIFY(!plans.empty());
        const core::TokenPlan best = plans.front().plan;
        auto* button = panel->findChild<QPushButton*>(QStringLiteral("bestTpot"));
        QVERIFY(button);
        QCOMPARE(button->text(), QStringLiteral("Best time per token"));
        QTest::mouseClick(button, Qt::LeftButton);
        const core::TokenPlan now = planOf(*doc);
        QCOMPARE(now.deviceEnd, best.deviceEnd);
        QCOMPARE(now.edgeEnd, best.edgeEnd);
        for (std::size_t t = 0; t < 3; ++t)
            if (best.machines[t] >= 0)
                QCOMPARE(now.machines[t], best.machines[t]);
        QVERIFY(doc->state() != before);
        QVERIFY2(panel->placementText().contains(QStringLiteral("Best time per token")),
                 qPrintable(panel->placementText()));
        QCOMPARE(doc->undoStack()->undoText(), QStringLiteral("Best time per token"));
        QTest::keyClick(m_fixture.window(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(doc->state(), before);
        QVERIFY(panel->placementText().contains(QStringLiteral("Current placement")));
    }

    void contextSliderSaysWhereTheDeviceRunsOut() {
        TokenPanel* panel = open();
        QVERIFY(panel);
        Document* doc = m_fixture.window()->document();
        putOnDevice(doc, kDeviceLayers);
        const core::Profile& profile = doc->profile();
        const double room =
            *profile.machines[static_cast<std::size_t>(doc->state().machines[0])].memoryBytes -
            weightsOf(profile, kDeviceLayers);
        const double limit = std::floor(room / kvPerTokenOf(profile, kDeviceLayers));
        QVERIFY(limit >= 4000 && limit <= 5000);
        const QString device = QString::fromStdString(
            profile.machines[static_cast<std::size_t>(doc->state().machines[0])].id);
        QSlider* slider = panel->contextSlider();
        slider->setValue(slider->maximum());
        QCOMPARE(panel->contextTokens(), 131072);
        QCOMPARE(panel->contextText(),
                 QStringLiteral("Context 131,072 tokens: %1 (device) runs out at %2 tokens")
                     .arg(device, Format::number(limit, 0)));
        auto* label = panel->findChild<QLabel*>(QStringLiteral("contextLabel"));
        QVERIFY(label->styleSheet().contains(QStringLiteral("color")));
        slider->setValue(slider->minimum()); // 128 tokens fit: the same limit, not in red
        QVERIFY(panel->contextText().startsWith(QStringLiteral("Context 128 tokens: ")));
        QVERIFY(label->styleSheet().isEmpty());
    }

    void otherProfilesGetOneLine() {
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        auto* panel = window->findChild<TokenPanel*>();
        QVERIFY(panel);
        QVERIFY(!panel->contextSlider()->isVisibleTo(panel));
    }
};

CUTLAB_TEST_MAIN(TestUiTokens, Gui)
} // namespace tst_ui_tokens

#include "tst_ui_tokens.moc"
