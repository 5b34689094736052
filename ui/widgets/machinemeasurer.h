#pragma once

#include "core/probe/proberesult.h"
#include "core/probe/vulkanprobe.h"
#include "ui/widgets/measuredialog.h"

#include <QObject>
#include <QPointer>

#include <QStringList>

#include <atomic>
#include <optional>
#include <string>
#include <vector>

class QProgressDialog;
class QThread;
class QWidget;

namespace roofscope {

class CatalogController;

// Edit ▸ Measure This Machine…: `roofscope probe` from the window. The probe runs on a worker
// thread (it keeps every core busy for about a minute) behind a progress dialog that says what
// is being measured and how far it is, with Cancel. The measured CPU joins the catalog as one
// undo step through the catalog controller: saved in the user catalog, checked on the chart
// with its cache roofs, naming the datasheet entry it measures when one was chosen. A cancelled
// run adds nothing.
class MachineMeasurer : public QObject {
    Q_OBJECT
public:
    MachineMeasurer(CatalogController* catalog, QWidget* window);
    // Stops a running measurement and waits for it: the window may close mid-run.
    ~MachineMeasurer() override;
    MachineMeasurer(const MachineMeasurer&) = delete;
    MachineMeasurer& operator=(const MachineMeasurer&) = delete;

    // Starts a measurement (`quick`: the probe's few-second mode, for tests); false while one
    // runs already. The entry it adds names `measuredOf` as its datasheet entry ("": none).
    bool start(bool quick = false, const std::string& measuredOf = {});
    // The same for Vulkan device `deviceIndex` (core/probe/vulkanprobe.h), on the worker thread
    // too; its entry is this-machine-vulkan-INDEX. Cancel lets the run finish and adds nothing.
    bool startVulkan(int deviceIndex, bool quick = false, const std::string& measuredOf = {});
    // What the menu command offers: "CPU" first, then each Vulkan device the loader lists
    // ("Vulkan 0: llvmpipe (…) (CPU)"); the CPU alone without a loader or a device.
    static QStringList deviceChoices();
    // The same devices for the dialog, each with the datasheet entry of `catalog` its name
    // matches (core/measured/devicematch.h; none for the CPU).
    static std::vector<MeasureDialog::Device> devices(const std::vector<Hardware>& catalog);
    // The datasheet entry of `catalog` a Vulkan device's name matches ("NVIDIA GeForce RTX 4090"
    // → "rtx-4090"), "" when none does; measured entries are never the answer.
    static std::string datasheetGuess(const std::string& deviceName,
                                      const std::vector<Hardware>& catalog);
    // Edit ▸ Measure This Machine…: asks which device and which datasheet entry it measures
    // (MeasureDialog), then starts (`quick` as for start()).
    void chooseAndStart(bool quick = false);
    bool isRunning() const { return m_thread != nullptr; }
    // Asks the probe to stop after the measurement under way.
    void cancel();
    // The last finished (or cancelled) run.
    const probe::ProbeResult& lastResult() const { return m_result; }
    // The last Vulkan run's result, when it succeeded.
    const std::optional<probe::VulkanProbeResult>& lastVulkanResult() const
    {
        return m_vulkanResult;
    }
    QProgressDialog* progressDialog() const;

signals:
    // After the measured CPU was added (true), or the run was cancelled or not added (false).
    void finished(bool added);
    void statusMessage(const QString& text, int timeoutMs);

private:
    void onProgress(const QString& phase);
    void onSteps(int done, int total);
    void onFinished();
    void onVulkanFinished();
    QProgressDialog* openDialog();

    CatalogController* m_catalog;
    QWidget* m_window;
    QPointer<QProgressDialog> m_dialog;
    QThread* m_thread = nullptr;
    std::atomic<bool> m_cancel{false};
    probe::ProbeResult m_result;
    int m_vulkanDevice = -1;  // the device of the run under way, -1 for the CPU
    std::string m_measuredOf; // the datasheet entry the run under way measures
    std::optional<probe::VulkanProbeResult> m_vulkanResult;
    QString m_vulkanError;
};

} // namespace roofscope
