// Training planner benchmarks (not a test: prints figures).
//   cmake --build build/dev --target bench_training && build/dev/tests/bench/bench_training
#include "../core/GeneratedProfiles.h"
#include "BenchTiming.h"

#include "core/training/HierTrainPlanner.h"
#include "core/training/TrainingBaselines.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

using namespace cutlab::core;

int main() {
    struct Case {
        const char* name;
        int layers;
        int batch;
        const char* network;
        double target;
    };
    const Case cases[] = {{"HierTrain, 200 layers, B = 1024, 4g", 200, 1024, "4g", 1000},
                          {"HierTrain, 200 layers, B = 1024, ideal", 200, 1024, "ideal", 1000},
                          {"HierTrain, 22 layers (AlexNet size), B = 256, 4g", 22, 256, "4g", 20},
                          {"HierTrain, 22 layers (AlexNet size), B = 256, 3g", 22, 256, "3g", 20}};
    for (const Case& c : cases) {
        const Profile profile = generatedTrainingProfile(c.layers, 5);
        const Network network = *networkPreset(c.network);
        const TrainingCostModel model(profile, network, trainingMachines(profile));
        double iteration = 0;
        const double ms =
            medianMs(5, [&] { iteration = planHierTrain(model, c.batch).iterationMs(); });
        std::printf("%-50s median %8.2f ms (target < %g ms; iteration %.1f ms)\n", c.name, ms,
                    c.target, iteration);
    }
    // Scaling in the number of cut positions: linear chains, every layer a valid cut. The
    // exhaustive-pair reference is timed once at 1,000 layers (at 5,000 it takes minutes).
    for (const char* networkName : {"4g", "3g", "ideal"})
        for (int layers : {1000, 5000, 50000}) {
            const Profile profile = generatedTrainingProfile(layers, 5);
            const Network network = *networkPreset(networkName);
            const TrainingCostModel model(profile, network, trainingMachines(profile));
            const int batch = 1024;
            double iteration = 0;
            const double ms = medianMs(layers >= 50000 ? 1 : 3, [&] {
                iteration = planHierTrain(model, batch).iterationMs();
            });
            std::printf("HierTrain, %5d layers (%5zu cut positions), B = %d, %-5s: %9.1f ms "
                        "(iteration %.3f ms)",
                        layers, model.cutPositions().size(), batch, networkName, ms, iteration);
            if (layers <= 1000) {
                double reference = 0;
                const double old = medianMs(
                    1, [&] { reference = planHierTrainEveryPair(model, batch).iterationMs(); });
                std::printf("; every pair: %9.1f ms (iteration %.3f ms)", old, reference);
            }
            std::printf("\n");
            std::fflush(stdout);
        }
    const Profile profile = generatedTrainingProfile(200, 5);
    const Network network = *networkPreset("4g");
    const TrainingCostModel model(profile, network, trainingMachines(profile));
    const double joint = medianMs(5, [&] {
        planJointDnnTraining(model, {Tier::Device, Tier::Edge, Tier::Cloud}, 1024);
    });
    std::printf("%-50s median %8.2f ms\n", "JointDNN+, 200 layers, B = 1024", joint);
    return 0;
}
