#pragma once

#include "core/measured/importer.h"

#include <string>
#include <vector>

namespace roofscope {

// rocprof measures time and counters in separate runs of the same program: a
// `--timestamp on` trace (time, no counters) and an `-i input.txt` run (counters, no time).
// Joins each such pair of imports into one, dispatch by dispatch: time from the trace,
// FLOPs and bytes from the counters. A pair joins when both are rocprof imports, one has every
// dispatch timed and no counters, the other counters and no time, and both list the same
// number of dispatches with the same kernel names in the same order (matched by Index /
// Dispatch_ID). The joined import says "joined X and Y by dispatch: N dispatches" in its
// warnings; a pair that does not match stays as it was, with the reason in `notes`. Every
// other import is returned unchanged, in order (the joined one where the trace was).
std::vector<MeasuredImport> joinExperiments(std::vector<MeasuredImport> imports,
                                            std::vector<std::string>& notes);

} // namespace roofscope
