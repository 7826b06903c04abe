#include "ui/training/PipelineSettings.h"

namespace cutlab::ui {

std::vector<int> PipelineSettings::machineChain(const core::Profile& profile,
                                                QString* error) const {
    std::vector<int> machines;
    for (const QString& id : chain) {
        const int machine = profile.machineIndex(id.toStdString());
        if (machine < 0) {
            if (error)
                *error =
                    QStringLiteral(
                        "The pipeline chain names '%1', which is not a machine of this profile.")
                        .arg(id);
            return {};
        }
        machines.push_back(machine);
    }
    if (machines.empty() && error)
        *error = QStringLiteral("The pipeline chain is empty: append at least one machine.");
    return machines;
}

} // namespace cutlab::ui
