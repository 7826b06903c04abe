#pragma once

#include <QString>

#include <functional>

class QWidget;

namespace cutlab::ui {

// The one way the window asks where to write a file. It starts on a proposed name that clobbers
// nothing (SaveNames); when the user picks a file that exists it says what that file is (a
// profile of which model, a plan, …) before replacing it; it adds the suffix when missing and
// remembers the folder for the next proposal.
class SaveDialog {
  public:
    struct Request {
        QString title;
        QString proposedPath;
        QString filter;         // "PNG (*.png);;SVG (*.svg)"
        QString suffix;         // added when the chosen name has none
        QString selectedFilter; // shown first; on return, the one chosen
    };
    // The chosen path, or empty when the user cancelled or declined to replace a file.
    static QString ask(QWidget* parent, Request& request);
    // "resnet18.json is a CutLab profile of model 'resnet18' (14 layers, 2 machines)."
    static QString describeExisting(const QString& path);

    // Stand-ins for the file dialog and the replace question (tests, screenshots); empty
    // functions bring the real dialogs back.
    using Chooser = std::function<QString(const Request&)>;
    using ReplaceQuestion = std::function<bool(const QString& question)>;
    static void setChooser(Chooser chooser);
    static void setReplaceQuestion(ReplaceQuestion question);
};

} // namespace cutlab::ui
