#pragma once

// Helpers of the ONNX import tests: an imported layer graph loaded as a profile, and the
// sentence an import is refused with.
#include "core/io/ProfileLoader.h"
#include "core/onnx/OnnxImport.h"

#include <QString>
#include <QtGlobal>

// The imported graph with one machine of 1 ms per layer, loaded as a profile (to read its
// valid cut points the way every planner does).
inline cutlab::core::Profile loadWithOneMachine(nlohmann::ordered_json document) {
    document["machines"] = nlohmann::ordered_json::array({{{"id", "m"}, {"tier", "cloud"}}});
    for (auto& layer : document["layers"])
        layer["forward_ms"] = {{"m", 1.0}};
    auto loaded = cutlab::core::parseProfile(document.dump());
    if (!loaded.ok())
        qFatal("imported graph does not load: %s", loaded.issues.front().text().c_str());
    return *loaded.profile;
}

// Why importing `path` is refused; empty when it imports.
inline QString importError(const std::string& path,
                           const cutlab::core::OnnxImportOptions& options = {}) {
    try {
        cutlab::core::importOnnxGraph(path, options);
    } catch (const cutlab::core::OnnxImportError& error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}
