#pragma once

#include <QObject>
#include <QPoint>
#include <QTimer>

#include <functional>

class QAbstractScrollArea;

namespace cutlab::ui {

// Scrolls a view while something is dragged near its edge, as diagram editors do: within
// kMargin pixels of an edge the view moves that way, faster the closer the pointer, and the
// dragged item follows the pointer (a mouse move is replayed after each step).
class EdgeAutoScroller : public QObject {
    Q_OBJECT
  public:
    static constexpr int kMargin = 40;     // pixels from an edge where scrolling starts
    static constexpr int kMaxStep = 24;    // pixels per step at the very edge
    static constexpr int kIntervalMs = 16; // one step per frame

    // `dragging` says whether a drag that should scroll is under way.
    EdgeAutoScroller(QAbstractScrollArea* area, std::function<bool()> dragging);

    bool isScrolling() const { return m_timer.isActive(); }

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    static int stepFor(int position, int length);
    void step();

    QAbstractScrollArea* m_area;
    std::function<bool()> m_dragging;
    QTimer m_timer;
    QPoint m_velocity;
    QPoint m_pointer; // in viewport coordinates
};

} // namespace cutlab::ui
