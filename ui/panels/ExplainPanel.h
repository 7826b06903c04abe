#pragma once

#include <QWidget>

class QTextBrowser;

namespace cutlab::ui {

class Document;

// The current total spelled out term by term (ExplainText), updated on every change.
class ExplainPanel : public QWidget {
    Q_OBJECT
  public:
    explicit ExplainPanel(Document* document, QWidget* parent = nullptr);
    QString plainText() const;
    QTextBrowser* browser() const { return m_text; }
    void setFontScale(double scale);

  private:
    void refresh();

    Document* m_document;
    QTextBrowser* m_text;
};

} // namespace cutlab::ui
