#pragma once

#include "ui/document/Document.h"

#include <QWidget>

#include <vector>

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
    };

    // Zoom of the presentation's graph: node text at least this much larger than in the window.
    static constexpr double kMinimumZoom = 1.3;
    static constexpr double kMaximumZoom = 1.8;

    PresentationWindow(Document* document, GraphScene* scene, ChartsPanel* charts,
                       QWidget* parent = nullptr);
    ~PresentationWindow() override;

    // The steps with what is known at once; the best-plan steps are placeholders (ready false)
    // that startSearches fills.
    static std::vector<Step> prepareSteps(const Document& document);
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
    void closeEvent(QCloseEvent* event) override;

  private:
    void startSearches();
    // The step a presentation key leads to; -1 when the key is not one of them.
    int targetOfKey(int key) const;
    void refreshContent();
    void frameGraph();
    static QString networkToJsonText(const core::Network& network);

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
    JobRunner* m_jobs;
};

} // namespace cutlab::ui
