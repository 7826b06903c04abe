#pragma once

#include "ui/document/Document.h"

#include "core/model/Placement.h"

#include <QWidget>

#include <optional>
#include <vector>

class QChart;
class QChartView;
class QLabel;
class QTextBrowser;

namespace cutlab::ui {

class ChartsPanel;
class GraphScene;
class GraphView;
class JobRunner;

// Full-screen lecture mode: a prepared sequence of plans and bandwidths, stepped through with
// the keys a clicker sends (→ Space PageDown: next, ← PageUp: back, Home/End: first/last, Esc:
// leave) whichever child has the focus; each step shows the graph (zoomed for a projector), the
// breakdown and the explain text in large type. The best-plan steps are searched on workers:
// such a step reads "computing…" until its plan arrives, and stepping never waits for it.
// Leaving restores the network and plan the document had before.
class PresentationWindow : public QWidget {
    Q_OBJECT
  public:
    struct Step {
        QString title;
        core::Network network;
        PartitionState state;
        bool ready = true;   // false while its plan is being searched
        QString unavailable; // why the step has no plan (the search found none)
        int id = 0;          // stable while steps merge (a search finds its step by it)
    };

    // The graph's node text lines on a slide 1080 px tall (scaled with its height); the zoom
    // goes up to kMaximumZoom times the one that gives them.
    static constexpr double kGraphTextPixelsAt1080 = 24;
    static constexpr double kMaximumZoom = 1.2;
    // The smallest zoom of the graph on a slide `height` px tall.
    static double minimumGraphZoom(int height);
    // Text on a slide 1080 px tall: lines of at least 24 px (scaled with the slide's height).
    static constexpr double kTextPixelsAt1080 = 22;

    PresentationWindow(Document* document, GraphScene* scene, ChartsPanel* charts,
                       QWidget* parent = nullptr);
    ~PresentationWindow() override;

    // The steps with what is known at once; the best-plan steps are placeholders (ready false)
    // that startSearches fills. Steps that show the same plan on the same network are one step
    // whose title names each ("Your plan on 4G = everything in the cloud (4G)").
    static std::vector<Step> prepareSteps(const Document& document);
    // Merges the ready steps that show the same as an earlier one into it; returns where the
    // step `current` went.
    static int mergeDuplicates(std::vector<Step>& steps, int current);
    int stepCount() const { return static_cast<int>(m_steps.size()); }
    int currentStep() const { return m_current; }
    const Step& step(int index) const { return m_steps[static_cast<std::size_t>(index)]; }
    bool isStepReady(int index) const { return step(index).ready; }
    bool isComputing() const;
    void showStep(int index);
    QLabel* titleLabel() const { return m_title; }
    QLabel* totalLabel() const { return m_total; }
    GraphView* graphView() const { return m_view; }
    QChartView* chartView() const { return m_chart; }

  signals:
    void closed();
    void stepReady(int index); // a best-plan step's search has ended (plan or none)

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

  private:
    void startSearches();
    // The step a presentation key leads to; -1 when the key is not one of them.
    int targetOfKey(int key) const;
    void refreshContent();
    void frameGraph();
    // The slide's text sizes, from its height.
    void applyTextSizes();
    double textPixels() const;
    void styleChart(QChart* chart) const;
    void searchFinished(int id, const std::optional<core::TierPlacement>& placement,
                        const QString& failure, bool sameProfile);

    Document* m_document;
    ChartsPanel* m_charts;
    std::vector<Step> m_steps;
    int m_current = -1;
    core::Network m_savedNetwork;
    PartitionState m_savedState;
    bool m_wasModified; // the document had unsaved changes when the presentation began
    QLabel* m_title;
    QLabel* m_total;
    GraphView* m_view;
    QChartView* m_chart;
    QTextBrowser* m_explain;
    QLabel* m_hint;
    JobRunner* m_jobs;
};

} // namespace cutlab::ui
