// cutlab-cli merge A.json B.json ... -o OUT.json: profiles of one model measured on different
// machines into one profile (docs/formats.md §4.12). The merging is core::mergeProfiles.
#include "app/cli/Commands.h"

#include "app/cli/ArgumentCursor.h"
#include "app/cli/CliError.h"

#include "core/io/AtomicFile.h"
#include "core/io/JsonText.h"
#include "core/io/ProfileLoader.h"
#include "core/io/ProfileMerge.h"

#include <iostream>

namespace cutlab::cli {
namespace {

const char* const kUsageLine =
    "usage: cutlab-cli merge A.json B.json ... -o OUT.json [--forward-only]\n";

const char* const kMergeHelp =
    "Merges profiles of ONE model measured on different machines into one profile.\n"
    "The graphs must agree: the same layer ids in the same order, the same inputs and\n"
    "output_bytes (and type, param_bytes where both files give them), the same model.batch and\n"
    "model.input_bytes; otherwise the first difference is named and nothing is written.\n"
    "Machines: every file's, in the order given; a machine id in two files is an error.\n"
    "Per layer, forward_ms, backward_ms and update_ms hold every file's machines. Other fields\n"
    "are kept (where files differ, the earlier file's value, with a note on stderr);\n"
    "model.name is the first file's, model.source the sources joined with \"; \".\n"
    "  -o, --output OUT.json  where to write (atomically: never a partial file)\n"
    "  --forward-only         leave out backward_ms and update_ms (needed when some files have\n"
    "                         them and others do not)\n"
    "Exit status: 0 written, 2 bad input (an invalid profile, graphs that differ, a machine in\n"
    "two files, an unwritable output).\n";

// Reads and validates every input with the profile loader; the problems of all files are
// reported together, one "FILE: error: /pointer: sentence" line each.
std::vector<core::NamedProfileJson> readProfiles(const std::vector<std::string>& paths) {
    std::vector<core::NamedProfileJson> profiles;
    std::string problems;
    for (const std::string& path : paths) {
        std::string unreadable;
        const auto text = core::readTextFile(path, unreadable);
        std::vector<core::ProfileIssue> issues;
        if (!text) {
            issues.push_back({"", unreadable});
        } else {
            auto loaded = core::parseProfile(*text);
            issues = std::move(loaded.issues);
            if (loaded.ok())
                profiles.push_back({path, std::move(*core::parseJsonText(*text).value)});
        }
        for (const auto& issue : issues)
            problems += (problems.empty() ? "" : "\n") + path + ": error: " + issue.text();
    }
    if (!problems.empty())
        throw CliError(problems);
    return profiles;
}

} // namespace

int runMerge(const std::vector<std::string>& arguments) {
    std::vector<std::string> inputs;
    std::string output;
    core::MergeOptions options;
    ArgumentCursor cursor(arguments);
    while (!cursor.done()) {
        const std::string flag = cursor.next();
        if (flag == "--help" || flag == "-h") {
            std::cout << kUsageLine << kMergeHelp;
            return 0;
        }
        if (flag == "-o" || flag == "--output")
            output = cursor.valueOf(flag);
        else if (flag == "--forward-only")
            options.forwardOnly = true;
        else if (flag.size() > 1 && flag[0] == '-')
            throw CliError("unknown option " + flag + " (see cutlab-cli merge --help)");
        else
            inputs.push_back(flag);
    }
    if (inputs.size() < 2)
        throw CliError("needs at least two profiles, got " + std::to_string(inputs.size()) + "\n" +
                       kUsageLine);
    if (output.empty())
        throw CliError(std::string("needs -o OUT.json\n") + kUsageLine);
    const auto profiles = readProfiles(inputs);
    const auto merged = core::mergeProfiles(profiles, options);
    if (!merged.ok())
        throw CliError(merged.error->text());
    try {
        core::writeFileAtomically(output, merged.profile->dump(2) + "\n", "the profile");
    } catch (const core::FileWriteError& unwritable) {
        throw CliError(output + ": error: " + unwritable.what());
    }
    for (const std::string& note : merged.notes)
        std::cerr << "cutlab-cli merge: note: " << note << "\n";
    return 0;
}

} // namespace cutlab::cli
