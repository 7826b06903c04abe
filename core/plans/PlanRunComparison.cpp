#include "core/plans/PlanRunComparison.h"

#include "core/io/JsonText.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cutlab::core {
namespace {

using Json = nlohmann::ordered_json;

constexpr double kWithin = 0.10;       // |error| at most this: the prediction holds
constexpr double kUnsteady = 0.5;      // (p90 - p10) / median above this: frames vary
constexpr double kBusyLoadPerCore = 1; // load average above threads x this: the machine was busy

struct PlannedStage {
    std::string machine, firstLayer, lastLayer;
    double computeMs = 0;
};

struct PlannedTransfer {
    std::string from, to, afterLayer; // afterLayer "" = the model input
    double bytes = 0, ms = 0, latencyMs = 0;
};

struct Plan {
    std::string model, planner, network;
    double totalMs = 0;
    std::vector<PlannedStage> stages;
    std::vector<PlannedTransfer> transfers;
};

[[noreturn]] void mismatch(const std::string& message) {
    throw PlanRunMismatch(message);
}

std::string stringOr(const Json& object, const char* key, const std::string& fallback = "") {
    const auto found = object.find(key);
    return found != object.end() && found->is_string() ? found->get<std::string>() : fallback;
}

double numberAt(const Json& object, const char* key, const std::string& at) {
    const auto found = object.find(key);
    if (found == object.end() || !found->is_number() || !std::isfinite(found->get<double>()))
        mismatch("the plan's " + at + "/" + key + " is missing or not a number");
    return found->get<double>();
}

const Json& chosenPlan(const Json& root, int rank) {
    if (!root.is_object() || stringOr(root, "format") != "cutlab-plan")
        mismatch("not a CutLab plan (no \"format\": \"cutlab-plan\")");
    if (stringOr(root, "kind", "inference") != "inference")
        mismatch("a training plan: only inference plans are run by cutlab-run-split");
    const auto plans = root.find("plans");
    if (plans == root.end() || !plans->is_array() || plans->size() < std::size_t(rank))
        mismatch("the plan file has no plan of rank " + std::to_string(rank) +
                 " (the run's plan.rank)");
    return (*plans)[std::size_t(rank - 1)];
}

Plan runPlanOf(const Json& root, int rank) {
    const Json& chosen = chosenPlan(root, rank);
    const std::string at = "plans/" + std::to_string(rank - 1);
    Plan plan;
    plan.model = stringOr(root, "model");
    plan.planner = stringOr(root, "planner");
    if (root.contains("network") && root["network"].is_object())
        plan.network = stringOr(root["network"], "name");
    plan.totalMs = numberAt(chosen, "total_ms", at);
    for (const Json& stage : chosen.value("stages", Json::array()))
        plan.stages.push_back({stringOr(stage, "machine"), stringOr(stage, "first_layer"),
                               stringOr(stage, "last_layer"),
                               numberAt(stage, "compute_ms", at + "/stages")});
    for (const Json& transfer : chosen.value("transfers", Json::array()))
        plan.transfers.push_back(
            {stringOr(transfer, "from"), stringOr(transfer, "to"),
             stringOr(transfer, "after_layer"), numberAt(transfer, "bytes", at + "/transfers"),
             numberAt(transfer, "ms", at + "/transfers"),
             transfer.contains("latency_ms") ? numberAt(transfer, "latency_ms", at + "/transfers")
                                             : 0.0});
    return plan;
}

std::string runStageName(std::size_t index, const PlannedStage& stage) {
    return "segment " + std::to_string(index + 1) + " on " + stage.machine + ": " +
           stage.firstLayer + (stage.firstLayer == stage.lastLayer ? "" : " .. " + stage.lastLayer);
}

std::string transferName(const PlannedTransfer& transfer) {
    return "transfer " + transfer.from + " -> " + transfer.to + " of " +
           (transfer.afterLayer.empty() ? std::string("the input")
                                        : "the output of " + transfer.afterLayer);
}

void checkFrame(const Plan& plan, const RunFrame& frame) {
    const std::string which = "frame " + std::to_string(frame.index);
    if (frame.segments.size() != plan.stages.size() ||
        frame.transfers.size() != plan.transfers.size())
        mismatch("the run is of another plan: " + which + " has " +
                 std::to_string(frame.segments.size()) + " segments and " +
                 std::to_string(frame.transfers.size()) + " transfers, the plan " +
                 std::to_string(plan.stages.size()) + " stages and " +
                 std::to_string(plan.transfers.size()) + " transfers");
    for (std::size_t i = 0; i < plan.stages.size(); ++i) {
        const PlannedStage& stage = plan.stages[i];
        const RunSegment& segment = frame.segments[i];
        if (segment.machine != stage.machine || segment.firstLayer != stage.firstLayer ||
            segment.lastLayer != stage.lastLayer)
            mismatch("the run is of another plan: " + which + "'s segment " +
                     std::to_string(i + 1) + " ran " + segment.firstLayer + " .. " +
                     segment.lastLayer + " on " + segment.machine + ", the plan's " +
                     runStageName(i, stage));
    }
    for (std::size_t i = 0; i < plan.transfers.size(); ++i) {
        const PlannedTransfer& planned = plan.transfers[i];
        const RunTransfer& measured = frame.transfers[i];
        if (measured.from != planned.from || measured.to != planned.to ||
            measured.afterLayer.value_or("") != planned.afterLayer)
            mismatch("the run is of another plan: " + which + "'s transfer " +
                     std::to_string(i + 1) + " went " + measured.from + " -> " + measured.to +
                     ", the plan's is the " + transferName(planned));
    }
}

// The nearest-rank percentile of sorted values.
double percentile(const std::vector<double>& sorted, double p) {
    const auto rank = static_cast<std::size_t>(std::ceil(p / 100 * double(sorted.size())));
    return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
}

double medianOf(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t middle = values.size() / 2;
    return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

std::string fixed(double value, int decimals = 1) {
    char text[48];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

std::string percentText(double fraction) {
    return fixed(std::fabs(fraction) * 100, 0) + " %";
}

ComparedItem itemOf(ComparedItem::Kind kind, std::string name, double predicted,
                    std::vector<double> measured) {
    std::sort(measured.begin(), measured.end());
    ComparedItem item;
    item.kind = kind;
    item.name = std::move(name);
    item.predictedMs = predicted;
    item.measuredMs = medianOf(measured);
    item.fastestMs = measured.front();
    item.slowestMs = measured.back();
    item.error = item.measuredMs > 0 ? predicted / item.measuredMs - 1 : (predicted > 0 ? 1 : 0);
    return item;
}

bool unsteady(const std::vector<double>& measured, double medianMs) {
    std::vector<double> sorted = measured;
    std::sort(sorted.begin(), sorted.end());
    return medianMs > 0 && (percentile(sorted, 90) - percentile(sorted, 10)) / medianMs > kUnsteady;
}

std::string loadText(const RunRecord& run) {
    if (run.loadAverage.size() < 2)
        return "";
    return "load average " + fixed(run.loadAverage[0], 2) + " -> " + fixed(run.loadAverage[1], 2);
}

bool wasBusy(const RunRecord& run) {
    // every process of the run takes `threads` cores of its own while it computes
    return std::any_of(run.loadAverage.begin(), run.loadAverage.end(),
                       [&](double load) { return load > kBusyLoadPerCore * run.threads + 0.5; });
}

std::string segmentExplanation(const ComparedItem& item, const std::vector<double>& measured,
                               const RunRecord& run, const std::string& machine) {
    std::string prefix;
    if (const auto slowed = run.slowdown.find(machine); slowed != run.slowdown.end())
        prefix =
            "the run slowed " + machine + " " + fixed(slowed->second, 1) + " times (--slowdown); ";
    if (std::fabs(item.error) <= kWithin)
        return prefix + "within 10 %";
    if (unsteady(measured, item.measuredMs))
        return prefix + "frames varied from " + fixed(item.fastestMs, 2) + " to " +
               fixed(item.slowestMs, 2) + " ms: other work shared the CPU" +
               (loadText(run).empty() ? "" : " (" + loadText(run) + ")");
    if (item.error < 0)
        return prefix + "measured " + percentText(item.measuredMs / item.predictedMs - 1) +
               " slower than planned: " +
               (wasBusy(run) ? "the machine was busy during the run (" + loadText(run) + ")"
                             : "the profile timed these layers faster than they run here: "
                               "timed alone, with more threads or on a quieter machine (profile "
                               "them in context with cutlab-profile-torch), or inside the whole "
                               "model, which can run faster than this stage on its own");
    return prefix + "measured " + percentText(1 - item.measuredMs / item.predictedMs) +
           " faster than planned: the profile was measured on a slower or busier machine, or "
           "with fewer threads than this run's " +
           std::to_string(run.threads);
}

std::string linkText(std::optional<double> mbps, double latencyMs) {
    return (mbps ? fixed(*mbps, 3) + " Mbit/s" : std::string("unlimited")) + ", " +
           fixed(latencyMs, 1) + " ms";
}

// The bandwidth the plan priced a transfer at, from its bytes, ms and latency.
std::optional<double> plannedMbps(const PlannedTransfer& transfer) {
    const double busy = transfer.ms - transfer.latencyMs;
    if (transfer.bytes <= 0 || busy <= 1e-9)
        return std::nullopt;
    return transfer.bytes * 8 / (busy * 1000);
}

bool sameLink(const PlannedTransfer& planned, const RunLink& emulated) {
    const auto mbps = plannedMbps(planned);
    if (planned.bytes <= 0)
        return true;
    if (mbps.has_value() != emulated.bandwidthMbps.has_value())
        return false;
    const bool sameRate = !mbps || std::fabs(*mbps / *emulated.bandwidthMbps - 1) < 1e-3;
    return sameRate && std::fabs(planned.latencyMs - emulated.latencyMs) < 1e-3;
}

std::string transferExplanation(const ComparedItem& item, const PlannedTransfer& planned,
                                const RunTransfer& first, const RunLink* emulated) {
    if (first.bytes != first.planBytes)
        return fixed(first.bytes, 0) + " bytes crossed, the plan priced " +
               fixed(first.planBytes, 0) +
               ": the profile's output_bytes at this cut do not match the model (another batch "
               "or input size?)";
    if (emulated && !sameLink(planned, *emulated))
        return "the run emulated " + linkText(emulated->bandwidthMbps, emulated->latencyMs) +
               ", the plan priced " + linkText(plannedMbps(planned), planned.latencyMs);
    if (std::fabs(item.error) <= kWithin)
        return "within 10 %";
    if (item.error < 0)
        return "measured " + fixed(item.measuredMs - item.predictedMs, 2) +
               " ms more per transfer than the link's time: serialising the tensor, TCP and the "
               "hand-off between processes, which the cost model does not count";
    return "measured faster than the link's time: the emulated link let more through than "
           "planned";
}

std::string frameExplanation(const ComparedItem& frame, const std::vector<ComparedItem>& parts) {
    if (std::fabs(frame.error) <= kWithin)
        return "within 10 %";
    const auto largest = std::max_element(parts.begin(), parts.end(),
                                          [](const ComparedItem& a, const ComparedItem& b) {
                                              return std::fabs(a.measuredMs - a.predictedMs) <
                                                     std::fabs(b.measuredMs - b.predictedMs);
                                          });
    double sum = 0;
    for (const ComparedItem& part : parts)
        sum += part.measuredMs;
    std::string text =
        "most of the difference (" + fixed(largest->measuredMs - largest->predictedMs, 2) + " of " +
        fixed(frame.measuredMs - frame.predictedMs, 2) + " ms) is in " + largest->name;
    if (frame.measuredMs > 0 && std::fabs(sum / frame.measuredMs - 1) > kWithin)
        text += "; the segments and transfers add up to " + fixed(sum, 2) +
                " ms, the rest is hand-off between processes";
    return text;
}

std::string setupText(const RunRecord& run) {
    std::string text = std::to_string(run.frames.size()) + " frames, " +
                       std::to_string(run.threads) + (run.threads == 1 ? " thread" : " threads");
    if (!run.cpu.empty())
        text += ", " + run.cpu;
    if (!loadText(run).empty())
        text += ", " + loadText(run);
    if (!run.limits.empty())
        text += ", links: " + run.limits;
    return text;
}

ComparedItem segmentItem(const Plan& plan, const RunRecord& run, std::size_t i) {
    std::vector<double> measured;
    for (const RunFrame& frame : run.frames)
        measured.push_back(frame.segments[i].computeMs);
    ComparedItem item = itemOf(ComparedItem::Kind::Segment, runStageName(i, plan.stages[i]),
                               plan.stages[i].computeMs, measured);
    item.explanation = segmentExplanation(item, measured, run, plan.stages[i].machine);
    return item;
}

ComparedItem transferItem(const Plan& plan, const RunRecord& run, std::size_t i) {
    std::vector<double> measured;
    for (const RunFrame& frame : run.frames)
        measured.push_back(frame.transfers[i].ms);
    ComparedItem item = itemOf(ComparedItem::Kind::Transfer, transferName(plan.transfers[i]),
                               plan.transfers[i].ms, measured);
    item.explanation = transferExplanation(item, plan.transfers[i], run.frames.front().transfers[i],
                                           i < run.links.size() ? &run.links[i] : nullptr);
    return item;
}

// Stages and transfers as a frame meets them: a transfer of the input before the first stage,
// each other transfer after the stage whose last layer it sends. (true, i) = transfer i.
std::vector<std::pair<bool, std::size_t>> executionOrder(const Plan& plan) {
    std::vector<std::pair<bool, std::size_t>> order;
    std::vector<bool> placed(plan.transfers.size(), false);
    const auto sendAfter = [&](const std::string& layer) {
        for (std::size_t t = 0; t < plan.transfers.size(); ++t)
            if (!placed[t] && plan.transfers[t].afterLayer == layer) {
                order.push_back({true, t});
                placed[t] = true;
            }
    };
    sendAfter("");
    for (std::size_t s = 0; s < plan.stages.size(); ++s) {
        order.push_back({false, s});
        sendAfter(plan.stages[s].lastLayer);
    }
    for (std::size_t t = 0; t < plan.transfers.size(); ++t)
        if (!placed[t])
            order.push_back({true, t});
    return order;
}

} // namespace

PlanRunComparison comparePlanWithRun(std::string_view planText, const RunRecord& run) {
    auto parsed = parseJsonText(planText);
    if (!parsed.value)
        mismatch(parsed.issue ? parsed.issue->text() : "not a JSON document");
    const Plan plan = runPlanOf(*parsed.value, run.rank);
    if (!plan.model.empty() && !run.model.empty() && plan.model != run.model)
        mismatch("the plan is of model '" + plan.model + "', the run of '" + run.model + "'");
    for (const RunFrame& frame : run.frames)
        checkFrame(plan, frame);
    PlanRunComparison comparison{plan.model.empty() ? run.model : plan.model,
                                 plan.planner,
                                 plan.network,
                                 run.rank,
                                 static_cast<int>(run.frames.size()),
                                 setupText(run),
                                 {}};
    for (const auto& [isTransfer, i] : executionOrder(plan))
        comparison.items.push_back(isTransfer ? transferItem(plan, run, i)
                                              : segmentItem(plan, run, i));
    std::vector<double> endToEnd;
    for (const RunFrame& frame : run.frames)
        endToEnd.push_back(frame.endToEndMs);
    ComparedItem frame = itemOf(ComparedItem::Kind::EndToEnd, "end to end", plan.totalMs, endToEnd);
    frame.explanation = frameExplanation(frame, comparison.items);
    comparison.items.push_back(std::move(frame));
    return comparison;
}

} // namespace cutlab::core
