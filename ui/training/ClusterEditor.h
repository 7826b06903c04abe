#pragma once

#include "core/model/Profile.h"

#include <QGroupBox>
#include <QMap>
#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;

namespace cutlab::ui {

// The Cluster editor of the pipeline settings: a pool of machine types to plan over instead of
// the chain, in the syntax of `cutlab-cli train --cluster` (`ID:N[@MBPS],...`: N machines of
// the profile's machine ID, joined among themselves at MBPS Mbit/s), and each type's memory in
// GiB (the profile's memory_bytes at first; 0 = no limit). Emits changed() for every valid edit
// (one undo step); text that is not a pool of this profile's machines changes nothing and shows
// why under the field, so the plan on screen stays that of the last valid pool. An empty field
// plans the chain.
class ClusterEditor : public QGroupBox {
    Q_OBJECT
  public:
    static constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

    explicit ClusterEditor(QWidget* parent = nullptr);

    // The profile's machine ids (what a pool may name) and their memory_bytes (the capacities a
    // new type starts with).
    void setMachines(const core::Profile& profile);
    const QString& pool() const { return m_pool; } // the last valid pool; empty: the chain
    const QMap<QString, double>& capacityBytes() const { return m_capacity; }
    // Shows a pool and its capacities without emitting; clears the message.
    void setPool(const QString& pool, const QMap<QString, double>& capacityBytes);

    // As a user types text and presses Return: changed() when valid and new, else the message.
    void enterPool(const QString& text);
    // As a user sets a type's memory; false when the pool has no such type.
    bool enterCapacityGiB(const QString& id, double gib);
    // Why the text in the field was not applied; empty when it was.
    QString message() const;
    // The sentence saying what is wrong with `text` as a pool of these machines; empty if valid.
    QString check(const QString& text) const;

    QLineEdit* poolEdit() const { return m_edit; }
    QDoubleSpinBox* capacityBox(const QString& id) const;
    QLabel* messageLabel() const { return m_message; }

  signals:
    void changed();

  private:
    void commitText();
    void showCapacities();
    void capacityEdited(const QString& id, double gib);

    QStringList m_ids;
    QMap<QString, double> m_profileBytes; // memory_bytes by id, when known
    QString m_pool;
    QMap<QString, double> m_capacity;
    QLineEdit* m_edit;
    QFormLayout* m_form;
    QLabel* m_message;
    std::vector<std::pair<QString, QDoubleSpinBox*>> m_boxes;
};

} // namespace cutlab::ui
