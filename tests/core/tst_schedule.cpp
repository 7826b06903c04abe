// The 1F1B and GPipe schedule simulator against schedules drawn by hand.
#include "../TestMain.h"
#include "core/pipeline/PipelineSchedule.h"

#include <QTest>

#include <map>
#include <tuple>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_schedule {

using namespace cutlab::core;

namespace {

// (resource, index, pass, micro-batch) -> [start, end]
using Key = std::tuple<Resource, int, Pass, int>;
std::map<Key, std::pair<double, double>> byKey(const PipelineSchedule& schedule) {
    std::map<Key, std::pair<double, double>> tasks;
    for (const auto& task : schedule.tasks)
        tasks[{task.resource, task.index, task.pass, task.microBatch}] = {task.startMs, task.endMs};
    return tasks;
}

std::pair<double, double> F(const std::map<Key, std::pair<double, double>>& t, int stage, int m) {
    return t.at({Resource::Stage, stage, Pass::Forward, m});
}
std::pair<double, double> B(const std::map<Key, std::pair<double, double>>& t, int stage, int m) {
    return t.at({Resource::Stage, stage, Pass::Backward, m});
}
using Span = std::pair<double, double>;

} // namespace

class TestSchedule : public QObject {
    Q_OBJECT
  private slots:
    void orders() {
        const auto o = scheduleOrder(ScheduleKind::OneForwardOneBackward, 4, 4);
        auto text = [](const std::vector<StageStep>& steps) {
            QString s;
            for (const auto& step : steps)
                s += QString(step.pass == Pass::Forward ? "F%1 " : "B%1 ").arg(step.microBatch);
            return s.trimmed();
        };
        QCOMPARE(text(o[0]), QString("F0 F1 F2 F3 B0 B1 B2 B3"));
        QCOMPARE(text(o[1]), QString("F0 F1 F2 B0 F3 B1 B2 B3"));
        QCOMPARE(text(o[2]), QString("F0 F1 B0 F2 B1 F3 B2 B3"));
        QCOMPARE(text(o[3]), QString("F0 B0 F1 B1 F2 B2 F3 B3"));
        const auto g = scheduleOrder(ScheduleKind::GPipe, 2, 3);
        QCOMPARE(text(g[1]), QString("F0 F1 F2 B2 B1 B0"));
        const auto few =
            scheduleOrder(ScheduleKind::OneForwardOneBackward, 4, 2); // warm-up min(S-n, M)
        QCOMPARE(text(few[0]), QString("F0 F1 B0 B1"));
        QCOMPARE(text(few[3]), QString("F0 B0 F1 B1"));
    }

    // 2 stages, F = 1, B = 2, links 0.5 each way, M = 3; drawn by hand:
    // stage 0: F0 [0,1]  F1 [1,2]  B0 [5,7]  F2 [7,8]  B1 [8,10]  B2 [12,14]
    // link  →: m0 [1,1.5] m1 [2,2.5] m2 [8,8.5]
    // stage 1: F0 [1.5,2.5] B0 [2.5,4.5] F1 [4.5,5.5] B1 [5.5,7.5] F2 [8.5,9.5] B2 [9.5,11.5]
    // link  ←: m0 [4.5,5] m1 [7.5,8] m2 [11.5,12]
    void twoStagesWithLinks() {
        const std::vector<StageTiming> stages{{1, 2, 0.5, 0.5}, {1, 2, 0, 0}};
        const auto s = simulateSchedule(stages, 3, ScheduleKind::OneForwardOneBackward);
        const auto t = byKey(s);
        QCOMPARE(s.tasks.size(), std::size_t(2 * 3 * 2 + 2 * 3));
        QCOMPARE(F(t, 0, 0), Span(0, 1));
        QCOMPARE(F(t, 0, 1), Span(1, 2));
        QCOMPARE(B(t, 0, 0), Span(5, 7));
        QCOMPARE(F(t, 0, 2), Span(7, 8));
        QCOMPARE(B(t, 0, 1), Span(8, 10));
        QCOMPARE(B(t, 0, 2), Span(12, 14));
        QCOMPARE(F(t, 1, 0), Span(1.5, 2.5));
        QCOMPARE(B(t, 1, 0), Span(2.5, 4.5));
        QCOMPARE(F(t, 1, 1), Span(4.5, 5.5));
        QCOMPARE(B(t, 1, 1), Span(5.5, 7.5));
        QCOMPARE(F(t, 1, 2), Span(8.5, 9.5));
        QCOMPARE(B(t, 1, 2), Span(9.5, 11.5));
        QCOMPARE(t.at({Resource::Link, 0, Pass::Forward, 0}), Span(1, 1.5));
        QCOMPARE(t.at({Resource::Link, 0, Pass::Forward, 1}), Span(2, 2.5));
        QCOMPARE(t.at({Resource::Link, 0, Pass::Forward, 2}), Span(8, 8.5));
        QCOMPARE(t.at({Resource::Link, 0, Pass::Backward, 0}), Span(4.5, 5));
        QCOMPARE(t.at({Resource::Link, 0, Pass::Backward, 1}), Span(7.5, 8));
        QCOMPARE(t.at({Resource::Link, 0, Pass::Backward, 2}), Span(11.5, 12));
        QCOMPARE(s.minibatchMs, 14.0);
        QCOMPARE(s.busyMs, (std::vector<double>{9, 9}));
        QCOMPARE(s.idleFraction[0], 5.0 / 14.0);
        QCOMPARE(s.idleFraction[1], 5.0 / 14.0);
        QCOMPARE(s.stashedVersions, (std::vector<int>{2, 1}));
        // Tasks come sorted by start time.
        for (std::size_t i = 1; i < s.tasks.size(); ++i)
            QVERIFY(s.tasks[i - 1].startMs <= s.tasks[i].startMs);
    }

    // 4 stages, F = 1, B = 2, free links, M = 4; drawn by hand (start times):
    //          F0 F1 F2 F3 | B0 B1 B2 B3
    // stage 0:  0  1  2  3 | 10 13 16 19
    // stage 1:  1  2  3 10 |  8 11 14 17
    // stage 2:  2  3  8 11 |  6  9 12 15
    // stage 3:  3  6  9 12 |  4  7 10 13
    void fourStages() {
        const std::vector<StageTiming> stages(4, StageTiming{1, 2, 0, 0});
        const auto s = simulateSchedule(stages, 4, ScheduleKind::OneForwardOneBackward);
        const auto t = byKey(s);
        const double forward[4][4] = {{0, 1, 2, 3}, {1, 2, 3, 10}, {2, 3, 8, 11}, {3, 6, 9, 12}};
        const double backward[4][4] = {
            {10, 13, 16, 19}, {8, 11, 14, 17}, {6, 9, 12, 15}, {4, 7, 10, 13}};
        for (int n = 0; n < 4; ++n)
            for (int m = 0; m < 4; ++m) {
                QCOMPARE(F(t, n, m), Span(forward[n][m], forward[n][m] + 1));
                QCOMPARE(B(t, n, m), Span(backward[n][m], backward[n][m] + 2));
            }
        QCOMPARE(s.minibatchMs, 21.0);
        for (double idle : s.idleFraction)
            QCOMPARE(idle, 9.0 / 21.0);
        QCOMPARE(s.stashedVersions, (std::vector<int>{4, 3, 2, 1}));
    }

    // GPipe, 2 stages, F = 1, B = 2, M = 3: forwards 0,1,2 / 1,2,3; the last stage goes back
    // from micro-batch 2: B2 [4,6] B1 [6,8] B0 [8,10]; stage 0: B2 [6,8] B1 [8,10] B0 [10,12].
    void gpipe() {
        const std::vector<StageTiming> stages(2, StageTiming{1, 2, 0, 0});
        const auto s = simulateSchedule(stages, 3, ScheduleKind::GPipe);
        const auto t = byKey(s);
        for (int m = 0; m < 3; ++m) {
            QCOMPARE(F(t, 0, m), Span(m, m + 1));
            QCOMPARE(F(t, 1, m), Span(m + 1, m + 2));
        }
        QCOMPARE(B(t, 1, 2), Span(4, 6));
        QCOMPARE(B(t, 1, 1), Span(6, 8));
        QCOMPARE(B(t, 1, 0), Span(8, 10));
        QCOMPARE(B(t, 0, 2), Span(6, 8));
        QCOMPARE(B(t, 0, 1), Span(8, 10));
        QCOMPARE(B(t, 0, 0), Span(10, 12));
        QCOMPARE(s.minibatchMs, 12.0);
        QCOMPARE(s.stashedVersions, (std::vector<int>{3, 3}));
        QCOMPARE(s.idleFraction[0], 1.0 - 9.0 / 12.0);
    }

    // 1F1B keeps the steady state at the bottleneck: with M large the mini-batch time grows by
    // max(F+B) per micro-batch.
    void steadyStateFollowsTheBottleneck() {
        const std::vector<StageTiming> stages{{1, 2, 0, 0}, {2, 3, 0, 0}, {1, 1, 0, 0}};
        const auto a = simulateSchedule(stages, 20, ScheduleKind::OneForwardOneBackward);
        const auto b = simulateSchedule(stages, 21, ScheduleKind::OneForwardOneBackward);
        QCOMPARE(b.minibatchMs - a.minibatchMs, 5.0);
    }

    // The time per mini-batch of each schedule (docs/cost-models.md §2.3), on twoStagesWithLinks'
    // case (stage F = 1, B = 2, link 0.5 each way, M = 3):
    //  - 1F1B with stashing runs steadily: M × the busiest resource = 3 × (1 + 2) = 9 (its
    //    simulated mini-batch from empty ends at 14, drawn by hand above);
    //  - 1F1B-flush: the same order, then a flush: every mini-batch takes the 14;
    //  - GPipe, drawn by hand: forwards on stage 0 [0,1] [1,2] [2,3], link [1,1.5] [2,2.5]
    //    [3,3.5], stage 1 [1.5,2.5] [2.5,3.5] [3.5,4.5]; backwards on stage 1 B2 [4.5,6.5]
    //    B1 [6.5,8.5] B0 [8.5,10.5], link back [6.5,7] [8.5,9] [10.5,11], stage 0 B2 [7,9]
    //    B1 [9,11] B0 [11,13]: 13.
    void timePerMinibatch() {
        const std::vector<StageTiming> stages{{1, 2, 0.5, 0.5}, {1, 2, 0, 0}};
        const auto stashing = simulateSchedule(stages, 3, ScheduleKind::OneForwardOneBackward);
        QCOMPARE(stashing.periodMs, 3.0);
        QCOMPARE(stashing.timePerMinibatchMs, 9.0);
        QCOMPARE(stashing.minibatchMs, 14.0);
        const auto flush = simulateSchedule(stages, 3, ScheduleKind::OneForwardOneBackwardFlush);
        QCOMPARE(flush.minibatchMs, 14.0);
        QCOMPARE(flush.timePerMinibatchMs, 14.0);
        QCOMPARE(flush.stashedVersions, (std::vector<int>{2, 1})); // in flight, one weight version
        const auto t = byKey(flush);
        QCOMPARE(B(t, 0, 0), Span(5, 7));
        QCOMPARE(B(t, 0, 2), Span(12, 14));
        const auto gpipe = simulateSchedule(stages, 3, ScheduleKind::GPipe);
        QCOMPARE(gpipe.timePerMinibatchMs, 13.0);
        QCOMPARE(B(byKey(gpipe), 0, 0), Span(11, 13));
        // A link that carries more than a stage computes sets the period: one direction, 4.
        const std::vector<StageTiming> slowLink{{1, 1, 4, 3}, {1, 1, 0, 0}};
        QCOMPARE(
            simulateSchedule(slowLink, 5, ScheduleKind::OneForwardOneBackward).timePerMinibatchMs,
            20.0);
        QVERIFY(scheduleOrder(ScheduleKind::OneForwardOneBackwardFlush, 4, 4) ==
                scheduleOrder(ScheduleKind::OneForwardOneBackward, 4, 4));
        QVERIFY(scheduleKindFromName("1f1b-flush") == ScheduleKind::OneForwardOneBackwardFlush);
        QCOMPARE(scheduleKindName(ScheduleKind::OneForwardOneBackwardFlush),
                 std::string("1f1b-flush"));
        QVERIFY(!scheduleKindFromName("auto"));
    }

    void singleStage() {
        const auto s =
            simulateSchedule({StageTiming{1.5, 2.5, 0, 0}}, 3, ScheduleKind::OneForwardOneBackward);
        QCOMPARE(s.minibatchMs, 12.0);
        QCOMPARE(s.idleFraction[0], 0.0);
    }

    // Stage 0 runs F0 B0 F1 B1 but stage 1 wants F1 first: stage 1 waits for F1, which stage 0
    // only sends after B0, which needs stage 1's B0. Detected, not a hang.
    void impossibleScheduleIsReported() {
        const std::vector<StageTiming> stages(2, StageTiming{1, 1, 0, 0});
        const std::vector<std::vector<StageStep>> orders{
            {{Pass::Forward, 0}, {Pass::Backward, 0}, {Pass::Forward, 1}, {Pass::Backward, 1}},
            {{Pass::Forward, 1}, {Pass::Backward, 1}, {Pass::Forward, 0}, {Pass::Backward, 0}}};
        QVERIFY_THROWS_EXCEPTION(
            PlanError, simulateSchedule(stages, 2, orders, ScheduleKind::OneForwardOneBackward));
        // A backward before its own forward.
        const std::vector<std::vector<StageStep>> backwards{
            {{Pass::Backward, 0}, {Pass::Forward, 0}}};
        QVERIFY_THROWS_EXCEPTION(PlanError,
                                 simulateSchedule({StageTiming{1, 1, 0, 0}}, 1, backwards,
                                                  ScheduleKind::OneForwardOneBackward));
        // A step missing or repeated.
        const std::vector<std::vector<StageStep>> missing{{{Pass::Forward, 0}, {Pass::Forward, 0}}};
        QVERIFY_THROWS_EXCEPTION(PlanError, simulateSchedule({StageTiming{1, 1, 0, 0}}, 1, missing,
                                                             ScheduleKind::OneForwardOneBackward));
        QVERIFY_THROWS_EXCEPTION(
            PlanError, simulateSchedule({StageTiming{1, 1, 0, 0}}, 0, ScheduleKind::GPipe));
    }
};

CUTLAB_TEST_MAIN(TestSchedule, Guiless)
} // namespace tst_schedule

#include "tst_schedule.moc"
