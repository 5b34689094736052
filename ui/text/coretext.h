#pragma once

#include <QString>

#include <string>

namespace roofscope {

// The core's English warnings and notes about an import (MeasuredImport::warnings, the
// notPlacedSummary, the rocprof join notes, a kernel's notes and analysis warnings) in the
// interface language. The core stays Qt-free and English, and the CLI prints its text as it is;
// the window matches each text against the English templates ui/text/coretext.cpp lists (which
// lupdate sees) and says it with the template's translation, the names, numbers and command
// lines it holds kept as they are. A text no template knows comes back unchanged: English, never
// half-matched.
QString coreTextDisplay(const std::string& english);

// A text made of core texts joined by "; " (a forward pass's sentence): each part said by the
// template that knows it, a part none knows left as it is.
QString coreTextListDisplay(const std::string& english);

// The English templates, "%1 of %2 kernels are not on the chart: %3", for the tests: each must
// hold English words between its placeholders, or it would match any text.
QStringList coreTextTemplates();

} // namespace roofscope
