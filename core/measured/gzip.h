#pragma once

#include "core/expected.h"

#include <string>
#include <string_view>

namespace roofscope {

bool looksGzipped(std::string_view data);

// Inflates a gzip stream (PyTorch writes traces as .json.gz). A truncated or corrupt stream,
// or one inflating beyond `maxBytes`, is an Error naming the file.
Expected<std::string> gunzip(std::string_view data, const std::string& fileName,
                             std::size_t maxBytes);

} // namespace roofscope
