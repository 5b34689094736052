#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace roofscope::cli {

// `roofscope probe --help`.
void printProbeHelp(std::ostream& out);

// roofscope probe [--threads N] [--quick] [--device cpu|vulkan[:INDEX]] [--format table|json]
// [-o FILE] [--measured-of ID [--catalog FILE]]
int runProbe(const std::vector<std::string>& args);

} // namespace roofscope::cli
