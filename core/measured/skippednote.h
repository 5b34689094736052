#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace roofscope {

// The one wording of "N items skipped" in every importer's warnings, so that a row, a launch or
// an event left out reads alike whichever profiler wrote the file:
//   skippedNote(3, "row", "rows", "not matching the header", onLine(12))
//     -> "3 rows skipped (not matching the header; the first on line 12)"
//   skippedNote(1, "row", "rows", "not matching the header", onLine(12))
//     -> "1 row skipped (not matching the header; on line 12)"
// `why` and `firstWhere` may each be empty; with both empty there are no parentheses.
// `firstWhere` is a phrase that stands alone ("on line 12", "at /traceEvents/3/dur"): with one
// item skipped it is that item's place, so "the first" is said only when there are more.
std::string skippedNote(std::size_t count, std::string_view singular, std::string_view plural,
                        std::string_view why, std::string_view firstWhere = {});

// "on line 12": the place of a skipped row or line of a text file, for skippedNote.
std::string onLine(long long line);

} // namespace roofscope
