#pragma once

#include "core/llm/TokenPlanner.h"

#include "app/cli/ArgumentCursor.h"

#include "core/inference/InferenceCostModel.h"
#include "core/inference/InferenceQuery.h"
#include "core/io/NetworkFile.h"
#include "core/model/Network.h"
#include "core/model/Profile.h"

#include <optional>
#include <string>
#include <vector>

namespace cutlab::cli {

// The options of `cutlab-cli plan` as written, before they are resolved against a profile.
struct PlanOptions {
    std::string profilePath;
    std::string network = "3g";
    std::string planner = "scission";
    int top = 5;
    std::optional<double> inputBytes;
    core::Objective objective = core::Objective::Latency;
    // --objective ttft|tpot|generate: a language model's plan (TokenPlanCommand.cpp)
    std::optional<core::TokenObjective> tokenObjective;
    int promptTokens = 0;   // --prompt (0: the profile's prompt_tokens)
    int generateTokens = 0; // --generate (0: the profile's generate_tokens)
    int sequences = 1;      // --sequences: a token pipeline's sequences decoded at once
    std::optional<double> maxLatencyMs;
    std::vector<std::string> machines;
    std::vector<std::pair<std::string, core::TierUse>> tierRules;
    std::vector<std::pair<std::string, std::string>> pins, forbids; // layer, tier
    std::vector<std::string> maxUploads, maxTimes;                  // TIER=VALUE as written
    bool returnResult = false;
    std::optional<std::string> cuts;
    bool json = false;
    std::vector<std::pair<std::string, double>> memoryLimits;      // --memory ID=BYTES, later wins
    std::vector<std::pair<std::string, core::DevicePower>> powers; // --power ID=WATTS@RADIO
    std::vector<std::string> stages; // --stages: the chain of --planner stream, machine ids
    std::vector<std::string> given;  // every flag consumed, in order

    // The profile at profilePath with --memory replacing its machines' memory_bytes; throws
    // CliError (unknown machine id, unreadable profile).
    core::Profile loadProfile() const;

    // Consumes one option at the cursor if it is a plan option; false when it is not.
    bool consume(ArgumentCursor& cursor);
    // A plan option, else the profile (one only): plan, chart and report read their arguments
    // so. Throws CliError naming `command` for an unknown option or a second profile.
    void consumeOptionOrProfile(ArgumentCursor& cursor, const std::string& command);
    // Resolves names against the profile (core::resolvePlanQuery, the parser the window's
    // planner panel uses too); throws CliError with a sentence.
    core::InferenceQuery query(const core::Profile& profile) const;
    // Machine per tier for --cuts: the --machines choice, else the first of each tier.
    std::array<int, 3> cutMachines(const core::Profile& profile) const;
    // The placement --cuts X,Y names (X = last layer on the device, Y = last on the edge, none =
    // tier unused); throws CliError (a PlanError of the model passes through).
    core::TierPlacement cutsPlacement(const core::InferenceCostModel& model) const;
};

// "conv1" or "#3" -> layer position (core::resolveLayer); throws CliError.
int resolveLayer(const core::Profile& profile, const std::string& name, const std::string& flag);
core::Network loadNetworkOrThrow(const std::string& spec);
// The network with the traces its file attaches to links (paths resolved); throws CliError.
core::NetworkLoadResult loadNetworkDocumentOrThrow(const std::string& spec);

// The plan options' help, with the registry's inference planners.
std::string planOptionsHelp();

} // namespace cutlab::cli
