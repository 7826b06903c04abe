#include "ui/panels/SettingsPanel.h"

#include "ui/charts/Format.h"
#include "ui/document/Document.h"
#include "ui/panels/LinkEditor.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

namespace cutlab::ui {

SettingsPanel::SettingsPanel(Document* document, QWidget* parent)
    : QWidget(parent), m_document(document) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* content = new QWidget(scroll);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(buildNetworkGroup(content));
    layout->addWidget(buildMachineGroup(content));
    layout->addWidget(buildInputGroup(content));
    layout->addStretch(1);
    scroll->setWidget(content);
    outer->addWidget(scroll);
    followDocument();
    refreshNetwork();
    refreshMachines();
    refreshInput();
}

// The preset box with Open… and Save…, the name in use, and one editor per link.
QGroupBox* SettingsPanel::buildNetworkGroup(QWidget* content) {
    auto* networkGroup = new QGroupBox(QStringLiteral("Network"), content);
    auto* networkLayout = new QVBoxLayout(networkGroup);
    auto* row = new QHBoxLayout();
    m_network = new QComboBox(networkGroup);
    m_network->addItems({QStringLiteral("3G"), QStringLiteral("4G"), QStringLiteral("fibre"),
                         QStringLiteral("ideal")});
    m_network->setToolTip(QStringLiteral("Apply a whole network preset (every link) — Scission's "
                                         "published 3G, 4G and fibre figures"));
    auto* open = new QToolButton(networkGroup);
    open->setText(QStringLiteral("Open…"));
    open->setToolTip(QStringLiteral(
        "Open a cutlab-network JSON or a Scission network_stats.csv (Ctrl+Shift+N)"));
    auto* save = new QToolButton(networkGroup);
    save->setText(QStringLiteral("Save…"));
    save->setToolTip(
        QStringLiteral("Save the current network as cutlab-network JSON (Ctrl+Alt+S)"));
    row->addWidget(m_network, 1);
    row->addWidget(open);
    row->addWidget(save);
    networkLayout->addLayout(row);
    m_networkName = new QLabel(networkGroup);
    m_networkName->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_networkName->setToolTip(QStringLiteral("The name of the network in use"));
    networkLayout->addWidget(m_networkName);
    const core::Tier pairs[3][2] = {{core::Tier::Device, core::Tier::Edge},
                                    {core::Tier::Device, core::Tier::Cloud},
                                    {core::Tier::Edge, core::Tier::Cloud}};
    for (int i = 0; i < 3; ++i) {
        auto* editor = new LinkEditor(pairs[i][0], pairs[i][1], networkGroup);
        m_links[static_cast<std::size_t>(i)] = editor;
        networkLayout->addWidget(editor);
        connect(editor, &LinkEditor::edited, this,
                [this, editor](double bandwidth, double latency) {
                    m_document->setTierLink(editor->from(), editor->to(), bandwidth, latency);
                });
    }
    connect(m_network, &QComboBox::activated, this, [this](int index) {
        const char* names[4] = {"3g", "4g", "fibre", "ideal"};
        if (index >= 0 && index < 4)
            m_document->editNetwork(*core::networkPreset(names[index]),
                                    QStringLiteral("Use the %1 network").arg(names[index]));
    });
    connect(open, &QToolButton::clicked, this, &SettingsPanel::openNetworkRequested);
    connect(save, &QToolButton::clicked, this, &SettingsPanel::saveNetworkRequested);
    return networkGroup;
}

QGroupBox* SettingsPanel::buildMachineGroup(QWidget* content) {
    auto* machineGroup = new QGroupBox(QStringLiteral("Machines"), content);
    auto* machineForm = new QFormLayout(machineGroup);
    for (core::Tier tier : core::kTiers) {
        auto* box = new QComboBox(machineGroup);
        box->setToolTip(QStringLiteral("The machine that runs the %1's layers (undoable)")
                            .arg(QString::fromStdString(core::tierName(tier))));
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(12);
        m_machines[static_cast<std::size_t>(core::tierIndex(tier))] = box;
        machineForm->addRow(Format::tierTitle(tier), box);
        connect(box, &QComboBox::activated, this,
                [this, tier, box] { m_document->setMachine(tier, box->currentData().toInt()); });
    }
    return machineGroup;
}

QGroupBox* SettingsPanel::buildInputGroup(QWidget* content) {
    auto* inputGroup = new QGroupBox(QStringLiteral("Input"), content);
    auto* inputForm = new QFormLayout(inputGroup);
    m_input = new QDoubleSpinBox(inputGroup);
    m_input->setRange(0, 1e10);
    m_input->setDecimals(0);
    m_input->setSuffix(QStringLiteral(" bytes"));
    m_input->setGroupSeparatorShown(true);
    m_input->setToolTip(QStringLiteral(
        "Bytes of one input sample as the device sends it (overrides model.input_bytes)"));
    m_input->setKeyboardTracking(false);
    inputForm->addRow(QStringLiteral("Input size"), m_input);
    connect(m_input, &QDoubleSpinBox::valueChanged, this,
            [this](double value) { m_document->setInputBytes(value); });
    return inputGroup;
}

void SettingsPanel::followDocument() {
    connect(m_document, &Document::networkChanged, this, &SettingsPanel::refreshNetwork);
    connect(m_document, &Document::profileChanged, this, [this] {
        refreshNetwork();
        refreshMachines();
        refreshInput();
    });
    connect(m_document, &Document::stateChanged, this, [this] {
        for (core::Tier tier : core::kTiers) {
            const auto t = static_cast<std::size_t>(core::tierIndex(tier));
            if (m_machines[t]->currentData().toInt() != m_document->state().machines[t]) {
                refreshMachines();
                return;
            }
        }
    });
    connect(m_document, &Document::inputBytesChanged, this, &SettingsPanel::refreshInput);
}

void SettingsPanel::refreshNetwork() {
    const auto& network = m_document->network();
    // A long name is elided (whole in the tooltip): it must never widen the dock.
    const QString name = QString::fromStdString(network.name);
    const QString shown = name.size() > kShownNameLength
                              ? name.left(kShownNameLength - 1) + QStringLiteral("…")
                              : name;
    m_networkName->setText(QStringLiteral("in use: <b>%1</b>").arg(shown.toHtmlEscaped()));
    m_networkName->setToolTip(QStringLiteral("The network in use: %1").arg(name.toHtmlEscaped()));
    {
        const QSignalBlocker blocker(m_network);
        const int preset =
            QStringList{"3g", "4g", "fibre", "ideal"}.indexOf(QString::fromStdString(network.name));
        m_network->setCurrentIndex(preset >= 0 ? preset : -1);
        if (preset < 0)
            m_network->setPlaceholderText(QStringLiteral("custom"));
    }
    for (LinkEditor* editor : m_links) {
        const auto link = m_document->tierLink(editor->from(), editor->to());
        editor->setLink(link ? link->bandwidthMbps : 1.0, link ? link->latencyMs : 0.0,
                        link.has_value());
    }
}

void SettingsPanel::refreshMachines() {
    for (core::Tier tier : core::kTiers) {
        QComboBox* box = m_machines[static_cast<std::size_t>(core::tierIndex(tier))];
        const QSignalBlocker blocker(box);
        box->clear();
        if (!m_document->hasProfile())
            continue;
        const auto& profile = m_document->profile();
        for (int machine : profile.machinesOfTier(tier)) {
            const auto& m = profile.machines[static_cast<std::size_t>(machine)];
            box->addItem(QString::fromStdString(m.id), machine);
            box->setItemData(box->count() - 1, QString::fromStdString(m.label), Qt::ToolTipRole);
        }
        if (box->count() == 0)
            box->addItem(QStringLiteral("(none in this profile)"), -1);
        const int current = box->findData(
            m_document->state().machines[static_cast<std::size_t>(core::tierIndex(tier))]);
        box->setCurrentIndex(std::max(0, current));
        box->setEnabled(box->count() > 1);
    }
}

void SettingsPanel::refreshInput() {
    const QSignalBlocker blocker(m_input);
    m_input->setValue(m_document->inputBytes());
    m_input->setEnabled(m_document->hasProfile());
}

} // namespace cutlab::ui
