#pragma once

#include <QString>

namespace cutlab::ui {
class MainWindow;
}

// `cutlab --screenshot OUT.png`: once the window has settled (the sweep, a Training plan and
// the presentation's plans computed off the GUI thread, not "Planning…"), grabs the window or
// the presentation at `size` (WxH), writes OUT.png like every export (regular files only,
// atomically) and quits with `status`, or 2 when the image cannot be written.
void grabWhenSettled(cutlab::ui::MainWindow& window, const QString& out, const QString& size,
                     int status);
