#include "ui/document/kernelsentence.h"

#include "core/measured/kernelanalysis.h"
#include "core/measured/runcomparison.h"
#include "core/measured/tilepadding.h"
#include "core/util/format.h"
#include "ui/text/datanames.h"
#include "ui/text/humanformat.h"

#include <QCoreApplication>

#include <algorithm>

namespace roofscope {

// The translation context of the sentence's parts ("roofscope::KernelSentence").
class KernelSentence {
    Q_DECLARE_TR_FUNCTIONS(roofscope::KernelSentence)
};

namespace {

QString percent(double v)
{
    return HumanFormat::count(v, 2);
}

QString str(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace

QString kernelSentence(const Session& session, KernelRef ref)
{
    const Measurements& m = session.measurements();
    const MeasuredKernel* k = m.kernel(ref.set, ref.kernel);
    if (!k)
        return {};
    const int hw = k->gpu.empty() ? -1 : session.hardwareIndex(k->gpu);
    const Hardware* hardware =
        hw >= 0 ? &session.hardware()[static_cast<std::size_t>(hw)] : nullptr;
    const KernelAnalysis a = analyseKernel(*k, hardware);
    double total = 0.0;
    for (const MeasuredKernel& other : m.sets[static_cast<std::size_t>(ref.set)].kernels)
        total += other.timeS;

    const QString name = str(k->shortName.empty() ? k->name : k->shortName);
    const QString gpu = hw >= 0          ? session.shortName(hw)
                        : k->gpu.empty() ? KernelSentence::tr("an unknown GPU")
                                         : str(k->gpu);
    QString text = KernelSentence::tr("%1 on %2: ").arg(name, gpu);
    if (k->launches > 1)
        text += KernelSentence::tr("%1 launches, ")
                    .arg(HumanFormat::count(static_cast<double>(k->launches)));
    // A file of rates (an ncu roofline-chart section) holds no time: the sentence says so.
    text += k->timeKnown ? KernelSentence::tr("%1 (%2 % of the run)")
                               .arg(str(formatDuration(k->timeS)),
                                    percent(total > 0.0 ? k->timeS / total * 100.0 : 0.0))
                         : KernelSentence::tr("time not in this file");
    if (!a.achievedFlopsPerS) {
        text +=
            KernelSentence::tr(", no FLOPs counted: it is listed but has no place on the chart.");
    } else {
        if (const auto ai = a.aiAt(MemLevel::Dram))
            text += KernelSentence::tr(", AI %1 FLOP/byte at DRAM").arg(HumanFormat::count(*ai, 3));
        text += KernelSentence::tr(", %1 achieved").arg(str(formatFlopsRate(*a.achievedFlopsPerS)));
        const Ceiling* roof = hardware ? kernelCeiling(*k, *hardware) : nullptr;
        if (a.percentOfRoof && a.bound && roof)
            text += (*a.bound == Bound::Memory
                         ? KernelSentence::tr(" = %1 % of the %2 roof (memory-bound)")
                         : KernelSentence::tr(" = %1 % of the %2 roof (compute-bound)"))
                        .arg(percent(*a.percentOfRoof), boundRoofName(*hardware, *roof, *a.bound));
        text += QLatin1Char('.');
        // Faster than its roof allows: the measurement or its reading is off, and the user is
        // told which of the usual causes to check, not left with "1,538 %".
        if (a.aboveRoof)
            text += QLatin1Char(' ') +
                    aboveRoofText(hardware, roof ? roof->precision : Precision::FP32);
    }

    // Before/after: the speedup of its pair between the two runs (which may have paired by
    // short name, under another full name).
    if (const auto comparison = compareMeasurements(m);
        comparison && (ref.set == comparison->beforeSet || ref.set == comparison->afterSet)) {
        const RunComparison& c = *comparison;
        const std::vector<int>& pairOf = ref.set == c.beforeSet ? c.beforePair : c.afterPair;
        const int index = pairOf[static_cast<std::size_t>(ref.kernel)];
        if (index >= 0) {
            const KernelSpeedup& s = c.pairs[static_cast<std::size_t>(index)];
            const QString times = KernelSentence::tr("%1 → %2").arg(str(formatDuration(s.beforeS)),
                                                                    str(formatDuration(s.afterS)));
            if (!s.speedup)
                text += QLatin1Char(' ') + KernelSentence::tr("Before → after: %1.").arg(times);
            else if (*s.speedup >= 1.0)
                text += QLatin1Char(' ') + KernelSentence::tr("Before → after: %1, %2× faster.")
                                               .arg(times, HumanFormat::count(*s.speedup, 3));
            else
                text += QLatin1Char(' ') + KernelSentence::tr("Before → after: %1, %2× slower.")
                                               .arg(times, HumanFormat::count(1.0 / *s.speedup, 3));
            // A partner under another full name is said, not left to be guessed.
            const std::string& partner = ref.set == c.beforeSet ? s.afterName : s.name;
            if (s.match == KernelMatch::ShortName)
                text += QLatin1Char(' ') +
                        KernelSentence::tr("Paired by short name with %1.").arg(str(partner));
            else if (s.match == KernelMatch::Hand)
                text += QLatin1Char(' ') +
                        KernelSentence::tr("Paired by hand with %1.").arg(str(partner));
        }
    }
    return text;
}

QString aboveRoofText(const Hardware* hw, Precision precision)
{
    if (hw && hw->isCpu())
        return KernelSentence::tr(
                   "Above this CPU's measured %1 FMA roof: the kernel may use a wider or other "
                   "unit than the probe measured (AVX-512, AMX, BF16 dot products), its FLOP or "
                   "byte counts may be off, or cache hits make its DRAM bytes understate the "
                   "traffic.")
            .arg(QString::fromUtf8(precisionName(precision)).toUpper());
    return KernelSentence::tr(
        "Above its roof: the GPU may run above its datasheet clock, the kernel may use a faster "
        "unit than its precision suggests (tensor cores), or L2 hits make its DRAM bytes "
        "understate the traffic.");
}

QString kernelLinkSentence(const Session& session, KernelRef ref)
{
    const MeasuredKernel* k = session.measurements().kernel(ref.set, ref.kernel);
    const int op = session.measurementStore()->linkedOperator(ref);
    if (!k || op < 0 || op >= static_cast<int>(session.operators().size()))
        return {};
    const QString opName = operatorDisplayName(session.operators()[static_cast<std::size_t>(op)]);
    const int hw = k->gpu.empty() ? -1 : session.hardwareIndex(k->gpu);
    const Expected<Estimate>* e =
        hw >= 0 && session.isChecked(hw) ? &session.estimate(op, hw) : nullptr;
    if (!e || !e->ok() || !((*e)->attainable > 0.0))
        return KernelSentence::tr("An instance of %1, which is not estimated on this GPU.")
            .arg(opName);
    // The prediction on its own roof, and the kernel against the prediction: one roof per
    // statement (the kernel's "% of roof" is read against the kernel's own ceiling above).
    const Estimate& estimate = **e;
    const QString predicted = str(formatFlopsRate(estimate.attainable));
    QString text = (estimate.bound == Bound::Memory
                        ? KernelSentence::tr("An instance of %1: the model predicts %2 on the %3 "
                                             "roof (memory-bound)")
                        : KernelSentence::tr("An instance of %1: the model predicts %2 on the %3 "
                                             "roof (compute-bound)"))
                       .arg(opName, predicted, ceilingDisplayName(estimate.ceiling));
    const Hardware& hardware = session.hardware()[static_cast<std::size_t>(hw)];
    // A profiler counts what the tensor units executed; the operator says what was useful, and
    // the prediction is of the useful work.
    const auto padding =
        tilePaddingAgainst(*k, estimate.flops * static_cast<double>(std::max(1LL, k->launches)));
    if (const KernelAnalysis a = analyseKernel(*k, &hardware); a.achievedFlopsPerS) {
        if (padding)
            text += KernelSentence::tr("; at its useful FLOPs the kernel achieves %1 % of that")
                        .arg(percent(*a.achievedFlopsPerS / padding->factor() /
                                     estimate.attainable * 100.0));
        else
            text += KernelSentence::tr("; the kernel achieves %1 % of that")
                        .arg(percent(*a.achievedFlopsPerS / estimate.attainable * 100.0));
    }
    text += QLatin1Char('.');
    if (!padding)
        return text;
    const QString factor = HumanFormat::count(padding->factor(), 3);
    const QString share = percent(padding->paddingShare() * 100.0);
    text += QLatin1Char(' ');
    if (padding->tile.rows > 0)
        text += KernelSentence::tr("Its %1×%2 tiles executed %3× the FLOPs of %4: %5 % of the "
                                   "tensor work was padding.")
                    .arg(padding->tile.rows)
                    .arg(padding->tile.cols)
                    .arg(factor, opName, share);
    else
        text += KernelSentence::tr("Its tensor units executed %1× the FLOPs of %2: %3 % of the "
                                   "work was padding.")
                    .arg(factor, opName, share);
    if (const auto bytes = k->bytesAt(MemLevel::Dram); bytes && *bytes > 0.0)
        text += QLatin1Char(' ') +
                KernelSentence::tr("At the useful FLOPs its intensity is %1 FLOP/byte, not %2.")
                    .arg(HumanFormat::count(padding->usefulFlops / *bytes, 3),
                         HumanFormat::count(padding->executedFlops / *bytes, 3));
    return text;
}

} // namespace roofscope
