#include "ui/widgets/measuredialog.h"

#include "core/hardware/datasheetratios.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QPushButton>
#include <QVBoxLayout>

namespace roofscope {

MeasureDialog::MeasureDialog(std::vector<Device> devices, const std::vector<Hardware>& catalog,
                             QWidget* parent)
    : QDialog(parent), m_devices(std::move(devices)), m_device(new QComboBox(this)),
      m_datasheet(new QComboBox(this))
{
    setWindowTitle(tr("Measure This Machine"));
    m_device->setObjectName(QStringLiteral("measureDevice"));
    m_datasheet->setObjectName(QStringLiteral("measureDatasheet"));
    for (const Device& d : m_devices)
        m_device->addItem(d.label);
    m_datasheet->addItem(tr("(none)"), QString());
    for (const Hardware& hw : catalog) {
        if (isDatasheetEntry(hw))
            m_datasheet->addItem(QString::fromStdString(hw.name), QString::fromStdString(hw.id));
    }
    m_datasheet->setToolTip(
        tr("The catalog entry of the same device, from its datasheet. The measured entry names "
           "it (\"measured_of\"), and its tooltip and the comparison table then show measured ÷ "
           "datasheet for every roof both have. (none) for a CPU or a device the catalog "
           "lacks."));
    m_device->setToolTip(tr("The CPU (every core) or a Vulkan device, in the loader's order."));

    auto* form = new QFormLayout;
    form->addRow(tr("&Device to measure:"), m_device);
    form->addRow(tr("&Measures datasheet entry:"), m_datasheet);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Measure"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    // Top to bottom, as the form reads: the device, what it measures, then the buttons.
    setTabOrder(m_device, m_datasheet);
    setTabOrder(m_datasheet, buttons);

    connect(m_device, &QComboBox::currentIndexChanged, this, &MeasureDialog::selectGuess);
    selectGuess();
    m_device->setFocus();
}

int MeasureDialog::deviceIndex() const
{
    return m_device->currentIndex();
}

std::string MeasureDialog::measuredOf() const
{
    return m_datasheet->currentData().toString().toStdString();
}

void MeasureDialog::selectGuess()
{
    const int device = m_device->currentIndex();
    const std::string guess = device >= 0 && device < static_cast<int>(m_devices.size())
                                  ? m_devices[static_cast<std::size_t>(device)].datasheetGuess
                                  : std::string();
    m_datasheet->setCurrentIndex(qMax(0, m_datasheet->findData(QString::fromStdString(guess))));
}

} // namespace roofscope
