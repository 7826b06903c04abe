#include "ui/window/GuideDialog.h"

#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace cutlab::ui {

QString GuideDialog::html() {
    return QStringLiteral(
        "<h2>Getting started with CutLab</h2>"
        "<p>CutLab shows how a deep neural network can be split between a <b>device</b>, an "
        "<b>edge</b> server and the <b>cloud</b>, and what each split costs.</p>"
        "<h3>1. Open a model</h3>"
        "<p><b>File ▸ Open Profile</b> (Ctrl+O) opens a per-layer profile (JSON). To try CutLab "
        "at once, pick one in <b>Help ▸ Sample Profiles</b> (VGG19, ResNet-50, MobileNetV2… "
        "measured by Scission; AlexNet, ResNet-18… by PipeDream), or drop a file on the window. "
        "<b>File ▸ Import Model</b> (or a drop on the window) converts an ONNX model, with "
        "estimated times, or a PipeDream graph.txt.</p>"
        "<h3>2. Choose the network and the machines</h3>"
        "<p>The <b>Settings</b> panel on the left holds each link's bandwidth and latency "
        "(presets 3G, 4G, fibre, or your own values) and the machine that plays each tier.</p>"
        "<h3>3. Move the cuts</h3>"
        "<p>The graph shows every layer; the two handles are the cuts: layers before the first "
        "run on the device, between them on the edge, after the second in the cloud. Drag a "
        "handle (it snaps to the valid cut points) or use Alt+←/→ and Ctrl+←/→. The total at "
        "the top, the <b>Charts</b> and the <b>Explain</b> panel follow every move. "
        "Edit ▸ Undo takes a move back.</p>"
        "<h3>4. Let a planner choose</h3>"
        "<p><b>Edit ▸ Apply Best Plan</b> (Ctrl+B) moves the handles to the best Scission plan. "
        "The <b>Planner</b> tab ranks plans with Scission, Neurosurgeon or JointDNN under your "
        "constraints (pins, forbidden tiers, upload and time limits); select a row to apply "
        "it.</p>"
        "<h3>5. Training</h3>"
        "<p>The <b>Training</b> tab plans one training iteration: HierTrain and its baselines "
        "on a timeline, pipeline-parallel training with a draggable stage strip and its "
        "schedule, and a comparison of the planners as the bandwidth changes.</p>"
        "<h3>6. Share it</h3>"
        "<p>The Export commands of the File menu write the plan (JSON), the layer table (CSV), a "
        "chart or the graph (PNG, SVG, PDF) and a one-page report. <b>View ▸ Presentation "
        "Mode</b> (F5) shows the "
        "plans full screen, one slide at a time. <b>Help ▸ Keyboard Shortcuts</b> lists every "
        "key.</p>"
        "<p>Everything the window does is also on the command line: <tt>cutlab-cli --help</tt>."
        "</p>");
}

GuideDialog::GuideDialog(QWidget* parent) : QDialog(parent), m_browser(new QTextBrowser(this)) {
    setWindowTitle(QStringLiteral("Getting Started"));
    m_browser->setHtml(html());
    m_browser->setOpenExternalLinks(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_browser, 1);
    layout->addWidget(buttons);
    resize(620, 640);
}

} // namespace cutlab::ui
