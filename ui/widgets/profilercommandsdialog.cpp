#include "ui/widgets/profilercommandsdialog.h"

#include "core/measured/importer.h"

#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace roofscope {

ProfilerCommandsDialog::ProfilerCommandsDialog(QWidget* parent)
    : QDialog(parent), m_text(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("profilerCommandsDialog"));
    setWindowTitle(tr("Profiler Commands"));
    m_text->setObjectName(QStringLiteral("profilerCommandsText"));
    m_text->setOpenExternalLinks(false);
    m_text->setMarkdown(markdown());
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_text);
    layout->addWidget(buttons);
    resize(760, 560);
}

QString ProfilerCommandsDialog::markdown()
{
    return tr("Run one of these, then drop the file on the window or use File ▸ Import "
              "Measurements… (Ctrl+I). Kernels land under the roofs of the GPU the file names; "
              "what a file lacks (FLOP counters, bytes, the GPU) is said after the import.") +
           QStringLiteral("\n\n") + QString::fromStdString(profilerCommandsMarkdown());
}

} // namespace roofscope
