#pragma once

#include "core/inference/InferenceQuery.h"
#include "core/model/Profile.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cutlab::core {

// A plan query as a person writes it (the command line's options, the planner panel's fields),
// before names are resolved against a profile. The one parser of that text: `cutlab-cli plan`
// and the window's planner panel both resolve through resolvePlanQuery.
struct PlanQueryText {
    std::string planner = "scission";
    int top = 5;
    Objective objective = Objective::Latency;
    std::vector<std::string> machines;                              // ids; empty = every machine
    std::vector<std::pair<std::string, TierUse>> tierRules;         // tier name, Must or MustNot
    std::vector<std::pair<std::string, std::string>> pins, forbids; // layer (id or #N), tier
    std::vector<std::string> maxUploads, maxTimes;                  // TIER=BYTES, TIER=MS|PCT%
    bool returnResult = false;
    std::optional<double> maxLatencyMs; // --max-latency, ms
};

// How each face names the fields in its messages ("--pin: unknown layer 'x'" on the command
// line, "Pins: unknown layer 'x'" in the window).
struct PlanQueryLabels {
    std::string machines = "--machines";
    std::string use = "--use";
    std::string skip = "--skip";
    std::string pin = "--pin";
    std::string forbid = "--forbid";
    std::string maxUpload = "--max-upload";
    std::string maxTime = "--max-time";
    std::string returnResult = "--return-result";
    std::string planner = "--planner";
    std::string objective = "--objective";
    std::string maxLatency = "--max-latency";
    // The option that gives a machine power figures besides the profile's "power" (none: "").
    std::string power = "--power";
};

// Resolves names against the profile; throws PlanError with one sentence naming the field.
InferenceQuery resolvePlanQuery(const PlanQueryText& text, const Profile& profile,
                                const PlanQueryLabels& labels = {});

// "conv1" or "#3" -> layer position; throws PlanError.
int resolveLayer(const Profile& profile, const std::string& name, const std::string& label);
Tier resolveTier(const std::string& name, const std::string& label);
// "A<separator>B" split at the last separator, both sides trimmed; throws PlanError naming
// the expected shape.
std::pair<std::string, std::string> splitQueryPart(const std::string& text, char separator,
                                                   const std::string& label, const char* shape);
// A finite number >= 0 and at most 1e15, the whole text; throws PlanError.
double parseQueryNumber(const std::string& text, const std::string& label);

} // namespace cutlab::core
