#include "ui/widgets/machinemeasurer.h"

#include "core/hardware/datasheetratios.h"
#include "core/measured/devicematch.h"
#include "core/probe/cpuprobe.h"
#include "core/util/format.h"
#include "ui/controls/prompt.h"
#include "ui/widgets/catalogcontroller.h"

#include <QProgressDialog>
#include <QThread>
#include <QWidget>

namespace roofscope {

MachineMeasurer::MachineMeasurer(CatalogController* catalog, QWidget* window)
    : QObject(window), m_catalog(catalog), m_window(window)
{
}

MachineMeasurer::~MachineMeasurer()
{
    if (m_thread) {
        m_cancel = true;
        m_thread->wait();
        delete m_thread;
    }
}

QProgressDialog* MachineMeasurer::openDialog()
{
    auto* dialog = new QProgressDialog(m_window);
    m_dialog = dialog;
    dialog->setWindowTitle(tr("Measure This Machine"));
    dialog->setLabelText(tr("Starting the measurement…"));
    dialog->setCancelButtonText(tr("Cancel"));
    dialog->setAutoClose(false);
    dialog->setAutoReset(false);
    dialog->setMinimumDuration(0);
    dialog->setRange(0, 0);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setMinimumWidth(420);
    connect(dialog, &QProgressDialog::canceled, this, &MachineMeasurer::cancel);
    return dialog;
}

bool MachineMeasurer::start(bool quick, const std::string& measuredOf)
{
    if (m_thread)
        return false;
    m_cancel = false;
    m_measuredOf = measuredOf;
    m_result = {};
    m_vulkanDevice = -1;
    QProgressDialog* dialog = openDialog();

    m_thread = QThread::create([this, quick] {
        probe::ProbeOptions options;
        options.quick = quick;
        // The probe's callbacks come from the worker: queued to this object's thread.
        options.progress = [this](const std::string& phase) {
            QMetaObject::invokeMethod(
                this, [this, text = QString::fromStdString(phase)] { onProgress(text); },
                Qt::QueuedConnection);
        };
        options.steps = [this](int done, int total) {
            QMetaObject::invokeMethod(
                this, [this, done, total] { onSteps(done, total); }, Qt::QueuedConnection);
        };
        options.cancelled = [this] { return m_cancel.load(); };
        m_result = probe::runCpuProbe(options);
    });
    connect(m_thread, &QThread::finished, this, &MachineMeasurer::onFinished);
    dialog->show();
    m_thread->start();
    return true;
}

bool MachineMeasurer::startVulkan(int deviceIndex, bool quick, const std::string& measuredOf)
{
    if (m_thread)
        return false;
    m_cancel = false;
    m_measuredOf = measuredOf;
    m_vulkanDevice = deviceIndex;
    m_vulkanResult.reset();
    m_vulkanError.clear();
    QProgressDialog* dialog = openDialog();
    m_thread = QThread::create([this, deviceIndex, quick] {
        probe::VulkanProbeOptions options;
        options.deviceIndex = deviceIndex;
        options.quick = quick;
        options.progress = [this](const std::string& phase) {
            QMetaObject::invokeMethod(
                this, [this, text = QString::fromStdString(phase)] { onProgress(text); },
                Qt::QueuedConnection);
        };
        auto result = probe::runVulkanProbe(options);
        // Read on the UI thread after QThread::finished, never while this thread writes.
        if (result)
            m_vulkanResult = std::move(*result);
        else
            m_vulkanError = QString::fromStdString(result.error().message);
    });
    connect(m_thread, &QThread::finished, this, &MachineMeasurer::onVulkanFinished);
    dialog->show();
    m_thread->start();
    return true;
}

QStringList MachineMeasurer::deviceChoices()
{
    QStringList out;
    for (const MeasureDialog::Device& d : devices({}))
        out << d.label;
    return out;
}

std::vector<MeasureDialog::Device> MachineMeasurer::devices(const std::vector<Hardware>& catalog)
{
    std::vector<MeasureDialog::Device> out{{tr("CPU (every core)"), {}}};
    const auto vulkan = probe::listVulkanDevices();
    if (!vulkan)
        return out;
    for (const probe::VulkanDeviceSummary& d : *vulkan)
        out.push_back(
            {tr("Vulkan %1: %2 (%3)")
                 .arg(d.index)
                 .arg(QString::fromStdString(d.name), QString::fromStdString(d.deviceType)),
             datasheetGuess(d.name, catalog)});
    return out;
}

std::string MachineMeasurer::datasheetGuess(const std::string& deviceName,
                                            const std::vector<Hardware>& catalog)
{
    // Only datasheet entries: a measured entry of the same device is no published figure.
    std::vector<Hardware> datasheets;
    for (const Hardware& hw : catalog) {
        if (isDatasheetEntry(hw))
            datasheets.push_back(hw);
    }
    return matchDeviceToCatalog(deviceName, datasheets);
}

void MachineMeasurer::chooseAndStart(bool quick)
{
    if (m_thread)
        return;
    const std::vector<Hardware>& catalog = m_catalog->hardware();
    MeasureDialog dialog(devices(catalog), catalog, m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (dialog.deviceIndex() <= 0)
        start(quick, dialog.measuredOf());
    else
        startVulkan(dialog.deviceIndex() - 1, quick, dialog.measuredOf());
}

void MachineMeasurer::onVulkanFinished()
{
    m_thread->deleteLater();
    m_thread = nullptr;
    if (m_dialog)
        m_dialog->close();
    if (m_cancel) {
        emit statusMessage(tr("Measurement cancelled: nothing was added"), 8000);
        emit finished(false);
        return;
    }
    if (!m_vulkanResult) {
        Prompt::ask(m_window, {tr("Cannot Measure the Vulkan Device"), m_vulkanError,
                               QMessageBox::Ok, QMessageBox::Ok, QMessageBox::Warning});
        emit finished(false);
        return;
    }
    Hardware hw = probe::vulkanResultToHardware(*m_vulkanResult);
    hw.measuredOf = m_measuredOf;
    if (const auto error = m_catalog->saveAccelerator(hw)) {
        Prompt::ask(m_window, {tr("Cannot Add the Measured Machine"), *error, QMessageBox::Ok,
                               QMessageBox::Ok, QMessageBox::Warning});
        emit finished(false);
        return;
    }
    const probe::VulkanPeak* fp32 = m_vulkanResult->peak("fp32");
    emit statusMessage(
        tr("Measured %1: FP32 %2, memory %3; added to the catalog and checked")
            .arg(QString::fromStdString(hw.name),
                 QString::fromStdString(formatFlopsRate(fp32 ? fp32->stats.max : 0.0)),
                 QString::fromStdString(formatBandwidth(m_vulkanResult->readBandwidth.max))),
        15000);
    emit finished(true);
}

QProgressDialog* MachineMeasurer::progressDialog() const
{
    return m_dialog;
}

void MachineMeasurer::cancel()
{
    if (!m_thread)
        return;
    m_cancel = true;
    if (m_dialog)
        m_dialog->setLabelText(tr("Stopping after the measurement under way…"));
}

void MachineMeasurer::onProgress(const QString& phase)
{
    if (m_dialog && !m_cancel)
        m_dialog->setLabelText(
            tr("Measuring %1\nEvery core is kept busy: the rest of the machine may be slow.")
                .arg(phase));
}

void MachineMeasurer::onSteps(int done, int total)
{
    if (!m_dialog)
        return;
    m_dialog->setMaximum(total);
    m_dialog->setValue(done);
}

void MachineMeasurer::onFinished()
{
    m_thread->deleteLater();
    m_thread = nullptr;
    // The dialog closes before any message, so it never covers one.
    if (m_dialog)
        m_dialog->close();
    if (m_result.cancelled) {
        emit statusMessage(tr("Measurement cancelled: nothing was added"), 8000);
        emit finished(false);
        return;
    }
    Hardware hw = probe::probeResultToHardware(m_result);
    hw.measuredOf = m_measuredOf;
    if (const auto error = m_catalog->saveAccelerator(hw)) {
        Prompt::ask(m_window, {tr("Cannot Add the Measured Machine"), *error, QMessageBox::Ok,
                               QMessageBox::Ok, QMessageBox::Warning});
        emit finished(false);
        return;
    }
    const double dram = m_result.levels.empty() ? 0.0 : m_result.levels.back().triad.bytesPerS;
    emit statusMessage(
        tr("Measured %1: FP64 %2, memory %3; added to the catalog and checked")
            .arg(QString::fromStdString(hw.name),
                 QString::fromStdString(formatFlopsRate(m_result.fp64.allThreads.max)),
                 QString::fromStdString(formatBandwidth(dram))),
        15000);
    emit finished(true);
}

} // namespace roofscope
