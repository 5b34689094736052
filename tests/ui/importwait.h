#pragma once

#include "ui/widgets/kernelspanel.h"

#include <QApplication>
#include <QCoreApplication>
#include <QInputDialog>
#include <QSignalSpy>
#include <QTimer>

namespace roofscope::test {

// Imports `path` through the Kernels panel as the user would and waits for it (two minutes at
// most); a GPU question is answered with its preselected entry. The number of kernels added,
// -1 when the import did not finish.
inline int importAndWait(KernelsPanel& panel, const QString& path)
{
    QTimer answerer;
    answerer.setInterval(10);
    QObject::connect(&answerer, &QTimer::timeout, [] {
        if (auto* d = qobject_cast<QInputDialog*>(QApplication::activeModalWidget()))
            d->accept();
    });
    answerer.start();
    QSignalSpy finished(&panel, &KernelsPanel::importFinished);
    panel.importFiles({path});
    if (!finished.wait(120000))
        return -1;
    for (int i = 0; i < 6; ++i)
        QCoreApplication::processEvents();
    return finished.front().front().toInt();
}

} // namespace roofscope::test
