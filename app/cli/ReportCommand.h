#pragma once

#include <string>
#include <vector>

namespace cutlab::cli {

// `cutlab-cli report PROFILE [plan options] -o OUT.pdf [--page a4|letter]`: the window's
// File ▸ Export Report, headless (offscreen platform). Exit 0, 1 (no plan), 2 (bad input).
int runReport(int argc, char** argv, const std::vector<std::string>& arguments);

} // namespace cutlab::cli
