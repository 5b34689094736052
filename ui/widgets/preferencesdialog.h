#pragma once

#include "core/document/scenario.h"

#include <QDialog>

class QCheckBox;
class QComboBox;

namespace roofscope {

// Theme, which extra roofs and overlays the chart draws, and whether the last session comes
// back on start.
class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    explicit PreferencesDialog(QWidget* parent = nullptr);

    void setValues(Theme theme, const ChartToggles& toggles, bool restoreSession);
    Theme theme() const;
    ChartToggles toggles() const;
    bool restoreSession() const;
    // The interface language chosen ("" follows the system; see ui/translation.h). Saved to
    // the settings when the dialog is accepted; it takes effect on the next start.
    QString language() const;

private:
    QComboBox* m_theme;
    QCheckBox* m_fp8;
    QCheckBox* m_fp32;
    QCheckBox* m_fp64;
    QCheckBox* m_l2;
    QCheckBox* m_sweep;
    QCheckBox* m_labels;
    QCheckBox* m_restore;
    QComboBox* m_language = nullptr;
};

} // namespace roofscope
