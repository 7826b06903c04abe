#pragma once

// An independent brute force over every Scission placement, with the documented order, and the
// memory of a placement computed from its definition (docs/cost-models.md §1.8).
#include "core/inference/InferenceCostModel.h"
#include "core/inference/InferenceQuery.h"
#include "core/inference/RankedPlan.h"

#include <QTest>

#include <algorithm>
#include <map>
#include <vector>

namespace inference_brute_force {

using namespace cutlab::core;

// Bytes live while `layer` runs, by the definition: the model input and every earlier output
// that a layer at or after it reads, and its own output.
inline double liveBytesAt(const InferenceCostModel& model, int layer) {
    const Profile& profile = model.profile();
    const int n = model.layerCount();
    auto readFrom = [&](int producer) { // some layer at or after `layer` reads it
        for (int j = layer; j < n; ++j) {
            const Layer& reader = profile.layers[static_cast<std::size_t>(j)];
            if (producer < 0 ? reader.readsModelInput
                             : std::count(reader.inputs.begin(), reader.inputs.end(), producer))
                return true;
        }
        return false;
    };
    double live = profile.layers[static_cast<std::size_t>(layer)].outputBytes;
    if (readFrom(-1))
        live += model.inputBytes();
    for (int p = 0; p < layer; ++p)
        if (readFrom(p))
            live += profile.layers[static_cast<std::size_t>(p)].outputBytes;
    return live;
}

// liveBytesAt of every layer; it depends on the model alone, so a search computes it once.
inline std::vector<double> liveBytesByDefinition(const InferenceCostModel& model) {
    std::vector<double> live;
    for (int layer = 0; layer < model.layerCount(); ++layer)
        live.push_back(liveBytesAt(model, layer));
    return live;
}

// Machine -> bytes held: the weights of its layers, and the largest of its layers' live bytes
// (`live`, from liveBytesByDefinition), the tensors it receives and (on the origin) the input.
inline std::map<int, double> memoryByDefinition(const InferenceCostModel& model,
                                                const std::vector<double>& live,
                                                const Evaluation& evaluation) {
    std::map<int, double> weights, activation;
    if (evaluation.origin >= 0)
        activation[evaluation.origin] = model.inputBytes();
    for (const StageCost& stage : evaluation.stages)
        for (int layer = stage.begin; layer < stage.end; ++layer) {
            const auto at = static_cast<std::size_t>(layer);
            weights[stage.machine] += model.profile().layers[at].paramBytes;
            activation[stage.machine] = std::max(activation[stage.machine], live[at]);
        }
    for (const TransferCost& transfer : evaluation.transfers)
        activation[transfer.to] = std::max(activation[transfer.to], transfer.bytes);
    std::map<int, double> total;
    for (const auto& [machine, bytes] : activation)
        total[machine] = bytes + weights[machine];
    return total;
}

inline bool fitsByDefinition(const InferenceCostModel& model, const std::vector<double>& live,
                             const Evaluation& evaluation) {
    for (const auto& [machine, bytes] : memoryByDefinition(model, live, evaluation)) {
        const auto limit = model.memory().capacity(machine);
        if (limit && bytes > *limit)
            return false;
    }
    return true;
}

// Checks a placement against a query the slow, obvious way.
inline bool satisfies(const InferenceCostModel& model, const InferenceQuery& q,
                      const TierPlacement& p, const Evaluation& e) {
    const int n = model.layerCount();
    for (Tier tier : kTiers) {
        const auto t = static_cast<std::size_t>(tierIndex(tier));
        const int layers = p.layersOn(tier, n);
        if (q.tierUse[t] == TierUse::Must && layers == 0)
            return false;
        if (q.tierUse[t] == TierUse::MustNot && layers > 0)
            return false;
        double sent = 0;
        for (const auto& transfer : e.transfers)
            if (model.profile().machines[static_cast<std::size_t>(transfer.from)].tier == tier)
                sent += transfer.bytes;
        if (q.maxUploadBytes[t] && sent > *q.maxUploadBytes[t])
            return false;
        if (q.maxTime[t]) {
            const double bound = q.maxTime[t]->percent ? q.maxTime[t]->value / 100.0 * e.computeMs
                                                       : q.maxTime[t]->value;
            if (e.computeOn(tier) > bound)
                return false;
        }
    }
    if (q.maxLatencyMs && e.totalMs > *q.maxLatencyMs)
        return false;
    auto tierOfLayer = [&](int layer) {
        return layer < p.deviceEnd ? Tier::Device : layer < p.edgeEnd ? Tier::Edge : Tier::Cloud;
    };
    const auto& blockOf = model.structure().blockOfLayer;
    const auto& blocks = model.structure().blocks;
    for (const auto& [layer, tier] : q.pins) {
        const auto& b = blocks[static_cast<std::size_t>(blockOf[static_cast<std::size_t>(layer)])];
        for (int i = b.first; i <= b.last; ++i)
            if (tierOfLayer(i) != tier)
                return false;
    }
    for (const auto& [layer, tier] : q.forbids) {
        const auto& b = blocks[static_cast<std::size_t>(blockOf[static_cast<std::size_t>(layer)])];
        for (int i = b.first; i <= b.last; ++i)
            if (tierOfLayer(i) == tier)
                return false;
    }
    return true;
}

// Every configuration, evaluated one by one, sorted with the documented order.
inline std::vector<RankedPlan> bruteForce(const InferenceCostModel& model,
                                          const InferenceQuery& q) {
    const Profile& profile = model.profile();
    const int n = model.layerCount();
    std::vector<int> boundaries{0};
    for (int k : model.structure().cutAfter)
        boundaries.push_back(k + 1);
    boundaries.push_back(n);
    auto machines = [&](Tier tier) {
        std::vector<int> result;
        for (int m : profile.machinesOfTier(tier))
            if (q.allows(m))
                result.push_back(m);
        return result;
    };
    const std::vector<double> live = liveBytesByDefinition(model);
    std::vector<RankedPlan> plans;
    for (int d : machines(Tier::Device))
        for (std::size_t a = 0; a < boundaries.size(); ++a)
            for (std::size_t b = a; b < boundaries.size(); ++b) {
                const bool edgeUsed = b > a, cloudUsed = boundaries[b] < n;
                for (int e : edgeUsed ? machines(Tier::Edge) : std::vector<int>{-1})
                    for (int c : cloudUsed ? machines(Tier::Cloud) : std::vector<int>{-1}) {
                        TierPlacement p;
                        p.machine = {d, e, c};
                        p.deviceEnd = boundaries[a];
                        p.edgeEnd = boundaries[b];
                        RankedPlan plan;
                        plan.segments = p.segments(n);
                        plan.evaluation = model.evaluate(p);
                        if (satisfies(model, q, p, plan.evaluation) &&
                            fitsByDefinition(model, live, plan.evaluation))
                            plans.push_back(plan);
                    }
            }
    sortPlans(plans, q.objective);
    if (plans.size() > static_cast<std::size_t>(q.top))
        plans.resize(static_cast<std::size_t>(q.top));
    return plans;
}

inline bool samePlacement(const RankedPlan& a, const RankedPlan& b) {
    if (a.evaluation.stages.size() != b.evaluation.stages.size())
        return false;
    for (std::size_t i = 0; i < a.evaluation.stages.size(); ++i) {
        const auto& x = a.evaluation.stages[i];
        const auto& y = b.evaluation.stages[i];
        if (x.machine != y.machine || x.begin != y.begin || x.end != y.end)
            return false;
    }
    return a.evaluation.origin == b.evaluation.origin;
}

inline void compareLists(const std::vector<RankedPlan>& got, const std::vector<RankedPlan>& want) {
    QCOMPARE(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        QVERIFY2(qAbs(got[i].evaluation.totalMs - want[i].evaluation.totalMs) < 1e-9,
                 qPrintable(QString::number(i)));
        QCOMPARE(got[i].evaluation.transferBytes, want[i].evaluation.transferBytes);
        QVERIFY2(inference_brute_force::samePlacement(got[i], want[i]),
                 qPrintable(QString("rank %1").arg(i + 1)));
    }
}

} // namespace inference_brute_force
