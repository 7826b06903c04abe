#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>

// The options of `cutlab` (the window), parsed once in main.
struct GuiOptions {
    QCommandLineOption network{
        "network", "Network: 3g, 4g, fibre, ideal, a cutlab-network JSON or a Scission CSV.",
        "NETWORK"};
    QCommandLineOption plan{"plan", "A cutlab-plan JSON to restore after opening the profile.",
                            "PLAN"};
    QCommandLineOption screenshot{
        "screenshot", "Render the window to OUT.png after loading, and exit.", "OUT.png"};
    QCommandLineOption size{"size", "Window size for --screenshot (default 1280x800).", "WxH",
                            "1280x800"};
    QCommandLineOption dark{"dark", "Use the dark palette."};
    QCommandLineOption raise{
        "raise", "Bring a panel to the front (inspector, planner, charts, explain, setting).",
        "PANEL"};
    QCommandLineOption training{"training",
                                "Start in Training mode (HierTrain, baselines, pipelines)."};
    QCommandLineOption presentation{"presentation",
                                    "Start in presentation mode (with --screenshot: grab it)."};
    QCommandLineOption step{"step", "With --presentation: show this step (1-based).", "N", "1"};
    QCommandLineOption chart{"chart",
                             "Bring a chart to the front: breakdown, layers, sweep or energy (with "
                             "--training: timeline, pipeline or strategy).",
                             "KIND"};
    QCommandLineOption pool{"pool",
                            "With --training: plan the pipeline over a pool of machine types "
                            "(the Cluster editor; as cutlab-cli train --cluster).",
                            "ID:N[@MBPS],..."};
    QCommandLineOption poolMemory{
        "pool-memory", "With --pool: each type's memory in GiB (0: no limit).", "ID=GIB,..."};
    QCommandLineOption topDown{"top-down", "Lay the graph out from top to bottom."};
    QCommandLineOption collapse{"collapse", "Collapse every branching block."};
    QCommandLineOption fit{"fit",
                           "Fit the graph: whole (the whole model, long runs as summaries, as "
                           "View > Fit to Window) or legible (as View > Fit Legibly).",
                           "MODE"};
    // Moves the cuts to boundaries D and E as one undoable edit (scripted sessions, tests).
    QCommandLineOption cuts{"cuts", "Move the cuts to block boundaries D and E.", "D,E"};
    QCommandLineParser parser;

    GuiOptions();
    QString file() const;
};
