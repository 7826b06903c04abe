#pragma once

#include "ui/document/Document.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QToolBar;

namespace cutlab::ui {

class GraphScene;
class GraphView;
class OverviewStrip;

// The graph view with its tool bar (search, fit, zoom, layout direction, blocks), a summary
// line with the live total of the current plan and, under the view, the overview strip of the
// whole model. Whenever a plan is applied (an undo step that moves the cuts, other than a drag)
// the view scrolls so that both cut handles are in sight.
class GraphPanel : public QWidget {
    Q_OBJECT
  public:
    GraphPanel(Document* document, GraphScene* scene, QWidget* parent = nullptr);

    GraphView* view() const { return m_view; }
    OverviewStrip* overview() const { return m_overview; }
    QLineEdit* searchBox() const { return m_search; }
    QLabel* summary() const { return m_summary; }
    QToolBar* toolBar() const { return m_toolBar; }
    QLabel* summaryLabel() const { return m_summary; }
    void focusSearch();
    // "No layer matches 'x'" under the find box after a miss; hidden otherwise.
    QLabel* searchMessage() const { return m_searchMessage; }
    void setSummaryScale(double scale);

  private:
    void refreshSummary();
    void search();
    void clearSearch();
    bool eventFilter(QObject* watched, QEvent* event) override;
    void showHandlesIfPlanApplied();

    Document* m_document;
    GraphScene* m_scene;
    GraphView* m_view;
    OverviewStrip* m_overview;
    PartitionState m_shownState; // the cuts last seen outside a drag
    QToolBar* m_toolBar;
    QLineEdit* m_search;
    QLabel* m_searchMessage;
    QLabel* m_summary;
};

} // namespace cutlab::ui
