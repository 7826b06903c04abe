#pragma once

#include "core/model/Network.h"
#include "core/model/Profile.h"

#include <random>
#include <string>

// Random profiles for property tests and benchmarks: a linear chain, or a chain with random
// skip connections, on the given number of machines per tier.
inline cutlab::core::Profile generatedProfile(int layers, int machinesPerTier, unsigned seed,
                                              double skipChance = 0.0) {
    using namespace cutlab::core;
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> time(0.0, 10.0), bytes(0.0, 2.0e6);
    std::uniform_real_distribution<double> chance(0.0, 1.0);
    Profile profile;
    profile.model.name = "generated";
    profile.model.inputBytes = 150000;
    for (Tier tier : kTiers)
        for (int m = 0; m < machinesPerTier; ++m)
            profile.machines.push_back({tierName(tier) + std::to_string(m), tier, ""});
    for (int i = 0; i < layers; ++i) {
        Layer layer;
        layer.id = "L" + std::to_string(i);
        if (i == 0) {
            layer.readsModelInput = true;
        } else {
            layer.inputs.push_back(i - 1);
            if (i >= 3 && chance(random) < skipChance)
                layer.inputs.push_back(std::uniform_int_distribution<int>(0, i - 2)(random));
        }
        layer.outputBytes = std::floor(bytes(random));
        if (chance(random) < 0.1)
            layer.outputBytes = 0;
        for (std::size_t m = 0; m < profile.machines.size(); ++m)
            layer.forwardMs.push_back(chance(random) < 0.05
                                          ? 0.0
                                          : time(random) /
                                                (1.0 + 3.0 * tierIndex(profile.machines[m].tier)));
        profile.layers.push_back(std::move(layer));
    }
    return profile;
}

// The same with backward and update times and parameter sizes, one machine per tier.
inline cutlab::core::Profile generatedTrainingProfile(int layers, unsigned seed,
                                                      double skipChance = 0.0) {
    using namespace cutlab::core;
    Profile profile = generatedProfile(layers, 1, seed, skipChance);
    std::mt19937 random(seed * 7919u + 1u);
    std::uniform_real_distribution<double> factor(0.5, 3.0), update(0.0, 0.5), params(0.0, 5.0e5),
        chance(0.0, 1.0);
    for (auto& layer : profile.layers) {
        for (double forward : layer.forwardMs)
            layer.backwardMs.push_back(forward * factor(random));
        for (std::size_t m = 0; m < layer.forwardMs.size(); ++m)
            layer.updateMs.push_back(update(random));
        layer.paramBytes = chance(random) < 0.3 ? 0.0 : std::floor(params(random));
        layer.outputBytes = std::floor(layer.outputBytes / 20.0);
    }
    profile.model.inputBytes = chance(random) < 0.1 ? 0.0 : 20000.0;
    profile.hasBackward = profile.hasUpdate = true;
    return profile;
}

// A network with random links between the three tiers (sometimes unlimited, sometimes slow).
inline cutlab::core::Network generatedNetwork(unsigned seed) {
    using namespace cutlab::core;
    std::mt19937 random(seed * 104729u + 3u);
    std::uniform_real_distribution<double> bandwidth(0.5, 200.0), latency(0.0, 40.0),
        chance(0.0, 1.0);
    Network network;
    network.name = "random";
    const char* tiers[3] = {"device", "edge", "cloud"};
    for (int a = 0; a < 3; ++a)
        for (int b = 0; b < 3; ++b) {
            if (a == b)
                continue;
            const double mbps = chance(random) < 0.15 ? kUnlimitedBandwidth : bandwidth(random);
            network.links.push_back(
                {tiers[a], tiers[b], mbps, chance(random) < 0.2 ? 0.0 : latency(random)});
        }
    return network;
}
