#include "ui/export/exportdialog.h"

#include "ui/controls/prompt.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPixmap>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTimer>
#include <QVBoxLayout>

#include <array>

namespace roofscope {

namespace {
constexpr int kPreviewWidth = 360; // the preview pane, in device-independent pixels
}

namespace {

constexpr std::array<QSize, 3> kPresets = {QSize(1280, 720), QSize(1920, 1080), QSize(3840, 2160)};

// Theme combo entries: -1 is "as shown" (the window's theme).
constexpr int kAsShown = -1;

QString defaultPath()
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (dir.isEmpty() || !QDir(dir).exists())
        dir = QDir::homePath();
    return QDir(dir).filePath(QStringLiteral("roofline.png"));
}

} // namespace

ExportDialog::ExportDialog(QWidget* parent)
    : QDialog(parent), m_path(new QLineEdit(this)), m_format(new QComboBox(this)),
      m_preset(new QComboBox(this)), m_width(new QSpinBox(this)), m_height(new QSpinBox(this)),
      m_scale(new QDoubleSpinBox(this)), m_theme(new QComboBox(this)),
      m_transparent(new QCheckBox(tr("Transparent background"), this)),
      m_title(new QLineEdit(this)), m_subtitle(new QLineEdit(this)), m_summary(new QLabel(this))
{
    setWindowTitle(tr("Export Figure"));
    setObjectName(QStringLiteral("exportDialog"));

    auto* browse = new QPushButton(tr("Browse…"), this);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);

    m_format->addItem(tr("PNG image"), static_cast<int>(FigureFormat::Png));
    m_format->addItem(tr("SVG drawing"), static_cast<int>(FigureFormat::Svg));
    m_format->addItem(tr("PDF document"), static_cast<int>(FigureFormat::Pdf));

    m_preset->addItem(tr("1280 × 720 (HD)"));
    m_preset->addItem(tr("1920 × 1080 (Full HD)"));
    m_preset->addItem(tr("3840 × 2160 (4K)"));
    m_preset->addItem(tr("Custom"));
    for (QSpinBox* s : {m_width, m_height}) {
        s->setRange(16, 16384);
        s->setSuffix(tr(" px"));
    }
    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_preset, 1);
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(m_height);

    m_scale->setRange(1.0, 4.0);
    m_scale->setSingleStep(0.5);
    m_scale->setDecimals(1);
    m_scale->setSuffix(QStringLiteral("×"));
    m_scale->setToolTip(tr("Pixels per figure unit: 2× doubles the resolution of a PNG without "
                           "changing how it looks"));

    m_theme->addItem(tr("As shown"), kAsShown);
    m_theme->addItem(tr("Light"), static_cast<int>(Theme::Light));
    m_theme->addItem(tr("Slide (projector)"), static_cast<int>(Theme::Slide));

    m_title->setPlaceholderText(tr("None"));
    m_subtitle->setPlaceholderText(tr("None"));
    m_summary->setObjectName(QStringLiteral("exportSummary"));
    m_path->setObjectName(QStringLiteral("exportPath"));
    m_title->setObjectName(QStringLiteral("exportTitle"));

    auto* form = new QFormLayout;
    // Rows holding a layout get no buddy from QFormLayout, so their mnemonics need one here.
    auto* fileLabel = new QLabel(tr("&File:"), this);
    fileLabel->setBuddy(m_path);
    form->addRow(fileLabel, pathRow);
    form->addRow(tr("F&ormat:"), m_format);
    auto* sizeLabel = new QLabel(tr("&Size:"), this);
    sizeLabel->setBuddy(m_preset);
    form->addRow(sizeLabel, sizeRow);
    form->addRow(tr("S&cale:"), m_scale);
    form->addRow(tr("&Theme:"), m_theme);
    form->addRow(QString(), m_transparent);
    form->addRow(tr("T&itle:"), m_title);
    form->addRow(tr("Su&btitle:"), m_subtitle);
    form->addRow(QString(), m_summary);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ExportDialog::reject);
    // The preview beside the settings: what the slide will show, before writing a file.
    m_preview = new QLabel(this);
    m_preview->setObjectName(QStringLiteral("exportPreview"));
    m_preview->setAlignment(Qt::AlignCenter);
    m_preview->setMinimumSize(kPreviewWidth, kPreviewWidth * 9 / 16);
    m_preview->setFrameShape(QFrame::StyledPanel);
    m_preview->setVisible(false);
    m_previewTimer = new QTimer(this);
    m_previewTimer->setSingleShot(true);
    m_previewTimer->setInterval(150);
    connect(m_previewTimer, &QTimer::timeout, this, &ExportDialog::updatePreviewNow);
    auto* columns = new QHBoxLayout;
    columns->addLayout(form, 1);
    columns->addWidget(m_preview, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(columns);
    layout->addWidget(buttons);
    for (QLineEdit* e : {m_title, m_subtitle})
        connect(e, &QLineEdit::textChanged, m_previewTimer, qOverload<>(&QTimer::start));
    connect(m_theme, &QComboBox::currentIndexChanged, m_previewTimer, qOverload<>(&QTimer::start));
    connect(m_transparent, &QCheckBox::toggled, m_previewTimer, qOverload<>(&QTimer::start));

    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(m_path, &QLineEdit::textEdited, this, &ExportDialog::onPathEdited);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::onFormatChanged);
    connect(m_preset, &QComboBox::currentIndexChanged, this, &ExportDialog::onPresetChanged);
    for (QSpinBox* s : {m_width, m_height})
        connect(s, &QSpinBox::valueChanged, this, &ExportDialog::updateState);
    connect(m_scale, &QDoubleSpinBox::valueChanged, this, &ExportDialog::updateState);

    setPath(savedPath());
    setOptions(savedOptions());
}

QString ExportDialog::path() const
{
    return m_path->text().trimmed();
}

void ExportDialog::setPath(const QString& path)
{
    m_path->setText(path);
    onPathEdited();
}

FigureFormat ExportDialog::format() const
{
    return static_cast<FigureFormat>(m_format->currentData().toInt());
}

FigureOptions ExportDialog::options() const
{
    FigureOptions o;
    o.size = QSize(m_width->value(), m_height->value());
    const bool png = format() == FigureFormat::Png;
    o.scale = png ? m_scale->value() : 1.0;
    o.transparent = png && m_transparent->isChecked();
    const int theme = m_theme->currentData().toInt();
    if (theme != kAsShown)
        o.theme = static_cast<Theme>(theme);
    o.title = m_title->text().trimmed();
    o.subtitle = m_subtitle->text().trimmed();
    return o;
}

void ExportDialog::setOptions(const FigureOptions& options)
{
    m_syncing = true;
    m_width->setValue(options.size.width());
    m_height->setValue(options.size.height());
    int preset = static_cast<int>(kPresets.size()); // custom
    for (std::size_t i = 0; i < kPresets.size(); ++i) {
        if (kPresets[i] == options.size)
            preset = static_cast<int>(i);
    }
    m_preset->setCurrentIndex(preset);
    m_scale->setValue(options.scale);
    m_transparent->setChecked(options.transparent);
    const int theme = options.theme ? static_cast<int>(*options.theme) : kAsShown;
    m_theme->setCurrentIndex(std::max(0, m_theme->findData(theme)));
    m_title->setText(options.title);
    m_subtitle->setText(options.subtitle);
    m_syncing = false;
    updateState();
}

FigureOptions ExportDialog::savedOptions()
{
    QSettings s;
    s.beginGroup(QStringLiteral("export"));
    FigureOptions o;
    const QSize size = s.value(QStringLiteral("size"), o.size).toSize();
    if (size.width() >= 16 && size.height() >= 16 && size.width() <= 16384 &&
        size.height() <= 16384)
        o.size = size;
    o.scale = std::clamp(s.value(QStringLiteral("scale"), 1.0).toDouble(), 1.0, 4.0);
    const QString theme = s.value(QStringLiteral("theme")).toString();
    if (auto t = parseTheme(theme.toStdString()))
        o.theme = *t;
    o.transparent = s.value(QStringLiteral("transparent"), false).toBool();
    o.title = s.value(QStringLiteral("title")).toString();
    o.subtitle = s.value(QStringLiteral("subtitle")).toString();
    return o;
}

QString ExportDialog::savedPath()
{
    QSettings s;
    const QString path = s.value(QStringLiteral("export/path")).toString();
    return path.isEmpty() ? defaultPath() : path;
}

void ExportDialog::saveSettings() const
{
    QSettings s;
    s.beginGroup(QStringLiteral("export"));
    const FigureOptions o = options();
    s.setValue(QStringLiteral("path"), path());
    s.setValue(QStringLiteral("size"), o.size);
    s.setValue(QStringLiteral("scale"), m_scale->value());
    s.setValue(QStringLiteral("theme"),
               o.theme ? QString::fromUtf8(themeName(*o.theme).data(),
                                           static_cast<qsizetype>(themeName(*o.theme).size()))
                       : QString());
    s.setValue(QStringLiteral("transparent"), m_transparent->isChecked());
    s.setValue(QStringLiteral("title"), o.title);
    s.setValue(QStringLiteral("subtitle"), o.subtitle);
}

void ExportDialog::accept()
{
    if (path().isEmpty()) {
        QMessageBox::warning(this, tr("Export Figure"), tr("Choose a file to export to."));
        return;
    }
    // A name without a known suffix gets the chosen format's.
    if (!figureFormatForFile(path()))
        m_path->setText(path() + QLatin1Char('.') + figureFormatSuffix(format()));
    // The file chooser already asked about the name it returned.
    const QFileInfo target(path());
    if (target.exists() && path() != m_confirmedPath) {
        const auto answer = Prompt::ask(
            this, {tr("Replace File?"),
                   tr("%1 already exists in %2. Replace it?")
                       .arg(target.fileName(), QDir::toNativeSeparators(target.absolutePath())),
                   QMessageBox::Yes | QMessageBox::No, QMessageBox::No});
        if (answer != QMessageBox::Yes)
            return;
    }
    saveSettings();
    QDialog::accept();
}

void ExportDialog::browse()
{
    const QString chosen = QFileDialog::getSaveFileName(
        this, tr("Export Figure"), path(),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (!chosen.isEmpty()) {
        setPath(chosen);
        m_confirmedPath = path();
    }
}

void ExportDialog::onPathEdited()
{
    if (const auto f = figureFormatForFile(path())) {
        m_syncing = true;
        m_format->setCurrentIndex(m_format->findData(static_cast<int>(*f)));
        m_syncing = false;
    }
    updateState();
}

void ExportDialog::onFormatChanged()
{
    if (!m_syncing) {
        // The file name follows the combo: "fig.png" becomes "fig.svg".
        const QString p = path();
        const QString suffix = figureFormatSuffix(format());
        if (figureFormatForFile(p)) {
            const QFileInfo info(p);
            m_path->setText(p.left(p.size() - info.suffix().size()) + suffix);
        } else if (!p.isEmpty()) {
            m_path->setText(p + QLatin1Char('.') + suffix);
        }
    }
    updateState();
}

void ExportDialog::onPresetChanged()
{
    const int i = m_preset->currentIndex();
    if (!m_syncing && i >= 0 && i < static_cast<int>(kPresets.size())) {
        m_syncing = true;
        m_width->setValue(kPresets[static_cast<std::size_t>(i)].width());
        m_height->setValue(kPresets[static_cast<std::size_t>(i)].height());
        m_syncing = false;
    }
    updateState();
}

void ExportDialog::setPreviewRenderer(PreviewRenderer renderer)
{
    m_renderer = std::move(renderer);
    m_preview->setVisible(static_cast<bool>(m_renderer));
    updatePreviewNow();
}

void ExportDialog::updatePreviewNow()
{
    m_previewTimer->stop();
    if (!m_renderer)
        return;
    // Same layout as the export at the figure's aspect; the exporter magnifies a reference
    // layout, so a small render looks like the large file, only coarser.
    FigureOptions o = options();
    const QSize wanted = o.size.isEmpty() ? QSize(16, 9) : o.size;
    o.size = wanted.scaled(QSize(2 * kPreviewWidth, 2 * kPreviewWidth), Qt::KeepAspectRatio);
    o.scale = 1.0;
    m_previewImage = m_renderer(o);
    if (m_previewImage.isNull()) {
        m_preview->setText(tr("No preview"));
        return;
    }
    const QSize box(kPreviewWidth, kPreviewWidth * 9 / 16);
    m_preview->setPixmap(QPixmap::fromImage(m_previewImage.scaled(
        box * m_preview->devicePixelRatioF(), Qt::KeepAspectRatio, Qt::SmoothTransformation)));
}

void ExportDialog::updateState()
{
    if (m_syncing)
        return;
    if (m_previewTimer)
        m_previewTimer->start();
    const QSize size(m_width->value(), m_height->value());
    // Typing a preset's numbers selects it; anything else is custom.
    int preset = static_cast<int>(kPresets.size());
    for (std::size_t i = 0; i < kPresets.size(); ++i) {
        if (kPresets[i] == size)
            preset = static_cast<int>(i);
    }
    m_syncing = true;
    m_preset->setCurrentIndex(preset);
    m_syncing = false;

    const bool png = format() == FigureFormat::Png;
    m_scale->setEnabled(png);
    m_transparent->setEnabled(png);
    const FigureOptions o = options();
    switch (format()) {
    case FigureFormat::Png: {
        const QSize px = o.size * o.scale;
        m_summary->setText(tr("%1 × %2 pixels").arg(px.width()).arg(px.height()));
        break;
    }
    case FigureFormat::Svg:
        m_summary->setText(tr("Vector drawing, %1 × %2 units, text stays editable")
                               .arg(size.width())
                               .arg(size.height()));
        break;
    case FigureFormat::Pdf:
        m_summary->setText(tr("One page of %1 × %2 points").arg(size.width()).arg(size.height()));
        break;
    }
}

} // namespace roofscope
