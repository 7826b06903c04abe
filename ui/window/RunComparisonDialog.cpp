#include "ui/window/RunComparisonDialog.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace cutlab::ui {
namespace {

const QStringList kColumns = {QStringLiteral("Item"),        QStringLiteral("Predicted ms"),
                              QStringLiteral("Measured ms"), QStringLiteral("Fastest .. slowest"),
                              QStringLiteral("Error"),       QStringLiteral("Likely explanation")};

QTableWidgetItem* cell(const QString& text, bool number) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QString ms(double value) {
    return QString::number(value, 'f', 2);
}

} // namespace

RunComparisonDialog::RunComparisonDialog(QWidget* parent)
    : QDialog(parent), m_summary(new QLabel(this)), m_table(new QTableWidget(this)) {
    setObjectName(QStringLiteral("runComparison"));
    m_summary->setObjectName(QStringLiteral("runComparisonSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table->setObjectName(QStringLiteral("runComparisonTable"));
    m_table->setColumnCount(static_cast<int>(kColumns.size()));
    m_table->setHorizontalHeaderLabels(kColumns);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(static_cast<int>(kColumns.size()) - 1,
                                                      QHeaderView::Stretch);
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setFocusPolicy(Qt::NoFocus);
    // the explanations wrap to the width their column gets: rows follow it
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, m_table,
            [this] { m_table->resizeRowsToContents(); });
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(1180, 420);
}

void RunComparisonDialog::fillRow(int row, const core::ComparedItem& item) {
    m_table->setItem(row, 0, cell(QString::fromStdString(item.name), false));
    m_table->setItem(row, 1, cell(ms(item.predictedMs), true));
    m_table->setItem(row, 2, cell(ms(item.measuredMs), true));
    m_table->setItem(row, 3, cell(ms(item.fastestMs) + " .. " + ms(item.slowestMs), true));
    m_table->setItem(row, 4, cell(QString::asprintf("%+.1f %%", item.error * 100), true));
    auto* explanation = cell(QString::fromStdString(item.explanation), false);
    explanation->setToolTip(explanation->text());
    m_table->setItem(row, 5, explanation);
    if (std::fabs(item.error) > 0.10) { // beyond 10 %: the rows to read first
        QFont bold = m_table->font();
        bold.setBold(true);
        m_table->item(row, 4)->setFont(bold);
    }
}

void RunComparisonDialog::show(const core::PlanRunComparison& comparison, const QString& planPath,
                               const QString& runPath) {
    setWindowTitle(
        QStringLiteral("%1: plan against run").arg(QString::fromStdString(comparison.model)));
    m_summary->setText(
        QStringLiteral("Plan %1 of %2 (%3, network %4) against %5: %6. Error = predicted / "
                       "measured − 1; measured = the median over the frames.")
            .arg(comparison.rank)
            .arg(QFileInfo(planPath).fileName(), QString::fromStdString(comparison.planner),
                 QString::fromStdString(comparison.network), QFileInfo(runPath).fileName(),
                 QString::fromStdString(comparison.setup)));
    m_table->setRowCount(static_cast<int>(comparison.items.size()));
    for (int row = 0; row < m_table->rowCount(); ++row)
        fillRow(row, comparison.items[static_cast<std::size_t>(row)]);
    m_table->resizeRowsToContents();
    QDialog::show();
    raise();
    activateWindow();
}

} // namespace cutlab::ui
