#include "ui/training/TrainingPalette.h"

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
    if (planner == QStringLiteral("hiertrain"))
        return QColor(0xc0, 0x1c, 0x28);
    if (planner == QStringLiteral("all-device"))
        return QColor(0x2e, 0x7d, 0x32);
    if (planner == QStringLiteral("all-edge"))
        return QColor(0xef, 0x8a, 0x00);
    if (planner == QStringLiteral("all-cloud"))
        return QColor(0x15, 0x65, 0xc0);
    if (planner == QStringLiteral("jointdnn"))
        return QColor(0x7b, 0x1f, 0xa2);
    if (planner == QStringLiteral("jointdnn+"))
        return QColor(0x6d, 0x4c, 0x41);
    if (planner == QStringLiteral("jalad"))
        return QColor(0x00, 0x89, 0x7b);
    return QColor(0x44, 0x44, 0x44);
}

} // namespace cutlab::ui
