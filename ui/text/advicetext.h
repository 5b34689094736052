#pragma once

#include "core/roofline/advice.h"

#include <QString>

namespace roofscope {

// The core's optimisation advice (core/advice.h) in the interface language. The core decides which
// advice applies and holds its English; this only translates, so the window and the CLI always give
// the same advice.
QString adviceDisplayText(Advice advice);
// The English this file lists for lupdate, or nullptr when the kind is missing from the list (a
// test checks that each one equals the core's text, so no sentence goes untranslated).
const char* adviceSourceText(Advice advice);

} // namespace roofscope
