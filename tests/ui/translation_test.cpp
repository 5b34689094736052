// The Simplified Chinese interface: the .ts is complete (every message translated, finished,
// with its placeholders and accelerators), it covers every tr() string in ui/, and once
// installed the window's menus, docks and dialogs come out in Chinese. Every test leaves the
// application in English for the tests that follow.
#include "core/figure/figure.h"
#include "core/figure/rooflabel.h"
#include "core/hardware/catalog.h"
#include "tests/generated/testpaths.h"
#include "ui/document/comparisontext.h"
#include "ui/text/advicetext.h"
#include "ui/text/datanames.h"
#include "ui/text/translation.h"
#include "ui/widgets/preferencesdialog.h"
#include "uitestutil.h"

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace roofscope;
using roofscope::test::makeWindow;

namespace {

const QString kTsFile = QString::fromUtf8(ROOFSCOPE_ZH_CN_TS);

struct TsMessage {
    QString context;
    QString source;
    QString translation; // numerus forms joined with '\n'
    QString type;        // "", "unfinished", "vanished", "obsolete"
    bool numerus = false;
    bool emptyForm = false; // some numerus form is empty
};

std::vector<TsMessage> readTs(const QString& path, QString* error)
{
    std::vector<TsMessage> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = f.errorString();
        return out;
    }
    QXmlStreamReader xml(&f);
    QString context;
    TsMessage current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("context")) {
                context.clear();
            } else if (name == QLatin1String("name") && current.source.isNull() &&
                       context.isEmpty()) {
                context = xml.readElementText();
            } else if (name == QLatin1String("message")) {
                current = TsMessage{};
                current.context = context;
                current.numerus =
                    xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            } else if (name == QLatin1String("source")) {
                current.source = xml.readElementText();
            } else if (name == QLatin1String("translation")) {
                current.type = xml.attributes().value(QLatin1String("type")).toString();
                if (!current.numerus) {
                    current.translation = xml.readElementText();
                }
            } else if (name == QLatin1String("numerusform")) {
                const QString form = xml.readElementText();
                current.emptyForm = current.emptyForm || form.isEmpty();
                current.translation +=
                    (current.translation.isEmpty() ? QString() : QStringLiteral("\n")) + form;
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            out.push_back(current);
            current = TsMessage{};
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("%1 at line %2").arg(xml.errorString()).arg(xml.lineNumber());
    return out;
}

bool isLive(const TsMessage& m)
{
    return m.type != QLatin1String("vanished") && m.type != QLatin1String("obsolete");
}

QString describe(const TsMessage& m)
{
    return m.context + QStringLiteral(": \"") + m.source + QStringLiteral("\"");
}

// %1…%99 in a string, as a set.
QSet<QString> placeholders(const QString& s)
{
    static const QRegularExpression re(QStringLiteral("%L?(\\d{1,2})"));
    QSet<QString> out;
    for (auto it = re.globalMatch(s); it.hasNext();)
        out.insert(it.next().captured(1));
    return out;
}

// The mnemonic letter of "&File" ("F"), empty when there is none ("&&" is a literal '&').
QString mnemonic(const QString& s)
{
    for (qsizetype i = 0; i + 1 < s.size(); ++i) {
        if (s[i] != QLatin1Char('&'))
            continue;
        if (s[i + 1] == QLatin1Char('&')) {
            ++i;
            continue;
        }
        if (s[i + 1].isLetterOrNumber())
            return s[i + 1].toUpper();
    }
    return {};
}

// Switches the application to a language for one test and always back to English.
class LanguageGuard {
public:
    explicit LanguageGuard(const QString& lang) { m_ok = installTranslator(lang); }
    ~LanguageGuard() { installTranslator(QStringLiteral("en")); }
    bool ok() const { return m_ok; }

private:
    bool m_ok = false;
};

QStringList menuTitles(QMainWindow* w)
{
    QStringList titles;
    for (QAction* a : w->menuBar()->actions()) {
        if (a->menu())
            titles << a->text();
    }
    return titles;
}

} // namespace

TEST(Translation, TsFileIsComplete)
{
    QString error;
    const std::vector<TsMessage> messages = readTs(kTsFile, &error);
    ASSERT_TRUE(error.isEmpty()) << kTsFile.toStdString() << ": " << error.toStdString();
    ASSERT_GT(messages.size(), 100u) << "the .ts holds too few messages: is it the right file?";

    QStringList unfinished, empty, placeholderMismatch, badMnemonic, badContext;
    int live = 0;
    for (const TsMessage& m : messages) {
        if (!isLive(m))
            continue;
        ++live;
        if (m.type == QLatin1String("unfinished"))
            unfinished << describe(m);
        if (m.translation.trimmed().isEmpty() || m.emptyForm)
            empty << describe(m);
        else if (placeholders(m.source) != placeholders(m.translation))
            placeholderMismatch << describe(m) + QStringLiteral(" → ") + m.translation;
        const QString key = mnemonic(m.source);
        if (!key.isEmpty() && mnemonic(m.translation) != key)
            badMnemonic << describe(m) + QStringLiteral(" → ") + m.translation;
        // tr() in namespace roofscope looks up "roofscope::Class"; a context without the
        // namespace (lupdate run without "-I .") would never match at run time.
        if (!m.context.startsWith(QLatin1String("roofscope::")))
            badContext << describe(m);
    }
    EXPECT_GT(live, 100);
    EXPECT_EQ(unfinished.size(), 0)
        << "unfinished:\n  " << unfinished.join(QStringLiteral("\n  ")).toStdString();
    EXPECT_EQ(empty.size(), 0) << "untranslated:\n  "
                               << empty.join(QStringLiteral("\n  ")).toStdString();
    EXPECT_EQ(placeholderMismatch.size(), 0)
        << "placeholders differ:\n  "
        << placeholderMismatch.join(QStringLiteral("\n  ")).toStdString();
    EXPECT_EQ(badMnemonic.size(), 0) << "accelerator lost (keep it as a \"(&F)\" suffix):\n  "
                                     << badMnemonic.join(QStringLiteral("\n  ")).toStdString();
    EXPECT_EQ(badContext.size(), 0) << "contexts without the roofscope:: namespace:\n  "
                                    << badContext.join(QStringLiteral("\n  ")).toStdString();
}

// Runs lupdate over ui/ into a scratch file (never the source tree) and checks that every
// tr() string it finds is in the committed .ts: a string added without refreshing the .ts
// fails here. The fix: run the lupdate command in resources/translations/translations.cmake
// and translate what it adds.
TEST(Translation, TsCoversEverySourceString)
{
    const QString lupdate = QString::fromUtf8(ROOFSCOPE_LUPDATE);
    if (!QFileInfo(lupdate).isExecutable())
        GTEST_SKIP() << "lupdate not found at " << lupdate.toStdString();
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString scratch = dir.filePath(QStringLiteral("scan_zh_CN.ts"));
    const QString root = QString::fromUtf8(ROOFSCOPE_SOURCE_DIR);
    QProcess p;
    p.setWorkingDirectory(root);
    p.start(lupdate, {QStringLiteral("ui"), QStringLiteral("-I"), QStringLiteral("."),
                      QStringLiteral("-silent"), QStringLiteral("-locations"),
                      QStringLiteral("none"), QStringLiteral("-ts"), scratch});
    ASSERT_TRUE(p.waitForFinished(120000));
    ASSERT_EQ(p.exitCode(), 0) << p.readAllStandardError().toStdString();

    QString error;
    QSet<QString> committed;
    for (const TsMessage& m : readTs(kTsFile, &error)) {
        if (isLive(m))
            committed.insert(m.context + QChar(0) + m.source);
    }
    ASSERT_TRUE(error.isEmpty()) << error.toStdString();
    const std::vector<TsMessage> found = readTs(scratch, &error);
    ASSERT_TRUE(error.isEmpty()) << error.toStdString();
    ASSERT_FALSE(found.empty());
    QStringList missing;
    for (const TsMessage& m : found) {
        if (!committed.contains(m.context + QChar(0) + m.source))
            missing << describe(m);
    }
    EXPECT_EQ(missing.size(), 0) << missing.size() << " tr() strings in ui/ are not in "
                                 << kTsFile.toStdString()
                                 << " (run lupdate, then translate them):\n  "
                                 << missing.join(QStringLiteral("\n  ")).toStdString();
}

TEST(Translation, LanguagesAndFallback)
{
    EXPECT_EQ(availableLanguages(), (QStringList{QStringLiteral("en"), QStringLiteral("zh_CN")}));
    const QString system = systemLanguage();
    EXPECT_TRUE(system == QLatin1String("en") || system == QLatin1String("zh_CN"));
    EXPECT_EQ(languageName(QStringLiteral("zh_CN")), QStringLiteral("简体中文"));
    {
        LanguageGuard guard(QStringLiteral("zh_CN"));
        ASSERT_TRUE(guard.ok());
        EXPECT_EQ(currentLanguage(), QStringLiteral("zh_CN"));
    }
    EXPECT_EQ(currentLanguage(), QStringLiteral("en"));
    // An unknown language leaves the application in English and says so.
    EXPECT_FALSE(installTranslator(QStringLiteral("xx_YY")));
    EXPECT_EQ(currentLanguage(), QStringLiteral("en"));
    EXPECT_EQ(QCoreApplication::translate("roofscope::MainWindow", "&File"),
              QStringLiteral("&File"));
}

TEST(Translation, MainWindowMenusComeOutInChinese)
{
    LanguageGuard guard(QStringLiteral("zh_CN"));
    ASSERT_TRUE(guard.ok());
    auto w = makeWindow();
    const QStringList titles = menuTitles(w.get());
    ASSERT_GE(titles.size(), 4) << titles.join(QLatin1Char('|')).toStdString();
    EXPECT_EQ(titles[0], QStringLiteral("文件(&F)"));
    EXPECT_EQ(titles[1], QStringLiteral("编辑(&E)"));
    EXPECT_EQ(titles[2], QStringLiteral("视图(&V)"));
    EXPECT_TRUE(titles.contains(QStringLiteral("帮助(&H)")))
        << titles.join(QLatin1Char('|')).toStdString();
    // Every menu the window has, and every item in them, is translated: none keeps the
    // English source text (menus added later included).
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    for (QAction* top : w->menuBar()->actions()) {
        if (!top->menu())
            continue;
        EXPECT_TRUE(top->text().contains(han)) << top->text().toStdString();
        for (QAction* a : top->menu()->actions()) {
            if (a->isSeparator() || a->text().isEmpty())
                continue;
            EXPECT_TRUE(a->text().contains(han))
                << "untranslated item in " << top->text().toStdString() << ": "
                << a->text().toStdString();
        }
    }
    // The docks and the file menu's items.
    QStringList docks;
    for (QDockWidget* d : w->findChildren<QDockWidget*>())
        docks << d->windowTitle();
    EXPECT_TRUE(docks.contains(QStringLiteral("加速器")))
        << docks.join(QLatin1Char('|')).toStdString();
    EXPECT_TRUE(docks.contains(QStringLiteral("算子")))
        << docks.join(QLatin1Char('|')).toStdString();
    const QMenu* file = w->menuBar()->actions().at(0)->menu();
    QStringList items;
    for (QAction* a : file->actions())
        items << a->text();
    EXPECT_TRUE(items.contains(QStringLiteral("退出(&Q)")))
        << items.join(QLatin1Char('|')).toStdString();
    // The chart's axis titles, which exported figures carry too.
    EXPECT_EQ(
        QCoreApplication::translate("roofscope::RoofChart", "Arithmetic intensity (FLOP/byte)"),
        QStringLiteral("算术强度（FLOP/byte）"));
}

TEST(Translation, BackToEnglishAfterSwitching)
{
    {
        LanguageGuard guard(QStringLiteral("zh_CN"));
        ASSERT_TRUE(guard.ok());
    }
    auto w = makeWindow();
    EXPECT_EQ(menuTitles(w.get()).value(0), QStringLiteral("&File"));
}

TEST(Translation, QtStandardDialogsInChinese)
{
    const QString dir = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
    if (!QFile::exists(QDir(dir).filePath(QStringLiteral("qtbase_zh_CN.qm"))))
        GTEST_SKIP() << "qtbase_zh_CN.qm not installed in " << dir.toStdString()
                     << " (Debian: qt6-translations-l10n)";
    LanguageGuard guard(QStringLiteral("zh_CN"));
    ASSERT_TRUE(guard.ok());
    QDialogButtonBox box(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    EXPECT_EQ(box.button(QDialogButtonBox::Cancel)->text(), QStringLiteral("取消"));
}

// Preferences offers the system default and each language, stores the choice (it applies on
// the next start, which the dialog says) and preferredLanguage() follows it.
TEST(Translation, PreferencesChoosesTheLanguage)
{
    setLanguageSetting(QString());
    PreferencesDialog dialog;
    QComboBox* language = nullptr;
    for (QComboBox* c : dialog.findChildren<QComboBox*>()) {
        if (c->findData(QStringLiteral("zh_CN")) >= 0)
            language = c;
    }
    ASSERT_NE(language, nullptr);
    EXPECT_EQ(language->count(), 3);
    EXPECT_EQ(dialog.language(), QString()); // follows the system
    EXPECT_EQ(language->itemText(language->findData(QStringLiteral("zh_CN"))),
              QStringLiteral("简体中文"));

    language->setCurrentIndex(language->findData(QStringLiteral("zh_CN")));
    dialog.accept();
    EXPECT_EQ(languageSetting(), QStringLiteral("zh_CN"));
    EXPECT_EQ(preferredLanguage(), QStringLiteral("zh_CN"));
    EXPECT_EQ(QSettings().value(QStringLiteral("ui/language")).toString(), QStringLiteral("zh_CN"));

    PreferencesDialog again;
    EXPECT_EQ(again.language(), QStringLiteral("zh_CN"));
    setLanguageSetting(QStringLiteral("bogus"));
    EXPECT_EQ(languageSetting(), QString());
    EXPECT_EQ(preferredLanguage(), systemLanguage());
    setLanguageSetting(QString());

    // In Chinese, the dialog itself and Qt's buttons are translated.
    LanguageGuard guard(QStringLiteral("zh_CN"));
    PreferencesDialog zh;
    EXPECT_EQ(zh.windowTitle(), QStringLiteral("首选项"));
}

// The advice sentences lupdate sees (ui/advicetext.cpp) are the core's, word for word: were one to
// drift, the window would show that advice untranslated.
TEST(Translation, AdviceSourcesAreTheCoresSentences)
{
    for (const Advice advice : kAllAdvice) {
        const char* source = adviceSourceText(advice);
        ASSERT_NE(source, nullptr) << static_cast<int>(advice);
        EXPECT_EQ(std::string(source), std::string(adviceText(advice)));
    }
}

// The before/after comparison's phrases lupdate sees (ui/comparisontext.cpp) are the core's, and
// the window says the sentence in Chinese with the kernels' and files' names as they are.
TEST(Translation, ComparisonPhrasesAreTheCoresAndComeOutInChinese)
{
    for (const ComparisonPhrase phrase : kAllComparisonPhrases) {
        const char* source = comparisonSourceText(phrase);
        ASSERT_NE(source, nullptr) << static_cast<int>(phrase);
        EXPECT_EQ(std::string(source), std::string(comparisonPhraseText(phrase)));
    }
    std::vector<ComparisonPart> parts = {
        {ComparisonPhrase::Paired, {{{}, 3.0}, {{}, 4.0}}},
        {ComparisonPhrase::OnlyBefore, {{{}, 1.0}, {"softmax", std::nullopt}}},
        {ComparisonPhrase::Faster, {{{}, 1.18}}}};
    EXPECT_EQ(comparisonDisplayText(parts),
              QStringLiteral("3 of 4 kernels paired · 1 only before: softmax · whole run 1.18× "
                             "faster"));
    LanguageGuard guard(QStringLiteral("zh_CN"));
    ASSERT_TRUE(guard.ok());
    const QString zh = comparisonDisplayText(parts);
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    EXPECT_TRUE(zh.contains(han)) << zh.toStdString();
    EXPECT_TRUE(zh.contains(QStringLiteral("softmax"))) << zh.toStdString();
    EXPECT_TRUE(zh.contains(QStringLiteral("1.18"))) << zh.toStdString();
    EXPECT_FALSE(zh.contains(QStringLiteral("paired"))) << zh.toStdString();
}

// Under zh_CN no English is left outside the terms resources/translations/glossary_zh_CN.txt
// keeps (issue #37, "what the walk found": the chart's operator names read "Decode 矩阵乘",
// the serving chart's axes "每 GPU tokens/s").
TEST(Translation, NoEnglishLeftOutsideTheGlossary)
{
    QFile file(QString::fromUtf8(ROOFSCOPE_SOURCE_DIR) +
               QStringLiteral("/resources/translations/glossary_zh_CN.txt"));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly | QIODevice::Text)) << file.fileName().toStdString();
    QSet<QString> glossary;
    for (const QByteArray& line : file.readAll().split('\n')) {
        const QString term = QString::fromUtf8(line).trimmed();
        if (!term.isEmpty() && !term.startsWith(QLatin1Char('#')))
            glossary.insert(term);
    }
    ASSERT_GE(glossary.size(), 10);
    LanguageGuard guard(QStringLiteral("zh_CN"));
    ASSERT_TRUE(guard.ok());
    QStringList texts;
    // The operator presets' titles: the chart's default operators and the Add menu.
    for (const OperatorPreset& preset : operatorPresets())
        texts << presetTitle(preset);
    // The serving chart's axes, on screen and on a slide.
    for (const char* source :
         {"Tokens/s per user", "Tokens/s per GPU", "Tokens/s per user (1 / decode step)",
          "Tokens/s per GPU (batch / decode step / GPUs)"})
        texts << QCoreApplication::translate("roofscope::ServingView", source);
    static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z0-9]*"));
    for (const QString& text : texts) {
        for (auto it = word.globalMatch(text); it.hasNext();) {
            const QString w = it.next().captured();
            // Plural "tokens" and unit letters are English too; only the glossary's words stay.
            EXPECT_TRUE(glossary.contains(w))
                << "English \"" << w.toStdString() << "\" in \"" << text.toStdString() << "\"";
        }
    }
}

// A roof's name in the window is joined from the core's parts (core/figure/rooflabel.h), only the
// unit translated: in English it is the exported label of every roof the default chart draws, in
// Chinese the same precisions with the glossary's unit ("BF16/FP16 Tensor Core").
TEST(Translation, RoofNamesAreTheCoresPartsWithTheUnitTranslated)
{
    auto figure = buildFigure(defaultScenario(), HardwareCatalog::builtin());
    ASSERT_TRUE(figure) << figure.error().message;
    int compared = 0;
    for (const FigureRoof& roof : figure->roofs) {
        EXPECT_EQ(roofDisplayName(roof).toStdString(), roof.label);
        compared += roof.ceilings.empty() ? 0 : 1;
    }
    EXPECT_GE(compared, 4) << "one compute roof per default GPU at least";

    const FigureRoof* h100 = nullptr;
    for (const FigureRoof& roof : figure->roofs) {
        if (figure->gpu(roof.hardware)->id == "h100-sxm5" && roof.role == RoofRole::Primary)
            h100 = &roof;
    }
    ASSERT_NE(h100, nullptr);
    LanguageGuard guard(QStringLiteral("zh_CN"));
    ASSERT_TRUE(guard.ok());
    EXPECT_EQ(roofDisplayName(*h100), QStringLiteral("BF16/FP16 Tensor Core"));
    FigureRoof mixed = *h100;
    mixed.ceilings.push_back(Ceiling{Precision::FP32, ComputeUnit::Vector, 67e12, {}, false});
    EXPECT_EQ(roofDisplayName(mixed), QStringLiteral("BF16/FP16 Tensor Core, FP32 向量单元"));
    EXPECT_EQ(roofLabelParts(mixed.ceilings).size(), 2U);
}
