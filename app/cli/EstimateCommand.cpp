// cutlab-cli estimate PROFILE.json --machines PRESET@TIER,... -o OUT.json: machines that were
// never measured, their layer times estimated by a roofline from the layers' flops and bytes
// (core/model/RooflineEstimator.h; docs/cost-models.md §3).
#include "app/cli/Commands.h"

#include "app/cli/ArgumentCursor.h"
#include "app/cli/CliError.h"
#include "app/cli/ProfileArgument.h"

#include "core/io/AtomicFile.h"
#include "core/io/MachineFile.h"
#include "core/io/ProfileLoader.h"
#include "core/io/ProfileWriter.h"
#include "core/model/MachinePreset.h"
#include "core/model/MachineSelection.h"
#include "core/model/RooflineEstimator.h"
#include "core/plans/PlanJson.h"

#include <algorithm>
#include <cstdio>
#include <iostream>

namespace cutlab::cli {
namespace {

const char* const kEstimateUsage =
    "usage: cutlab-cli estimate PROFILE.json [--machines [ID=]PRESET[@TIER],...] -o OUT.json "
    "[--replace]\n"
    "       cutlab-cli estimate --list\n"
    "Adds machines that were never measured, each layer's times estimated by a roofline from its\n"
    "flops, param_bytes and output_bytes (and its producers' output_bytes):\n"
    "  forward  = overhead + max(flops / achieved FLOP/s, bytes moved / memory bandwidth)\n"
    "             bytes moved = input + output bytes (x model.batch) + param_bytes\n"
    "  backward = 2 x forward (an approximation); update = 3 x param_bytes / memory bandwidth\n"
    "The machines are marked \"estimated\": true with an \"estimate\" note, the model \"times\":\n"
    "\"estimated\" (or \"partly estimated\" when measured machines remain).\n"
    "  --machines LIST    presets and tiers (default pi4@device,nuc-i3@edge,gtx1080ti@cloud); a\n"
    "                     missing TIER is the preset's own, a missing ID the preset's id;\n"
    "                     your own machine: NAME=GFLOPS,GBPS[@TIER] (pi4,box=50,20@edge,v100);\n"
    "                     a machine file from 'cutlab-cli calibrate': [ID=]FILE.json[@TIER]\n"
    "  -o, --output FILE  where to write (atomically: never a partial file; may be PROFILE)\n"
    "  --replace          rewrite machines whose id is already in the profile (else refused)\n"
    "  --list             the presets with their figures and sources\n"
    "Exit status: 0 written, 2 bad input (no flops in the profile, an unknown preset or tier, a\n"
    "machine id already present, an unwritable output).\n";

std::string memoryText(double bytes) {
    if (bytes <= 0)
        return ", memory not the machine's own (none set)";
    char text[64];
    std::snprintf(text, sizeof text, ", memory %.0f bytes (%g GiB)", bytes, bytes / 1073741824.0);
    return text;
}

void printPresets() {
    for (const core::MachinePreset& preset : core::machinePresets()) {
        char figures[160];
        std::snprintf(figures, sizeof figures,
                      "%g GFLOP/s fp32 used (%g x %g peak), %g GB/s, %g ms per layer",
                      preset.achievedGflops(), preset.achievedFraction, preset.peakGflops,
                      preset.memoryGBps, preset.overheadMs);
        std::cout << preset.id << " (" << core::tierName(preset.defaultTier) << ")  "
                  << preset.label << "\n"
                  << "  " << figures << memoryText(preset.memoryBytes) << "\n"
                  << "  fraction: " << preset.fractionReason << "\n"
                  << "  source: " << preset.source << "\n";
    }
}

std::vector<core::MachineSelection> machinesOf(const std::string& text, bool given) {
    if (!given)
        return core::defaultMachinesForTiers();
    auto parsed = core::parseMachineSelection(text, core::readMachineFile);
    if (!parsed.ok())
        throw CliError("--machines: " + parsed.error);
    return std::move(parsed.machines);
}

std::string machineList(const core::Profile& profile, const std::vector<std::string>& ids) {
    std::string text;
    for (const std::string& id : ids) {
        const auto& machine = profile.machines[static_cast<std::size_t>(profile.machineIndex(id))];
        text += (text.empty() ? "" : ", ") + id + " (" + core::tierName(machine.tier) + ")";
    }
    return text;
}

// Adds the estimated machines; returns what was done ("added pi4 (device), ...").
std::string addEstimates(core::Profile& profile, const std::string& input,
                         const std::vector<core::MachineSelection>& machines, bool replace) {
    if (!core::profileHasFlops(profile))
        throw CliError(input + ": error: this profile has no flops: estimates need an imported "
                               "model (cutlab-cli import MODEL.onnx)");
    core::EstimateSummary summary;
    try {
        summary = core::addEstimatedMachines(profile, machines, replace);
    } catch (const core::EstimateError& error) {
        const bool exists = error.kind() == core::EstimateError::Kind::MachineExists;
        throw CliError(input + ": error: " + error.what() +
                       (exists ? " (--replace rewrites it with estimates)" : ""));
    }
    std::string done;
    if (!summary.added.empty())
        done += "added " + machineList(profile, summary.added);
    if (!summary.replaced.empty())
        done += (done.empty() ? "" : "; ") + std::string("replaced ") +
                machineList(profile, summary.replaced);
    return done + " with roofline estimates";
}

} // namespace

int runEstimate(const std::vector<std::string>& arguments) {
    std::string input, output, machinesText;
    bool machinesGiven = false, replace = false, list = false;
    ArgumentCursor cursor(arguments);
    while (!cursor.done()) {
        const std::string flag = cursor.next();
        if (flag == "--help") {
            std::cout << kEstimateUsage;
            return 0;
        }
        if (flag == "-o" || flag == "--output") {
            output = cursor.valueOf(flag);
        } else if (flag == "--machines") {
            machinesText = cursor.valueOf(flag);
            machinesGiven = true;
        } else if (flag == "--replace") {
            replace = true;
        } else if (flag == "--list") {
            list = true;
        } else {
            ArgumentCursor::storePositional(flag, input, "estimate");
        }
    }
    if (list) {
        if (!input.empty() || !output.empty() || machinesGiven || replace)
            throw CliError("--list takes no other arguments");
        printPresets();
        return 0;
    }
    if (input.empty() || output.empty())
        throw CliError(std::string(kEstimateUsage) + "(see cutlab-cli estimate --help)");
    const std::vector<core::MachineSelection> machines = machinesOf(machinesText, machinesGiven);
    core::Profile profile = loadProfileOrThrow(input);
    const std::string done = addEstimates(profile, input, machines, replace);
    // Nothing is written unless the result loads as a profile.
    const std::string document = core::finiteJsonText(core::profileToJson(profile)) + "\n";
    const auto check = core::parseProfile(document);
    if (!check.ok())
        throw CliError(input + ": error: the estimated profile does not validate: " +
                       check.issues.front().text());
    try {
        core::writeFileAtomically(output, document, "the profile");
    } catch (const core::FileWriteError& unwritable) {
        throw CliError(unwritable.path() + ": error: " + unwritable.what());
    }
    std::cout << output << ": " << done << "\n";
    const auto withoutFlops =
        std::count_if(profile.layers.begin(), profile.layers.end(),
                      [](const core::Layer& layer) { return layer.flops <= 0; });
    if (withoutFlops > 0)
        std::cout << "note: " << withoutFlops << " of " << profile.layers.size()
                  << (withoutFlops == 1 ? " layers has" : " layers have")
                  << " no flops: estimated from memory traffic only\n";
    if (!profile.hasBackward)
        std::cout << "note: no backward_ms added where the measured machines lack them (a layer "
                     "has them for every machine or none), so training planners will refuse "
                     "this profile\n";
    return 0;
}

} // namespace cutlab::cli
