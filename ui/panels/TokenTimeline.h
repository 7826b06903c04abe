#pragma once

#include "ui/panels/TokenSegments.h"

#include <QStringList>
#include <QWidget>

#include <vector>

namespace cutlab::ui {

// A token's trip on one time axis: a row per machine that runs layers and per link used, the
// prompt's steps (prefill compute, each hop's latency hatched then its transfer, the id's hops
// back) up to the first token, then three generated tokens' steps (decode compute, per-token
// hops), each ending at a marker. A step too narrow to see is drawn 2 px wide.
class TokenTimeline : public QWidget {
    Q_OBJECT
  public:
    static constexpr int kTokensAfterFirst = 3;

    // One drawn step: on row `row`, from startMs to endMs; token 0 is the prompt (up to the
    // first token), 1 … 3 the tokens after it.
    struct Span {
        int row = 0;
        double startMs = 0;
        double endMs = 0;
        int token = 0;
        int step = 0; // index in the steps set
    };
    struct Marker {
        double ms = 0;
        QString label; // "first token 1,234 ms", "token 2"
    };

    explicit TokenTimeline(QWidget* parent = nullptr);
    // The steps of a token's trip (tokenSteps) and the times they add up to.
    void setSteps(std::vector<TokenStep> steps, double ttftMs, double tpotMs);
    void clear();

    const QStringList& rowLabels() const { return m_rows; }
    const std::vector<Span>& spans() const { return m_spans; }
    const std::vector<Marker>& markers() const { return m_markers; }
    double endMs() const; // the axis' end: ttft + 3 × tpot

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

  private:
    struct LegendEntry {
        QString text;
        std::vector<TokenSegment> swatches;
    };
    struct Layout {
        int labelWidth = 0; // the row labels' column
        int markerTop = 0;  // the marker labels' line
        int rowsTop = 0;
        int axisTop = 0;
        int legendTop = 0;
        int height = 0;
        std::vector<QRect> legendSwatches; // per entry: where its swatches start
        std::vector<QRect> legendTexts;
    };
    Layout layout(int width) const;
    std::vector<LegendEntry> legend() const;
    void updateHeight();

    std::vector<TokenStep> m_steps;
    QStringList m_rows;
    std::vector<Span> m_spans;
    std::vector<Marker> m_markers;
    double m_ttftMs = 0;
    double m_tpotMs = 0;
};

} // namespace cutlab::ui
