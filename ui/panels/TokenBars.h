#pragma once

#include "ui/panels/TokenSegments.h"

#include <QColor>
#include <QString>
#include <QWidget>

#include <vector>

namespace cutlab::ui {

// A horizontal bar of a time split into segments, with a legend under it that lists the drawn
// segments (those above zero) with their values in ms, wrapped to the width.
class TokenTimeBar : public QWidget {
    Q_OBJECT
  public:
    explicit TokenTimeBar(QWidget* parent = nullptr);
    void setSegments(std::vector<TokenSegment> segments);
    const std::vector<TokenSegment>& segments() const { return m_segments; }
    // The legend's entries as written: "device compute 81.8 ms".
    QStringList legendTexts() const;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

  private:
    struct Entry {
        QRect swatch;
        QRect text;
        int segment;
    };
    std::vector<Entry> legendLayout(int width, int* height) const;
    int barHeight() const;

    std::vector<TokenSegment> m_segments; // only those above zero
};

// One machine's memory: weights and KV cache against its capacity (a marker where it ends),
// drawn in the error colour when they do not fit. Unlimited capacity: no marker.
class TokenMemoryBar : public QWidget {
    Q_OBJECT
  public:
    explicit TokenMemoryBar(QWidget* parent = nullptr);
    void setMemory(double weightsBytes, double kvBytes, double capacityBytes, QColor color);
    bool isOver() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    double m_weights = 0;
    double m_kv = 0;
    double m_capacity = -1;
    QColor m_color;
};

// The colour of what is over a limit (a machine's memory).
QColor tokenErrorColor();

} // namespace cutlab::ui
