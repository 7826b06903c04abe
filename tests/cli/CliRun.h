#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>

// The built cutlab-cli run as a person runs it: its exit status and what it printed.
struct CliRun {
    int status = -1; // -1 when it crashed
    QString out;
    QString err;
};

// Runs cutlab-cli with `arguments` (in `workingDirectory` when given, so that files are named as
// in its messages); a run over two minutes is a hang and stops the test.
// `environment` replaces the inherited one when given.
inline CliRun runCli(const QStringList& arguments, const QString& workingDirectory = {},
                     const QProcessEnvironment& environment = {}) {
    QProcess process;
    if (!environment.isEmpty())
        process.setProcessEnvironment(environment);
    if (!workingDirectory.isEmpty())
        process.setWorkingDirectory(workingDirectory);
    process.start(QStringLiteral(CUTLAB_CLI_PATH), arguments);
    if (!process.waitForFinished(120000))
        qFatal("cutlab-cli did not finish");
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}
