#pragma once

#include <QMainWindow>

class QTreeWidget;

namespace cutlab::ui {

// The first window: the loaded profile's layers with the valid cut points between them.
class LayerListWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit LayerListWindow(QWidget* parent = nullptr);
    // Loads a profile; on failure shows the problems and keeps what was shown before.
    bool openProfile(const QString& path);

private:
    QTreeWidget* m_layers = nullptr;
};

} // namespace cutlab::ui
