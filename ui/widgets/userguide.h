#pragma once

#include <QString>
#include <QStringList>

namespace roofscope {

// Help ▸ User Guide opens the manual's index, docs/index.md, where it lies on this machine.
// The folders looked in, in order: the installed manual beside the program
// (<prefix>/share/doc/roofscope/docs, as the package installs it next to bin/roofscope), then,
// for a program run from its build tree, the source tree's docs/.
QStringList userGuideFolders();

// The first folder's index.md that exists (an absolute, clean path), else an empty string.
QString userGuidePath(const QStringList& folders = userGuideFolders());

} // namespace roofscope
