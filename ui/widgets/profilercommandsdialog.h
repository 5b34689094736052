#pragma once

#include <QDialog>

class QTextBrowser;

namespace roofscope {

// Help ▸ Profiler Commands: for every format the importer registry knows, the tool, the exact
// command that produces a file RoofScope reads, and what that file gives. The text comes from
// the registry (core/measured/importer.h), like docs/measured-kernels.md's section and `measured
// --help`, so a new format documents itself. Commands are selectable, to copy into a terminal.
class ProfilerCommandsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ProfilerCommandsDialog(QWidget* parent = nullptr);

    // The Markdown shown (for tests).
    static QString markdown();

private:
    QTextBrowser* m_text;
};

} // namespace roofscope
