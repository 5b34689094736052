#pragma once

#include <vector>

namespace roofscope {

// The order of rows sorted by one number each: row indexes, ascending or descending by key,
// equal keys (0.0 and -0.0 are equal) in row order. A least-significant-digit radix sort of
// the keys' bit patterns: a million rows in a few tens of milliseconds, where comparison
// sorting took about two hundred (the Kernels table sorts a serving trace launch by launch).
// Keys must not be NaN.
std::vector<int> stableKeyOrder(const std::vector<double>& keys, bool descending);

} // namespace roofscope
