#include "LayerListWindow.h"

#include "ModelStructure.h"
#include "ProfileLoader.h"

#include <QFileInfo>
#include <QHeaderView>
#include <QMessageBox>
#include <QTreeWidget>

namespace cutlab::ui {

LayerListWindow::LayerListWindow(QWidget* parent) : QMainWindow(parent) {
    m_layers = new QTreeWidget(this);
    m_layers->setHeaderLabels({tr("Layer"), tr("Type"), tr("Output bytes"), tr("Cut after")});
    m_layers->setRootIsDecorated(false);
    m_layers->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    setCentralWidget(m_layers);
    setWindowTitle(tr("CutLab"));
    resize(900, 600);
}

bool LayerListWindow::openProfile(const QString& path) {
    const auto loaded = core::loadProfileFile(path.toStdString());
    if (!loaded.ok()) {
        QStringList lines;
        for (const auto& issue : loaded.issues) lines << QString::fromStdString(issue.text());
        QMessageBox::warning(this, tr("Cannot open profile"), path + "\n\n" + lines.join('\n'));
        return false;
    }
    const core::Profile& profile = *loaded.profile;
    const core::ModelStructure structure = core::analyseStructure(profile);
    m_layers->clear();
    for (std::size_t i = 0; i < profile.layers.size(); ++i) {
        const auto& layer = profile.layers[i];
        auto* item = new QTreeWidgetItem(m_layers);
        item->setText(0, QString::fromStdString(layer.id));
        item->setText(1, QString::fromStdString(layer.type));
        item->setText(2, QString::number(layer.outputBytes, 'f', 0));
        item->setText(3, structure.isValidCutAfter(static_cast<int>(i)) ? tr("valid cut") : QString());
    }
    setWindowTitle(tr("%1 — CutLab").arg(QFileInfo(path).fileName()));
    return true;
}

} // namespace cutlab::ui
