#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace roofscope::cli {

// `roofscope measured --help`: options, then every registered format with its command.
void printMeasuredHelp(std::ostream& out);

// roofscope measured FILE [FILE ...] [--gpu ID] [--group-by launch|name]
//                    [--format table|json|csv] [--catalog FILE]
int runMeasured(const std::vector<std::string>& args);

} // namespace roofscope::cli
