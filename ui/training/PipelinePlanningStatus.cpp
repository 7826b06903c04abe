#include "ui/training/PipelinePlanningStatus.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTimer>

namespace cutlab::ui {

PipelinePlanningStatus::PipelinePlanningStatus(QWidget* parent)
    : QWidget(parent), m_label(new QLabel(QStringLiteral("Planning the pipeline…"), this)),
      m_bar(new QProgressBar(this)),
      m_stop(new QPushButton(QStringLiteral("Stop: keep the best plan so far"), this)),
      m_poll(new QTimer(this)) {
    m_bar->setRange(0, 1000);
    m_bar->setTextVisible(false);
    m_bar->setMaximumHeight(12);
    m_stop->setToolTip(QStringLiteral(
        "End the search now: the best plan found is shown with a proven lower bound and the gap "
        "between them (as when the time limit is reached)."));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_bar, 1);
    layout->addWidget(m_stop);
    m_poll->setInterval(100);
    connect(m_poll, &QTimer::timeout, this, [this] { m_bar->setValue(permille()); });
    connect(m_stop, &QPushButton::clicked, this, [this] {
        m_channel.finishNow->store(true);
        m_stop->setEnabled(false);
        m_label->setText(QStringLiteral("Stopping…"));
    });
    hide();
}

PipelinePlanningStatus::Channel PipelinePlanningStatus::start() {
    m_channel = Channel{};
    m_bar->setValue(0);
    m_stop->setEnabled(true);
    m_label->setText(QStringLiteral("Planning the pipeline…"));
    m_poll->start();
    show();
    return m_channel;
}

void PipelinePlanningStatus::finish() {
    m_poll->stop();
    hide();
}

int PipelinePlanningStatus::permille() const {
    return m_channel.permille->load(std::memory_order_relaxed);
}

} // namespace cutlab::ui
