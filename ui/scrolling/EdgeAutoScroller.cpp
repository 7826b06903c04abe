#include "ui/scrolling/EdgeAutoScroller.h"

#include <QAbstractScrollArea>
#include <QApplication>
#include <QMouseEvent>
#include <QScrollBar>

namespace cutlab::ui {

EdgeAutoScroller::EdgeAutoScroller(QAbstractScrollArea* area, std::function<bool()> dragging)
    : QObject(area), m_area(area), m_dragging(std::move(dragging)) {
    m_timer.setInterval(kIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &EdgeAutoScroller::step);
    area->viewport()->installEventFilter(this);
}

// Negative near the start of an axis, positive near its end, zero between.
int EdgeAutoScroller::stepFor(int position, int length) {
    if (position < kMargin)
        return -std::max(1, kMaxStep * (kMargin - std::max(position, 0)) / kMargin);
    if (position > length - kMargin)
        return std::max(1, kMaxStep * (position - (length - kMargin)) / kMargin);
    return 0;
}

bool EdgeAutoScroller::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::MouseButtonRelease)
        m_timer.stop();
    if (event->type() != QEvent::MouseMove)
        return QObject::eventFilter(watched, event);
    auto* move = static_cast<QMouseEvent*>(event);
    m_pointer = move->position().toPoint();
    const QSize size = m_area->viewport()->size();
    m_velocity =
        QPoint(stepFor(m_pointer.x(), size.width()), stepFor(m_pointer.y(), size.height()));
    const bool scroll = (move->buttons() & Qt::LeftButton) && m_dragging() && !m_velocity.isNull();
    if (scroll && !m_timer.isActive())
        m_timer.start();
    else if (!scroll)
        m_timer.stop();
    return QObject::eventFilter(watched, event);
}

void EdgeAutoScroller::step() {
    if (!m_dragging()) { // the release ends the drag (and stops the timer in eventFilter)
        m_timer.stop();
        return;
    }
    QScrollBar* h = m_area->horizontalScrollBar();
    QScrollBar* v = m_area->verticalScrollBar();
    const int oldH = h->value(), oldV = v->value();
    h->setValue(oldH + m_velocity.x());
    v->setValue(oldV + m_velocity.y());
    if (h->value() == oldH && v->value() == oldV)
        return; // at the end of the graph: nothing more to show
    // The dragged item follows: the same pointer now points at another part of the scene.
    QMouseEvent replay(QEvent::MouseMove, QPointF(m_pointer),
                       m_area->viewport()->mapToGlobal(QPointF(m_pointer)), Qt::NoButton,
                       Qt::LeftButton, QApplication::keyboardModifiers());
    QApplication::sendEvent(m_area->viewport(), &replay);
}

} // namespace cutlab::ui
