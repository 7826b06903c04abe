#include "app/cli/ReportCommand.h"

#include "app/cli/ChartPlan.h"
#include "app/cli/ChartSetting.h"
#include "app/cli/CliError.h"
#include "app/cli/PlanOptions.h"
#include "app/cli/ProfileArgument.h"

#include "ui/charts/ReportPage.h"

#include "core/model/PlanError.h"

#include <QApplication>
#include <QFileInfo>

#include <iostream>

namespace cutlab::cli {
namespace {

const char* const kReportUsage =
    "usage: cutlab-cli report PROFILE [plan options] -o OUT.pdf [--page a4|letter]\n"
    "Writes the window's one-page PDF report headless: the plan's totals, the model with its "
    "cuts,\nthe latency breakdown and per-layer charts, the network. The plan is --cuts X,Y "
    "when given,\nelse the planner's best.\n"
    "  -o, --output FILE            the .pdf to write (nothing is written on error)\n"
    "  --page a4|letter             paper size, landscape (default a4)\n";

} // namespace

int runReport(int argc, char** argv, const std::vector<std::string>& arguments) {
    PlanOptions options;
    std::string output;
    ui::ReportPage::Paper paper = ui::ReportPage::Paper::A4;
    ArgumentCursor cursor(arguments);
    while (!cursor.done()) {
        const std::string flag = cursor.peek();
        if (flag == "--help") {
            std::cout << kReportUsage << planOptionsHelp();
            return 0;
        }
        if (flag == "-o" || flag == "--output") {
            cursor.next();
            output = cursor.valueOf(flag);
            continue;
        }
        if (flag == "--page") {
            cursor.next();
            const std::string value = cursor.valueOf(flag);
            if (!ui::ReportPage::parsePaper(QString::fromStdString(value), &paper))
                throw CliError("--page must be a4 or letter, not '" + value + "'");
            continue;
        }
        options.consumeOptionOrProfile(cursor, "report");
    }
    if (options.profilePath.empty())
        throw CliError(std::string(kReportUsage));
    if (output.empty())
        throw CliError("-o OUT.pdf is required");
    if (QFileInfo(QString::fromStdString(output)).suffix().toLower() != QStringLiteral("pdf"))
        throw CliError(output + ": the report is a PDF; choose a .pdf file name");
    const ChartSetting setting(options);
    if (!setting.chosen)
        return 1;
    drawOffscreenByDefault();
    QApplication app(argc, argv);
    ui::ReportContent content;
    content.profile = &setting.profile;
    content.structure = &setting.model.structure();
    content.network = setting.network;
    content.placement = setting.chosen->placement;
    content.evaluation = setting.chosen->evaluation;
    content.planLabel = setting.chosen->label;
    content.breakdown = setting.chosen->breakdownEntries(options, setting.model);
    content.source = QFileInfo(QString::fromStdString(options.profilePath)).fileName();
    QString error;
    if (!ui::ReportPage::write(content, QString::fromStdString(output), paper, &error))
        throw CliError(error.toStdString());
    return 0;
}

} // namespace cutlab::cli
