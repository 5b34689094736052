// Hardware files in the window: a file of measured peaks given to Import Measurements is offered
// as hardware, added and checked in one undo step, kept in the user catalog folder under its
// entry's id with its content's name, and saved into the documents that use it.
#include "core/document/scenario.h"
#include "core/hardware/catalog.h"
#include "core/measured/hardwarefiles.h"
#include "tests/generated/testpaths.h"
#include "ui/controls/prompt.h"
#include "ui/document/session.h"
#include "ui/document/usercatalog.h"
#include "ui/widgets/kernelspanel.h"
#include "ui/widgets/mainwindow.h"
#include "uitestutil.h"

#include <QApplication>
#include <QDir>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QMimeData>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QUrl>

#include <gtest/gtest.h>

using namespace roofscope;
using roofscope::test::CatalogFolder;
using roofscope::test::makeWindow;

namespace {

QString corpusFile(const char* name)
{
    return QString::fromUtf8(ROOFSCOPE_REAL_CORPUS_DIR) + QLatin1Char('/') +
           QString::fromUtf8(name);
}

// Answers every question with `answer` and keeps what was asked.
class ScriptedAnswer {
public:
    explicit ScriptedAnswer(QMessageBox::StandardButton answer)
    {
        m_previous = Prompt::setHandler([this, answer](QWidget*, const Prompt::Question& q) {
            asked.push_back(q);
            return answer;
        });
    }
    ~ScriptedAnswer() { Prompt::setHandler(m_previous); }
    ScriptedAnswer(const ScriptedAnswer&) = delete;
    ScriptedAnswer& operator=(const ScriptedAnswer&) = delete;
    std::vector<Prompt::Question> asked;

private:
    Prompt::Handler m_previous;
};

// Imports `path` as File ▸ Import Measurements does and waits for it.
void import(MainWindow& w, const QString& path)
{
    QSignalSpy finished(w.kernelsPanel(), &KernelsPanel::importFinished);
    w.kernelsPanel()->importFiles({path});
    ASSERT_TRUE(finished.wait(10000));
    ASSERT_EQ(finished.front().front().toInt(), 0);
}

int indexWithNamePrefix(const Session& s, const std::string& prefix)
{
    for (std::size_t i = 0; i < s.hardware().size(); ++i) {
        if (s.hardware()[i].name.rfind(prefix, 0) == 0)
            return static_cast<int>(i);
    }
    return -1;
}

} // namespace

// An ERT roofline.json imported as measurements: the question names the file and offers "Add as
// Hardware"; the entry is added and checked in one undo step, named after the machine, kept as
// <id>.json in the user folder, and loaded with the same name at the next start.
TEST(HardwareFilesWindow, ImportOfferAddsAndChecksAnErtRun)
{
    if (!QFileInfo(corpusFile("intel16_ert_roofline_5memlevels.json")).isFile())
        GTEST_SKIP() << "real-export folder " << ROOFSCOPE_REAL_CORPUS_DIR << " is missing";
    CatalogFolder folder;
    auto w = makeWindow();
    Session* s = w->session();
    const std::size_t before = s->hardware().size();
    const auto checkedBefore = s->checkedHardware();
    const int undoBefore = s->undoStack()->count();
    {
        ScriptedAnswer answer(QMessageBox::Yes);
        import(*w, corpusFile("intel16_ert_roofline_5memlevels.json"));
        ASSERT_EQ(answer.asked.size(), 1u);
        const Prompt::Question& q = answer.asked.front();
        EXPECT_EQ(q.text, QStringLiteral("intel16_ert_roofline_5memlevels.json holds measured "
                                         "hardware peaks, no kernels. Add it as hardware?"));
        ASSERT_EQ(q.buttonTexts.size(), 1u);
        EXPECT_EQ(q.buttonTexts.front().first, QMessageBox::Yes);
        EXPECT_EQ(q.buttonTexts.front().second, QStringLiteral("Add as Hardware"));
    }
    ASSERT_EQ(s->hardware().size(), before + 1);
    const int added = indexWithNamePrefix(*s, "dev-intel16 (ERT measured, ");
    ASSERT_GE(added, 0);
    const Hardware hw = s->hardware()[static_cast<std::size_t>(added)];
    EXPECT_EQ(hw.name.find('/'), std::string::npos) << hw.name;
    EXPECT_TRUE(s->isChecked(added));
    EXPECT_EQ(s->checkedHardware().size(), checkedBefore.size() + 1);
    EXPECT_TRUE(s->measurements().sets.empty()); // nothing imported as kernels
    // One undo step: the add and the check together.
    EXPECT_EQ(s->undoStack()->count(), undoBefore + 1);
    EXPECT_EQ(s->undoStack()->undoText(), QStringLiteral("Add ") + QString::fromStdString(hw.name));
    // The legend's name is the entry's name.
    EXPECT_EQ(s->shortName(added), QString::fromStdString(hw.name));

    // Kept under its id, a catalog file with the same name inside.
    EXPECT_EQ(folder.files(), QStringList{QString::fromStdString(hw.id) + QStringLiteral(".json")});
    HardwareCatalog next = HardwareCatalog::builtin();
    const std::vector<Error> errors = loadUserHardwareDirectory(next);
    ASSERT_TRUE(errors.empty()) << errors.front().message;
    ASSERT_NE(next.find(hw.id), nullptr);
    EXPECT_EQ(*next.find(hw.id), hw);

    // Undo takes the entry, its check and its file away.
    s->undoStack()->undo();
    EXPECT_EQ(s->hardware().size(), before);
    EXPECT_EQ(s->checkedHardware(), checkedBefore);
    EXPECT_TRUE(folder.files().isEmpty());
}

// An omniperf roofline.csv: every device is added and checked; Cancel adds nothing.
TEST(HardwareFilesWindow, ImportOfferForOmniperfCsvAndCancel)
{
    if (!QFileInfo(corpusFile("mi210_omniperf_roofline_3devices.csv")).isFile())
        GTEST_SKIP() << "real-export folder " << ROOFSCOPE_REAL_CORPUS_DIR << " is missing";
    CatalogFolder folder;
    auto w = makeWindow();
    Session* s = w->session();
    const std::size_t before = s->hardware().size();
    {
        ScriptedAnswer answer(QMessageBox::Cancel);
        import(*w, corpusFile("mi210_omniperf_roofline_3devices.csv"));
        EXPECT_EQ(answer.asked.size(), 1u);
    }
    EXPECT_EQ(s->hardware().size(), before);
    EXPECT_TRUE(folder.files().isEmpty());
    {
        ScriptedAnswer answer(QMessageBox::Yes);
        import(*w, corpusFile("mi210_omniperf_roofline_3devices.csv"));
    }
    ASSERT_EQ(s->hardware().size(), before + 3);
    for (std::size_t i = before; i < s->hardware().size(); ++i) {
        EXPECT_TRUE(s->isChecked(static_cast<int>(i)));
        EXPECT_EQ(s->hardware()[i].name.find('/'), std::string::npos) << s->hardware()[i].name;
        EXPECT_EQ(s->hardware()[i].name.rfind("AMD GPU (omniperf, device ", 0), 0u)
            << s->hardware()[i].name;
    }
    // One file, named after the first device's id, holding all three.
    ASSERT_EQ(folder.files().size(), 1);
    EXPECT_EQ(folder.files().front(),
              QString::fromStdString(s->hardware()[before].id) + QStringLiteral(".json"));
    HardwareCatalog next = HardwareCatalog::builtin();
    ASSERT_TRUE(loadUserHardwareDirectory(next).empty());
    EXPECT_EQ(next.all().size(), before + 3);
}

// A saved document carries the added entry: it opens in a window whose catalog never had it.
TEST(HardwareFilesWindow, SavedDocumentOpensWithoutTheUserCatalog)
{
    const QString ert =
        QString::fromUtf8(ROOFSCOPE_TEST_DATA_DIR) + QStringLiteral("/measured/ert-roofline.json");
    QTemporaryDir docs;
    const QString doc = docs.filePath(QStringLiteral("knl.roofscope.json"));
    std::string id;
    {
        CatalogFolder folder;
        auto w = makeWindow();
        ASSERT_FALSE(w->addHardwareCatalogFile(ert).has_value());
        const int added = indexWithNamePrefix(*w->session(), "knl-node (ERT measured, ");
        ASSERT_GE(added, 0);
        EXPECT_TRUE(w->session()->isChecked(added));
        id = w->session()->hardware()[static_cast<std::size_t>(added)].id;
        ASSERT_FALSE(w->saveFile(doc).has_value());
    }
    CatalogFolder empty;
    auto other = makeWindow();
    ASSERT_EQ(other->session()->hardwareIndex(id), -1);
    const auto error = other->openFile(doc);
    ASSERT_FALSE(error.has_value()) << error->toStdString();
    const int index = other->session()->hardwareIndex(id);
    ASSERT_GE(index, 0);
    EXPECT_TRUE(other->session()->isChecked(index));
    EXPECT_DOUBLE_EQ(
        other->session()->hardware()[static_cast<std::size_t>(index)].findMemory("dram")->bytesPerS,
        200.3e9);
    EXPECT_TRUE(other->session()->openNotes().isEmpty());
    // Nothing was written to the user folder by opening.
    EXPECT_TRUE(empty.files().isEmpty());
}

// The catalog wins over a document's entry of the same id with other figures, and the status
// bar says so.
TEST(HardwareFilesWindow, CatalogEntryWinsOverTheDocumentsAndSaysSo)
{
    const QString ert =
        QString::fromUtf8(ROOFSCOPE_TEST_DATA_DIR) + QStringLiteral("/measured/ert-roofline.json");
    HardwareCatalog catalog = HardwareCatalog::builtin();
    const auto loaded = loadHardwareFile(catalog, ert.toStdString());
    ASSERT_TRUE(loaded.ok());
    Hardware embedded = loaded->front();
    embedded.memory.back().bytesPerS = 100e9; // DRAM, halved
    Scenario scenario = defaultScenario();
    scenario.gpus = {embedded.id};
    scenario.baseline = embedded.id;
    scenario.hardware = {embedded};
    QTemporaryDir docs;
    const QString doc = docs.filePath(QStringLiteral("other.roofscope.json"));
    {
        QFile f(doc);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(scenarioToJson(scenario)));
    }
    auto w = std::make_unique<MainWindow>(catalog);
    w->newDocument();
    ASSERT_FALSE(w->openFile(doc).has_value());
    const int index = w->session()->hardwareIndex(embedded.id);
    ASSERT_GE(index, 0);
    EXPECT_DOUBLE_EQ(
        w->session()->hardware()[static_cast<std::size_t>(index)].findMemory("dram")->bytesPerS,
        200.3e9);
    ASSERT_EQ(w->session()->openNotes().size(), 1);
    EXPECT_TRUE(w->statusBar()->currentMessage().contains(
        QStringLiteral("differs from the catalog's entry of that id")))
        << w->statusBar()->currentMessage().toStdString();
}

// A RoofScope hardware catalog dropped on the window (any catalog format, not only measured
// peaks) is offered as hardware too, and its entry is added and checked.
TEST(HardwareFilesWindow, DroppedCatalogFileIsOfferedAsHardware)
{
    CatalogFolder folder;
    QTemporaryDir dir;
    Hardware lab = HardwareCatalog::builtin().all().front();
    lab.id = "lab-gpu";
    lab.name = "Lab GPU";
    const QString path = dir.filePath(QStringLiteral("lab.json"));
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(hardwareCatalogToJson({lab})));
    }
    auto w = makeWindow();
    ScriptedAnswer answer(QMessageBox::Yes);
    QSignalSpy finished(w->kernelsPanel(), &KernelsPanel::importFinished);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(40, 40), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(w.get(), &enter);
    EXPECT_TRUE(enter.isAccepted());
    QDropEvent dropped(QPointF(40, 40), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(w.get(), &dropped);
    ASSERT_TRUE(finished.wait(10000));
    ASSERT_EQ(answer.asked.size(), 1u);
    EXPECT_TRUE(answer.asked.front().text.startsWith(QStringLiteral("lab.json holds measured")))
        << answer.asked.front().text.toStdString();
    const int index = w->session()->hardwareIndex("lab-gpu");
    ASSERT_GE(index, 0);
    EXPECT_TRUE(w->session()->isChecked(index));
    EXPECT_EQ(folder.files(), QStringList{QStringLiteral("lab-gpu.json")});
}

// Kernels and a hardware file imported together: the kernels are imported, and then the hardware
// file is offered as hardware (not dropped with a note).
TEST(HardwareFilesWindow, MixedImportTakesTheKernelsAndOffersTheHardware)
{
    CatalogFolder folder;
    const QString data = QString::fromUtf8(ROOFSCOPE_TEST_DATA_DIR) + QStringLiteral("/measured/");
    auto w = makeWindow();
    Session* s = w->session();
    ScriptedAnswer answer(QMessageBox::Yes);
    QSignalSpy finished(w->kernelsPanel(), &KernelsPanel::importFinished);
    w->kernelsPanel()->importFiles(
        {data + QStringLiteral("torch-trace.json"), data + QStringLiteral("ert-roofline.json")});
    ASSERT_TRUE(finished.wait(10000));
    EXPECT_GT(finished.front().front().toInt(), 0);
    ASSERT_EQ(s->measurements().sets.size(), 1u);
    EXPECT_EQ(s->measurements().sets.front().file, "torch-trace.json");
    ASSERT_EQ(answer.asked.size(), 1u);
    EXPECT_EQ(
        answer.asked.front().text,
        QStringLiteral(
            "ert-roofline.json holds measured hardware peaks, no kernels. Add it as hardware?"));
    const int added = indexWithNamePrefix(*s, "knl-node (ERT measured, ");
    ASSERT_GE(added, 0);
    EXPECT_TRUE(s->isChecked(added));
}
