#include "ui/training/TrainingPalette.h"

#include "core/planners/PlannerRegistry.h"

namespace cutlab::ui {

QColor TrainingPalette::forward() {
    return QColor(0x3b, 0x6e, 0xb4);
}
QColor TrainingPalette::backward() {
    return QColor(0xe6, 0x7e, 0x22);
}
QColor TrainingPalette::update() {
    return QColor(0x4a, 0x9c, 0x4e);
}
QColor TrainingPalette::transfer() {
    return QColor(0x80, 0x80, 0x80);
}

QBrush TrainingPalette::brushOf(core::TimelineWork work) {
    switch (work) {
    case core::TimelineWork::Forward:
        return forward();
    case core::TimelineWork::Backward:
        return backward();
    case core::TimelineWork::Update:
        return update();
    case core::TimelineWork::Transfer:
        return QBrush(transfer(), Qt::BDiagPattern);
    }
    return QBrush(Qt::black);
}

QBrush TrainingPalette::linkBrush(bool forwardPass) {
    return QBrush(forwardPass ? forward() : backward(), Qt::BDiagPattern);
}

QColor TrainingPalette::plannerColor(const QString& planner) {
    const core::PlannerInfo* info = core::findPlanner(
        planner.toStdString(), {core::PlannerKind::Iteration, core::PlannerKind::Pipeline});
    return info && !info->colour.empty() ? QColor(QString::fromStdString(info->colour))
                                         : QColor(0x44, 0x44, 0x44);
}

} // namespace cutlab::ui
