#include "ui/ModelImportRunner.h"

#include "core/onnx/ModelFileImport.h"
#include "ui/jobs/JobRunner.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QProgressDialog>
#include <QTimer>

namespace cutlab::ui {

namespace {

// The imported profile, written by the worker beside its destination under a hidden name. It
// becomes the destination only when the GUI thread takes the result (a Cancel, which also runs
// there, comes either before that or never): an import that is dropped removes it.
class PendingProfileFile {
  public:
    PendingProfileFile(const QString& destination, int serial)
        : m_path(QFileInfo(destination)
                     .absoluteDir()
                     .filePath(QStringLiteral(".%1.import-%2")
                                   .arg(QFileInfo(destination).fileName())
                                   .arg(serial))) {}
    ~PendingProfileFile() {
        if (!m_committed)
            QFile::remove(m_path);
    }
    PendingProfileFile(const PendingProfileFile&) = delete;
    PendingProfileFile& operator=(const PendingProfileFile&) = delete;

    QString path() const { return m_path; }
    // Moves the file onto the destination (replacing what is there); false if that failed.
    bool commit(const QString& destination) {
        QFile::remove(destination);
        m_committed = QFile::rename(m_path, destination);
        return m_committed;
    }

  private:
    QString m_path;
    bool m_committed = false;
};

} // namespace

ModelImportRunner::ModelImportRunner(QWidget* window)
    : QObject(window), m_window(window), m_jobs(new JobRunner(1, this)), m_poll(new QTimer(this)),
      m_permille(std::make_shared<std::atomic<int>>(0)) {
    m_poll->setInterval(50);
    connect(m_poll, &QTimer::timeout, this, [this] {
        if (m_dialog)
            m_dialog->setValue(m_permille->load());
    });
}

ModelImportRunner::~ModelImportRunner() = default;

bool ModelImportRunner::isRunning() const {
    return m_running;
}

void ModelImportRunner::start(const QString& source, const QString& destination) {
    if (m_running)
        cancel();
    m_running = true;
    m_errorTitle.clear();
    m_errorText.clear();
    m_permille->store(0);
    if (!m_dialog) {
        m_dialog = new QProgressDialog(m_window);
        m_dialog->setWindowTitle(QStringLiteral("Import model"));
        m_dialog->setRange(0, 1000);
        m_dialog->setAutoReset(false);
        m_dialog->setAutoClose(false);
        m_dialog->setWindowModality(Qt::WindowModal);
        connect(m_dialog, &QProgressDialog::canceled, this, &ModelImportRunner::cancel);
    }
    m_dialog->setLabelText(QStringLiteral("Importing %1…\nReading the model, inferring its shapes "
                                          "and estimating its times.")
                               .arg(QFileInfo(source).fileName()));
    m_dialog->setValue(0);
    m_dialog->setMinimumDuration(0);
    m_dialog->show();
    m_poll->start();
    const auto pending = std::make_shared<PendingProfileFile>(destination, ++m_serial);
    const std::string from = source.toStdString(), to = pending->path().toStdString();
    const auto permille = m_permille;
    m_jobs->start(
        0,
        [this, from, to, permille, destination,
         pending](const std::atomic<bool>& cancelled) -> JobRunner::Apply {
            QString title, message, model;
            bool stopped = false;
            try {
                model = QString::fromStdString(
                    core::importModelFile(from, to, {}, [&permille, &cancelled](double fraction) {
                        permille->store(static_cast<int>(fraction * 1000));
                        return !cancelled.load();
                    }));
            } catch (const core::ImportCancelled&) {
                stopped = true;
            } catch (const core::ModelImportError& error) {
                title = QStringLiteral("Cannot import %1")
                            .arg(QFileInfo(QString::fromStdString(error.path())).fileName());
                message = QString::fromStdString(error.what());
            } catch (const std::exception& error) {
                title = QStringLiteral("Cannot import the model");
                message = QString::fromUtf8(error.what());
            }
            return [this, stopped, title, message, model, destination, pending] {
                if (!stopped && message.isEmpty() && !pending->commit(destination)) {
                    m_errorTitle = QStringLiteral("Cannot import the model");
                    m_errorText =
                        QStringLiteral("%1: error: cannot write the profile").arg(destination);
                    finish(Outcome::Failed);
                    emit failed(m_errorTitle, m_errorText);
                } else if (stopped) {
                    finish(Outcome::Cancelled);
                } else if (!message.isEmpty()) {
                    m_errorTitle = title;
                    m_errorText = message;
                    finish(Outcome::Failed);
                    emit failed(title, message);
                } else {
                    finish(Outcome::Imported);
                    emit imported(destination, model);
                }
            };
        });
}

void ModelImportRunner::cancel() {
    if (!m_running)
        return;
    m_jobs->cancel(0); // the worker stops at its next progress report; nothing is written
    finish(Outcome::Cancelled);
    emit cancelled();
}

void ModelImportRunner::finish(Outcome outcome) {
    m_running = false;
    m_outcome = outcome;
    m_poll->stop();
    if (m_dialog)
        m_dialog->hide();
    emit finished();
}

ModelImportRunner::Outcome ModelImportRunner::waitForFinished() {
    if (m_running) {
        QEventLoop loop;
        connect(this, &ModelImportRunner::finished, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return m_outcome;
}

} // namespace cutlab::ui
