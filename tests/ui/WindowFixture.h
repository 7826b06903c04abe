#pragma once

#include "ui/window/FileActions.h"
#include "ui/window/MainWindow.h"
#include "ui/window/PresentationWindow.h"

#include <QMessageBox>
#include <QStringList>
#include <QtTest>

#include <memory>

// A main window as the tests drive it: no settings or autosave unless asked, messages collected
// instead of shown, "Discard" for the unsaved-changes question unless set otherwise.
class WindowFixture {
  public:
    cutlab::ui::MainWindow* open(const QString& profile, QSize size = {1280, 800}) {
        m_window = std::make_unique<cutlab::ui::MainWindow>();
        m_window->setPersistent(false);
        m_messages.clear();
        m_window->setMessageSink([this](const QString& title, const QString& text) {
            m_messages << title + "\n" + text;
        });
        m_window->setUnsavedQuestion([](const QString&) { return QMessageBox::Discard; });
        m_window->resize(size);
        m_window->show();
        if (!QTest::qWaitForWindowExposed(m_window.get()))
            return nullptr;
        if (!profile.isEmpty() && !m_window->files()->openProfile(profile))
            return nullptr;
        return m_window.get();
    }
    cutlab::ui::MainWindow* window() const { return m_window.get(); }
    const QStringList& messages() const { return m_messages; }
    void clearMessages() { m_messages.clear(); }
    void close() { m_window.reset(); }

  private:
    std::unique_ptr<cutlab::ui::MainWindow> m_window;
    QStringList m_messages;
};
