#include "app/cli/Commands.h"

#include "core/io/ProfileLoader.h"
#include "core/model/ModelStructure.h"

#include <iostream>

namespace cutlab::cli {

int runValidate(const std::vector<std::string>& arguments) {
    if (arguments.empty() || arguments.front() == "--help") {
        (arguments.empty() ? std::cerr : std::cout)
            << "usage: cutlab-cli validate PROFILE...\n"
               "Checks cutlab-profile files. Exit 0 when all are valid, else 2 with one line per\n"
               "problem on stderr: \"FILE: error: /json/pointer: what is wrong\".\n";
        return arguments.empty() ? 2 : 0;
    }
    bool allValid = true;
    std::vector<std::string> valid;
    for (const auto& path : arguments) {
        if (path.rfind("--", 0) == 0) {
            std::cerr << "cutlab-cli validate: unknown option " << path << "\n";
            return 2;
        }
        const auto loaded = core::loadProfileFile(path);
        if (!loaded.ok()) {
            allValid = false;
            for (const auto& issue : loaded.issues)
                std::cerr << path << ": error: " << issue.text() << "\n";
            continue;
        }
        const auto structure = core::analyseStructure(*loaded.profile);
        valid.push_back(path + ": valid (" + std::to_string(loaded.profile->layers.size()) +
                        " layers, " + std::to_string(structure.cutAfter.size()) + " cut points, " +
                        std::to_string(loaded.profile->machines.size()) + " machines)");
    }
    if (!allValid)
        return 2;
    for (const auto& line : valid)
        std::cout << line << "\n";
    return 0;
}

} // namespace cutlab::cli
