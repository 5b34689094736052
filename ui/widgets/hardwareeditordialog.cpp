#include "ui/widgets/hardwareeditordialog.h"

#include "ui/document/usercatalog.h"
#include "ui/text/datanames.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace roofscope {

namespace {

constexpr double kTera = 1e12;
constexpr double kGiga = 1e9;

// The peaks a datasheet lists, in the order it lists them.
constexpr std::pair<Precision, ComputeUnit> kPeakFields[] = {
    {Precision::FP64, ComputeUnit::Vector}, {Precision::FP32, ComputeUnit::Vector},
    {Precision::TF32, ComputeUnit::Tensor}, {Precision::FP16, ComputeUnit::Tensor},
    {Precision::BF16, ComputeUnit::Tensor}, {Precision::FP8, ComputeUnit::Tensor},
    {Precision::INT8, ComputeUnit::Tensor}, {Precision::FP4, ComputeUnit::Tensor},
};

QDoubleSpinBox* spin(QWidget* parent, double max, int decimals, const QString& suffix,
                     const QString& none)
{
    auto* s = new QDoubleSpinBox(parent);
    s->setRange(0.0, max);
    s->setDecimals(decimals);
    s->setSuffix(suffix);
    s->setGroupSeparatorShown(true);
    s->setSpecialValueText(none);
    s->setAccelerated(true);
    return s;
}

} // namespace

HardwareEditorDialog::HardwareEditorDialog(std::function<bool(const std::string&)> idTaken,
                                           QWidget* parent)
    : QDialog(parent), m_idTaken(std::move(idTaken)), m_name(new QLineEdit(this)),
      m_id(new QLineEdit(this)), m_vendor(new QLineEdit(this)),
      m_bandwidth(spin(this, 1e5, 2, tr(" GB/s"), tr("none"))),
      m_capacity(spin(this, 1e5, 1, tr(" GB"), tr("unknown"))), m_problem(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("New Accelerator"));
    setObjectName(QStringLiteral("hardwareEditor"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    m_name->setPlaceholderText(tr("e.g. NVIDIA RTX 6000 Ada"));
    m_id->setPlaceholderText(tr("lowercase letters, digits and dashes"));
    m_vendor->setPlaceholderText(tr("NVIDIA, AMD, Intel, Google, …"));
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Id:"), m_id);
    form->addRow(tr("&Vendor:"), m_vendor);
    layout->addLayout(form);

    auto* peaks = new QGroupBox(tr("Dense peaks (0 = none)"), this);
    auto* peakForm = new QFormLayout(peaks);
    for (const auto& [precision, unit] : kPeakFields) {
        auto* box = spin(peaks, 1e6, 1, tr(" TFLOP/s"), tr("none"));
        box->setObjectName(QStringLiteral("peak_%1_%2")
                               .arg(QString::fromUtf8(precisionName(precision)),
                                    QString::fromUtf8(computeUnitName(unit))));
        Ceiling c;
        c.precision = precision;
        c.unit = unit;
        peakForm->addRow(ceilingDisplayName(c) + QLatin1Char(':'), box);
        m_peaks.push_back({precision, unit, box});
        connect(box, &QDoubleSpinBox::valueChanged, this, &HardwareEditorDialog::revalidate);
    }
    layout->addWidget(peaks);

    auto* memory = new QFormLayout;
    m_bandwidth->setDecimals(0);
    memory->addRow(tr("Memory &bandwidth:"), m_bandwidth);
    memory->addRow(tr("Memory &capacity:"), m_capacity);
    layout->addLayout(memory);

    m_problem->setWordWrap(true);
    m_problem->setObjectName(QStringLiteral("problem"));
    QPalette warn = m_problem->palette();
    warn.setColor(QPalette::WindowText, QColor(0xc0, 0x39, 0x2b));
    m_problem->setPalette(warn);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (problem().isEmpty())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    connect(m_name, &QLineEdit::textChanged, this, [this](const QString& name) {
        // The id follows the name until the user types one (a new entry only).
        if (!m_editing && !m_idEdited) {
            const QSignalBlocker block(m_id);
            m_id->setText(QString::fromStdString(slug(name)));
        }
        revalidate();
    });
    connect(m_id, &QLineEdit::textEdited, this, [this] { m_idEdited = true; });
    connect(m_id, &QLineEdit::textChanged, this, &HardwareEditorDialog::revalidate);
    connect(m_vendor, &QLineEdit::textChanged, this, &HardwareEditorDialog::revalidate);
    connect(m_bandwidth, &QDoubleSpinBox::valueChanged, this, &HardwareEditorDialog::revalidate);
    connect(m_capacity, &QDoubleSpinBox::valueChanged, this, &HardwareEditorDialog::revalidate);
    // Tab follows the form top to bottom (the memory boxes are made before the peaks).
    QWidget* previous = m_vendor;
    setTabOrder(m_name, m_id);
    setTabOrder(m_id, m_vendor);
    for (const PeakField& f : m_peaks) {
        setTabOrder(previous, f.box);
        previous = f.box;
    }
    setTabOrder(previous, m_bandwidth);
    setTabOrder(m_bandwidth, m_capacity);
    setTabOrder(m_capacity, m_buttons);
    revalidate();
}

std::string HardwareEditorDialog::slug(const QString& name)
{
    QString s = name.toLower();
    s.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
    s.remove(QRegularExpression(QStringLiteral("^-+|-+$")));
    return s.toStdString();
}

QDoubleSpinBox* HardwareEditorDialog::peakBox(Precision precision, ComputeUnit unit) const
{
    for (const PeakField& f : m_peaks) {
        if (f.precision == precision && f.unit == unit)
            return f.box;
    }
    return nullptr;
}

void HardwareEditorDialog::setHardware(const Hardware& hw)
{
    m_original = hw;
    m_editing = true;
    setWindowTitle(tr("Edit %1").arg(QString::fromStdString(hw.name)));
    m_name->setText(QString::fromStdString(hw.name));
    m_id->setText(QString::fromStdString(hw.id));
    // Editing overrides the entry of this id: the id is what ties the two together.
    m_id->setReadOnly(true);
    m_vendor->setText(QString::fromStdString(hw.vendor));
    for (const PeakField& f : m_peaks) {
        const Ceiling* c = hw.findCeiling(f.precision, f.unit);
        f.box->setValue(c ? c->flopsPerS / kTera : 0.0);
    }
    const MemoryLevel* main = hw.mainMemory();
    m_bandwidth->setValue(main ? main->bytesPerS / kGiga : 0.0);
    m_capacity->setValue(hw.memoryBytes / kGiga);
    revalidate();
}

Hardware HardwareEditorDialog::hardware() const
{
    Hardware hw = m_original;
    hw.name = m_name->text().trimmed().toStdString();
    hw.id = m_id->text().trimmed().toStdString();
    hw.vendor = m_vendor->text().trimmed().toStdString();
    const std::string source = "entered in RoofScope's accelerator editor";
    std::vector<Ceiling> ceilings;
    for (const PeakField& f : m_peaks) {
        if (!(f.box->value() > 0.0))
            continue;
        const Ceiling* old = m_original.findCeiling(f.precision, f.unit);
        Ceiling c = old ? *old : Ceiling{};
        c.precision = f.precision;
        c.unit = f.unit;
        const double value = f.box->value() * kTera;
        // A figure the user did not touch keeps its source; a changed one is theirs.
        if (!old || std::abs(old->flopsPerS / kTera - f.box->value()) > 0.05) {
            c.flopsPerS = value;
            c.source = source;
            c.estimate = false;
        }
        ceilings.push_back(c);
    }
    // Peaks the form does not list (INT4, FP16 vector, ...) stay as they were.
    for (const Ceiling& c : m_original.ceilings) {
        if (!peakBox(c.precision, c.unit))
            ceilings.push_back(c);
    }
    hw.ceilings = std::move(ceilings);
    const double bandwidth = m_bandwidth->value() * kGiga;
    const MemoryLevel* main = m_original.mainMemory();
    const std::string level = main ? main->level : std::string("hbm");
    std::vector<MemoryLevel> memory;
    memory.push_back(main ? *main : MemoryLevel{level, 0.0, {}, false});
    if (!main || std::abs(main->bytesPerS / kGiga - m_bandwidth->value()) > 0.5) {
        memory.front().bytesPerS = bandwidth;
        memory.front().source = source;
        memory.front().estimate = false;
    }
    for (const MemoryLevel& m : m_original.memory) {
        if (m.level != level)
            memory.push_back(m);
    }
    hw.memory = std::move(memory);
    if (std::abs(m_original.memoryBytes / kGiga - m_capacity->value()) > 0.05) {
        hw.memoryBytes = m_capacity->value() * kGiga;
        hw.memorySource = hw.memoryBytes > 0.0 ? source : std::string();
    }
    return hw;
}

QString HardwareEditorDialog::problem() const
{
    const Hardware hw = hardware();
    if (hw.name.empty())
        return tr("Give the accelerator a name.");
    if (!QRegularExpression(QStringLiteral("^[a-z0-9][a-z0-9._-]*$"))
             .match(QString::fromStdString(hw.id))
             .hasMatch())
        return tr("The id is lowercase letters, digits, dots and dashes (\"rtx-6000-ada\").");
    if (!m_editing && m_idTaken && m_idTaken(hw.id))
        return tr("Another accelerator already has the id \"%1\": edit that one, or choose "
                  "another id.")
            .arg(QString::fromStdString(hw.id));
    if (hw.vendor.empty())
        return tr("Name the vendor.");
    if (hw.ceilings.empty())
        return tr("Enter at least one peak.");
    if (!(m_bandwidth->value() > 0.0))
        return tr("Enter the memory bandwidth.");
    if (auto error = UserCatalog::validate(hw))
        return *error;
    return {};
}

void HardwareEditorDialog::revalidate()
{
    const QString p = problem();
    m_problem->setText(p);
    m_buttons->button(QDialogButtonBox::Save)->setEnabled(p.isEmpty());
}

} // namespace roofscope
