#pragma once

#include <string>
#include <vector>

namespace cutlab::cli {

// Each runs one subcommand and returns the exit status (0 ok, 1 no answer, 2 bad input).
int runValidate(const std::vector<std::string>& arguments);
int runInfo(const std::vector<std::string>& arguments);
int runPlan(const std::vector<std::string>& arguments);
int runTrain(const std::vector<std::string>& arguments); // TrainCommand.cpp
int runPipelineTrain(const std::vector<std::string>&
                         arguments); // PipelineTrainCommand.cpp (train --planner pipeline)
int runPoolTrain(const std::vector<std::string>&
                     arguments); // PoolTrainCommand.cpp (--cluster, CutLab's cost model)
int runClusterTrain(const std::vector<std::string>&
                        arguments); // ClusterTrainCommand.cpp (train --planner pipeline --cluster)
int runSweep(const std::vector<std::string>& arguments);     // SweepCommand.cpp
int runImport(const std::vector<std::string>& arguments);    // ImportCommand.cpp
int runMerge(const std::vector<std::string>& arguments);     // MergeCommand.cpp
int runEstimate(const std::vector<std::string>& arguments);  // EstimateCommand.cpp
int runCalibrate(const std::vector<std::string>& arguments); // CalibrateCommand.cpp
int runCompare(const std::vector<std::string>& arguments);   // CompareCommand.cpp
int runTrace(const std::vector<std::string>& arguments);     // TraceCommand.cpp
int runReplay(const std::vector<std::string>& arguments);    // ReplayCommand.cpp
int runPredictor(const std::vector<std::string>& arguments); // PredictorCommand.cpp
int runTrainingChart(
    const std::vector<std::string>& arguments); // TrainingChartCommand.cpp (cutlab-charts)
// `chart`, `report` and `training-chart` need Qt: they run in the cutlab-charts program installed
// next to cutlab-cli, so that every other command starts without loading Qt. Replaces the process.
int runChartRenderer(char** argv); // ChartRenderer.cpp

} // namespace cutlab::cli
