#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QToolBar;

namespace cutlab::ui {

class Document;
class GraphScene;
class GraphView;

// The graph view with its tool bar (search, fit, zoom, layout direction, blocks) and a summary
// line with the live total of the current plan.
class GraphPanel : public QWidget {
    Q_OBJECT
  public:
    GraphPanel(Document* document, GraphScene* scene, QWidget* parent = nullptr);

    GraphView* view() const { return m_view; }
    QLineEdit* searchBox() const { return m_search; }
    QLabel* summary() const { return m_summary; }
    QToolBar* toolBar() const { return m_toolBar; }
    void focusSearch();
    void setSummaryScale(double scale);

  private:
    void refreshSummary();
    void search();

    Document* m_document;
    GraphScene* m_scene;
    GraphView* m_view;
    QToolBar* m_toolBar;
    QLineEdit* m_search;
    QLabel* m_summary;
};

} // namespace cutlab::ui
