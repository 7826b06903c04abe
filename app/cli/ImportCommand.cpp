// cutlab-cli import FILE -o PROFILE.json: ONNX models, language models (config.json, GGUF)
// and other tools' profiles into a cutlab-profile (docs/formats.md §4). The format is detected from
// the content.
#include "app/cli/Commands.h"

#include "app/cli/ArgumentCursor.h"
#include "app/cli/CliError.h"

#include "core/onnx/ModelFileImport.h"
#include "core/onnx/OnnxImportWorker.h"

#include <iostream>

namespace cutlab::cli {
namespace {

const char* const kImportUsage =
    "usage: cutlab-cli import FILE -o PROFILE.json [options]\n"
    "Converts a model into a cutlab-profile; the format is detected from the content.\n"
    "Formats:\n"
    "  ONNX models (.onnx): one layer per operator (constants folded), shapes from ONNX shape\n"
    "    inference at batch 1, output/parameter bytes and FLOPs from the shapes (weights in\n"
    "    absent external data files are never needed), times ESTIMATED per machine from a\n"
    "    roofline preset (see cutlab-cli estimate --list); marked \"estimated\": true.\n"
    "  PipeDream's profiler graph.txt (msr-fiddle/pipedream): one GPU, times for a mini-batch\n"
    "    of 128 (kept as they are, model.batch = 128), activation sizes divided by 128 per\n"
    "    sample, Input nodes become the model input, nodes sorted topologically.\n"
    "  -o, --output PROFILE.json     where to write (atomically: never a partial file)\n"
    "  --name NAME                   model.name (default: the file name without extension, or\n"
    "                                the folder for graph.txt)\n"
    "ONNX:\n"
    "  --machines PRESET@TIER,...    the estimated machines (default: pi4@device,nuc-i3@edge,\n"
    "                                gtx1080ti@cloud); ID=PRESET@TIER names one\n"
    "  --dim NAME=VALUE              value of a symbolic dimension (a symbolic batch is 1)\n"
    "  Language models: a Hugging Face config.json (model_type llama, mistral, qwen2, gemma,\n"
    "    phi3, gpt2) or a llama.cpp .gguf file (its header only): embed, the decoder blocks,\n"
    "    the final norm and the output layer, with exact parameter bytes, KV-cache bytes per\n"
    "    token, and prefill_ms and decode_ms ESTIMATED per machine (docs/cost-models.md,\n"
    "    \"Tokens\"); default machines phone-sd8g3@device,agx-orin@edge,a100@cloud.\n"
    "Language models:\n"
    "  --weights f32|f16|bf16|q8_0|q4_0|q4_k  the weight type (config.json; default its dtype)\n"
    "  --kv-cache f16|q8_0           the KV cache's type (default f16)\n"
    "  --prompt N                    prompt tokens the times are for (default 512)\n"
    "  --generate N                  generated tokens the times are for (default 128)\n"
    "  --machines PRESET@TIER,...    as for ONNX\n"
    "PipeDream:\n"
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

std::pair<std::string, std::int64_t> parseDimension(const std::string& text) {
    const auto equals = text.find('=');
    if (equals == std::string::npos || equals == 0)
        throw CliError("--dim: '" + text + "' should look like NAME=VALUE (e.g. seq=128)");
    const int value = parsePositiveInt(text.substr(equals + 1), "--dim " + text.substr(0, equals));
    return {text.substr(0, equals), value};
}

// `cutlab-cli import --worker --file-name NAME --memory-limit BYTES --cpu-limit SECONDS
// [--name MODEL] [--dim NAME=VALUE]...`: the sandboxed half of an ONNX import (the model on
// standard input, the reply on standard output; core/onnx/OnnxImportWorker.h). Not for people.
int runImportWorker(ArgumentCursor& cursor) {
    core::OnnxImportOptions options;
    core::OnnxSandboxLimits limits;
    while (!cursor.done()) {
        const std::string flag = cursor.next();
        if (flag == "--file-name")
            options.fileName = cursor.valueOf(flag);
        else if (flag == "--name")
            options.modelName = cursor.valueOf(flag);
        else if (flag == "--dim")
            options.dimensions.insert(parseDimension(cursor.valueOf(flag)));
        else if (flag == "--memory-limit")
            limits.memoryBytes =
                static_cast<std::uint64_t>(parseNumber(cursor.valueOf(flag), flag));
        else if (flag == "--cpu-limit")
            limits.cpuSeconds = parsePositiveInt(cursor.valueOf(flag), flag);
        else
            throw CliError("import --worker: unknown option " + flag);
    }
    if (limits.memoryBytes == 0)
        throw CliError("import --worker: --memory-limit is required");
    return core::runOnnxImportWorker(options, limits);
}

} // namespace

int runImport(const std::vector<std::string>& arguments) {
    std::string input, output;
    core::ModelImportOptions options;
    core::PipeDreamImportOptions& pipeDream = options.pipeDream;
    ArgumentCursor cursor(arguments);
    if (!arguments.empty() && arguments.front() == "--worker") {
        cursor.next();
        return runImportWorker(cursor);
    }
    while (!cursor.done()) {
        const std::string flag = cursor.next();
        if (flag == "--help") {
            std::cout << kImportUsage;
            return 0;
        }
        if (flag == "-o" || flag == "--output")
            output = cursor.valueOf(flag);
        else if (flag == "--name")
            options.modelName = cursor.valueOf(flag);
        else if (flag == "--machines")
            options.machines = cursor.valueOf(flag);
        else if (flag == "--dim")
            options.onnx.dimensions.insert(parseDimension(cursor.valueOf(flag)));
        else if (flag == "--weights")
            options.llm.weights = cursor.valueOf(flag);
        else if (flag == "--kv-cache")
            options.llm.kvCache = cursor.valueOf(flag);
        else if (flag == "--prompt")
            options.llm.promptTokens = parsePositiveInt(cursor.valueOf(flag), flag);
        else if (flag == "--generate")
            options.llm.generateTokens = parsePositiveInt(cursor.valueOf(flag), flag);
        else if (flag == "--source")
            pipeDream.source = cursor.valueOf(flag);
        else if (flag == "--batch")
            pipeDream.batch = parsePositiveInt(cursor.valueOf(flag), flag);
        else if (flag == "--machine-id")
            pipeDream.machineId = cursor.valueOf(flag);
        else if (flag == "--add-machine")
            pipeDream.estimatedMachines.push_back(parseMachine(cursor.valueOf(flag)));
        else
            ArgumentCursor::storePositional(flag, input, "import", "file");
    }
    if (input.empty() || output.empty())
        throw CliError(std::string(kImportUsage) + "(see cutlab-cli import --help)");
    if (pipeDream.machineId.empty())
        throw CliError("--machine-id: empty machine id");
    try {
        core::importModelFile(input, output, options);
    } catch (const core::ModelImportError& error) {
        throw CliError(error.what());
    }
    return 0;
}

} // namespace cutlab::cli
