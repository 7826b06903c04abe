#include "ui/panels/ExplainPanel.h"

#include "ui/charts/ExplainText.h"
#include "ui/document/Document.h"

#include <QTextBrowser>
#include <QVBoxLayout>

namespace cutlab::ui {

ExplainPanel::ExplainPanel(Document* document, QWidget* parent)
    : QWidget(parent), m_document(document) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_text = new QTextBrowser(this);
    m_text->setOpenLinks(false);
    m_text->setToolTip(
        QStringLiteral("The current total as its terms, in the order the request flows"));
    layout->addWidget(m_text);
    connect(m_document, &Document::evaluationChanged, this, &ExplainPanel::refresh);
    connect(m_document, &Document::profileChanged, this, &ExplainPanel::refresh);
    refresh();
}

QString ExplainPanel::plainText() const {
    return m_text->toPlainText();
}

void ExplainPanel::setFontScale(double scale) {
    QFont font = m_text->font();
    font.setPointSizeF(QFont().pointSizeF() * scale);
    m_text->setFont(font);
}

void ExplainPanel::refresh() {
    if (!m_document->hasProfile()) {
        m_text->setHtml(QStringLiteral("<p>Open a profile (File ▸ Open Profile, drag a file here, "
                                       "or Help ▸ Sample Profiles).</p>"));
        return;
    }
    if (!m_document->evaluationError().isEmpty()) {
        m_text->setHtml(
            QStringLiteral("<p style='color:#c0392b'><b>This plan cannot run:</b> %1</p>")
                .arg(m_document->evaluationError().toHtmlEscaped()));
        return;
    }
    m_text->setHtml(ExplainText::html(*m_document->model(), m_document->evaluation()));
}

} // namespace cutlab::ui
