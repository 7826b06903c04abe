// cutlab-cli train PROFILE --planner pipeline --cluster ID:N[@MBPS],... (CutLab's cost model)
#include "app/cli/ArgumentCursor.h"
#include "app/cli/CliError.h"
#include "app/cli/Commands.h"
#include "app/cli/MemoryOptions.h"
#include "app/cli/PlanOptions.h"
#include "app/cli/ProfileArgument.h"
#include "core/cluster/PoolPlanner.h"
#include "core/io/JsonNumbers.h"
#include "core/plans/PoolPlanJson.h"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <stdexcept>

namespace cutlab::cli {

namespace {

struct PoolOptions {
    std::string profilePath;
    std::string clusterText;
    std::string network = "3g";
    int microBatch = 0;
    int microBatches = 4;
    MemoryOptions memory;
    bool straight = false;
    bool fewerMachines = false;
    bool json = false;
};

void parsePoolTrainFlag(ArgumentCursor& cursor, const std::string& flag, PoolOptions& options) {
    if (flag == "--planner") {
        if (const std::string planner = cursor.valueOf(flag); planner != "pipeline")
            throw CliError("--cluster plans with --planner pipeline, not '" + planner + "'");
    } else if (flag == "--cluster")
        options.clusterText = cursor.valueOf(flag);
    else if (flag == "--cost-model") {
        if (const std::string model = cursor.valueOf(flag); model != "cutlab")
            throw CliError("--cost-model must be cutlab or pipedream, not '" + model + "'");
    } else if (flag == "--network")
        options.network = cursor.valueOf(flag);
    else if (flag == "--micro-batch")
        options.microBatch = parsePositiveInt(cursor.valueOf(flag), flag);
    else if (flag == "--micro-batches")
        options.microBatches = parsePositiveInt(cursor.valueOf(flag), flag, 4096);
    else if (parseMemoryFlag(cursor, flag, options.memory)) {
    } else if (flag == "--straight")
        options.straight = true;
    else if (flag == "--fewer-machines")
        options.fewerMachines = true;
    else if (flag == "--json")
        options.json = true;
    else if (flag == "--memory-accounting" || flag == "--activation-compression")
        throw CliError(flag + " belongs to PipeDream's cost model (--cost-model pipedream)");
    else if (flag == "--stages" || flag == "--cut-mode" || flag == "--compress" ||
             flag == "--schedule" || flag == "--times" || flag == "--machines")
        throw CliError(flag + " does not apply with --cluster (the planner chooses the stages, "
                              "their machines and replicas from the pool)");
    else
        ArgumentCursor::storePositional(flag, options.profilePath, "train");
}

PoolOptions parsePoolTrainOptions(const std::vector<std::string>& arguments) {
    PoolOptions options;
    ArgumentCursor cursor(arguments);
    while (!cursor.done())
        parsePoolTrainFlag(cursor, cursor.next(), options);
    if (options.profilePath.empty())
        throw CliError("train needs a PROFILE (see cutlab-cli train --planner pipeline --help)");
    return options;
}

std::string machineIdList(const core::Profile& profile) {
    std::string known;
    for (const core::Machine& machine : profile.machines)
        known += (known.empty() ? "" : ", ") + machine.id;
    return known;
}

core::PoolRequest poolTrainRequestOf(const core::Profile& profile, const PoolOptions& options) {
    core::PoolRequest request;
    try {
        request.pool = core::parsePoolSpec(options.clusterText);
    } catch (const std::invalid_argument& error) {
        throw CliError(std::string("--cluster: ") + error.what());
    }
    const std::vector<double> capacities = machineCapacities(profile, options.memory);
    for (const core::PoolGroup& group : request.pool.groups) {
        const int machine = profile.machineIndex(group.machineId);
        if (machine < 0)
            throw CliError("--cluster: unknown machine '" + group.machineId +
                           "' (the profile has " + machineIdList(profile) + ")");
        request.capacityBytes.push_back(capacities[static_cast<std::size_t>(machine)]);
    }
    request.microBatch = options.microBatch;
    request.microBatches = options.microBatches;
    request.optimizer = options.memory.optimizer;
    request.recompute = options.memory.recompute;
    request.straight = options.straight;
    request.fewerMachines = options.fewerMachines;
    return request;
}

std::string bytesText(double bytes) {
    char text[64];
    std::snprintf(text, sizeof text, "%.0f", std::ceil(bytes));
    return text;
}

// The smallest memory of group g, the others as given, with which some plan fits (bisection:
// more memory never removes a plan); nullopt when even unlimited memory for g does not help.
std::optional<double> smallestCapacity(const core::Profile& profile, const core::Network& network,
                                       core::PoolRequest request, std::size_t g) {
    const double given = request.capacityBytes[g];
    request.capacityBytes[g] = 0;
    try {
        core::planPool(profile, network, request);
    } catch (const core::PoolMemoryError&) {
        return std::nullopt;
    }
    double low = given, high = given * 2;
    auto fits = [&](double bytes) {
        request.capacityBytes[g] = bytes;
        try {
            core::planPool(profile, network, request);
            return true;
        } catch (const core::PoolMemoryError&) {
            return false;
        }
    };
    while (!fits(high) && high < 1e18)
        low = high, high *= 2;
    for (int step = 0; step < 200 && high - low > 0.5; ++step) {
        const double mid = (low + high) / 2;
        (fits(mid) ? high : low) = mid;
    }
    double whole = std::ceil(high); // the smallest whole number of bytes that fits
    while (whole > 1 && fits(whole - 1))
        whole -= 1;
    return whole;
}

[[noreturn]] void explainNoFit(const std::string& path, const core::Profile& profile,
                               const core::Network& network, const core::PoolRequest& request) {
    std::string best;
    double bestExcess = 0;
    for (std::size_t g = 0; g < request.pool.groups.size(); ++g) {
        if (request.capacityBytes[g] <= 0)
            continue;
        const std::optional<double> needed = smallestCapacity(profile, network, request, g);
        if (!needed)
            continue;
        const double excess = *needed - request.capacityBytes[g];
        const std::string& id = request.pool.groups[g].machineId;
        if (best.empty() || excess < bestExcess) {
            bestExcess = excess;
            best = id + " needs at least " + bytesText(*needed) + " bytes (--memory " + id + "=" +
                   bytesText(*needed) + "), " + bytesText(excess) + " more than its " +
                   bytesText(request.capacityBytes[g]);
        }
    }
    throw NoAnswer(path + ": no plan keeps every machine of the pool within its memory" +
                   (best.empty() ? std::string("; no single machine type's memory would help")
                                 : "; with the others as given, " + best));
}

void printPoolTrainTable(const core::Profile& profile, const core::Network& network,
                         const core::PoolRequest& request, const core::PoolPlan& plan) {
    std::cout << profile.model.name << ": pipeline over a pool of " << plan.machinesTotal
              << " machines (" << plan.machinesUsed << " used), network " << network.name
              << ", micro-batch " << plan.microBatch << ", " << request.microBatches
              << " micro-batches\n";
    std::cout << "stage  replicas  stage ms   link ms   memory bytes  machines\n";
    for (std::size_t n = 0; n < plan.stages.size(); ++n) {
        const core::PoolStage& stage = plan.stages[n];
        double peak = 0;
        for (const core::StageMemory& memory : stage.memory)
            peak = std::max(peak, memory.total());
        char line[160];
        std::snprintf(line, sizeof line, "%5zu  %8zu  %8.3f  %8.3f  %13.0f  ", n + 1,
                      stage.machines.size(), stage.stageMs, stage.linkMs, peak);
        std::string machines;
        for (const std::string& machine : stage.machines)
            machines += (machines.empty() ? "" : " ") + machine;
        std::cout << line << machines << "  ("
                  << profile.layers[static_cast<std::size_t>(stage.firstLayer)].id << " .. "
                  << profile.layers[static_cast<std::size_t>(stage.lastLayer)].id << ")\n";
    }
    char tail[160];
    std::snprintf(tail, sizeof tail, "bottleneck %.3f ms per micro-batch%s", plan.bottleneckMs,
                  plan.exact ? " (optimal)" : "");
    std::cout << tail;
    if (!plan.exact) {
        std::snprintf(tail, sizeof tail,
                      "; no plan below %.3f ms (gap %.1f %%): ", plan.lowerBoundMs,
                      100 * (1 - plan.lowerBoundMs / plan.bottleneckMs));
        std::cout << tail << plan.note;
    }
    std::cout << "\n";
}

} // namespace

int runPoolTrain(const std::vector<std::string>& arguments) {
    const PoolOptions options = parsePoolTrainOptions(arguments);
    core::Profile profile = loadProfileOrThrow(options.profilePath);
    const core::Network network = loadNetworkOrThrow(options.network);
    const core::PoolRequest request = poolTrainRequestOf(profile, options);
    if (options.memory.recompute)
        profile = withRecomputation(std::move(profile));
    try {
        core::PoolPlan plan;
        try {
            plan = core::planPool(profile, network, request);
        } catch (const core::PoolMemoryError&) {
            explainNoFit(options.profilePath, profile, network, request);
        }
        if (options.json)
            std::cout << core::finiteJsonText(core::poolPlanToJson(profile, network, request, plan))
                      << "\n";
        else
            printPoolTrainTable(profile, network, request, plan);
    } catch (const core::PlanError& error) {
        throw CliError(options.profilePath + ": " + error.what());
    }
    return 0;
}

} // namespace cutlab::cli
