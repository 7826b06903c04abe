#pragma once

#include <QWidget>

class QTreeWidget;
class QLabel;

namespace cutlab::ui {

class Document;

// Everything about the hovered (else the selected) layer: profile fields, per-machine times,
// FLOPs, parameters, and where it runs in the current plan.
class InspectorPanel : public QWidget {
    Q_OBJECT
  public:
    explicit InspectorPanel(Document* document, QWidget* parent = nullptr);
    int shownLayer() const { return m_shown; }
    QTreeWidget* tree() const { return m_tree; }

  private:
    void refresh();
    void showModel();
    void showLayer(int layer);

    Document* m_document;
    QLabel* m_title;
    QTreeWidget* m_tree;
    int m_shown = -1;
};

} // namespace cutlab::ui
