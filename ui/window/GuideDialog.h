#pragma once

#include <QDialog>

class QTextBrowser;

namespace cutlab::ui {

// Help ▸ Getting Started (F1): how to begin and what each part of the window does, in one page.
class GuideDialog : public QDialog {
    Q_OBJECT
  public:
    explicit GuideDialog(QWidget* parent = nullptr);
    QTextBrowser* browser() const { return m_browser; }
    static QString html();

  private:
    QTextBrowser* m_browser;
};

} // namespace cutlab::ui
