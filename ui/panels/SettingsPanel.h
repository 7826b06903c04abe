#pragma once

#include <QWidget>

#include <array>

class QComboBox;
class QGroupBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace cutlab::ui {

class Document;
class LinkEditor;

// The setting a plan is evaluated in: the network (a preset, a file, or each link by hand),
// the machine of each tier and the input size. Every change re-evaluates at once.
class SettingsPanel : public QWidget {
    Q_OBJECT
  public:
    explicit SettingsPanel(Document* document, QWidget* parent = nullptr);
    static constexpr int kShownNameLength = 28; // a longer network name is elided

    QComboBox* networkBox() const { return m_network; }
    QLabel* networkNameLabel() const { return m_networkName; }
    LinkEditor* linkEditor(int link) const { return m_links[static_cast<std::size_t>(link)]; }
    QComboBox* machineBox(int tier) const { return m_machines[static_cast<std::size_t>(tier)]; }
    QDoubleSpinBox* inputBox() const { return m_input; }

  signals:
    void openNetworkRequested();
    void saveNetworkRequested();

  private:
    QGroupBox* buildNetworkGroup(QWidget* content);
    QGroupBox* buildMachineGroup(QWidget* content);
    QGroupBox* buildInputGroup(QWidget* content);
    void followDocument();
    void refreshNetwork();
    void refreshMachines();
    void refreshInput();

    Document* m_document;
    QComboBox* m_network;
    QLabel* m_networkName;
    std::array<LinkEditor*, 3> m_links{};
    std::array<QComboBox*, 3> m_machines{};
    QDoubleSpinBox* m_input;
};

} // namespace cutlab::ui
