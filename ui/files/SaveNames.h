#pragma once

#include <QString>

namespace cutlab::ui {

// The names the window proposes when it writes a file: `<model>-<what>.<suffix>` in the folder
// of the last export, with -2, -3, … when taken, so that no proposal clobbers an earlier file.
class SaveNames {
  public:
    // The last export's folder while it exists, else Documents while it exists, else home.
    static QString exportFolder();
    // Remembers the folder of a file just written, for the next proposal.
    static void rememberExportFolder(const QString& writtenPath);
    // folder/stem.suffix, else stem-2.suffix, stem-3.suffix, …: the first that does not exist.
    static QString freeName(const QString& folder, const QString& stem, const QString& suffix);
    // freeName(exportFolder(), "<model>-<what>", suffix); the model name made safe for a file
    // name. Without a model: "<what>".
    static QString proposal(const QString& model, const QString& what, const QString& suffix);
};

} // namespace cutlab::ui
