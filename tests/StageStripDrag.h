#pragma once

#include "ui/training/StageBoundaryItem.h"
#include "ui/training/StageStripView.h"

#include <QtTest>

// Drags the stage strip's first boundary handle to layer position `target` with the mouse, in
// `steps` moves, as a user would.
inline void dragFirstBoundary(cutlab::ui::StageStripView* strip, int target, int steps = 8) {
    cutlab::ui::StageBoundaryItem* handle = strip->handle(0);
    QVERIFY(handle);
    const QPoint from = strip->mapFromScene(handle->mapToScene(handle->rect().center()));
    const QPoint to = strip->mapFromScene(
        QPointF(strip->xOfPosition(target) + 3, handle->mapToScene(handle->rect().center()).y()));
    QTest::mousePress(strip->viewport(), Qt::LeftButton, {}, from);
    for (int i = 1; i <= steps; ++i)
        QTest::mouseMove(strip->viewport(), from + (to - from) * i / steps);
    QTest::mouseRelease(strip->viewport(), Qt::LeftButton, {}, to);
}
