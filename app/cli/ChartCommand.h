#pragma once

#include <string>
#include <vector>

namespace cutlab::cli {

// `cutlab-cli chart PROFILE --kind breakdown|layers|sweep|energy|stream [plan options] -o
// OUT.png|svg|pdf`: the window's charts rendered headless (offscreen platform). Exit 0, 1 (no
// plan), 2 (bad input).
int runChart(int argc, char** argv, const std::vector<std::string>& arguments);

} // namespace cutlab::cli
