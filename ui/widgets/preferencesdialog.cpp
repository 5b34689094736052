#include "ui/widgets/preferencesdialog.h"

#include "ui/text/translation.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace roofscope {

PreferencesDialog::PreferencesDialog(QWidget* parent)
    : QDialog(parent), m_theme(new QComboBox(this)),
      m_fp8(new QCheckBox(tr("FP8 tensor roof"), this)),
      m_fp32(new QCheckBox(tr("FP32 vector roof"), this)),
      m_fp64(new QCheckBox(tr("FP64 roof"), this)),
      m_l2(new QCheckBox(tr("Cache roofs: L1, L2, L3 bandwidth slopes (where known)"), this)),
      m_sweep(new QCheckBox(tr("Sweep path of the selected operator"), this)),
      m_labels(new QCheckBox(tr("Operator labels"), this)),
      m_restore(new QCheckBox(tr("Restore the last session on start"), this))
{
    setWindowTitle(tr("Preferences"));
    m_theme->addItem(tr("Light"), static_cast<int>(Theme::Light));
    m_theme->addItem(tr("Dark"), static_cast<int>(Theme::Dark));
    m_theme->addItem(tr("Slide (high contrast, large)"), static_cast<int>(Theme::Slide));
    auto* form = new QFormLayout;
    form->addRow(tr("Chart theme"), m_theme);
    form->addRow(tr("Extra roofs"), m_fp8);
    form->addRow(QString(), m_fp32);
    form->addRow(QString(), m_fp64);
    form->addRow(QString(), m_l2);
    form->addRow(tr("Overlays"), m_sweep);
    form->addRow(QString(), m_labels);
    form->addRow(tr("Start-up"), m_restore);
    // The window builds its strings once, so a new language applies on the next start.
    m_language = new QComboBox(this);
    m_language->addItem(tr("System default (%1)").arg(languageName(systemLanguage())), QString());
    for (const QString& lang : availableLanguages())
        m_language->addItem(languageName(lang), lang);
    m_language->setCurrentIndex(qMax(0, m_language->findData(languageSetting())));
    auto* languageNote = new QLabel(tr("Takes effect after RoofScope restarts."), this);
    languageNote->setEnabled(false);
    form->addRow(tr("Language"), m_language);
    form->addRow(QString(), languageNote);
    connect(this, &QDialog::accepted, this, [this] { setLanguageSetting(language()); });
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

void PreferencesDialog::setValues(Theme theme, const ChartToggles& toggles, bool restoreSession)
{
    m_theme->setCurrentIndex(m_theme->findData(static_cast<int>(theme)));
    m_fp8->setChecked(toggles.fp8);
    m_fp32->setChecked(toggles.fp32Vector);
    m_fp64->setChecked(toggles.fp64);
    m_l2->setChecked(toggles.l2);
    m_sweep->setChecked(toggles.sweep);
    m_labels->setChecked(toggles.labels);
    m_restore->setChecked(restoreSession);
}

Theme PreferencesDialog::theme() const
{
    return static_cast<Theme>(m_theme->currentData().toInt());
}

ChartToggles PreferencesDialog::toggles() const
{
    ChartToggles t;
    t.fp8 = m_fp8->isChecked();
    t.fp32Vector = m_fp32->isChecked();
    t.fp64 = m_fp64->isChecked();
    t.l2 = m_l2->isChecked();
    t.sweep = m_sweep->isChecked();
    t.labels = m_labels->isChecked();
    return t;
}

bool PreferencesDialog::restoreSession() const
{
    return m_restore->isChecked();
}

QString PreferencesDialog::language() const
{
    return m_language->currentData().toString();
}

} // namespace roofscope
