#pragma once

#include <string>
#include <vector>

namespace roofscope::cli {

// roofscope measured FILE [FILE ...] [--gpu ID] [--group-by launch|name]
//                    [--format table|json|csv] [--catalog FILE]
int runMeasured(const std::vector<std::string>& args);

} // namespace roofscope::cli
