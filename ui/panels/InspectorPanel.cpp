#include "ui/panels/InspectorPanel.h"

#include "core/model/RooflineEstimator.h"

#include "ui/charts/Format.h"
#include "ui/document/Document.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace cutlab::ui {

InspectorPanel::InspectorPanel(Document* document, QWidget* parent)
    : QWidget(parent), m_document(document) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::RichText);
    m_tree = new QTreeWidget(this);
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({QStringLiteral("Property"), QStringLiteral("Value")});
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_tree->setRootIsDecorated(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setToolTip(
        QStringLiteral("Properties of the layer under the mouse, or of the selected layer"));
    layout->addWidget(m_title);
    layout->addWidget(m_tree, 1);
    connect(m_document, &Document::hoveredLayerChanged, this, &InspectorPanel::refresh);
    connect(m_document, &Document::selectedLayerChanged, this, &InspectorPanel::refresh);
    connect(m_document, &Document::profileChanged, this, &InspectorPanel::refresh);
    refresh();
}

void InspectorPanel::refresh() {
    const int layer =
        m_document->hoveredLayer() >= 0 ? m_document->hoveredLayer() : m_document->selectedLayer();
    if (!m_document->hasProfile() || layer < 0 || layer >= m_document->layerCount())
        showModel();
    else
        showLayer(layer);
}

void InspectorPanel::showModel() {
    m_shown = -1;
    m_tree->clear();
    if (!m_document->hasProfile()) {
        m_title->setText(QStringLiteral("<i>No profile open. Hover a layer to inspect it.</i>"));
        return;
    }
    const core::Profile& profile = m_document->profile();
    m_title->setText(QStringLiteral("<b>%1</b><br><small>hover or select a layer</small>")
                         .arg(QString::fromStdString(profile.model.name).toHtmlEscaped()));
    auto* model = new QTreeWidgetItem(m_tree, {QStringLiteral("Model")});
    new QTreeWidgetItem(model, {QStringLiteral("layers"), QString::number(profile.layers.size())});
    new QTreeWidgetItem(model,
                        {QStringLiteral("blocks"), QString::number(m_document->blockCount())});
    new QTreeWidgetItem(model, {QStringLiteral("input"), Format::bytes(profile.model.inputBytes)});
    new QTreeWidgetItem(model, {QStringLiteral("batch"), Format::number(profile.model.batch, 0)});
    if (const auto times = profile.model.fields.find("times");
        times != profile.model.fields.end() && times->is_string())
        new QTreeWidgetItem(
            model, {QStringLiteral("times"), QString::fromStdString(times->get<std::string>()) +
                                                 QStringLiteral(" (roofline, not measured)")});
    auto* source = new QTreeWidgetItem(
        model, {QStringLiteral("source"), QString::fromStdString(profile.model.source)});
    source->setToolTip(1, QString::fromStdString(profile.model.source));
    auto* machines = new QTreeWidgetItem(m_tree, {QStringLiteral("Machines")});
    for (const auto& machine : profile.machines) {
        QString text = QString::fromStdString(core::tierName(machine.tier));
        text += machine.memoryBytes
                    ? QStringLiteral(" · memory %1 GiB")
                          .arg(Format::number(*machine.memoryBytes / 1073741824.0, 2))
                    : QStringLiteral(" · memory unknown");
        if (!machine.label.empty())
            text += QStringLiteral(" · ") + QString::fromStdString(machine.label);
        if (core::isEstimatedMachine(machine))
            text += QStringLiteral(" · estimated times");
        auto* row = new QTreeWidgetItem(machines, {QString::fromStdString(machine.id), text});
        row->setToolTip(1, text);
    }
    m_tree->expandAll();
}

void InspectorPanel::showLayer(int index) {
    m_shown = index;
    m_tree->clear();
    const core::Profile& profile = m_document->profile();
    const core::Layer& layer = profile.layers[static_cast<std::size_t>(index)];
    const core::Tier tier = m_document->tierOfLayer(index);
    m_title->setText(QStringLiteral("<b>%1</b> <span style='color:%3'>●</span> %2")
                         .arg(QString::fromStdString(layer.id).toHtmlEscaped(),
                              QString::fromStdString(layer.type).toHtmlEscaped(),
                              Format::tierColor(tier).name()));
    auto* general = new QTreeWidgetItem(m_tree, {QStringLiteral("Layer")});
    new QTreeWidgetItem(general, {QStringLiteral("position"), QStringLiteral("#%1").arg(index)});
    new QTreeWidgetItem(
        general, {QStringLiteral("block"),
                  QString::number(
                      m_document->structure().blockOfLayer[static_cast<std::size_t>(index)] + 1)});
    new QTreeWidgetItem(general, {QStringLiteral("runs on"), Format::tierTitle(tier)});
    QStringList inputs;
    for (int input : layer.inputs)
        inputs << QString::fromStdString(profile.layers[static_cast<std::size_t>(input)].id);
    if (layer.readsModelInput)
        inputs.prepend(QStringLiteral("model input"));
    new QTreeWidgetItem(general, {QStringLiteral("inputs"), inputs.join(", ")});
    new QTreeWidgetItem(general,
                        {QStringLiteral("valid cut after"),
                         m_document->structure().isValidCutAfter(index) ? QStringLiteral("yes")
                                                                        : QStringLiteral("no")});
    auto* sizes = new QTreeWidgetItem(m_tree, {QStringLiteral("Sizes")});
    new QTreeWidgetItem(
        sizes, {QStringLiteral("output"),
                QStringLiteral("%1 (%2 bytes)")
                    .arg(Format::bytes(layer.outputBytes), Format::number(layer.outputBytes, 0))});
    new QTreeWidgetItem(sizes, {QStringLiteral("parameters"), layer.fields.contains("param_bytes")
                                                                  ? Format::bytes(layer.paramBytes)
                                                                  : QStringLiteral("—")});
    if (const auto shape = layer.fields.find("output_shape");
        shape != layer.fields.end() && shape->is_array()) {
        QStringList dims;
        for (const auto& dim : *shape)
            dims << QString::fromStdString(dim.dump());
        new QTreeWidgetItem(sizes,
                            {QStringLiteral("output shape"), dims.join(QStringLiteral(" × "))});
    }
    new QTreeWidgetItem(sizes, {QStringLiteral("FLOPs"), layer.fields.contains("flops")
                                                             ? Format::flops(layer.flops)
                                                             : QStringLiteral("—")});
    auto* times = new QTreeWidgetItem(m_tree, {QStringLiteral("Forward time per sample")});
    for (std::size_t m = 0; m < profile.machines.size(); ++m)
        new QTreeWidgetItem(
            times,
            {QStringLiteral("%1 (%2)").arg(
                 QString::fromStdString(profile.machines[m].id),
                 QString::fromStdString(core::tierName(profile.machines[m].tier))),
             Format::ms(layer.forwardMs[m] / profile.model.batch) +
                 (core::isEstimatedMachine(profile.machines[m]) ? QStringLiteral(" (estimated)")
                                                                : QString())});
    if (!layer.backwardMs.empty()) {
        auto* backward = new QTreeWidgetItem(m_tree, {QStringLiteral("Backward time per sample")});
        for (std::size_t m = 0; m < profile.machines.size(); ++m)
            new QTreeWidgetItem(backward, {QString::fromStdString(profile.machines[m].id),
                                           Format::ms(layer.backwardMs[m] / profile.model.batch)});
    }
    auto* fields = new QTreeWidgetItem(m_tree, {QStringLiteral("All fields")});
    for (auto it = layer.fields.begin(); it != layer.fields.end(); ++it) {
        const QString value = QString::fromStdString(
            it.value().is_string() ? it.value().get<std::string>() : it.value().dump());
        auto* item = new QTreeWidgetItem(fields, {QString::fromStdString(it.key()), value});
        item->setToolTip(1, value);
    }
    m_tree->expandAll();
}

} // namespace cutlab::ui
