#include "app/cli/ChartSetting.h"

#include "app/cli/ProfileArgument.h"

#include <QtGlobal>

namespace cutlab::cli {

ChartSetting::ChartSetting(const PlanOptions& options)
    : profile(options.loadProfile()), network(loadNetworkOrThrow(options.network)),
      query(options.query(profile)), model(profile, network, options.inputBytes),
      chosen(ChartPlan::choose(options, model, query)) {}

void drawOffscreenByDefault() {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
}

} // namespace cutlab::cli
