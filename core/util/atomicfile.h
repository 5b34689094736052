#pragma once

#include "core/util/expected.h"

#include <optional>
#include <string>
#include <string_view>

namespace roofscope {

// Writes `text` to `path` through a temporary file in the same directory, renamed over `path`
// once complete: a reader (or a crash) never sees half a file. The Error names the path and
// the reason ("out/x.json: cannot write: No such file or directory").
std::optional<Error> writeFileAtomically(const std::string& path, std::string_view text);

} // namespace roofscope
