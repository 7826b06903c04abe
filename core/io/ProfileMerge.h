#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace cutlab::core {

// One profile to merge: its document as read (every field, in file order) and the name messages
// call it by (the path given on the command line). The document must load with parseProfile.
struct NamedProfileJson {
    std::string name;
    nlohmann::ordered_json document;
};

struct MergeOptions {
    // Leave backward_ms and update_ms out of the merged profile instead of refusing files that do
    // not all have them.
    bool forwardOnly = false;
};

// Why profiles were not merged: the file concerned (a later one, compared with the first) and a
// sentence naming the first thing that differs.
struct MergeError {
    std::string file;
    std::string detail;
    // "B.json: error: layer 'conv2' reads 'pool1' here but 'conv1' in A.json"
    std::string text() const { return (file.empty() ? "" : file + ": ") + "error: " + detail; }
};

struct MergeResult {
    std::optional<nlohmann::ordered_json> profile; // the merged document; it loads as a profile
    std::optional<MergeError> error;               // set when profile is not
    std::vector<std::string> notes;                // what was left out or kept from one file only
    bool ok() const { return profile.has_value(); }
};

// Profiles of ONE model measured on different machines into one profile (docs/formats.md §4.12):
//  - the graphs must agree: same layer ids in the same order, same `inputs`, `output_bytes`, and
//    `type` / `param_bytes` where both files give them; `model.batch` and `model.input_bytes`
//    agree too;
//  - machines: every file's, in input order; an id in two files is an error;
//  - per layer, forward_ms / backward_ms / update_ms hold every file's machines; a time map that
//    some files have and others lack is an error unless options.forwardOnly drops backward and
//    update times altogether;
//  - every other field is kept: the first file's document is the base (model.name included),
//    fields only later files have are added, a later value that differs is noted and not kept;
//  - model.source: the distinct sources joined with "; ", then "merged by cutlab-cli merge from
//    A, B".
// Reports the first problem only.
MergeResult mergeProfiles(const std::vector<NamedProfileJson>& inputs, const MergeOptions& options);

} // namespace cutlab::core
