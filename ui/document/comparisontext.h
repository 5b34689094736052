#pragma once

#include "core/measured/runcomparison.h"

#include <QString>

namespace roofscope {

class Session;

// The core's before/after sentence (core/measured/runcomparison.h) in the interface language.
// The core decides what is said and holds its English; this only translates each phrase and
// shows numbers in the display locale, so the window and `roofscope measured` say the same.
QString comparisonDisplayText(const std::vector<ComparisonPart>& parts);
// The sentence of the session's before/after runs (GPUs by the names the window shows), or ""
// when fewer than two runs are loaded.
QString comparisonDisplayText(const Session& session);
// The English this file lists for lupdate, or nullptr when the phrase is missing from the list
// (a test checks that each one equals the core's text, so no phrase goes untranslated).
const char* comparisonSourceText(ComparisonPhrase phrase);

} // namespace roofscope
