#pragma once

#include <QEventLoop>
#include <QObject>
#include <QTimer>

namespace cutlab::ui {

// Runs the window's events until `done()` holds, re-checked whenever `sender` emits `signal`,
// or until `timeoutMs` pass; returns done(). No polling.
template <typename Sender, typename Signal, typename Done>
bool waitForSignal(Sender* sender, Signal signal, Done done, int timeoutMs) {
    if (done())
        return true;
    QEventLoop loop;
    QTimer limit;
    limit.setSingleShot(true);
    QObject::connect(&limit, &QTimer::timeout, &loop, &QEventLoop::quit);
    QObject::connect(sender, signal, &loop, [&loop, &done] {
        if (done())
            loop.quit();
    });
    limit.start(timeoutMs);
    loop.exec();
    return done();
}

} // namespace cutlab::ui
