#pragma once

#include "Profile.h"

#include <random>
#include <string>

// Random profiles for property tests and benchmarks: a linear chain, or a chain with random
// skip connections, on the given number of machines per tier.
inline cutlab::core::Profile generatedProfile(int layers, int machinesPerTier, unsigned seed, double skipChance = 0.0) {
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
        if (chance(random) < 0.1) layer.outputBytes = 0;
        for (std::size_t m = 0; m < profile.machines.size(); ++m)
            layer.forwardMs.push_back(chance(random) < 0.05 ? 0.0 : time(random) / (1.0 + 3.0 * tierIndex(profile.machines[m].tier)));
        profile.layers.push_back(std::move(layer));
    }
    return profile;
}
