#pragma once

#include "core/util/expected.h"

#include <cstddef>
#include <string>

namespace roofscope {

// RoofScope's JSON files (catalogs, models, scenarios) are kilobytes; anything larger is not
// one of them, and reading it whole would only waste memory before failing.
inline constexpr std::size_t kMaxFileBytes = std::size_t{16} * 1024 * 1024;

// Reads a whole file of at most kMaxFileBytes (also from devices and pipes, which report no
// size); the Error names the path and the reason.
Expected<std::string> readTextFile(const std::string& path);

} // namespace roofscope
