#include "ui/document/PlanFileWriter.h"

#include "ui/document/Document.h"

#include "core/plans/PlanJson.h"

namespace cutlab::ui {

bool PlanFileWriter::write(const Document& document, const QString& path, QString* error,
                           core::FileAccess access) {
    const auto fail = [error](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    if (!document.hasProfile() || !document.model())
        return fail(QStringLiteral("Open a profile first."));
    if (!document.evaluationError().isEmpty())
        return fail(QStringLiteral("The current plan cannot be evaluated: %1")
                        .arg(document.evaluationError()));
    core::RankedPlan plan;
    plan.segments = document.placement().segments(document.layerCount());
    plan.evaluation = document.evaluation();
    auto json = core::inferencePlansToJson(*document.model(), {plan}, "manual");
    json["profile"] = document.filePath().toStdString();
    try {
        core::writeFileAtomically(path.toStdString(), json.dump(2) + "\n", "the plan", access);
    } catch (const core::FileWriteError& failure) {
        return fail(
            QStringLiteral("Could not write %1: %2").arg(path, QString::fromUtf8(failure.what())));
    }
    return true;
}

} // namespace cutlab::ui
