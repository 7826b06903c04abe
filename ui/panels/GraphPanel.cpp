#include "ui/panels/GraphPanel.h"

#include "ui/charts/Format.h"
#include "ui/document/Document.h"
#include "ui/graph/GraphScene.h"
#include "ui/graph/GraphView.h"
#include "ui/graph/OverviewStrip.h"

#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QToolBar>
#include <QVBoxLayout>

namespace cutlab::ui {

GraphPanel::GraphPanel(Document* document, GraphScene* scene, QWidget* parent)
    : QWidget(parent), m_document(document), m_scene(scene) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_toolBar = new QToolBar(this);
    m_toolBar->setIconSize(QSize(16, 16));
    m_search = new QLineEdit(this);
    m_search->setPlaceholderText(QStringLiteral("Find layer (id or type)…"));
    m_search->setClearButtonEnabled(true);
    m_search->setMaximumWidth(240);
    m_search->setMinimumWidth(120); // its hint stays readable beside the toolbar
    m_search->setToolTip(QStringLiteral(
        "Find a layer by id or type: matches are outlined, Enter centres the first (Ctrl+F)"));
    m_toolBar->addWidget(m_search);
    m_toolBar->addSeparator();
    m_search->installEventFilter(this);
    m_searchMessage = new QLabel(this);
    m_searchMessage->setContentsMargins(10, 2, 10, 2);
    m_searchMessage->setToolTip(QStringLiteral("What the find box found"));
    m_searchMessage->hide();
    m_summary = new QLabel(this);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setContentsMargins(10, 4, 10, 4);
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_summary->setWordWrap(true);
    m_summary->setToolTip(
        QStringLiteral("Total latency of the current plan = compute + transfers"));
    m_view = new GraphView(scene, this);
    m_overview = new OverviewStrip(document, scene, m_view, this);
    layout->addWidget(m_toolBar);
    layout->addWidget(m_searchMessage);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_overview);
    connect(m_search, &QLineEdit::textChanged, this, [this] {
        const bool found = m_scene->highlightMatches(m_search->text()) >= 0;
        m_searchMessage->setText(
            QStringLiteral("No layer matches '%1'").arg(m_search->text().trimmed()));
        m_searchMessage->setVisible(!found && !m_search->text().trimmed().isEmpty() &&
                                    m_document->hasProfile());
    });
    connect(m_search, &QLineEdit::returnPressed, this, &GraphPanel::search);
    connect(m_document, &Document::evaluationChanged, this, &GraphPanel::refreshSummary);
    connect(m_document, &Document::referencePlansChanged, this, &GraphPanel::refreshSummary);
    // A plan applied (planner row, best plan, undo, redo) is an undo-stack move that changes the
    // cuts; a drag's release is one too, but the handle is under the pointer already.
    connect(m_document, &Document::profileChanged, this, [this] {
        m_shownState = m_document->state();
        clearSearch(); // a new model: the old search means nothing there
    });
    connect(m_document, &Document::stateChanged, this, [this] {
        if (m_scene->isDraggingCut() || m_overview->isDragging())
            m_shownState = m_document->state();
    });
    connect(m_document->undoStack(), &QUndoStack::indexChanged, this,
            &GraphPanel::showHandlesIfPlanApplied);
    // applying the plan already in place records no step: its cuts come into view all the same
    connect(m_document, &Document::planApplied, this, [this] {
        if (!m_document->hasProfile())
            return;
        m_shownState = m_document->state();
        m_view->ensureBoundariesVisible(m_shownState.deviceBoundary, m_shownState.edgeBoundary);
    });
    if (m_document->hasProfile())
        m_shownState = m_document->state();
    refreshSummary();
}

void GraphPanel::showHandlesIfPlanApplied() {
    if (!m_document->hasProfile() || m_scene->isDraggingCut() || m_overview->isDragging())
        return;
    const PartitionState state = m_document->state();
    if (state.deviceBoundary == m_shownState.deviceBoundary &&
        state.edgeBoundary == m_shownState.edgeBoundary) {
        m_shownState = state;
        return;
    }
    m_shownState = state;
    m_view->ensureBoundariesVisible(state.deviceBoundary, state.edgeBoundary);
}

void GraphPanel::focusSearch() {
    m_search->setFocus();
    m_search->selectAll();
}

void GraphPanel::clearSearch() {
    m_search->clear();
    m_searchMessage->hide();
}

namespace {

// Keys a one-line text field needs for itself; every other key combination with Ctrl or Alt
// reaches the window's shortcuts even while the find box has the focus.
bool textFieldNeeds(const QKeyEvent& key) {
    const Qt::KeyboardModifiers mods = key.modifiers() & ~Qt::KeypadModifier;
    if (!(mods & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)))
        return true; // typing, arrows, Home/End, Backspace/Delete
    static const QList<QKeySequence> textKeys{QKeySequence(QStringLiteral("Ctrl+Z")),
                                              QKeySequence(QStringLiteral("Ctrl+Shift+Z")),
                                              QKeySequence(QStringLiteral("Ctrl+Y")),
                                              QKeySequence(QStringLiteral("Ctrl+C")),
                                              QKeySequence(QStringLiteral("Ctrl+X")),
                                              QKeySequence(QStringLiteral("Ctrl+V")),
                                              QKeySequence(QStringLiteral("Ctrl+A")),
                                              QKeySequence(QStringLiteral("Ctrl+Left")),
                                              QKeySequence(QStringLiteral("Ctrl+Right")),
                                              QKeySequence(QStringLiteral("Ctrl+Shift+Left")),
                                              QKeySequence(QStringLiteral("Ctrl+Shift+Right")),
                                              QKeySequence(QStringLiteral("Ctrl+Backspace")),
                                              QKeySequence(QStringLiteral("Ctrl+Del")),
                                              QKeySequence(QStringLiteral("Ctrl+Ins"))};
    return textKeys.contains(QKeySequence(key.keyCombination()));
}

} // namespace

bool GraphPanel::eventFilter(QObject* watched, QEvent* event) {
    const QEvent::Type type = event->type();
    if (watched != m_search || (type != QEvent::ShortcutOverride && type != QEvent::KeyPress))
        return QWidget::eventFilter(watched, event);
    auto* key = static_cast<QKeyEvent*>(event);
    if (type == QEvent::ShortcutOverride && !textFieldNeeds(*key)) {
        event->ignore(); // not the field's: the window's shortcut runs
        return true;
    }
    if (type == QEvent::KeyPress && key->key() == Qt::Key_Escape) {
        clearSearch();
        m_view->setFocus(Qt::ShortcutFocusReason);
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void GraphPanel::setSummaryScale(double scale) {
    QFont font = m_summary->font();
    font.setPointSizeF(QFont().pointSizeF() * scale);
    m_summary->setFont(font);
}

void GraphPanel::search() {
    const int layer = m_scene->highlightMatches(m_search->text());
    if (layer < 0) {
        m_searchMessage->setVisible(!m_search->text().trimmed().isEmpty());
        return;
    }
    const int block = m_document->structure().blockOfLayer[static_cast<std::size_t>(layer)];
    if (m_scene->isBlockCollapsed(block))
        m_scene->setBlockCollapsed(block, false);
    m_scene->highlightMatches(m_search->text());
    m_document->setSelectedLayer(layer);
    m_view->showLayer(layer);
}

void GraphPanel::refreshSummary() {
    if (!m_document->hasProfile()) {
        m_summary->setText(
            QStringLiteral("<b>No profile open.</b> Start with <b>File ▸ Open Profile</b> "
                           "(Ctrl+O), pick one in <b>Help ▸ Sample Profiles</b>, or drop a profile "
                           "file on the window. <b>F1</b> shows how CutLab works."));
        return;
    }
    if (!m_document->evaluationError().isEmpty()) {
        m_summary->setText(
            QStringLiteral("<span style='color:#c0392b'><b>Cannot evaluate:</b> %1</span>")
                .arg(m_document->evaluationError().toHtmlEscaped()));
        return;
    }
    const auto& e = m_document->evaluation();
    QString text = QStringLiteral("<b style='font-size:large'>%1</b> &nbsp; total = compute %2 + "
                                  "transfer %3 &nbsp;·&nbsp; %4 sent")
                       .arg(Format::ms(e.totalMs), Format::ms(e.computeMs),
                            Format::ms(e.transferMs), Format::bytes(e.transferBytes));
    if (e.energyMj) // the device has power figures: its energy per frame beside the latency
        text += QStringLiteral(" &nbsp;·&nbsp; device&nbsp;%1")
                    .arg(Format::millijoules(*e.energyMj)
                             .replace(QLatin1Char(' '), QStringLiteral("&nbsp;")));
    for (core::Tier tier : core::kTiers) {
        const int layers = m_document->placement().layersOn(tier, m_document->layerCount());
        // one unbreakable item per tier: a wrapped line never parts a swatch from its tier
        text += QStringLiteral(" &nbsp;<span style='color:%1'>■</span>&nbsp;%2&nbsp;%3")
                    .arg(Format::tierColor(tier).name(), Format::tierTitle(tier))
                    .arg(layers);
    }
    if (const auto& best = m_document->bestPlan()) {
        const double gap = e.totalMs - best->evaluation.totalMs;
        text +=
            gap <= 1e-9 * best->evaluation.totalMs
                ? QStringLiteral(" &nbsp; <span style='background:#2e7d32;color:white'>&nbsp;★ "
                                 "best&nbsp;</span>")
                : QStringLiteral(" &nbsp; <span style='background:#b9770e;color:white'>&nbsp;best "
                                 "%1 (+%2%)&nbsp;</span>")
                      .arg(Format::ms(best->evaluation.totalMs),
                           Format::number(gap / best->evaluation.totalMs * 100, 1));
    }
    m_summary->setText(text);
}

} // namespace cutlab::ui
