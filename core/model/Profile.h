#pragma once

#include "core/model/DevicePower.h"
#include "core/model/Tier.h"

#include <nlohmann/json.hpp>
#include <optional>

#include <string>
#include <vector>

namespace cutlab::core {

struct Machine {
    std::string id;
    Tier tier = Tier::Device;
    std::string label;
    std::optional<double> memoryBytes = std::nullopt; // `memory_bytes`: what it can hold
    std::optional<DevicePower> power = std::nullopt;  // `power`: what it draws (energy)
    // Every field as written in the file (extras such as "estimated" included), kept when the
    // profile is written back (core/io/ProfileWriter.h); the members above win over it.
    nlohmann::ordered_json fields = nlohmann::ordered_json::object();
};

struct Layer {
    std::string id;
    std::string type;
    std::vector<int> inputs;      // positions of earlier layers; empty = reads the model input
    bool readsModelInput = false; // true when `inputs` was empty or missing
    double outputBytes = 0;       // one sample
    double paramBytes = 0;
    double flops = 0;
    std::vector<double> forwardMs;  // per machine (profile order), at model.batch samples
    std::vector<double> backwardMs; // empty when the profile has no backward times
    std::vector<double> updateMs;   // empty when the profile has no update times
    nlohmann::ordered_json fields;  // every field as written in the file, for display and
                                    // writing back (the members above win over it)
};

struct ModelInfo {
    std::string name;
    std::string source;
    double inputBytes = 0; // one sample
    double batch = 1;      // samples the times were measured at
    // Every field of `model` as written (extras such as "times": "estimated" included), kept
    // when the profile is written back; the members above win over it.
    nlohmann::ordered_json fields = nlohmann::ordered_json::object();
};

// A validated `cutlab-profile` v1 document (docs/formats.md §1).
struct Profile {
    ModelInfo model;
    std::vector<Machine> machines;
    std::vector<Layer> layers;
    bool hasBackward = false;
    bool hasUpdate = false;
    // Top-level fields other than format, version, model, machines and layers, kept when the
    // profile is written back.
    nlohmann::ordered_json otherFields = nlohmann::ordered_json::object();

    int machineIndex(const std::string& id) const;
    int layerIndex(const std::string& id) const;
    std::vector<int> machinesOfTier(Tier tier) const;
    // Forward ms of one layer on one machine for ONE sample.
    double forwardPerSample(int layer, int machine) const {
        return layers[layer].forwardMs[machine] / model.batch;
    }
};

} // namespace cutlab::core
