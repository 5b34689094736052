#pragma once

#include "core/hardware/hardware.h"

#include <QDialog>

#include <functional>
#include <vector>

class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace roofscope {

// Add or edit one accelerator: name, id, vendor, dense peaks per precision, main-memory
// bandwidth and capacity. Fields it does not show (sources, interconnect, other memory
// levels) are kept from the entry being edited. OK stays disabled while the entry is invalid,
// and the message says which field is wrong.
class HardwareEditorDialog : public QDialog {
    Q_OBJECT
public:
    // `idTaken`: true when another accelerator already uses the id (adding one must not
    // silently replace it).
    explicit HardwareEditorDialog(std::function<bool(const std::string&)> idTaken,
                                  QWidget* parent = nullptr);

    // Starts from an existing entry (editing): its id is kept.
    void setHardware(const Hardware& hw);
    Hardware hardware() const;
    // Empty when the entry can be saved.
    QString problem() const;

    QLineEdit* nameEdit() const { return m_name; }
    QLineEdit* idEdit() const { return m_id; }
    QLineEdit* vendorEdit() const { return m_vendor; }
    // The spin box of one peak in TFLOP/s (0 = none), or nullptr.
    QDoubleSpinBox* peakBox(Precision precision, ComputeUnit unit) const;
    QDoubleSpinBox* bandwidthBox() const { return m_bandwidth; }
    QDoubleSpinBox* capacityBox() const { return m_capacity; }

    // "NVIDIA RTX 6000 Ada" → "nvidia-rtx-6000-ada".
    static std::string slug(const QString& name);

private:
    void revalidate();

    struct PeakField {
        Precision precision;
        ComputeUnit unit;
        QDoubleSpinBox* box;
    };
    std::function<bool(const std::string&)> m_idTaken;
    Hardware m_original;
    bool m_editing = false;
    bool m_idEdited = false;
    QLineEdit* m_name;
    QLineEdit* m_id;
    QLineEdit* m_vendor;
    std::vector<PeakField> m_peaks;
    QDoubleSpinBox* m_bandwidth;
    QDoubleSpinBox* m_capacity;
    QLabel* m_problem;
    QDialogButtonBox* m_buttons;
};

} // namespace roofscope
