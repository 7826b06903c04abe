#pragma once

#include "core/llm/TokenCostModel.h"
#include "core/llm/TokenPlanner.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QLabel;
class QPushButton;
class QSlider;
class QVBoxLayout;

namespace cutlab::ui {

class Document;
class TokenMemoryBar;
class TokenTimeBar;
class TokenTimeline;

// A language model's tokens for the current placement (core/llm): time to first token and per
// token split into compute and each link's latency and transfer, a timeline of the prompt and
// the first tokens on the machines and links, each machine's weights and KV cache against its
// memory at a context length the slider sets, and the best plan per token objective applied as
// one undoable step. Other profiles get one line saying what to open.
class TokenPanel : public QWidget {
    Q_OBJECT
  public:
    explicit TokenPanel(Document* document, QWidget* parent = nullptr);
    ~TokenPanel() override;

    // The current placement as the token cost model reads it.
    core::TokenPlan currentPlan() const;
    QString summaryText() const;
    QString contextText() const;
    QString placementText() const;
    QSlider* contextSlider() const { return m_slider; }
    int contextTokens() const;
    void setContextTokens(int tokens); // the nearest power of two the slider has
    // Applies the best plan for the objective (the buttons); false when there is none.
    bool applyBest(core::TokenObjective objective);

  private:
    struct MachineRow {
        QLabel* label = nullptr;
        TokenMemoryBar* bar = nullptr;
    };
    struct MachineMemory {
        int machine = -1;
        int tier = 0;
        double weightsBytes = 0;
        double kvBytesPerToken = 0;
        double capacityBytes = -1;
    };
    void refresh();
    void showTokens(bool tokens);
    void fillTimes(const core::TokenPlan& plan, const core::TokenEvaluation& evaluation);
    void fillMemory(const core::TokenPlan& plan, const core::TokenEvaluation& evaluation);
    void refreshMemory(); // at the slider's context
    void showError(const QString& message);

    Document* m_document;
    QLabel* m_notice;
    QWidget* m_content;
    QLabel* m_summary;
    QLabel* m_ttftTitle;
    TokenTimeBar* m_ttftBar;
    QLabel* m_tpotTitle;
    TokenTimeBar* m_tpotBar;
    TokenTimeline* m_timeline;
    QVBoxLayout* m_memoryLayout;
    std::vector<MachineRow> m_rows;
    std::vector<MachineMemory> m_memory;
    QSlider* m_slider;
    QLabel* m_contextLabel;
    std::vector<QPushButton*> m_buttons;
    QLabel* m_placement;
    std::unique_ptr<core::TokenCostModel> m_model;
    // The plan a button applied and its objective's title, while the document still shows it.
    std::optional<core::TokenPlan> m_applied;
    QString m_appliedTitle;
};

} // namespace cutlab::ui
