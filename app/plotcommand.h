#pragma once

#include <string>
#include <vector>

namespace roofscope::cli {

// `roofscope plot`: the window's figure without a window. Builds the same ChartDocument the
// window exports from (a scenario file, or the seed's default view, with --gpu and --op
// overriding) and writes PNG, SVG, PDF, or the plotted data as CSV or JSON. The only
// subcommand that creates a QApplication; it picks the offscreen platform when none is set,
// so it runs without a display. Usage mistakes and unwritable outputs are UsageErrors.
int runPlot(const std::vector<std::string>& args);

} // namespace roofscope::cli
