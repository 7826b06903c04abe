// cutlab-cli import FILE -o PROFILE.json: other tools' profiles into a cutlab-profile
// (docs/formats.md §4). The format is detected from the content.
#include "app/cli/Commands.h"

#include "app/cli/ArgumentCursor.h"
#include "app/cli/CliError.h"

#include "core/io/PipeDreamImport.h"

#include <iostream>

namespace cutlab::cli {
namespace {

const char* const kUsage =
    "usage: cutlab-cli import FILE -o PROFILE.json [options]\n"
    "Converts another tool's profile into a cutlab-profile; the format is detected from the "
    "content.\n"
    "Formats: PipeDream's profiler graph.txt (msr-fiddle/pipedream): one GPU, times for a "
    "mini-batch\n"
    "of 128 (kept as they are, model.batch = 128), activation sizes divided by 128 per sample,\n"
    "Input nodes become the model input, nodes sorted topologically.\n"
    "  -o, --output PROFILE.json     where to write (atomically: never a partial file)\n"
    "  --name NAME                   model.name (default: the file name, or its folder for "
    "graph.txt)\n"
    "  --source TEXT                 model.source (default: a sentence on PipeDream's "
    "measurements)\n"
    "  --batch N                     the mini-batch the times were measured at (default 128)\n"
    "  --machine-id ID               id of the measured machine (default gpu, tier cloud)\n"
    "  --add-machine ID:TIER:FACTOR  an unmeasured machine estimated as FACTOR x the measured\n"
    "                                machine's times (FTPipeHD's speed-ratio estimate; FACTOR 2 = "
    "twice\n"
    "                                as slow); flagged \"estimated\": true. Repeatable\n"
    "Exit status: 0 written, 2 bad input (unknown format, malformed file, unwritable output).\n";

core::EstimatedMachine parseMachine(const std::string& text) {
    const auto first = text.find(':');
    const auto last = text.rfind(':');
    if (first == std::string::npos || first == last)
        throw CliError("--add-machine: '" + text +
                       "' should look like ID:TIER:FACTOR (e.g. pi:device:40)");
    core::EstimatedMachine machine;
    machine.id = text.substr(0, first);
    const std::string tier = text.substr(first + 1, last - first - 1);
    const auto parsed = core::tierFromName(tier);
    if (!parsed)
        throw CliError("--add-machine: unknown tier '" + tier +
                       "' (expected device, edge or cloud)");
    machine.tier = *parsed;
    machine.factor = parseNumber(text.substr(last + 1), "--add-machine");
    if (machine.id.empty())
        throw CliError("--add-machine: '" + text + "' has an empty machine id");
    if (machine.factor <= 0)
        throw CliError("--add-machine: the speed factor of '" + machine.id + "' must be > 0");
    return machine;
}

} // namespace

int runImport(const std::vector<std::string>& arguments) {
    std::string input, output;
    core::PipeDreamImportOptions options;
    std::string name;
    ArgumentCursor cursor(arguments);
    while (!cursor.done()) {
        const std::string flag = cursor.next();
        if (flag == "--help") {
            std::cout << kUsage;
            return 0;
        }
        if (flag == "-o" || flag == "--output")
            output = cursor.valueOf(flag);
        else if (flag == "--name")
            name = cursor.valueOf(flag);
        else if (flag == "--source")
            options.source = cursor.valueOf(flag);
        else if (flag == "--batch")
            options.batch = parsePositiveInt(cursor.valueOf(flag), flag);
        else if (flag == "--machine-id")
            options.machineId = cursor.valueOf(flag);
        else if (flag == "--add-machine")
            options.estimatedMachines.push_back(parseMachine(cursor.valueOf(flag)));
        else if (flag.size() > 1 && flag[0] == '-')
            throw CliError("unknown option " + flag + " (see cutlab-cli import --help)");
        else if (!input.empty())
            throw CliError("import takes one file, got '" + flag + "' too");
        else
            input = flag;
    }
    if (input.empty() || output.empty())
        throw CliError(std::string(kUsage) + "(see cutlab-cli import --help)");
    if (options.machineId.empty())
        throw CliError("--machine-id: empty machine id");
    options.modelName = name; // empty: core::pipeDreamModelName(input)
    try {
        core::importPipeDreamFile(input, output, options);
    } catch (const core::PipeDreamFileError& error) {
        if (error.kind() == core::PipeDreamFileError::Kind::UnknownFormat)
            throw CliError(
                error.path() +
                ": error: unknown format (cutlab-cli import reads PipeDream's graph.txt: lines "
                "'nodeN -- Layer -- forward_compute_time=..., backward_compute_time=..., "
                "activation_size=..., parameter_size=...' and '<tab>nodeA -- nodeB')");
        throw CliError(error.what());
    }
    return 0;
}

} // namespace cutlab::cli
