#pragma once

#include <array>
#include <vector>

class QAction;

namespace cutlab::ui {

// The main window's commands, one member per menu entry (owned by the window; object names as
// in MainWindow::action()). Filled by the menu builders, null before.
struct MainWindowActions {
    // File
    QAction* open = nullptr;
    QAction* openPlan = nullptr;
    QAction* openRun = nullptr;
    QAction* importProfile = nullptr;
    QAction* openNetwork = nullptr;
    QAction* saveNetwork = nullptr;
    QAction* exportPlan = nullptr;
    QAction* exportCsv = nullptr;
    QAction* exportChart = nullptr;
    QAction* exportGraph = nullptr;
    QAction* exportReport = nullptr;
    QAction* print = nullptr;
    QAction* quit = nullptr;
    // Edit
    QAction* undo = nullptr;
    QAction* redo = nullptr;
    QAction* find = nullptr;
    QAction* deviceCutLeft = nullptr;
    QAction* deviceCutRight = nullptr;
    QAction* edgeCutLeft = nullptr;
    QAction* edgeCutRight = nullptr;
    QAction* applyBest = nullptr;
    // View
    QAction* inferenceMode = nullptr;
    QAction* trainingMode = nullptr;
    QAction* fit = nullptr;
    QAction* fitLegible = nullptr;
    QAction* zoomIn = nullptr;
    QAction* zoomOut = nullptr;
    QAction* topToBottom = nullptr;
    QAction* collapseBlocks = nullptr;
    QAction* expandBlocks = nullptr;
    QAction* dark = nullptr;
    QAction* presentation = nullptr;
    QAction* resetLayout = nullptr;
    QAction* fullScreen = nullptr;
    std::array<QAction*, 4> showChart{}; // by ChartsPanel::Kind (kKindCount)
    // Planner
    QAction* runPlanner = nullptr;
    // Network
    QAction* traceView = nullptr;
    // Help
    QAction* guide = nullptr;
    QAction* shortcuts = nullptr;
    QAction* about = nullptr;

    // What acts on the inference plan and its graph: off while Training mode is shown, so that
    // no key changes a plan the person cannot see.
    std::vector<QAction*> inferenceOnly() const {
        std::vector<QAction*> list{
            exportPlan,     exportCsv,   exportGraph,  exportReport,   find,         deviceCutLeft,
            deviceCutRight, edgeCutLeft, edgeCutRight, applyBest,      fit,          fitLegible,
            zoomIn,         zoomOut,     topToBottom,  collapseBlocks, expandBlocks, presentation,
            exportChart,    print};
        list.insert(list.end(), showChart.begin(), showChart.end());
        return list;
    }
};

} // namespace cutlab::ui
