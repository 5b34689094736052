// The document life-cycle without a window: which file the session is, whether it differs from
// it, the recent files, and what a failed open or save leaves behind.
#include "core/document/scenario.h"
#include "ui/controls/prompt.h"
#include "ui/document/modelworkbench.h"
#include "ui/widgets/documentcontroller.h"
#include "ui/widgets/recovereddocument.h"
#include "uitestutil.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace roofscope;
using roofscope::test::makeSession;
using roofscope::test::operatorIndex;

namespace {

// A session, the workbench that checks a document's model set-up, and the controller over
// them, with a new document open and no recent files from an earlier test.
struct Document {
    Document()
    {
        QSettings().remove(QStringLiteral("recentFiles"));
        controller.newDocument();
    }
    ~Document() { QSettings().remove(QStringLiteral("recentFiles")); }

    double decodeBatch() const
    {
        return session->operators()[static_cast<std::size_t>(decode)].params.number("batch");
    }
    void setDecodeBatch(double batch) { session->setNumber(decode, "batch", batch); }

    std::unique_ptr<Session> session = makeSession();
    ModelWorkbench workbench{session.get()};
    DocumentController controller{session.get(), &workbench, nullptr};
    int decode = operatorIndex(*session, "decode_matmul");
};

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return {};
    return path;
}

// Answers every Prompt with `answer`, counts the questions; restores the dialog after.
class AnsweringPrompt {
public:
    explicit AnsweringPrompt(QMessageBox::StandardButton answer)
    {
        m_previous = Prompt::setHandler([this, answer](QWidget*, const Prompt::Question& q) {
            questions << q.text;
            return answer;
        });
    }
    ~AnsweringPrompt() { Prompt::setHandler(m_previous); }
    AnsweringPrompt(const AnsweringPrompt&) = delete;
    AnsweringPrompt& operator=(const AnsweringPrompt&) = delete;
    QStringList questions;

private:
    Prompt::Handler m_previous;
};

} // namespace

TEST(DocumentController, NewDocumentIsUntitledAndClean)
{
    Document d;
    EXPECT_EQ(d.controller.currentFile(), QString());
    EXPECT_EQ(d.controller.displayName(), QStringLiteral("Untitled"));
    EXPECT_FALSE(d.controller.isModified());
    EXPECT_EQ(d.decodeBatch(), 1.0);
}

TEST(DocumentController, OpenNamesTheDocumentAndAppliesIt)
{
    QTemporaryDir dir;
    Document d;
    Scenario other = defaultScenario();
    other.gpus = {"h100-sxm5"};
    other.baseline = "h100-sxm5";
    const QString path = writeFile(dir, QStringLiteral("other.roofscope.json"),
                                   QByteArray::fromStdString(scenarioToJson(other)));
    ASSERT_FALSE(path.isEmpty());
    QSignalSpy fileSpy(&d.controller, &DocumentController::fileChanged);
    QSignalSpy statusSpy(&d.controller, &DocumentController::statusMessage);

    const auto error = d.controller.openFile(path);
    ASSERT_FALSE(error.has_value()) << error->toStdString();
    EXPECT_EQ(d.controller.currentFile(), path);
    EXPECT_EQ(d.controller.displayName(), QStringLiteral("other.roofscope.json"));
    EXPECT_FALSE(d.controller.isModified());
    ASSERT_EQ(d.session->checkedHardware().size(), 1u);
    EXPECT_EQ(
        d.session->hardware()[static_cast<std::size_t>(d.session->checkedHardware().front())].id,
        "h100-sxm5");
    ASSERT_EQ(fileSpy.count(), 1);
    EXPECT_EQ(fileSpy.at(0).at(0).toString(), path);
    ASSERT_EQ(statusSpy.count(), 1);
    EXPECT_EQ(statusSpy.at(0).at(0).toString(), QStringLiteral("Opened other.roofscope.json"));
    EXPECT_EQ(d.controller.recentFiles(), QStringList{QFileInfo(path).absoluteFilePath()});
}

// Modified follows the undo stack's distance from the saved state, and a save moves that state.
TEST(DocumentController, ModifiedAfterAnEditCleanAfterSave)
{
    QTemporaryDir dir;
    Document d;
    QSignalSpy modifiedSpy(&d.controller, &DocumentController::modifiedChanged);
    d.setDecodeBatch(64);
    EXPECT_TRUE(d.controller.isModified());
    ASSERT_EQ(modifiedSpy.count(), 1);
    EXPECT_TRUE(modifiedSpy.at(0).at(0).toBool());

    const QString path = dir.filePath(QStringLiteral("b64.roofscope.json"));
    ASSERT_FALSE(d.controller.saveFile(path).has_value());
    EXPECT_FALSE(d.controller.isModified());
    EXPECT_EQ(d.controller.currentFile(), path);
    ASSERT_EQ(modifiedSpy.count(), 2);
    EXPECT_FALSE(modifiedSpy.at(1).at(0).toBool());

    // The file holds the edit.
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    auto saved = parseScenario(f.readAll().toStdString(), "b64");
    ASSERT_TRUE(saved.ok());
    EXPECT_EQ(saved->operators[static_cast<std::size_t>(d.decode)].params.number("batch"), 64.0);

    // Undo leaves the saved state, redo returns to it.
    d.session->undoStack()->undo();
    EXPECT_EQ(d.decodeBatch(), 1.0);
    EXPECT_TRUE(d.controller.isModified());
    d.session->undoStack()->redo();
    EXPECT_FALSE(d.controller.isModified());

    // A setting that is no undo step counts until the next save, whatever the stack says.
    d.session->viewSettings()->setTheme(Theme::Slide);
    EXPECT_TRUE(d.controller.isModified());
    d.session->undoStack()->undo();
    d.session->undoStack()->redo();
    EXPECT_TRUE(d.controller.isModified());
    ASSERT_FALSE(d.controller.saveFile(path).has_value());
    EXPECT_FALSE(d.controller.isModified());
}

TEST(DocumentController, RecentFilesMostRecentFirstWithoutDuplicates)
{
    QTemporaryDir tmp;
    // Canonical: the working directory below is, and the list must not see two spellings.
    const QDir dir(QFileInfo(tmp.path()).canonicalFilePath());
    Document d;
    const QString a = dir.filePath(QStringLiteral("a.roofscope.json"));
    const QString b = dir.filePath(QStringLiteral("b.roofscope.json"));
    const QString c = dir.filePath(QStringLiteral("c.roofscope.json"));
    ASSERT_FALSE(d.controller.saveFile(a).has_value());
    ASSERT_FALSE(d.controller.saveFile(b).has_value());
    ASSERT_FALSE(d.controller.saveFile(c).has_value());
    EXPECT_EQ(d.controller.recentFiles(), (QStringList{c, b, a}));
    // Opening one already listed moves it to the front; it is not listed twice.
    ASSERT_FALSE(d.controller.openFile(a).has_value());
    EXPECT_EQ(d.controller.recentFiles(), (QStringList{a, c, b}));
    // A relative path is listed as the absolute one it names.
    const QString before = QDir::currentPath();
    ASSERT_TRUE(QDir::setCurrent(dir.path()));
    const auto error = d.controller.saveFile(QStringLiteral("b.roofscope.json"));
    QDir::setCurrent(before);
    ASSERT_FALSE(error.has_value()) << error->toStdString();
    EXPECT_EQ(d.controller.recentFiles(), (QStringList{b, a, c}));

    // Ten at most: the oldest goes.
    for (int i = 0; i < 10; ++i)
        ASSERT_FALSE(
            d.controller.saveFile(dir.filePath(QStringLiteral("n%1.roofscope.json").arg(i)))
                .has_value());
    const QStringList files = d.controller.recentFiles();
    ASSERT_EQ(files.size(), 10);
    EXPECT_EQ(files.front(), dir.filePath(QStringLiteral("n9.roofscope.json")));
    EXPECT_EQ(files.back(), dir.filePath(QStringLiteral("n0.roofscope.json")));
    EXPECT_FALSE(files.contains(b));

    d.controller.clearRecentFiles();
    EXPECT_EQ(d.controller.recentFiles(), QStringList());
}

TEST(DocumentController, FailedOpenKeepsTheDocumentAndItsPath)
{
    QTemporaryDir dir;
    Document d;
    const QString mine = dir.filePath(QStringLiteral("mine.roofscope.json"));
    ASSERT_FALSE(d.controller.saveFile(mine).has_value());
    d.setDecodeBatch(64);
    ASSERT_TRUE(d.controller.isModified());
    QSignalSpy fileSpy(&d.controller, &DocumentController::fileChanged);
    QSignalSpy modifiedSpy(&d.controller, &DocumentController::modifiedChanged);

    const QString broken =
        writeFile(dir, QStringLiteral("broken.roofscope.json"), QByteArrayLiteral("{\"gpus\": "));
    ASSERT_FALSE(broken.isEmpty());
    const auto parseError = d.controller.openFile(broken);
    ASSERT_TRUE(parseError.has_value());
    EXPECT_TRUE(parseError->contains(QStringLiteral("broken.roofscope.json")))
        << parseError->toStdString();

    const QString missing = dir.filePath(QStringLiteral("missing.roofscope.json"));
    const auto readError = d.controller.openFile(missing);
    ASSERT_TRUE(readError.has_value());
    EXPECT_TRUE(readError->startsWith(missing + QStringLiteral(": "))) << readError->toStdString();

    EXPECT_EQ(d.controller.currentFile(), mine);
    EXPECT_TRUE(d.controller.isModified());
    EXPECT_EQ(d.decodeBatch(), 64.0);
    EXPECT_EQ(d.session->undoStack()->count(), 1);
    EXPECT_EQ(d.controller.recentFiles(), QStringList{mine});
    EXPECT_EQ(fileSpy.count(), 0);
    EXPECT_EQ(modifiedSpy.count(), 0);
}

TEST(DocumentController, FailedSaveNamesThePathAndStaysModified)
{
    QTemporaryDir dir;
    Document d;
    d.setDecodeBatch(64);
    ASSERT_TRUE(d.controller.isModified());
    // A folder that does not exist cannot be written, whoever runs the test (root too).
    const QString path = dir.filePath(QStringLiteral("no-such-folder/x.roofscope.json"));
    const auto error = d.controller.saveFile(path);
    ASSERT_TRUE(error.has_value());
    EXPECT_TRUE(error->startsWith(path + QStringLiteral(": "))) << error->toStdString();
    EXPECT_TRUE(d.controller.isModified());
    EXPECT_EQ(d.controller.currentFile(), QString());
    EXPECT_FALSE(QFileInfo::exists(path));
    EXPECT_EQ(d.controller.recentFiles(), QStringList());
}

TEST(DocumentController, SaveChangesQuestionOnlyWhenModified)
{
    Document d;
    {
        AnsweringPrompt prompt(QMessageBox::Cancel);
        EXPECT_TRUE(d.controller.maybeSave());
        EXPECT_TRUE(prompt.questions.isEmpty());
    }
    d.setDecodeBatch(64);
    {
        AnsweringPrompt prompt(QMessageBox::Cancel);
        EXPECT_FALSE(d.controller.newDocumentInteractive());
        ASSERT_EQ(prompt.questions.size(), 1);
        EXPECT_EQ(prompt.questions.front(),
                  QStringLiteral("Untitled has unsaved changes. Save them before closing it?"));
        EXPECT_EQ(d.decodeBatch(), 64.0);
    }
    {
        AnsweringPrompt prompt(QMessageBox::Discard);
        EXPECT_TRUE(d.controller.newDocumentInteractive());
        EXPECT_EQ(d.decodeBatch(), 1.0);
        EXPECT_FALSE(d.controller.isModified());
    }
}

// Quitting with restore on asks nothing: the next run gets the document back, its file and its
// unsaved state with it.
TEST(DocumentController, LastSessionComesBackWithItsFileAndUnsavedState)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("kept.roofscope.json"));
    {
        Document d;
        ASSERT_FALSE(d.controller.saveFile(path).has_value());
        d.setDecodeBatch(256);
        d.controller.setRestoresSession(true);
        AnsweringPrompt prompt(QMessageBox::Cancel);
        EXPECT_TRUE(d.controller.confirmClose());
        EXPECT_TRUE(prompt.questions.isEmpty());
        d.controller.saveSession();
    }
    Document next;
    next.controller.loadSessionPreference();
    ASSERT_TRUE(next.controller.restoreLastSession());
    EXPECT_EQ(next.controller.currentFile(), path);
    EXPECT_TRUE(next.controller.isModified());
    EXPECT_EQ(next.decodeBatch(), 256.0);

    // With restore off the same close asks, and Cancel keeps the window open.
    next.controller.setRestoresSession(false);
    AnsweringPrompt prompt(QMessageBox::Cancel);
    EXPECT_FALSE(next.controller.confirmClose());
    EXPECT_EQ(prompt.questions.size(), 1);
    EXPECT_FALSE(next.controller.restoreLastSession());
    QSettings().remove(QStringLiteral("session"));
}

namespace {

// A run that edited kept.roofscope.json (batch 256) and quit with restore on, leaving the
// document, its file and its unsaved state in the settings.
QString quitWithUnsavedChanges(const QTemporaryDir& dir)
{
    const QString path = dir.filePath(QStringLiteral("kept.roofscope.json"));
    Document d;
    EXPECT_FALSE(d.controller.saveFile(path).has_value());
    d.setDecodeBatch(256);
    d.controller.setRestoresSession(true);
    EXPECT_TRUE(d.controller.confirmClose());
    d.controller.saveSession();
    return path;
}

const QDateTime kKeptAt(QDate(2026, 12, 5), QTime(23, 20, 41));

} // namespace

// `roofscope FILE` opens FILE instead of the last session, whose unsaved changes this run's quit
// would overwrite: they are written to a recovered document named after the file and the time,
// offered in Open Recent, and the message names it. Only once: a second call keeps nothing more.
TEST(DocumentController, UnsavedLastSessionIsKeptInARecoveredDocument)
{
    QTemporaryDir dir;
    quitWithUnsavedChanges(dir);
    Document next;
    next.controller.loadSessionPreference();
    QSignalSpy status(&next.controller, &DocumentController::statusMessage);
    const auto message = next.controller.keepUnsavedLastSession(kKeptAt);
    const QString recovered =
        RecoveredDocument::folder() +
        QStringLiteral("/kept (recovered 2026-12-05 23-20-41).roofscope.json");
    ASSERT_TRUE(message.has_value());
    EXPECT_EQ(*message, QStringLiteral("The last session's unsaved changes are kept in %1 (File ▸ "
                                       "Open Recent).")
                            .arg(QDir::toNativeSeparators(recovered)));
    ASSERT_EQ(status.size(), 1);
    EXPECT_EQ(status.at(0).at(0).toString(), *message);
    EXPECT_EQ(next.controller.recentFiles().value(0), recovered);

    // The recovered document is the edited one: opening it brings batch 256 back.
    ASSERT_FALSE(next.controller.openFile(recovered).has_value());
    EXPECT_EQ(next.decodeBatch(), 256.0);

    EXPECT_FALSE(next.controller.keepUnsavedLastSession(kKeptAt).has_value());
    // A second recovery at the same second never replaces the first.
    const auto again =
        RecoveredDocument::write("{}", QStringLiteral("/x/kept.roofscope.json"), kKeptAt);
    ASSERT_TRUE(std::holds_alternative<RecoveredDocument::Written>(again));
    EXPECT_EQ(std::get<RecoveredDocument::Written>(again).path,
              RecoveredDocument::folder() +
                  QStringLiteral("/kept (recovered 2026-12-05 23-20-41) 2.roofscope.json"));
    QDir(RecoveredDocument::folder()).removeRecursively();
    QSettings().remove(QStringLiteral("session"));
}

// Nothing to keep: a last session without unsaved changes, or one whose changes quitting asked
// about (restore off).
TEST(DocumentController, NothingIsRecoveredFromASavedOrAskedSession)
{
    QTemporaryDir dir;
    {
        const QString path = dir.filePath(QStringLiteral("saved.roofscope.json"));
        Document d;
        ASSERT_FALSE(d.controller.saveFile(path).has_value());
        d.controller.saveSession();
    }
    Document next;
    EXPECT_FALSE(next.controller.keepUnsavedLastSession(kKeptAt).has_value());
    quitWithUnsavedChanges(dir);
    next.controller.setRestoresSession(false);
    EXPECT_FALSE(next.controller.keepUnsavedLastSession(kKeptAt).has_value());
    EXPECT_FALSE(QFileInfo::exists(RecoveredDocument::folder()));
    QSettings().remove(QStringLiteral("session"));
}

// When the recovered document cannot be written (here a file stands where its folder would be)
// the message says so, the quit leaves the earlier session in the settings for the next start,
// and closing asks about this run's changes instead of dropping them silently.
TEST(DocumentController, AnUnwritableRecoveryKeepsTheEarlierSession)
{
    QTemporaryDir dir;
    quitWithUnsavedChanges(dir);
    QDir().mkpath(QFileInfo(RecoveredDocument::folder()).absolutePath());
    {
        QFile blocker(RecoveredDocument::folder());
        ASSERT_TRUE(blocker.open(QIODevice::WriteOnly));
    }
    Document next;
    const auto message = next.controller.keepUnsavedLastSession(kKeptAt);
    ASSERT_TRUE(message.has_value());
    EXPECT_EQ(*message, QStringLiteral("The last session's unsaved changes could not be kept in a "
                                       "file (%1: the folder cannot be created); they stay for the "
                                       "next start without a file.")
                            .arg(QDir::toNativeSeparators(RecoveredDocument::folder())));
    next.setDecodeBatch(8);
    AnsweringPrompt prompt(QMessageBox::Discard);
    EXPECT_TRUE(next.controller.confirmClose());
    EXPECT_EQ(prompt.questions.size(), 1);
    next.controller.saveSession();

    Document third;
    ASSERT_TRUE(third.controller.restoreLastSession());
    EXPECT_EQ(third.decodeBatch(), 256.0);
    EXPECT_TRUE(third.controller.isModified());
    QFile::remove(RecoveredDocument::folder());
    QSettings().remove(QStringLiteral("session"));
}
