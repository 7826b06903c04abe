// The peer's own answers: every query of Scission's expected_scission_predict.txt, on profiles
// converted with the .npy header (+128 bytes per tensor, as the peer's tool sends them). Our
// top-1 total equals the peer's to its printed precision, and our top-5 list equals the peer's
// up to the order of ties.
//
// One documented deviation (docs/cost-models.md §1): the peer's script decides whether a tier is
// used from its time, so a tier that runs only zero-time blocks (vm2Core measured 0 ms for the
// last ResNet blocks) is priced as if it were unused. Such configurations, and only those, are
// left out of the list comparison on both sides; every top-1 is compared unfiltered.
#include "../TestMain.h"
#include "../TestPaths.h"

#include "core/inference/InferenceCostModel.h"
#include "core/inference/ScissionPlanner.h"
#include "core/io/NetworkFile.h"
#include "core/io/ProfileLoader.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_scissionreference {

using namespace cutlab::core;

namespace {

struct PeerLine {
    double seconds = 0;
    QString configuration; // "raspi4:0-20|vm2Core:21-21|6700k(GPU):22-22", unused tiers omitted
};

struct PeerQuery {
    QString model, network, flags;
    QList<PeerLine> lines;
};

QList<PeerQuery> readPeerAnswers() {
    QFile file(sourcePath("tests/data/scission-reference/expected_scission_predict.txt"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing expected_scission_predict.txt");
    QList<PeerQuery> queries;
    const QRegularExpression line(
        R"(^\[(\d+)\] ([0-9.]+)s - ([0-9.]+)MB - Device\((.*)\) = (-?\d+) - (-?\d+), )"
        R"(Edge\((.*)\) = (-?\d+) - (-?\d+), Cloud\((.*)\) = (-?\d+) - (-?\d+)$)");
    for (const QString& raw : QString::fromUtf8(file.readAll()).split('\n')) {
        if (raw.startsWith("### ")) {
            const QStringList parts = raw.mid(4).split('|');
            queries.append({parts[0].trimmed(), parts[1].trimmed(), parts[2].trimmed(), {}});
            continue;
        }
        const auto match = line.match(raw.trimmed());
        if (!match.hasMatch())
            continue;
        PeerLine peer;
        peer.seconds = match.captured(2).toDouble();
        QStringList tiers;
        for (int t = 0; t < 3; ++t) {
            const QString first = match.captured(5 + 3 * t), last = match.captured(6 + 3 * t);
            if (first != "-1")
                tiers << match.captured(4 + 3 * t) + ":" + first + "-" + last;
        }
        peer.configuration = tiers.join('|');
        queries.last().lines.append(peer);
    }
    return queries;
}

InferenceQuery toQuery(const QString& flags) {
    InferenceQuery query;
    const QStringList words = flags.split(' ', Qt::SkipEmptyParts);
    for (int i = 0; i + 1 < words.size(); i += 2) {
        const QString flag = words[i], value = words[i + 1];
        const int tier = flag == "-d" ? 0 : flag == "-e" ? 1 : flag == "-c" ? 2 : -1;
        if (tier >= 0)
            query.tierUse[static_cast<std::size_t>(tier)] =
                value == "!-1" ? TierUse::Must : TierUse::MustNot;
        else if (flag == "--device-upload")
            query.maxUploadBytes[0] = value.toDouble() * 1e6;
        else if (flag == "--edge-upload")
            query.maxUploadBytes[1] = value.toDouble() * 1e6;
        else if (flag == "--device-time")
            query.maxTime[0] = TimeLimit{value.chopped(1).toDouble(), true};
        else if (flag != "-i")
            qFatal("unknown peer flag %s", qPrintable(flag));
    }
    return query;
}

double inputBytes(const QString& flags) {
    const QStringList words = flags.split(' ', Qt::SkipEmptyParts);
    const int at = words.indexOf("-i");
    return at >= 0 ? std::round(words[at + 1].toDouble() * 1e6) : 150000.0;
}

// Our plan in the peer's notation: Keras indices from the layer ids "<first>-<last>" / "<n>".
QString configurationOf(const Profile& profile, const RankedPlan& plan) {
    QStringList tiers;
    for (const auto& stage : plan.evaluation.stages) {
        const QString first =
            QString::fromStdString(profile.layers[static_cast<std::size_t>(stage.begin)].id)
                .section('-', 0, 0);
        const QString last =
            QString::fromStdString(profile.layers[static_cast<std::size_t>(stage.end - 1)].id)
                .section('-', -1);
        tiers << QString::fromStdString(
                     profile.machines[static_cast<std::size_t>(stage.machine)].id) +
                     ":" + first + "-" + last;
    }
    return tiers.join('|');
}

// True when a tier of the peer's configuration runs only blocks that take 0 ms on its machine.
bool hasZeroTimeTier(const Profile& profile, const QString& configuration) {
    for (const QString& tier : configuration.split('|')) {
        const QString machine = tier.section(':', 0, -2);
        const QStringList range = tier.section(':', -1).split('-');
        const int first = range[0].toInt(), last = range[1].toInt();
        const int m = profile.machineIndex(machine.toStdString());
        double total = 0;
        for (const auto& layer : profile.layers) {
            const QString id = QString::fromStdString(layer.id);
            const int a = id.section('-', 0, 0).toInt(), b = id.section('-', -1).toInt();
            if (a >= first && b <= last)
                total += layer.forwardMs[static_cast<std::size_t>(m)];
        }
        if (total == 0.0)
            return true;
    }
    return false;
}

} // namespace

class TestScissionReference : public QObject {
    Q_OBJECT
  private slots:
    void peerAnswersTopOne() {
        int compared = 0;
        for (const PeerQuery& q : readPeerAnswers()) {
            if (q.lines.isEmpty())
                continue;
            auto profile = loadProfileFile(
                sourcePath("tests/data/scission-npy/" + q.model + ".json").toStdString());
            auto links =
                loadNetwork(sourcePath("tests/data/scission-reference/" + q.network).toStdString());
            QVERIFY(profile.ok() && links.ok());
            const InferenceCostModel costs(*profile.profile, *links.network, inputBytes(q.flags));
            InferenceQuery query = toQuery(q.flags);
            query.top = 1;
            const auto plans = rankScission(costs, query);
            QCOMPARE(plans.size(), std::size_t(1));
            QVERIFY2(qAbs(plans.front().evaluation.totalMs / 1000.0 - q.lines.front().seconds) <=
                         0.5e-4 + 1e-9,
                     qPrintable(q.model + " " + q.network + " " + q.flags));
            QCOMPARE(configurationOf(*profile.profile, plans.front()),
                     q.lines.front().configuration);
            ++compared;
        }
        QCOMPARE(compared, 160);
    }

    void peerAnswers_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("network");
        QTest::addColumn<QString>("flags");
        QTest::addColumn<QList<double>>("seconds");
        QTest::addColumn<QStringList>("configurations");
        int count = 0;
        for (const PeerQuery& q : readPeerAnswers()) {
            if (q.lines.isEmpty())
                continue;
            QList<double> seconds;
            QStringList configurations;
            for (const auto& line : q.lines) {
                seconds << line.seconds;
                configurations << line.configuration;
            }
            QTest::newRow(qPrintable(q.model + " | " + q.network + " | " + q.flags))
                << q.model << q.network << q.flags << seconds << configurations;
            ++count;
        }
        QCOMPARE(count, 160);
    }
    void peerAnswers() {
        QFETCH(QString, model);
        QFETCH(QString, network);
        QFETCH(QString, flags);
        QFETCH(QList<double>, seconds);
        QFETCH(QStringList, configurations);
        auto profile =
            loadProfileFile(sourcePath("tests/data/scission-npy/" + model + ".json").toStdString());
        QVERIFY(profile.ok());
        auto links =
            loadNetwork(sourcePath("tests/data/scission-reference/" + network).toStdString());
        QVERIFY(links.ok());
        const InferenceCostModel costs(*profile.profile, *links.network, inputBytes(flags));
        InferenceQuery query = toQuery(flags);
        query.top = 15;
        const Profile& p = *profile.profile;
        const auto all = rankScission(costs, query);
        // Ours, without configurations that have a zero-time tier.
        QList<double> ourSeconds;
        QStringList ourConfigurations;
        for (const auto& plan : all) {
            bool zeroTime = false;
            for (const auto& stage : plan.evaluation.stages)
                zeroTime = zeroTime || stage.computeMs == 0.0;
            if (zeroTime)
                continue;
            ourSeconds << plan.evaluation.totalMs / 1000.0;
            ourConfigurations << configurationOf(p, plan);
        }
        // The peer's, likewise.
        QList<double> peerSeconds;
        QStringList peerConfigurations;
        for (int i = 0; i < seconds.size(); ++i) {
            if (hasZeroTimeTier(p, configurations[i]))
                continue;
            peerSeconds << seconds[i];
            peerConfigurations << configurations[i];
        }
        QVERIFY(ourSeconds.size() >= peerSeconds.size());
        // Printed totals agree rank by rank, to the peer's four decimals.
        for (int i = 0; i < peerSeconds.size(); ++i)
            QVERIFY2(qAbs(ourSeconds[i] - peerSeconds[i]) <= 0.5e-4 + 1e-9,
                     qPrintable(QString("rank %1: %2 s, peer %3 s")
                                    .arg(i + 1)
                                    .arg(ourSeconds[i])
                                    .arg(peerSeconds[i])));
        // Configurations agree up to the order of tied totals; at the end of the list a tie
        // group may be cut by the top-5 limit, so only its printed total can be compared.
        for (int i = 0; i < peerSeconds.size();) {
            int j = i;
            while (j < peerSeconds.size() && peerSeconds[j] == peerSeconds[i])
                ++j;
            if (j == peerSeconds.size() && j > i + 1)
                break;
            QStringList ours = ourConfigurations.mid(i, j - i),
                        peers = peerConfigurations.mid(i, j - i);
            ours.sort();
            peers.sort();
            QCOMPARE(ours, peers);
            i = j;
        }
    }
};

CUTLAB_TEST_MAIN(TestScissionReference, Guiless)
} // namespace tst_scissionreference

#include "tst_scissionreference.moc"
