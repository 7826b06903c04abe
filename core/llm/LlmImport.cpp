#include "core/llm/LlmImport.h"

#include "core/io/InputLimits.h"
#include "core/io/JsonText.h"
#include "core/io/ProfileLoader.h"
#include "core/io/ProfileWriter.h"
#include "core/llm/HuggingFaceConfig.h"

#include <filesystem>

namespace cutlab::core {
namespace {

// "Llama-3.2-1B" for ".../Llama-3.2-1B/config.json", else the file's stem without ".config".
std::string configModelName(const std::string& path) {
    const std::filesystem::path file(path);
    if (file.filename() == "config.json" && !file.parent_path().filename().empty())
        return file.parent_path().filename().string();
    std::string stem = file.stem().string(); // "gpt2" for "gpt2.config.json"
    if (stem.size() > 7 && stem.ends_with(".config"))
        stem.resize(stem.size() - 7);
    return stem;
}

} // namespace

ConvertedProfile checkedProfileText(const Profile& profile) {
    std::string text = profileToJson(profile).dump(1);
    const ProfileLoadResult check = parseProfile(text);
    if (!check.ok())
        throw LlmModelError("the profile made from it does not validate: " +
                            check.issues.front().text());
    return {profile.model.name, std::move(text)};
}

ConvertedProfile llmProfileText(const LlmArchitecture& architecture, LlmImportOptions options,
                                const std::string& source, const std::string& fallbackName) {
    if (options.modelName.empty())
        options.modelName = fallbackName;
    return checkedProfileText(llmProfile(architecture, options, source));
}

ConvertedProfile importHuggingFaceConfig(const std::string& path, const LlmImportOptions& options) {
    std::string error;
    const auto text = readTextFile(path, error);
    if (!text)
        throw LlmModelError(error);
    const JsonParseResult parsed = parseJsonText(*text);
    if (parsed.issue)
        throw LlmModelError(parsed.issue->text());
    const LlmArchitecture architecture = readHuggingFaceConfig(*parsed.value);
    const std::string file = std::filesystem::path(path).filename().string();
    return llmProfileText(architecture, options,
                          "imported from " + file + " (Hugging Face config, model_type " +
                              architecture.modelType + ") by cutlab-cli import",
                          configModelName(path));
}

} // namespace cutlab::core
