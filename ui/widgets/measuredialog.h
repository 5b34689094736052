#pragma once

#include "core/hardware/hardware.h"

#include <QDialog>
#include <QString>

#include <string>
#include <vector>

class QComboBox;

namespace roofscope {

// Edit ▸ Measure This Machine…, before the probe runs: which device to measure and which
// datasheet entry the result measures ("measured_of", as `roofscope probe --measured-of`), so
// the measured entry is held against its published figures without editing the file by hand.
class MeasureDialog : public QDialog {
    Q_OBJECT
public:
    // One device the probe can measure: its label, and the datasheet entry it most likely is
    // ("" when nothing fits: a CPU, lavapipe, a GPU the catalog lacks).
    struct Device {
        QString label;
        std::string datasheetGuess;
    };

    // `devices`: the CPU first, then each Vulkan device; `catalog`: the session's accelerators,
    // of which the datasheet entries are offered (a measurement of a measurement compares
    // nothing published).
    MeasureDialog(std::vector<Device> devices, const std::vector<Hardware>& catalog,
                  QWidget* parent = nullptr);

    // 0 for the CPU, 1 + INDEX for Vulkan device INDEX.
    int deviceIndex() const;
    // The datasheet entry's id, "" for "(none)".
    std::string measuredOf() const;
    QComboBox* deviceBox() const { return m_device; }
    QComboBox* datasheetBox() const { return m_datasheet; }

private:
    // A new device brings its own guess: the entry picked for a GPU is wrong for the CPU.
    void selectGuess();

    std::vector<Device> m_devices;
    QComboBox* m_device;
    QComboBox* m_datasheet;
};

} // namespace roofscope
