#pragma once

#include "ui/export/figureexporter.h"

#include <QDialog>
#include <QImage>

#include <functional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTimer;

namespace roofscope {

// File → Export Figure…: where to write, the format (from the file name or the combo), a size
// preset or a custom size, the PNG scale and transparency, the theme and the title. It comes
// back with the last settings (QSettings group "export").
class ExportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ExportDialog(QWidget* parent = nullptr);

    QString path() const;
    void setPath(const QString& path);
    FigureFormat format() const;
    FigureOptions options() const;
    void setOptions(const FigureOptions& options);

    // The settings of the last accepted export (defaults: 1920×1080, as shown, no title).
    static FigureOptions savedOptions();
    static QString savedPath();
    // Stores path and options as the next dialog's starting point.
    void saveSettings() const;

    void accept() override;

    // Draws the figure the dialog would export, at a small size (the export controller renders
    // it with the document's own FigureExporter); the preview follows every option.
    using PreviewRenderer = std::function<QImage(const FigureOptions&)>;
    void setPreviewRenderer(PreviewRenderer renderer);
    // The preview as last drawn (null before the first one).
    QImage previewImage() const { return m_previewImage; }
    // Redraws now instead of after the short pause that coalesces typing.
    void updatePreviewNow();

private:
    void browse();
    void onPathEdited();
    void onFormatChanged();
    void onPresetChanged();
    void updateState();

    QLineEdit* m_path;
    QComboBox* m_format;
    QComboBox* m_preset;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QDoubleSpinBox* m_scale;
    QComboBox* m_theme;
    QCheckBox* m_transparent;
    QLineEdit* m_title;
    QLineEdit* m_subtitle;
    QLabel* m_summary;
    QLabel* m_preview = nullptr;
    QTimer* m_previewTimer = nullptr;
    PreviewRenderer m_renderer;
    QImage m_previewImage;
    bool m_syncing = false;
    QString m_confirmedPath; // replacing it was confirmed in the file chooser
};

} // namespace roofscope
