#pragma once

#include "core/llm/TokenCostModel.h"
#include "core/llm/TokenModel.h"
#include "core/model/Profile.h"
#include "core/model/Tier.h"
#include "ui/charts/Format.h"

#include <QBrush>
#include <QColor>
#include <QPainter>
#include <QRectF>
#include <QString>

#include <algorithm>
#include <vector>

// What the Tokens panel's bars and timeline share: a token's trip split into steps in the order
// they happen, their colours and how a step is filled.
namespace cutlab::ui {

// One part of a token time: a tier's compute, a link's latency (hatched) or its transfer.
struct TokenSegment {
    QString label; // "device compute", "device→cloud latency"
    double ms = 0;
    QColor color;
    bool hatched = false; // latency: drawn lighter with hatching
};

// A segment's rectangle: its colour, or a latency's lighter colour with hatching.
inline void fillTokenSegment(QPainter& painter, const QRectF& rect, const TokenSegment& segment) {
    if (segment.hatched) {
        painter.fillRect(rect, segment.color.lighter(150));
        painter.fillRect(rect, QBrush(segment.color.darker(130), Qt::BDiagPattern));
    } else {
        painter.fillRect(rect, segment.color);
    }
}

inline QString tokenTierText(core::Tier tier) {
    return QString::fromStdString(core::tierName(tier));
}

// The link colour of a hop between two tiers: 0 device–edge, 1 device–cloud, 2 edge–cloud.
inline int tokenLinkIndex(core::Tier a, core::Tier b) {
    const int low = std::min(core::tierIndex(a), core::tierIndex(b));
    const int high = std::max(core::tierIndex(a), core::tierIndex(b));
    return low == 0 ? (high == 1 ? 0 : 1) : 2;
}

// One step of a token's trip: a tier's compute, or a hop's latency or transfer.
struct TokenStep {
    QString row;   // where it happens: "phone (device)", or the link "device→edge" both ways
    QString label; // "device compute", "edge→device latency"
    QColor color;
    bool hatched = false;
    double prefillMs = 0; // the prompt (time to first token)
    double decodeMs = 0;  // one generated token (time per token)
    TokenSegment prefill() const { return {label, prefillMs, color, hatched}; }
    TokenSegment decode() const { return {label, decodeMs, color, hatched}; }
};

// The steps of a plan in the order a token flows: each tier's compute after the hop that reaches
// it (latency, then transfer), then the sampled id's hops back. Their prefill times add up to the
// evaluation's time to first token, their decode times to its time per token.
inline std::vector<TokenStep> tokenSteps(const core::Profile& profile,
                                         const core::TokenModel& tokens,
                                         const core::TokenPlan& plan,
                                         const core::TokenEvaluation& evaluation) {
    const int ends[3] = {plan.deviceEnd, plan.edgeEnd, static_cast<int>(tokens.layers.size())};
    std::vector<TokenStep> steps;
    auto hopSteps = [&](const core::TokenHop& hop) {
        const core::Tier from = profile.machines[static_cast<std::size_t>(hop.from)].tier;
        const core::Tier to = profile.machines[static_cast<std::size_t>(hop.to)].tier;
        const QString name = tokenTierText(from) + QStringLiteral("→") + tokenTierText(to);
        const bool forward = core::tierIndex(from) <= core::tierIndex(to);
        const QString row =
            forward ? name : tokenTierText(to) + QStringLiteral("→") + tokenTierText(from);
        steps.push_back({row, name + QStringLiteral(" latency"), Format::latencyColor(), true,
                         hop.latencyMs, hop.latencyMs});
        steps.push_back({row, name + QStringLiteral(" transfer"),
                         Format::linkColor(tokenLinkIndex(from, to)), false, hop.prefillTransferMs,
                         hop.decodeTransferMs});
    };
    for (int t = 0, begin = 0; t < 3; begin = std::max(begin, ends[t]), ++t) {
        if (ends[t] <= begin)
            continue;
        const int machine = plan.machines[static_cast<std::size_t>(t)];
        for (const core::TokenHop& hop : evaluation.hops)
            if (hop.up && hop.to == machine)
                hopSteps(hop);
        double prefill = 0, decode = 0;
        for (int l = begin; l < ends[t]; ++l) {
            prefill +=
                tokens.prefillMs[static_cast<std::size_t>(l)][static_cast<std::size_t>(machine)];
            decode +=
                tokens.decodeMs[static_cast<std::size_t>(l)][static_cast<std::size_t>(machine)];
        }
        const QString id =
            QString::fromStdString(profile.machines[static_cast<std::size_t>(machine)].id);
        steps.push_back({QStringLiteral("%1 (%2)").arg(id, tokenTierText(core::kTiers[t])),
                         tokenTierText(core::kTiers[t]) + QStringLiteral(" compute"),
                         Format::tierColor(core::kTiers[t]), false, prefill, decode});
    }
    for (const core::TokenHop& hop : evaluation.hops)
        if (!hop.up)
            hopSteps(hop);
    return steps;
}

} // namespace cutlab::ui
