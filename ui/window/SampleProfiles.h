#pragma once

#include <QString>
#include <QStringList>

namespace cutlab::ui {

// The sample profiles shipped with CutLab: found next to an installed binary
// (../share/cutlab/sample_profiles), in the build's source tree, or where CUTLAB_SAMPLES points.
class SampleProfiles {
  public:
    static QString directory();
    // Every cutlab-profile JSON under the directory (networks and other files left out), sorted.
    static QStringList files();
    static QStringList candidateDirectories();
    // The shared 3G/4G network traces (traces/*.up and *.down), full paths, sorted.
    static QStringList traces();
    // The samples people reach for first, in the order of their shortcuts Ctrl+Alt+Shift+1…9
    // (paths relative to directory()): models of every kind, not the smallest files.
    static const QStringList& featured();
};

} // namespace cutlab::ui
