#pragma once

#include "core/io/PipeDreamImport.h"
#include "core/llm/LlmProfile.h"

#include <string>

namespace cutlab::core {

// A Hugging Face config.json made into a language-model profile (core/llm/LlmProfile.h),
// checked as every profile read is. Throws LlmModelError with one sentence naming the field.
ConvertedProfile importHuggingFaceConfig(const std::string& path, const LlmImportOptions& options);

// A language model's profile as text, checked as every profile read is (what is written must
// open). Throws LlmModelError.
ConvertedProfile checkedProfileText(const Profile& profile);

// The profile text of a language model, checked as every profile read is; the model name
// defaults to `fallbackName`.
ConvertedProfile llmProfileText(const LlmArchitecture& architecture, LlmImportOptions options,
                                const std::string& source, const std::string& fallbackName);

} // namespace cutlab::core
