#pragma once

#include <QObject>
#include <QPointer>
#include <QProgressDialog>
#include <QString>

#include "core/io/PipeDreamImport.h"
#include "ui/jobs/JobRunner.h"

#include <atomic>
#include <memory>

class QTimer;
class QWidget;

namespace cutlab::ui {

// Imports a model file (ONNX or a PipeDream graph, told apart by content) into a profile on a
// worker thread (core::importModelFile, the code of `cutlab-cli import`), with a progress
// dialog whose Cancel stops it: the window keeps drawing and answering meanwhile. The profile
// reaches its destination only when the import's result is taken on the GUI thread, so a Cancel
// never leaves a file, however late it comes.
class ModelImportRunner : public QObject {
    Q_OBJECT
  public:
    enum class Outcome { Imported, Failed, Cancelled };

    explicit ModelImportRunner(QWidget* window);
    ~ModelImportRunner() override;

    // Starts importing `source` into the profile `destination` (a running import is cancelled).
    void start(const QString& source, const QString& destination);
    // Runs the window's events until the import ends (the window stays responsive); returns
    // how it ended.
    Outcome waitForFinished();
    bool isRunning() const;
    void cancel();
    QProgressDialog* progressDialog() const { return m_dialog; }
    // The last failure: a title and the message ("PATH: error: …").
    QString errorTitle() const { return m_errorTitle; }
    QString errorText() const { return m_errorText; }

  signals:
    void imported(const QString& destination, const QString& modelName);
    void failed(const QString& title, const QString& message);
    void cancelled();
    void finished();

  private:
    JobRunner::Apply importOffTheGuiThread(const std::string& from, const QString& destination,
                                           const std::shared_ptr<std::atomic<int>>& permille,
                                           const std::atomic<bool>& cancelled);
    void write(const core::ConvertedProfile& converted, const QString& destination);
    void fail(const QString& title, const QString& message);
    void finish(Outcome outcome);

    QWidget* m_window;
    JobRunner* m_jobs;
    QPointer<QProgressDialog> m_dialog;
    QTimer* m_poll;
    std::shared_ptr<std::atomic<int>> m_permille;
    bool m_running = false;
    Outcome m_outcome = Outcome::Imported;
    QString m_errorTitle;
    QString m_errorText;
};

} // namespace cutlab::ui
