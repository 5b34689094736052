#pragma once

#include <string>

namespace roofscope {

// One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, with quotes
// doubled. Every CSV RoofScope writes (the CLI's tables, the figure data) goes through it.
std::string csvField(const std::string& s);

} // namespace roofscope
