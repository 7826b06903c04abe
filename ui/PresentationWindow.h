#pragma once

#include "ui/Document.h"

#include <QWidget>

#include <vector>

class QChartView;
class QLabel;
class QTextBrowser;

namespace cutlab::ui {

class ChartsPanel;
class GraphScene;
class GraphView;

// Full-screen lecture mode: a prepared sequence of plans and bandwidths, stepped through with
// the arrow keys; each step shows the graph, the breakdown and the explain text in large type.
// Leaving (Esc) restores the network and plan the document had before.
class PresentationWindow : public QWidget {
    Q_OBJECT
  public:
    struct Step {
        QString title;
        core::Network network;
        PartitionState state;
    };

    PresentationWindow(Document* document, GraphScene* scene, ChartsPanel* charts,
                       QWidget* parent = nullptr);
    ~PresentationWindow() override;

    static std::vector<Step> prepareSteps(const Document& document);
    int stepCount() const { return static_cast<int>(m_steps.size()); }
    int currentStep() const { return m_current; }
    void showStep(int index);
    QLabel* titleLabel() const { return m_title; }

  signals:
    void closed();

  protected:
    void keyPressEvent(QKeyEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

  private:
    void refreshContent();
    static QString networkToJsonText(const core::Network& network);

    Document* m_document;
    ChartsPanel* m_charts;
    std::vector<Step> m_steps;
    int m_current = -1;
    core::Network m_savedNetwork;
    PartitionState m_savedState;
    QLabel* m_title;
    QLabel* m_total;
    GraphView* m_view;
    QChartView* m_chart;
    QTextBrowser* m_explain;
};

} // namespace cutlab::ui
