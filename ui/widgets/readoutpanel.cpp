#include "ui/widgets/readoutpanel.h"

#include "core/util/format.h"
#include "ui/controls/livelabel.h"
#include "ui/document/kernelsentence.h"
#include "ui/document/session.h"
#include "ui/text/advicetext.h"
#include "ui/text/datanames.h"
#include "ui/text/humanformat.h"

#include <QFormLayout>
#include <QLabel>

#include <cmath>

namespace roofscope {

namespace {

QString fmt(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace

ReadoutPanel::ReadoutPanel(Session* session, QWidget* parent) : QWidget(parent), m_session(session)
{
    auto* form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    // The kernel selected in the Kernels table (or on the chart), in one sentence and its link
    // in another (kernelsentence.h). While a kernel is the selected item and no point is
    // hovered, only these rows show: the operator rows would describe something else.
    addRow(QStringLiteral("kernel"), tr("Kernel"));
    addRow(QStringLiteral("link"), tr("Link"));
    addRow(QStringLiteral("operator"), tr("Operator"));
    addRow(QStringLiteral("hardware"), tr("Accelerator"));
    addRow(QStringLiteral("ai"), tr("Intensity"));
    addRow(QStringLiteral("attainable"), tr("Attainable"));
    addRow(QStringLiteral("peak"), tr("Of peak"));
    addRow(QStringLiteral("bound"), tr("Bound"));
    addRow(QStringLiteral("time"), tr("Time"));
    addRow(QStringLiteral("ridge"), tr("Ridge"));
    addRow(QStringLiteral("crossing"), tr("Crossing"));
    addRow(QStringLiteral("advice"), tr("Advice"));
    connect(session, &Session::focusChanged, this, &ReadoutPanel::refresh);
    connect(session, &Session::focusChanged, this, &ReadoutPanel::refreshKernel);
    connect(session, &Session::operatorsChanged, this, &ReadoutPanel::refresh);
    connect(session, &Session::hardwareChanged, this, &ReadoutPanel::refresh);
    connect(session->measurementStore(), &MeasurementStore::kernelSelectionChanged, this,
            &ReadoutPanel::refreshKernel);
    connect(session->measurementStore(), &MeasurementStore::measurementsChanged, this,
            &ReadoutPanel::refreshKernel);
    connect(session, &Session::operatorsReset, this, &ReadoutPanel::refreshKernel);
    connect(session, &Session::operatorsChanged, this, &ReadoutPanel::refreshKernel);
    connect(session, &Session::hardwareChanged, this, &ReadoutPanel::refreshKernel);
    refresh();
    refreshKernel();
}

QLabel* ReadoutPanel::addRow(const QString& key, const QString& title)
{
    auto* value = new LiveLabel(this);
    value->setWordWrap(true);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    value->setObjectName(key);
    auto* label = new QLabel(title, this);
    QFont f = label->font();
    f.setBold(true);
    label->setFont(f);
    static_cast<QFormLayout*>(layout())->addRow(label, value);
    m_fields.append({key, value});
    return value;
}

QString ReadoutPanel::field(const QString& key) const
{
    for (const auto& [k, label] : m_fields) {
        if (k == key)
            return label->text();
    }
    return {};
}

bool ReadoutPanel::isFieldShown(const QString& key) const
{
    for (const auto& [k, label] : m_fields) {
        if (k == key)
            return static_cast<QFormLayout*>(layout())->isRowVisible(label);
    }
    return false;
}

void ReadoutPanel::refreshKernel()
{
    const KernelRef kernel = m_session->measurementStore()->selectedKernel();
    const QString text = kernelSentence(*m_session, kernel);
    const QString link = text.isEmpty() ? QString() : kernelLinkSentence(*m_session, kernel);
    const bool kernelShown = !text.isEmpty() && !m_session->hovered().isValid();
    auto* form = static_cast<QFormLayout*>(layout());
    for (const auto& [k, label] : m_fields) {
        if (k == QLatin1String("kernel")) {
            label->setText(text);
            form->setRowVisible(label, kernelShown);
        } else if (k == QLatin1String("link")) {
            // Shown with the kernel's row, never on its own: a form row made visible while the
            // panel's tab is behind another (a kernel linked from the Kernels tab) kept a zero
            // height once shown. Unlinked, it says how to link.
            label->setText(link.isEmpty() ? tr("Not linked to an operator: Link to Operator… in "
                                               "the Kernels panel says which operator it runs, "
                                               "and the model's prediction appears here.")
                                          : link);
            form->setRowVisible(label, kernelShown);
        } else {
            form->setRowVisible(label, !kernelShown);
        }
    }
}

void ReadoutPanel::refresh()
{
    const PointRef p = m_session->focus();
    auto set = [this](const char* key, const QString& text) {
        for (const auto& [k, label] : m_fields) {
            if (k == QLatin1String(key))
                label->setText(text);
        }
    };
    if (!p.isValid() || p.op >= static_cast<int>(m_session->operators().size())) {
        for (const auto& f : m_fields) {
            if (f.first != QLatin1String("kernel") && f.first != QLatin1String("link"))
                f.second->clear();
        }
        set("operator", tr("Hover a point or select an operator."));
        return;
    }
    const Operator& op = m_session->operators()[static_cast<std::size_t>(p.op)];
    set("operator", operatorDisplayName(op));
    set("hardware", m_session->shortName(p.hardware) + (p.hardware == m_session->baseline()
                                                            ? QStringLiteral(" ") + tr("(baseline)")
                                                            : QString()));
    const auto& e = m_session->estimate(p.op, p.hardware);
    if (!e) {
        for (const char* key :
             {"ai", "attainable", "peak", "bound", "time", "ridge", "crossing", "advice"})
            set(key, QString());
        set("ai", fmt(e.error().message));
        return;
    }
    set("ai", tr("%1 FLOP/byte (%2 over %3)")
                  .arg(HumanFormat::count(e->ai, 4), fmt(formatFlops(e->flops)),
                       fmt(formatBytes(e->bytes))));
    set("attainable", fmt(formatFlopsRate(e->attainable)));
    set("peak",
        tr("%1 % of the %2 %3 peak (%4)")
            .arg(QString::number(e->peakFraction * 100.0, 'f', e->peakFraction < 0.1 ? 2 : 1),
                 QString::fromUtf8(precisionName(e->ceiling.precision)).toUpper(),
                 computeUnitDisplayName(e->ceiling.unit),
                 fmt(formatFlopsRate(e->ceiling.flopsPerS))));
    set("bound", e->bound == Bound::Memory
                     ? tr("memory-bound (%1 at %2)")
                           .arg(fmt(e->memory.level), fmt(formatBandwidth(e->memory.bytesPerS)))
                     : tr("compute-bound"));
    set("time", fmt(formatDuration(e->timeS)));
    bool percent = false;
    const QString ridge = HumanFormat::count(e->ridgeAi, 3);
    if (e->ridgeDistance > 1.0) {
        const QString more = HumanFormat::excess(e->ridgeDistance, &percent);
        set("ridge", percent ? tr("ridge at %1 FLOP/byte: needs %2 % more intensity to become "
                                  "compute-bound")
                                   .arg(ridge, more)
                             : tr("ridge at %1 FLOP/byte: needs %2× more intensity to become "
                                  "compute-bound")
                                   .arg(ridge, more));
    } else {
        const QString past = HumanFormat::excess(1.0 / e->ridgeDistance, &percent);
        set("ridge",
            percent ? tr("ridge at %1 FLOP/byte: %2 % past it, compute-bound").arg(ridge, past)
                    : tr("ridge at %1 FLOP/byte: %2× past it, compute-bound").arg(ridge, past));
    }
    const std::string& param = op.definition().drivingParam;
    if (param.empty()) {
        set("crossing", tr("its intensity does not depend on its size"));
    } else if (auto c = m_session->crossing(p.op, p.hardware)) {
        set("crossing",
            tr("compute-bound from %1 %2 on %3")
                .arg(paramDisplayName(op.kind, param).toLower(), HumanFormat::count(std::ceil(*c)),
                     m_session->shortName(p.hardware)));
    } else {
        const auto [lo, hi] = m_session->paramRange(p.op, param);
        set("crossing", e->bound == Bound::Memory
                            ? tr("stays memory-bound for %1 up to %2 on %3")
                                  .arg(paramDisplayName(op.kind, param).toLower(),
                                       HumanFormat::count(hi), m_session->shortName(p.hardware))
                            : tr("compute-bound for every %1 from %2 on %3")
                                  .arg(paramDisplayName(op.kind, param).toLower(),
                                       HumanFormat::count(lo), m_session->shortName(p.hardware)));
    }
    set("advice",
        adviceDisplayText(adviceFor(adviceRegion(e->ai, e->ridgeAi), adviceFamily(op.kind))));
}

} // namespace roofscope
