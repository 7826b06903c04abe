#include "core/io/PipeDreamImport.h"

#include "core/io/AtomicFile.h"
#include "core/io/InputLimits.h"
#include "core/io/JsonText.h"
#include "core/io/ProfileLoader.h"
#include "core/io/Utf8.h"

#include <filesystem>

namespace cutlab::core {

std::string pipeDreamModelName(const std::string& sourcePath) {
    const std::filesystem::path file(sourcePath);
    std::string name = file.stem().string();
    // PipeDream keeps profiles as profiles/<model>/graph.txt.
    if (name == "graph" && file.has_parent_path() && !file.parent_path().filename().empty())
        name = file.parent_path().filename().string();
    return name.empty() ? "imported" : toValidUtf8(name);
}

ConvertedProfile convertPipeDreamFile(const std::string& source, PipeDreamImportOptions options) {
    using Kind = PipeDreamFileError::Kind;
    if (options.modelName.empty())
        options.modelName = pipeDreamModelName(source);
    std::string error;
    const auto text = readTextFile(source, error);
    if (!text)
        throw PipeDreamFileError(Kind::Read, source, error);
    if (!looksLikePipeDreamGraph(*text))
        throw PipeDreamFileError(Kind::UnknownFormat, source, "unknown format");
    nlohmann::ordered_json profile;
    try {
        profile = importPipeDreamGraph(*text, options);
    } catch (const PipeDreamImportError& malformed) {
        throw PipeDreamFileError(Kind::Malformed, source, malformed.what());
    }
    const std::string document = profile.dump(2) + "\n";
    if (document.size() > kMaxFileBytes)
        throw PipeDreamFileError(Kind::Invalid, source,
                                 "the profile would take " + std::to_string(document.size() >> 20) +
                                     " MiB, more than the 128 MiB a profile may have");
    // What is written must load: check before touching the destination.
    const auto check = parseProfile(document);
    if (!check.ok())
        throw PipeDreamFileError(Kind::Invalid, source,
                                 "the converted profile does not validate: " +
                                     check.issues.front().text());
    return {options.modelName, document};
}

std::string importPipeDreamFile(const std::string& source, const std::string& destination,
                                PipeDreamImportOptions options) {
    const ConvertedProfile converted = convertPipeDreamFile(source, std::move(options));
    try {
        writeFileAtomically(destination, converted.text, "the profile");
    } catch (const FileWriteError& unwritable) {
        throw PipeDreamFileError(PipeDreamFileError::Kind::Write, destination, unwritable.what());
    }
    return converted.modelName;
}

} // namespace cutlab::core
