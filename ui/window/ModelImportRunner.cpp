#include "ui/window/ModelImportRunner.h"

#include "core/io/AtomicFile.h"
#include "core/onnx/ModelFileImport.h"
#include "ui/jobs/JobRunner.h"

#include <QEventLoop>
#include <QFileInfo>
#include <QProgressDialog>
#include <QTimer>

namespace cutlab::ui {

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
    const std::string from = source.toStdString();
    const auto permille = m_permille;
    m_jobs->start(0, [this, from, permille, destination](const std::atomic<bool>& cancelled) {
        return importOffTheGuiThread(from, destination, permille, cancelled);
    });
}

// The import itself, on the worker: nothing is written here. The profile reaches its
// destination only when the result is applied on the GUI thread, so a Cancel (which also runs
// there, and comes either before that or never) never leaves a file.
JobRunner::Apply
ModelImportRunner::importOffTheGuiThread(const std::string& from, const QString& destination,
                                         const std::shared_ptr<std::atomic<int>>& permille,
                                         const std::atomic<bool>& cancelled) {
    QString title, message;
    std::optional<core::ConvertedProfile> converted;
    try {
        converted = core::importModel(from, {}, [&permille, &cancelled](double fraction) {
            permille->store(static_cast<int>(fraction * 1000));
            return !cancelled.load();
        });
    } catch (const core::ImportCancelled&) {
        return [this] { finish(Outcome::Cancelled); };
    } catch (const core::ModelImportError& error) {
        title = QStringLiteral("Cannot import %1")
                    .arg(QFileInfo(QString::fromStdString(error.path())).fileName());
        message = QString::fromStdString(error.what());
    } catch (const std::exception& error) {
        title = QStringLiteral("Cannot import the model");
        message = QString::fromUtf8(error.what());
    }
    return [this, title, message, converted, destination] {
        if (converted)
            write(*converted, destination);
        else
            fail(title, message);
    };
}

void ModelImportRunner::write(const core::ConvertedProfile& converted, const QString& destination) {
    try {
        core::writeFileAtomically(destination.toStdString(), converted.text, "the profile");
    } catch (const core::FileWriteError& error) {
        fail(QStringLiteral("Cannot import the model"),
             QStringLiteral("%1: error: %2").arg(destination, QString::fromUtf8(error.what())));
        return;
    }
    finish(Outcome::Imported);
    emit imported(destination, QString::fromStdString(converted.modelName));
}

void ModelImportRunner::fail(const QString& title, const QString& message) {
    m_errorTitle = title;
    m_errorText = message;
    finish(Outcome::Failed);
    emit failed(title, message);
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
