// Everyday use: work is never lost without asking — "Save changes?" on New, Open, Open Recent, a
// drop and quitting; undo covers the accelerator list; the model set-up travels with the document;
// exports ask before overwriting.
#include "tests/generated/testpaths.h"
#include "ui/chart/roofchart.h"
#include "ui/controls/logslider.h"
#include "ui/controls/prompt.h"
#include "ui/document/modelworkbench.h"
#include "ui/export/exportdialog.h"
#include "ui/models/hardwaremodel.h"
#include "ui/text/humanformat.h"
#include "ui/widgets/comparisonpanel.h"
#include "ui/widgets/hardwarepanel.h"
#include "ui/widgets/modelpanel.h"
#include "ui/widgets/operatorpanel.h"
#include "ui/widgets/readoutpanel.h"
#include "uitestutil.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QImage>
#include <QLineEdit>
#include <QMenu>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <functional>

using namespace roofscope;
using roofscope::test::makeWindow;
using roofscope::test::operatorIndex;

namespace {

// Answers every Prompt with `answer` and records the questions; restores the dialog after.
class ScriptedPrompt {
public:
    explicit ScriptedPrompt(QMessageBox::StandardButton answer) : m_answer(answer)
    {
        m_previous = Prompt::setHandler([this](QWidget*, const Prompt::Question& q) {
            questions.push_back(q.title + QStringLiteral(": ") + q.text);
            return m_answer;
        });
    }
    ~ScriptedPrompt() { Prompt::setHandler(m_previous); }
    void answer(QMessageBox::StandardButton a) { m_answer = a; }
    QStringList questions;

private:
    QMessageBox::StandardButton m_answer;
    Prompt::Handler m_previous;
};

QAction* actionWithShortcut(QWidget* w, QKeySequence key)
{
    for (QAction* a : w->findChildren<QAction*>()) {
        if (a->shortcuts().contains(key))
            return a;
    }
    return nullptr;
}

double decodeBatch(const Session& s)
{
    return s.operators()[static_cast<std::size_t>(operatorIndex(s, "decode_matmul"))].params.number(
        "batch");
}

QString writeScenario(const QTemporaryDir& dir, const QString& name, const Scenario& scenario)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(QByteArray::fromStdString(scenarioToJson(scenario)));
    return path;
}

} // namespace

TEST(SaveChanges, NewAsksAndCancelKeepsTheWork)
{
    auto w = makeWindow();
    Session* s = w->session();
    s->setNumber(operatorIndex(*s, "decode_matmul"), "batch", 256);
    ASSERT_TRUE(w->isModified());
    ScriptedPrompt prompt(QMessageBox::Cancel);
    QAction* newAct = actionWithShortcut(w.get(), QKeySequence::New);
    ASSERT_NE(newAct, nullptr);
    newAct->trigger();
    ASSERT_EQ(prompt.questions.size(), 1);
    EXPECT_TRUE(prompt.questions.front().contains(QStringLiteral("Untitled has unsaved changes")))
        << prompt.questions.front().toStdString();
    EXPECT_EQ(decodeBatch(*s), 256.0);
    EXPECT_TRUE(w->isModified());
    EXPECT_EQ(s->undoStack()->count(), 1); // the history is kept too

    prompt.answer(QMessageBox::Discard);
    newAct->trigger();
    EXPECT_EQ(decodeBatch(*s), 1.0);
    EXPECT_FALSE(w->isModified());
}

TEST(SaveChanges, UnmodifiedDocumentIsNotQuestioned)
{
    auto w = makeWindow();
    ScriptedPrompt prompt(QMessageBox::Cancel);
    EXPECT_TRUE(w->newDocumentInteractive());
    EXPECT_TRUE(prompt.questions.isEmpty());
}

// Undoing back to the saved state leaves nothing to save (the title loses its "*"); a saved
// setting that is not an undo step (zoom, theme) counts until the next save.
TEST(SaveChanges, UndoingBackToTheSavedStateIsUnmodified)
{
    QTemporaryDir dir;
    auto w = makeWindow();
    Session* s = w->session();
    ASSERT_FALSE(w->isModified());
    s->setNumber(operatorIndex(*s, "decode_matmul"), "batch", 64);
    EXPECT_TRUE(w->isModified());
    EXPECT_TRUE(w->windowTitle().contains(QStringLiteral("Untitled[*]")));
    EXPECT_TRUE(w->isWindowModified());
    s->undoStack()->undo();
    EXPECT_EQ(decodeBatch(*s), 1.0);
    EXPECT_FALSE(w->isModified());
    EXPECT_FALSE(w->isWindowModified());
    s->undoStack()->redo();
    EXPECT_TRUE(w->isModified());

    // Saved at batch 64: undo to batch 1 is a change, redo is back at the file.
    const QString path = dir.filePath(QStringLiteral("b64.roofscope.json"));
    ASSERT_FALSE(w->saveFile(path).has_value());
    EXPECT_FALSE(w->isModified());
    s->undoStack()->undo();
    EXPECT_TRUE(w->isModified());
    s->undoStack()->redo();
    EXPECT_FALSE(w->isModified());

    // The theme is saved but not undoable: modified until saved, whatever the stack says.
    s->viewSettings()->setTheme(Theme::Dark);
    EXPECT_TRUE(w->isModified());
    s->undoStack()->undo();
    s->undoStack()->redo();
    EXPECT_TRUE(w->isModified());
    ASSERT_FALSE(w->saveFile(path).has_value());
    EXPECT_FALSE(w->isModified());
    ScriptedPrompt prompt(QMessageBox::Cancel);
    EXPECT_TRUE(w->newDocumentInteractive());
    EXPECT_TRUE(prompt.questions.isEmpty());
}

TEST(SaveChanges, SaveWritesTheFileBeforeOpeningAnother)
{
    QTemporaryDir dir;
    auto w = makeWindow();
    Session* s = w->session();
    const QString mine = dir.filePath(QStringLiteral("mine.roofscope.json"));
    ASSERT_FALSE(w->saveFile(mine).has_value());
    s->setNumber(operatorIndex(*s, "decode_matmul"), "batch", 512);
    Scenario other = defaultScenario();
    other.gpus = {"h100-sxm5"};
    other.baseline = "h100-sxm5";
    const QString otherPath = writeScenario(dir, QStringLiteral("other.roofscope.json"), other);

    ScriptedPrompt prompt(QMessageBox::Save);
    ASSERT_TRUE(w->openInteractive(otherPath)); // what Open Recent and a drop call
    ASSERT_EQ(prompt.questions.size(), 1);
    EXPECT_TRUE(prompt.questions.front().contains(QStringLiteral("mine.roofscope.json")));
    EXPECT_EQ(w->currentFile(), otherPath);
    EXPECT_EQ(s->checkedHardware().size(), 1u);

    // The change reached the disk before the other file replaced it.
    QFile f(mine);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    auto saved = parseScenario(f.readAll().toStdString(), "mine");
    ASSERT_TRUE(saved.ok());
    EXPECT_EQ(saved->operators[static_cast<std::size_t>(saved->selected)].params.number("batch"),
              512.0);
}

TEST(SaveChanges, CancelledOpenChangesNothing)
{
    QTemporaryDir dir;
    auto w = makeWindow();
    Session* s = w->session();
    s->setNumber(operatorIndex(*s, "decode_matmul"), "batch", 64);
    const QString other = writeScenario(dir, QStringLiteral("o.roofscope.json"), defaultScenario());
    ScriptedPrompt prompt(QMessageBox::Cancel);
    EXPECT_FALSE(w->openInteractive(other));
    EXPECT_EQ(decodeBatch(*s), 64.0);
    EXPECT_TRUE(w->currentFile().isEmpty());
}

TEST(SaveChanges, QuitAsksWhenTheSessionIsNotRestored)
{
    QSettings().clear();
    QSettings().setValue(QStringLiteral("session/restore"), false);
    auto w = makeWindow();
    w->restoreState();
    Session* s = w->session();
    s->setNumber(operatorIndex(*s, "decode_matmul"), "batch", 32);
    ScriptedPrompt prompt(QMessageBox::Cancel);
    QCloseEvent close;
    QCoreApplication::sendEvent(w.get(), &close);
    EXPECT_FALSE(close.isAccepted());
    EXPECT_EQ(prompt.questions.size(), 1);

    // With restore on (the default) the next start brings the unsaved document back: no
    // question, and the change is in the stored session.
    QSettings().setValue(QStringLiteral("session/restore"), true);
    auto w2 = makeWindow();
    w2->restoreState();
    w2->session()->setNumber(operatorIndex(*w2->session(), "decode_matmul"), "batch", 48);
    QCloseEvent close2;
    QCoreApplication::sendEvent(w2.get(), &close2);
    EXPECT_TRUE(close2.isAccepted());
    EXPECT_EQ(prompt.questions.size(), 1);
    auto w3 = makeWindow();
    ASSERT_TRUE(w3->restoreState());
    EXPECT_EQ(decodeBatch(*w3->session()), 48.0);
    EXPECT_TRUE(w3->isModified());
    QSettings().clear();
}

TEST(SaveChanges, OpenRecentListsSavedFiles)
{
    QSettings().clear();
    QTemporaryDir dir;
    auto w = makeWindow();
    const QString a = dir.filePath(QStringLiteral("a.roofscope.json"));
    const QString b = dir.filePath(QStringLiteral("b.roofscope.json"));
    ASSERT_FALSE(w->saveFile(a).has_value());
    ASSERT_FALSE(w->saveFile(b).has_value());
    EXPECT_EQ(w->recentFiles(), (QStringList{b, a}));
    emit w->recentMenu()->aboutToShow();
    const QList<QAction*> items = w->recentMenu()->actions();
    ASSERT_GE(items.size(), 2);
    EXPECT_EQ(items.at(0)->text(), QStringLiteral("&1 b.roofscope.json"));
    items.at(1)->trigger();
    EXPECT_EQ(w->currentFile(), a);
    EXPECT_EQ(w->recentFiles().front(), a);
    QSettings().clear();
}

TEST(HardwareUndo, CheckingAndBaselineAreUndoable)
{
    auto w = makeWindow();
    Session* s = w->session();
    HardwareModel* m = w->hardwareModel();
    const int mi300 = s->hardwareIndex("mi300x");
    const int a100 = s->hardwareIndex("a100-sxm4-80gb");
    const int h100 = s->hardwareIndex("h100-sxm5");
    ASSERT_GE(mi300, 0);
    ASSERT_EQ(s->baseline(), h100);
    const int slotA100 = s->colorSlot(a100);

    m->setData(m->index(mi300, 0), Qt::Checked, Qt::CheckStateRole);
    EXPECT_TRUE(s->isChecked(mi300));
    m->setData(m->index(a100, 0), Qt::Unchecked, Qt::CheckStateRole);
    EXPECT_FALSE(s->isChecked(a100));
    m->setData(m->index(mi300, 0), true, HardwareModel::BaselineRole);
    EXPECT_EQ(s->baseline(), mi300);
    ASSERT_EQ(s->undoStack()->count(), 3);
    EXPECT_EQ(s->undoStack()->undoText(), QStringLiteral("Make Instinct MI300X the baseline"));
    EXPECT_TRUE(w->isModified());

    s->undoStack()->undo();
    EXPECT_EQ(s->baseline(), h100);
    s->undoStack()->undo();
    EXPECT_TRUE(s->isChecked(a100));
    EXPECT_EQ(s->colorSlot(a100), slotA100); // its colour comes back with it
    s->undoStack()->undo();
    EXPECT_FALSE(s->isChecked(mi300));
    EXPECT_EQ(s->checkedHardware().size(), 4u);
    s->undoStack()->redo();
    EXPECT_TRUE(s->isChecked(mi300));
}

TEST(HardwareUndo, BaselineOnAnUncheckedGpuChecksItInOneStep)
{
    auto w = makeWindow();
    Session* s = w->session();
    const int mi300 = s->hardwareIndex("mi300x");
    s->setBaseline(mi300);
    EXPECT_TRUE(s->isChecked(mi300));
    EXPECT_EQ(s->undoStack()->count(), 1);
    s->undoStack()->undo();
    EXPECT_FALSE(s->isChecked(mi300));
    EXPECT_EQ(s->baseline(), s->hardwareIndex("h100-sxm5"));
}

namespace {

// Mixtral decode at context 131072, INT4 weights, fused: a long-context MoE decode.
InferenceScenario mixtralStep()
{
    InferenceScenario s;
    s.phase = Phase::Decode;
    s.batch = 8;
    s.context = 131072;
    s.weights = Precision::INT4;
    s.activations = Precision::FP16;
    s.fused = true;
    return s;
}

ModelWorkbench* workbenchOf(MainWindow* w)
{
    return w->findChild<ModelWorkbench*>();
}

} // namespace

TEST(ModelDocument, SavedAndReopenedWithTheModelPanel)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("mixtral.roofscope.json"));
    {
        auto w = makeWindow();
        ModelWorkbench* wb = workbenchOf(w.get());
        ASSERT_FALSE(wb->setModel("mixtral-8x7b").has_value());
        ASSERT_FALSE(wb->setScenario(mixtralStep()).has_value());
        ASSERT_TRUE(wb->isShown());
        ASSERT_FALSE(w->saveFile(path).has_value());
    }
    auto w = makeWindow();
    ModelWorkbench* wb = workbenchOf(w.get());
    EXPECT_EQ(wb->model().id, "llama-2-70b"); // a fresh window starts on the default
    const auto opened = w->openFile(path);
    ASSERT_FALSE(opened.has_value()) << opened->toStdString();
    EXPECT_EQ(wb->model().id, "mixtral-8x7b");
    EXPECT_EQ(wb->scenario(), mixtralStep());
    EXPECT_TRUE(wb->isShown()); // the operators are the model's rows again
    ModelPanel* panel = w->findChild<ModelPanel*>();
    EXPECT_EQ(panel->modelCombo()->currentData().toString(), QStringLiteral("mixtral-8x7b"));
    EXPECT_EQ(panel->contextSlider()->value(), 131072.0);
    EXPECT_TRUE(panel->fusedCheck()->isChecked());
    EXPECT_EQ(panel->weightsCombo()->currentData().toInt(), static_cast<int>(Precision::INT4));

    // The sliders move the chart again: batch 64 is one undo step on the reopened document.
    InferenceScenario s = wb->scenario();
    s.batch = 64;
    ASSERT_FALSE(wb->setScenario(s).has_value());
    EXPECT_TRUE(wb->isShown());
    const auto& ops = w->session()->operators();
    const auto attn = std::find_if(
        ops.begin(), ops.end(), [](const Operator& op) { return op.kind == "attention_decode"; });
    ASSERT_NE(attn, ops.end());
    EXPECT_EQ(attn->params.number("context"), 131072.0);
    EXPECT_EQ(attn->params.number("batch"), 64.0);
}

TEST(ModelDocument, EmbeddedHuggingFaceConfigOpensWhereTheModelIsUnknown)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("tiny.roofscope.json"));
    {
        auto w = makeWindow();
        ModelWorkbench* wb = workbenchOf(w.get());
        auto ids = wb->loadModelFile(QString::fromUtf8(ROOFSCOPE_TEST_DATA_DIR) +
                                     QStringLiteral("/models/tinyllama-1.1b/config.json"));
        ASSERT_TRUE(ids.ok());
        ASSERT_FALSE(wb->setModel(ids->front()).has_value());
        ASSERT_FALSE(w->saveFile(path).has_value());
    }
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    EXPECT_TRUE(text.contains("\"hidden_size\": 2048")) << text.toStdString();
    auto w = makeWindow(); // this window never loaded the config.json
    ModelWorkbench* wb = workbenchOf(w.get());
    ASSERT_FALSE(w->openFile(path).has_value());
    EXPECT_EQ(wb->model().id, "tinyllama-1.1b");
    EXPECT_EQ(wb->model().hiddenSize, 2048);
    EXPECT_TRUE(wb->isShown());
}

TEST(ModelDocument, RestoredSessionKeepsTheModel)
{
    QSettings().clear();
    {
        auto w = makeWindow();
        ModelWorkbench* wb = workbenchOf(w.get());
        ASSERT_FALSE(wb->setModel("mixtral-8x7b").has_value());
        ASSERT_FALSE(wb->setScenario(mixtralStep()).has_value());
        w->close();
    }
    auto w = makeWindow();
    ASSERT_TRUE(w->restoreState());
    EXPECT_EQ(workbenchOf(w.get())->model().id, "mixtral-8x7b");
    EXPECT_EQ(workbenchOf(w.get())->scenario(), mixtralStep());
    EXPECT_TRUE(workbenchOf(w.get())->isShown());
    QSettings().clear();
}

TEST(ModelDocument, NewStartsWithoutAModel)
{
    auto w = makeWindow();
    ModelWorkbench* wb = workbenchOf(w.get());
    ASSERT_FALSE(wb->setModel("mixtral-8x7b").has_value());
    ScriptedPrompt prompt(QMessageBox::Discard);
    ASSERT_TRUE(w->newDocumentInteractive());
    EXPECT_EQ(wb->model().id, "llama-2-70b");
    EXPECT_FALSE(wb->isShown());
    EXPECT_FALSE(w->session()->toScenario().model.has_value());
}

TEST(ModelDocument, UnknownModelIsRefusedAndNothingChanges)
{
    QTemporaryDir dir;
    Scenario bad = defaultScenario();
    bad.model = ScenarioModel{"llama-2-71b", "", InferenceScenario{}, {}, {}, false, -1};
    const QString path = writeScenario(dir, QStringLiteral("bad.roofscope.json"), bad);
    auto w = makeWindow();
    w->session()->setNumber(operatorIndex(*w->session(), "decode_matmul"), "batch", 7);
    const auto error = w->openFile(path);
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(*error,
              QStringLiteral("bad.roofscope.json: /model/id: unknown model \"llama-2-71b\"; "
                             "did you mean \"llama-2-7b\"?"));
    EXPECT_EQ(decodeBatch(*w->session()), 7.0);
}

TEST(ShowOnChart, KeepsTheUsersOperatorsBesideTheModelInOneUndoStep)
{
    auto w = makeWindow();
    Session* s = w->session();
    ModelWorkbench* wb = workbenchOf(w.get());
    // The user's own work: the seed story with one operator removed and one edited.
    s->removeOperator(operatorIndex(*s, "softmax"));
    s->setNumber(operatorIndex(*s, "decode_matmul"), "batch", 64);
    const std::vector<Operator> mine = s->operators();
    const int undoBefore = s->undoStack()->count();

    wb->showOnChart();
    ASSERT_TRUE(wb->isShown());
    const std::size_t rows = wb->workload().ops.size();
    ASSERT_EQ(s->operators().size(), mine.size() + rows);
    EXPECT_TRUE(std::equal(mine.begin(), mine.end(), s->operators().begin()));
    EXPECT_EQ(wb->firstModelRow(), static_cast<int>(mine.size()));
    EXPECT_EQ(s->undoStack()->count(), undoBefore + 1);
    // Time shares (marker areas) belong to the model's rows only.
    const int h100 = s->hardwareIndex("h100-sxm5");
    EXPECT_FALSE(wb->timeShare(0, h100).has_value());
    double sum = 0.0;
    for (std::size_t i = mine.size(); i < s->operators().size(); ++i)
        sum += wb->timeShare(static_cast<int>(i), h100).value_or(0.0);
    EXPECT_NEAR(sum, 1.0, 1e-9);

    // A model slider moves only the model's rows; the user's stay.
    InferenceScenario step = wb->scenario();
    step.batch = 32;
    ASSERT_FALSE(wb->setScenario(step).has_value());
    EXPECT_TRUE(std::equal(mine.begin(), mine.end(), s->operators().begin()));
    EXPECT_EQ(s->operators().size(), mine.size() + rows);

    s->undoStack()->undo();
    s->undoStack()->undo();
    EXPECT_EQ(s->operators(), mine);
    EXPECT_FALSE(wb->isShown());
}

TEST(ShowOnChart, TheUntouchedSeedStoryMakesWay)
{
    auto w = makeWindow();
    ModelWorkbench* wb = workbenchOf(w.get());
    wb->showOnChart();
    EXPECT_EQ(w->session()->operators().size(), wb->workload().ops.size());
    EXPECT_EQ(wb->firstModelRow(), 0);
}

namespace {

// Runs `inDialog` on the next modal dialog once it is open (exec() blocks the test).
void whenModal(std::function<void(QDialog*)> inDialog)
{
    QTimer::singleShot(0, [inDialog] {
        auto* d = qobject_cast<QDialog*>(QApplication::activeModalWidget());
        if (!d) {
            whenModal(inDialog);
            return;
        }
        inDialog(d);
    });
}

QLineEdit* titleEdit(QDialog* d)
{
    return d->findChild<QLineEdit*>(QStringLiteral("exportTitle"));
}

QLineEdit* pathEdit(QDialog* d)
{
    return d->findChild<QLineEdit*>(QStringLiteral("exportPath"));
}

} // namespace

TEST(ExportOverwrite, ExportingTwiceToOneNameAsksFirst)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("fig.png"));
    QFile old(path);
    ASSERT_TRUE(old.open(QIODevice::WriteOnly));
    old.write("keep me");
    old.close();

    ScriptedPrompt prompt(QMessageBox::No);
    ExportDialog d;
    d.setPath(path);
    d.accept();
    EXPECT_NE(d.result(), QDialog::Accepted);
    ASSERT_EQ(prompt.questions.size(), 1);
    EXPECT_TRUE(prompt.questions.front().contains(QStringLiteral("fig.png already exists")))
        << prompt.questions.front().toStdString();

    prompt.answer(QMessageBox::Yes);
    d.accept();
    EXPECT_EQ(d.result(), QDialog::Accepted);
    EXPECT_EQ(prompt.questions.size(), 2);

    // A new name is not questioned.
    ExportDialog fresh;
    fresh.setPath(dir.filePath(QStringLiteral("new.png")));
    fresh.accept();
    EXPECT_EQ(fresh.result(), QDialog::Accepted);
    EXPECT_EQ(prompt.questions.size(), 2);
}

TEST(ExportOverwrite, TitleAndPathBelongToTheDocument)
{
    QSettings().clear();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("slide.png"));
    auto w = makeWindow();
    QAction* exportAct = w->findChild<QAction*>(QStringLiteral("exportFigureAction"));
    ASSERT_NE(exportAct, nullptr);

    whenModal([&](QDialog* d) {
        pathEdit(d)->setText(path);
        titleEdit(d)->setText(QStringLiteral("Decode is memory-bound"));
        d->accept();
    });
    exportAct->trigger();
    ASSERT_TRUE(QFileInfo::exists(path));
    EXPECT_EQ(w->session()->viewSettings()->figureText().title,
              QStringLiteral("Decode is memory-bound"));

    // The same document offers its own title and file again...
    QString offeredTitle;
    QString offeredPath;
    ScriptedPrompt prompt(QMessageBox::No);
    whenModal([&](QDialog* d) {
        offeredPath = pathEdit(d)->text();
        offeredTitle = titleEdit(d)->text();
        d->accept(); // same name: asks, "No" keeps the dialog open
        EXPECT_EQ(prompt.questions.size(), 1);
        d->reject();
    });
    exportAct->trigger();
    EXPECT_EQ(offeredTitle, QStringLiteral("Decode is memory-bound"));
    EXPECT_EQ(offeredPath, path);

    // ...a new document starts clean.
    prompt.answer(QMessageBox::Discard);
    ASSERT_TRUE(w->newDocumentInteractive());
    whenModal([&](QDialog* d) {
        offeredPath = pathEdit(d)->text();
        offeredTitle = titleEdit(d)->text();
        d->reject();
    });
    exportAct->trigger();
    EXPECT_TRUE(offeredTitle.isEmpty()) << offeredTitle.toStdString();
    EXPECT_EQ(QFileInfo(offeredPath).fileName(), QStringLiteral("roofline.png"));
    QSettings().clear();
}

// A saved document that has not been exported yet is offered a figure beside its file, under
// its name; an unsaved one "roofline.png".
TEST(ExportOverwrite, SavedDocumentIsOfferedAFigureBesideItsFile)
{
    QSettings().clear();
    QTemporaryDir dir;
    auto w = makeWindow();
    QAction* exportAct = w->findChild<QAction*>(QStringLiteral("exportFigureAction"));
    ASSERT_NE(exportAct, nullptr);
    const QString doc = dir.filePath(QStringLiteral("llama decode.roofscope.json"));
    ASSERT_FALSE(w->saveFile(doc).has_value());
    QString offered;
    whenModal([&](QDialog* d) {
        offered = pathEdit(d)->text();
        d->reject();
    });
    exportAct->trigger();
    EXPECT_EQ(offered, dir.filePath(QStringLiteral("llama decode.png")));
    QSettings().clear();
}

TEST(CopyFigure, UsesTheWindowsViewNotTheLastExport)
{
    QSettings().clear();
    QSettings().setValue(QStringLiteral("export/size"), QSize(3840, 2160));
    QSettings().setValue(QStringLiteral("export/title"), QStringLiteral("Old title"));
    auto w = makeWindow();
    w->resize(1400, 900);
    w->show();
    QCoreApplication::processEvents();
    w->session()->viewSettings()->setView(ViewRange{0.5, 50, 1e12, 1e15});
    QAction* copy = w->findChild<QAction*>(QStringLiteral("copyFigureAction"));
    ASSERT_NE(copy, nullptr);
    copy->trigger();
    const QImage image = QApplication::clipboard()->image();
    const QSize chart = w->chart()->size().toSize();
    EXPECT_EQ(image.size(), chart * w->devicePixelRatioF());
    EXPECT_NE(image.width(), 3840);
    QSettings().clear();
}

TEST(Operators, DuplicatesGetNamesOfTheirOwn)
{
    auto s = roofscope::test::makeSession();
    auto op = parseOperatorSpec("decode_matmul:batch=4,n=4096,k=4096,dtype=bf16");
    ASSERT_TRUE(op.ok());
    s->insertOperator(0, *op); // auto-named: no label
    const std::string auto0 = s->operators()[0].displayName();
    s->duplicateOperator(0);
    s->duplicateOperator(0);
    ASSERT_EQ(s->operators().size(), 10u);
    // Each copy lands right below the original: the newest first.
    EXPECT_EQ(s->operators()[1].displayName(), auto0 + " (copy 2)");
    EXPECT_EQ(s->operators()[2].displayName(), auto0 + " (copy)");
    EXPECT_NE(s->operators()[1].displayName(), s->operators()[0].displayName());
}

TEST(Operators, DeleteKeyRemovesTheSelectedOperator)
{
    auto w = makeWindow();
    w->show();
    Session* s = w->session();
    const std::size_t before = s->operators().size();
    const int decode = operatorIndex(*s, "decode_matmul");
    QTreeView* view = w->operatorPanel()->view();
    view->setFocus();
    QCoreApplication::processEvents();
    ASSERT_EQ(s->selectedOperator(), decode);
    QTest::keyClick(view, Qt::Key_Delete);
    EXPECT_EQ(s->operators().size(), before - 1);
    EXPECT_EQ(operatorIndex(*s, "decode_matmul"), -1);
    s->undoStack()->undo();
    EXPECT_EQ(s->operators().size(), before);
}

// The window opens with the operator list in focus, and Ctrl+Z in an empty filter field is
// Edit ▸ Undo (the field swallowed it before); once the field has typing of its own, Ctrl+Z
// undoes that first.
TEST(Operators, CtrlZReachesTheUndoHistoryFromTheFilterField)
{
    auto w = makeWindow();
    w->show();
    QApplication::setActiveWindow(w.get());
    QCoreApplication::processEvents();
    EXPECT_EQ(QApplication::focusWidget(), w->operatorPanel()->view());
    Session* s = w->session();
    const int decode = operatorIndex(*s, "decode_matmul");
    s->setNumber(decode, "batch", 128);
    auto* filter = w->hardwarePanel()->findChild<QLineEdit*>();
    ASSERT_NE(filter, nullptr);
    filter->setFocus();
    QCoreApplication::processEvents();
    ASSERT_EQ(QApplication::focusWidget(), filter);
    QTest::keyClick(filter, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(decodeBatch(*s), 1.0);
    QTest::keyClick(filter, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(decodeBatch(*s), 128.0);
    // Typing in the field: its own undo comes first, the document stays.
    QTest::keyClicks(filter, QStringLiteral("h1"));
    QTest::keyClick(filter, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(filter->text(), QString());
    EXPECT_EQ(decodeBatch(*s), 128.0);
}

TEST(CatalogErrors, ReportedInADialogOnceNamingTheFile)
{
    QSettings().clear();
    const QStringList errors = {
        QStringLiteral("mine.json: /hardware/0/memory/0/bytes_per_s: must be a finite number > 0, "
                       "got 0")};
    ScriptedPrompt prompt(QMessageBox::Ok);
    {
        MainWindow w(HardwareCatalog::builtin(), errors);
        QCoreApplication::processEvents();
    }
    ASSERT_EQ(prompt.questions.size(), 1);
    EXPECT_TRUE(prompt.questions.front().contains(QStringLiteral("mine.json: /hardware/0")))
        << prompt.questions.front().toStdString();
    {
        MainWindow again(HardwareCatalog::builtin(), errors); // the same problem: no dialog
        QCoreApplication::processEvents();
    }
    EXPECT_EQ(prompt.questions.size(), 1);
    QSettings().clear();
}

TEST(Advice, ReadoutAdviceFollowsTheOperatorKind)
{
    auto w = makeWindow();
    Session* s = w->session();
    const ReadoutPanel* r = w->readoutPanel();
    s->setSelectedOperator(operatorIndex(*s, "elementwise"));
    const QString add = r->field(QStringLiteral("advice"));
    EXPECT_FALSE(add.contains(QStringLiteral("quantize"))) << add.toStdString();
    EXPECT_FALSE(add.contains(QStringLiteral("raise the batch"))) << add.toStdString();
    EXPECT_TRUE(add.contains(QStringLiteral("fuse it into the neighbouring kernel")));
    s->setSelectedOperator(operatorIndex(*s, "decode_matmul"));
    EXPECT_TRUE(r->field(QStringLiteral("advice")).contains(QStringLiteral("quantize weights")));
}

TEST(HelpGuide, ReadingTheChartIsInTheHelpMenu)
{
    auto w = makeWindow();
    QAction* guide = w->findChild<QAction*>(QStringLiteral("readingGuideAction"));
    ASSERT_NE(guide, nullptr);
    EXPECT_TRUE(guide->shortcuts().contains(QKeySequence(QKeySequence::HelpContents)) ||
                QKeySequence(QKeySequence::HelpContents).isEmpty());
    const QString text = MainWindow::readingGuideText();
    EXPECT_TRUE(text.contains(QStringLiteral("ridge")));
    EXPECT_TRUE(text.contains(QStringLiteral("memory-bound")));
    // No internal names in the menus: "New", not "New (Seed's Story)".
    for (QAction* a : w->findChildren<QAction*>())
        EXPECT_FALSE(a->text().contains(QStringLiteral("Seed"))) << a->text().toStdString();
}

TEST(HumanNumbers, SeparatorsAndNoExponents)
{
    EXPECT_EQ(HumanFormat::count(2621440), QStringLiteral("2,621,440"));
    EXPECT_EQ(HumanFormat::count(80), QStringLiteral("80"));
    EXPECT_EQ(HumanFormat::count(2.22250106), QStringLiteral("2.22"));
    EXPECT_EQ(HumanFormat::count(13040.4, 4), QStringLiteral("13,040"));
    bool percent = false;
    EXPECT_EQ(HumanFormat::excess(3.24, &percent), QStringLiteral("3.24"));
    EXPECT_FALSE(percent);
    EXPECT_EQ(HumanFormat::excess(1.032, &percent), QStringLiteral("3.2"));
    EXPECT_TRUE(percent);
}

TEST(HumanNumbers, ReadoutNeverSaysOneTimesMore)
{
    auto w = makeWindow();
    Session* s = w->session();
    s->setNumber(operatorIndex(*s, "decode_matmul"), "batch", 318); // just left of the ridge
    const QString ridge = w->readoutPanel()->field(QStringLiteral("ridge"));
    EXPECT_FALSE(ridge.contains(QStringLiteral(" 1× more"))) << ridge.toStdString();
    EXPECT_TRUE(ridge.contains(QStringLiteral("% more intensity"))) << ridge.toStdString();
    // A model row's count with separators, not "×2621440".
    ModelWorkbench* wb = workbenchOf(w.get());
    InferenceScenario step = wb->scenario();
    step.batch = 4096;
    ASSERT_FALSE(wb->setScenario(step).has_value());
    const auto& ops = s->operators();
    EXPECT_NE(std::find_if(ops.begin(), ops.end(),
                           [](const Operator& op) { return op.label == "QKᵀ scores ×2,621,440"; }),
              ops.end());
}

TEST(Columns, SizedToContentsResizableAndElidedInTheMiddle)
{
    auto w = makeWindow();
    w->resize(1366, 768);
    w->show();
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
    EXPECT_EQ(w->comparisonPanel()->table()->textElideMode(), Qt::ElideMiddle);
    for (QAbstractItemView* view : {static_cast<QAbstractItemView*>(w->operatorPanel()->view())}) {
        EXPECT_EQ(view->textElideMode(), Qt::ElideMiddle);
        QHeaderView* header = view->findChild<QHeaderView*>();
        ASSERT_NE(header, nullptr);
        const int cap = std::max(120, view->viewport()->width() / 2);
        for (int c = 0; c < header->count(); ++c) {
            EXPECT_EQ(header->sectionResizeMode(c), QHeaderView::Interactive);
            // Nothing cut off unless the column hit the cap (then it elides in the middle).
            EXPECT_GE(header->sectionSize(c), std::min(view->sizeHintForColumn(c), cap))
                << "column " << c;
        }
    }
}
