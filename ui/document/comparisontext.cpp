#include "ui/document/comparisontext.h"

#include "ui/document/session.h"
#include "ui/text/humanformat.h"

#include <QCoreApplication>

#include <string>

namespace roofscope {

namespace {

struct PhraseSource {
    ComparisonPhrase phrase;
    const char* text;
};

// The phrases of core/measured/runcomparison.cpp, listed here so that lupdate sees them and
// zh_CN translates them; at run time the core's own text is what gets translated.
constexpr PhraseSource kSources[] = {
    {ComparisonPhrase::Runs, QT_TRANSLATE_NOOP("roofscope::ComparisonText", "%1 → %2")},
    {ComparisonPhrase::OtherRun,
     QT_TRANSLATE_NOOP("roofscope::ComparisonText", "%1 more run not compared: %2")},
    {ComparisonPhrase::OtherRuns,
     QT_TRANSLATE_NOOP("roofscope::ComparisonText", "%1 more runs not compared: %2")},
    {ComparisonPhrase::Paired,
     QT_TRANSLATE_NOOP("roofscope::ComparisonText", "%1 of %2 kernels paired")},
    {ComparisonPhrase::PairedShort,
     QT_TRANSLATE_NOOP("roofscope::ComparisonText", "%1 of %2 kernels paired (%3 by short name)")},
    {ComparisonPhrase::PairedHand,
     QT_TRANSLATE_NOOP("roofscope::ComparisonText", "%1 of %2 kernels paired (%3 by hand)")},
    {ComparisonPhrase::PairedShortHand,
     QT_TRANSLATE_NOOP("roofscope::ComparisonText",
                       "%1 of %2 kernels paired (%3 by short name, %4 by hand)")},
    {ComparisonPhrase::OnlyBefore,
     QT_TRANSLATE_NOOP("roofscope::ComparisonText", "%1 only before: %2")},
    {ComparisonPhrase::OnlyBeforeMore,
     QT_TRANSLATE_NOOP("roofscope::ComparisonText", "%1 only before: %2 and %3 more")},
    {ComparisonPhrase::OnlyAfter,
     QT_TRANSLATE_NOOP("roofscope::ComparisonText", "%1 only after: %2")},
    {ComparisonPhrase::OnlyAfterMore,
     QT_TRANSLATE_NOOP("roofscope::ComparisonText", "%1 only after: %2 and %3 more")},
    {ComparisonPhrase::Faster,
     QT_TRANSLATE_NOOP("roofscope::ComparisonText", "whole run %1× faster")},
    {ComparisonPhrase::Slower,
     QT_TRANSLATE_NOOP("roofscope::ComparisonText", "whole run %1× slower")},
    {ComparisonPhrase::DifferentGpus,
     QT_TRANSLATE_NOOP("roofscope::ComparisonText",
                       "runs on different GPUs (%1 / %2): times are not like for like")},
};

} // namespace

QString comparisonDisplayText(const std::vector<ComparisonPart>& parts)
{
    QStringList shown;
    for (const ComparisonPart& part : parts) {
        const std::string english(comparisonPhraseText(part.phrase));
        QString text = QCoreApplication::translate("roofscope::ComparisonText", english.c_str());
        // All at once, as the core fills them: a kernel name with "%2" in it stays as it is.
        QStringList args;
        for (const ComparisonArg& arg : part.args)
            args << (arg.number ? HumanFormat::count(*arg.number, 3)
                                : QString::fromStdString(arg.text));
        switch (args.size()) {
        case 1:
            text = text.arg(args[0]);
            break;
        case 2:
            text = text.arg(args[0], args[1]);
            break;
        case 3:
            text = text.arg(args[0], args[1], args[2]);
            break;
        case 4:
            text = text.arg(args[0], args[1], args[2], args[3]);
            break;
        default:
            break;
        }
        shown << text;
    }
    return shown.join(QStringLiteral(" · "));
}

QString comparisonDisplayText(const Session& session)
{
    const auto c = compareMeasurements(session.measurements());
    if (!c)
        return {};
    return comparisonDisplayText(comparisonParts(*c, [&session](const std::string& id) {
        const int hw = session.hardwareIndex(id);
        return hw >= 0 ? session.shortName(hw).toStdString() : id;
    }));
}

const char* comparisonSourceText(ComparisonPhrase phrase)
{
    for (const PhraseSource& s : kSources) {
        if (s.phrase == phrase)
            return s.text;
    }
    return nullptr;
}

} // namespace roofscope
