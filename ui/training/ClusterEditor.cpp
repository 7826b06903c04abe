#include "ui/training/ClusterEditor.h"

#include "core/cluster/PoolSpec.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>

#include <stdexcept>

namespace cutlab::ui {
namespace {

QString withoutSpaces(QString text) {
    return text.remove(QLatin1Char(' ')).remove(QLatin1Char('\t'));
}

QStringList idsOf(const QString& pool) {
    QStringList ids;
    for (const QString& part : pool.split(QLatin1Char(','), Qt::SkipEmptyParts))
        ids << part.section(QLatin1Char(':'), 0, 0);
    return ids;
}

} // namespace

ClusterEditor::ClusterEditor(QWidget* parent)
    : QGroupBox(QStringLiteral("Cluster"), parent), m_edit(new QLineEdit(this)),
      m_form(new QFormLayout(this)), m_message(new QLabel(this)) {
    setToolTip(QStringLiteral("Plan over a pool of machine types instead of the chain: the "
                              "planner chooses the stages, how many machines of each type run "
                              "each stage (replicas) and their shares of the micro-batch."));
    m_edit->setPlaceholderText(QStringLiteral("empty: plan the chain"));
    m_edit->setToolTip(QStringLiteral(
        "ID:N[@MBPS],…: N machines of the profile's machine ID, joined among themselves at MBPS "
        "Mbit/s (without it the network's 'same' link); types joined by the network's links. "
        "As cutlab-cli train --cluster. Press Return to apply; empty plans the chain."));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral(
        "QLabel { color: #9b1c1c; background: #fdecea; padding: 4px; border-radius: 3px; }"));
    m_message->setToolTip(QStringLiteral("Why the text in the Pool field was not applied."));
    m_message->hide();
    m_form->addRow(QStringLiteral("Pool"), m_edit);
    m_form->addRow(m_message);
    connect(m_edit, &QLineEdit::editingFinished, this, &ClusterEditor::commitText);
}

void ClusterEditor::setMachines(const core::Profile& profile) {
    m_ids.clear();
    m_profileBytes.clear();
    for (const core::Machine& machine : profile.machines) {
        const QString id = QString::fromStdString(machine.id);
        m_ids << id;
        if (machine.memoryBytes)
            m_profileBytes.insert(id, *machine.memoryBytes);
    }
}

void ClusterEditor::setPool(const QString& pool, const QMap<QString, double>& capacityBytes) {
    m_pool = pool;
    m_capacity = capacityBytes;
    if (m_edit->text() != pool) {
        const QSignalBlocker block(m_edit);
        m_edit->setText(pool);
    }
    if (!m_edit->hasFocus())
        m_edit->setCursorPosition(0); // the pool's start, its first type, in a narrow field
    m_message->clear();
    m_message->hide();
    showCapacities();
}

void ClusterEditor::enterPool(const QString& text) {
    m_edit->setText(text);
    commitText();
}

bool ClusterEditor::enterCapacityGiB(const QString& id, double gib) {
    QDoubleSpinBox* box = capacityBox(id);
    if (!box)
        return false;
    box->setValue(gib);
    return true;
}

QString ClusterEditor::message() const {
    return m_message->isHidden() ? QString() : m_message->text();
}

QString ClusterEditor::check(const QString& text) const {
    if (text.isEmpty())
        return {};
    core::PoolSpec spec;
    try {
        spec = core::parsePoolSpec(text.toStdString());
    } catch (const std::invalid_argument& error) {
        return QString::fromUtf8(error.what());
    }
    for (const core::PoolGroup& group : spec.groups) {
        const QString id = QString::fromStdString(group.machineId);
        if (!m_ids.contains(id))
            return QStringLiteral("'%1' is not a machine of this profile (it has %2)")
                .arg(id, m_ids.join(QStringLiteral(", ")));
    }
    return {};
}

QDoubleSpinBox* ClusterEditor::capacityBox(const QString& id) const {
    for (const auto& [boxId, box] : m_boxes)
        if (boxId == id)
            return box;
    return nullptr;
}

// The field's text becomes the pool when it is one; each type keeps the memory it had, a new
// type starts with its memory_bytes.
void ClusterEditor::commitText() {
    const QString text = withoutSpaces(m_edit->text());
    const QString error = check(text);
    if (!error.isEmpty()) {
        m_message->setText(QStringLiteral("Not applied: %1. The plan shown is still %2.")
                               .arg(error, m_pool.isEmpty()
                                               ? QStringLiteral("the chain's")
                                               : QStringLiteral("the pool %1's").arg(m_pool)));
        m_message->show();
        return;
    }
    m_message->clear();
    m_message->hide();
    if (text == m_pool)
        return;
    QMap<QString, double> capacity;
    for (const QString& id : idsOf(text))
        capacity.insert(id, m_capacity.value(id, m_profileBytes.value(id, 0.0)));
    m_pool = text;
    m_capacity = capacity;
    showCapacities();
    m_edit->setCursorPosition(0);
    emit changed();
}

// One memory box per type of the pool, rebuilt only when the types change (a box may be the
// one whose edit led here).
void ClusterEditor::showCapacities() {
    const QStringList ids = idsOf(m_pool);
    QStringList shown;
    for (const auto& entry : m_boxes)
        shown << entry.first;
    if (shown != ids) {
        for (const auto& entry : m_boxes) {
            const QFormLayout::TakeRowResult row = m_form->takeRow(entry.second);
            if (row.labelItem)
                delete row.labelItem->widget();
            delete row.labelItem;
            delete row.fieldItem;
            entry.second->deleteLater();
        }
        m_boxes.clear();
        for (const QString& id : ids) {
            auto* box = new QDoubleSpinBox(this);
            box->setRange(0, 1 << 20);
            box->setDecimals(3);
            box->setSuffix(QStringLiteral(" GiB"));
            box->setSpecialValueText(QStringLiteral("no limit"));
            box->setKeyboardTracking(false);
            box->setToolTip(QStringLiteral("The memory of one %1 machine: every replica on it "
                                           "must fit (0: no limit).")
                                .arg(id));
            connect(box, &QDoubleSpinBox::valueChanged, this,
                    [this, id](double gib) { capacityEdited(id, gib); });
            m_form->insertRow(m_form->rowCount() - 1, QStringLiteral("%1 memory").arg(id), box);
            m_boxes.emplace_back(id, box);
        }
    }
    for (const auto& [id, box] : m_boxes) {
        const QSignalBlocker block(box);
        box->setValue(m_capacity.value(id, 0.0) / kGiB);
    }
}

void ClusterEditor::capacityEdited(const QString& id, double gib) {
    m_capacity.insert(id, gib * kGiB);
    emit changed();
}

} // namespace cutlab::ui
