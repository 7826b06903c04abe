#include "ui/charts/ExplainText.h"

#include "ui/charts/Format.h"

#include <QStringList>

#include <cmath>

namespace cutlab::ui {
namespace {

struct Term {
    QString plain;
    QString rich;
    double ms = 0;
};

QString layerRange(const core::Profile& profile, int begin, int end) {
    const QString first =
        QString::fromStdString(profile.layers[static_cast<std::size_t>(begin)].id);
    const QString last =
        QString::fromStdString(profile.layers[static_cast<std::size_t>(end - 1)].id);
    const int count = end - begin;
    if (count == 1)
        return QStringLiteral("layer %1").arg(first);
    return QStringLiteral("%1 layers, %2 … %3").arg(count).arg(first, last);
}

std::vector<Term> terms(const core::InferenceCostModel& model, const core::Evaluation& evaluation) {
    const core::Profile& profile = model.profile();
    std::vector<Term> result;
    auto machineId = [&](int m) {
        return QString::fromStdString(profile.machines[static_cast<std::size_t>(m)].id);
    };
    auto transferTerm = [&](const core::TransferCost& t) {
        const core::Link* link = model.link(t.from, t.to);
        const double bandwidth = link ? link->bandwidthMbps : core::kUnlimitedBandwidth;
        const auto fromTier = profile.machines[static_cast<std::size_t>(t.from)].tier;
        const auto toTier = profile.machines[static_cast<std::size_t>(t.to)].tier;
        // "3g" only where the link is that preset's own (its uplink as published); any other
        // link is named by its tiers, so a custom 50 Mbps backhaul is never called "3g".
        const auto preset = core::networkPreset(model.network().name);
        const auto presetLink =
            preset ? preset->linkBetweenTiers(fromTier, toTier) : std::optional<core::Link>();
        const bool presetOwn = fromTier == core::Tier::Device && link && presetLink &&
                               presetLink->bandwidthMbps == link->bandwidthMbps &&
                               presetLink->latencyMs == link->latencyMs;
        const QString network = presetOwn
                                    ? QString::fromStdString(model.network().name)
                                    : QStringLiteral("the %1→%2 link")
                                          .arg(QString::fromStdString(core::tierName(fromTier)),
                                               QString::fromStdString(core::tierName(toTier)));
        const QString verb =
            fromTier == core::Tier::Device ? QStringLiteral("upload") : QStringLiteral("send");
        Term term;
        term.ms = t.ms;
        const QString what =
            t.afterLayer < 0 ? QStringLiteral("the input")
                             : QStringLiteral("the output of %1")
                                   .arg(QString::fromStdString(
                                       profile.layers[static_cast<std::size_t>(t.afterLayer)].id));
        term.plain = QStringLiteral("%1 %2 over %3 %4")
                         .arg(verb, Format::bytes(t.bytes), network, Format::ms(t.ms));
        const double bytesMs = t.ms - t.latencyMs;
        term.rich =
            QStringLiteral(
                "<b>%1</b> %2 (%3) %4 → %5 over %6: latency %7 + %8 × 8 ÷ %9 = %10 → <b>%11</b>")
                .arg(verb, Format::bytes(t.bytes), what, machineId(t.from), machineId(t.to),
                     network.toHtmlEscaped(), Format::ms(t.latencyMs), Format::bytes(t.bytes),
                     Format::mbps(bandwidth), Format::ms(bytesMs), Format::ms(t.ms));
        return term;
    };
    std::size_t next = 0;
    for (const auto& stage : evaluation.stages) {
        while (next < evaluation.transfers.size() &&
               evaluation.transfers[next].afterLayer < stage.begin)
            result.push_back(transferTerm(evaluation.transfers[next++]));
        Term term;
        term.ms = stage.computeMs;
        const QString tier = QString::fromStdString(core::tierName(stage.tier));
        term.plain = QStringLiteral("%1 %2 %3")
                         .arg(tier, machineId(stage.machine), Format::ms(stage.computeMs));
        term.rich = QStringLiteral("<b>%1</b> %2 computes %3 → <b>%4</b>")
                        .arg(tier, machineId(stage.machine).toHtmlEscaped(),
                             layerRange(profile, stage.begin, stage.end).toHtmlEscaped(),
                             Format::ms(stage.computeMs));
        result.push_back(term);
    }
    while (next < evaluation.transfers.size())
        result.push_back(transferTerm(evaluation.transfers[next++]));
    return result;
}

} // namespace

QString ExplainText::sentence(const core::InferenceCostModel& model,
                              const core::Evaluation& evaluation) {
    QStringList parts;
    for (const Term& term : terms(model, evaluation))
        parts << term.plain;
    if (parts.isEmpty())
        return QStringLiteral("Total 0.0 ms: nothing runs.");
    return QStringLiteral("Total %1 = %2")
        .arg(Format::ms(evaluation.totalMs), parts.join(QStringLiteral(" + ")));
}

QString ExplainText::html(const core::InferenceCostModel& model,
                          const core::Evaluation& evaluation) {
    QString text =
        QStringLiteral("<p style='font-size:large'><b>Total %1</b> = compute %2 + transfers %3 (%4 "
                       "sent)</p><ol>")
            .arg(Format::ms(evaluation.totalMs), Format::ms(evaluation.computeMs),
                 Format::ms(evaluation.transferMs), Format::bytes(evaluation.transferBytes));
    for (const Term& term : terms(model, evaluation))
        text += QStringLiteral("<li>%1</li>").arg(term.rich);
    text += QStringLiteral("</ol><p>%1</p>").arg(sentence(model, evaluation).toHtmlEscaped());
    return text;
}

} // namespace cutlab::ui
