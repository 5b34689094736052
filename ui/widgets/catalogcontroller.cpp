#include "ui/widgets/catalogcontroller.h"

#include "core/hardware/catalog.h"
#include "core/measured/hardwarefiles.h"
#include "ui/controls/prompt.h"
#include "ui/document/commands/catalogeditcommand.h"
#include "ui/document/session.h"
#include "ui/document/usercatalog.h"
#include "ui/widgets/hardwareeditordialog.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QUndoStack>

#include <algorithm>

namespace roofscope {

CatalogController::CatalogController(Session* session, QWidget* window)
    : QObject(window), m_session(session), m_window(window)
{
}

const std::vector<Hardware>& CatalogController::hardware() const
{
    return m_session->hardware();
}

void CatalogController::reportCatalogErrors(const QStringList& errors)
{
    QSettings settings;
    const QString key = QStringLiteral("catalog/reportedErrors");
    if (settings.value(key).toStringList() == errors)
        return;
    settings.setValue(key, errors);
    Prompt::ask(m_window, {tr("Some Catalog Files Were Not Loaded"),
                           tr("These files were skipped; everything else is available:\n\n%1\n\n"
                              "Fix or remove them and restart RoofScope.")
                               .arg(errors.join(QStringLiteral("\n\n"))),
                           QMessageBox::Ok, QMessageBox::Ok, QMessageBox::Warning});
}

std::optional<QString> CatalogController::addHardwareCatalogFile(const QString& path)
{
    HardwareCatalog after = m_session->catalog();
    auto loaded = loadHardwareFile(after, path.toStdString());
    if (!loaded)
        return QString::fromStdString(loaded.error().message);
    const std::size_t added = after.all().size() - m_session->catalog().all().size();
    const std::size_t total = loaded->size();
    // The entries as a catalog file, named after the first id: at every start they load with
    // the names they have now (read from the file's content, never its path), whatever the
    // file was called and in whatever format it came.
    QString target = UserCatalog::copyTarget(*loaded);
    if (QFileInfo(target).absoluteFilePath() == QFileInfo(path).absoluteFilePath())
        target.clear(); // already there
    Session::HardwareState state = m_session->hardwareState();
    // Added to be looked at: every entry of the file shows on the chart, in this undo step.
    for (const Hardware& hw : *loaded) {
        const auto it = std::find_if(after.all().begin(), after.all().end(),
                                     [&hw](const Hardware& h) { return h.id == hw.id; });
        const int index = static_cast<int>(it - after.all().begin());
        if (it != after.all().end() &&
            std::find(state.checked.begin(), state.checked.end(), index) == state.checked.end())
            state.checked.push_back(index);
    }
    std::sort(state.checked.begin(), state.checked.end());
    if (state.baseline < 0 && !state.checked.empty())
        state.baseline = state.checked.front();
    CatalogEditCommand::State before{m_session->catalog(), m_session->hardwareState(), {}};
    CatalogEditCommand::State next{after, state, {}};
    if (!target.isEmpty()) {
        auto old = UserCatalog::readBytes(target);
        if (!old)
            return QString::fromStdString(old.error().message);
        before.file = *old;
        next.file = QByteArray::fromStdString(hardwareCatalogToJson(*loaded));
        if (auto error = UserCatalog::writeBytes(target, next.file))
            return error;
    }
    const QString fileName = QFileInfo(path).fileName();
    const QString undoText = total == 1
                                 ? tr("Add %1").arg(QString::fromStdString(loaded->front().name))
                                 : tr("Add Hardware Catalog %1").arg(fileName);
    m_session->undoStack()->push(
        new CatalogEditCommand(m_session, undoText, target, std::move(before), std::move(next),
                               [this](const QString& error) { emit statusMessage(error, 15000); }));
    emit statusMessage(
        tr("%1: %n accelerator(s) added", nullptr, static_cast<int>(added)).arg(fileName) +
            (total > added ? tr(", %1 updated").arg(total - added) : QString()),
        8000);
    return std::nullopt;
}

int CatalogController::offerHardwareFiles(const QStringList& paths)
{
    int added = 0;
    for (const QString& path : paths) {
        const QString name = QFileInfo(path).fileName();
        const auto answer = Prompt::ask(
            m_window,
            {tr("Add Hardware?"),
             tr("%1 holds measured hardware peaks, no kernels. Add it as hardware?").arg(name),
             QMessageBox::Yes | QMessageBox::Cancel,
             QMessageBox::Yes,
             QMessageBox::Question,
             {{QMessageBox::Yes, tr("Add as Hardware")}}});
        if (answer != QMessageBox::Yes) {
            emit statusMessage(tr("%1: nothing was imported or added.").arg(name), 8000);
            continue;
        }
        if (auto error = addHardwareCatalogFile(path)) {
            Prompt::ask(m_window, {tr("Cannot Add Hardware Catalog"),
                                   tr("Nothing was added.\n\n%1").arg(*error), QMessageBox::Ok,
                                   QMessageBox::Ok, QMessageBox::Warning});
            continue;
        }
        ++added;
    }
    return added;
}

void CatalogController::addHardwareCatalog()
{
    const QString path =
        QFileDialog::getOpenFileName(m_window, tr("Add Hardware Catalog"), QString(),
                                     tr("Hardware catalogs (*.json *.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    if (auto error = addHardwareCatalogFile(path)) {
        Prompt::ask(m_window,
                    {tr("Cannot Add Hardware Catalog"), tr("Nothing was added.\n\n%1").arg(*error),
                     QMessageBox::Ok, QMessageBox::Ok, QMessageBox::Warning});
    }
}

std::optional<QString> CatalogController::saveAccelerator(const Hardware& hw)
{
    if (auto error = UserCatalog::validate(hw))
        return error;
    const QString path = UserCatalog::editorFile();
    auto old = UserCatalog::readBytes(path);
    if (!old)
        return QString::fromStdString(old.error().message);
    auto bytes = UserCatalog::withEntry(*old, hw);
    if (!bytes)
        return QString::fromStdString(bytes.error().message);
    HardwareCatalog after = m_session->catalog();
    after.merge({hw});
    Session::HardwareState state = m_session->hardwareState();
    const int index = [&] {
        for (std::size_t i = 0; i < after.all().size(); ++i) {
            if (after.all()[i].id == hw.id)
                return static_cast<int>(i);
        }
        return -1;
    }();
    const bool isNew = m_session->hardwareIndex(hw.id) < 0;
    // A new accelerator shows on the chart right away: that is why it was entered.
    if (isNew && index >= 0) {
        state.checked.push_back(index);
        std::sort(state.checked.begin(), state.checked.end());
        if (state.baseline < 0)
            state.baseline = index;
    }
    if (auto error = UserCatalog::writeBytes(path, *bytes))
        return error;
    m_session->undoStack()->push(new CatalogEditCommand(
        m_session, (isNew ? tr("Add %1") : tr("Edit %1")).arg(QString::fromStdString(hw.name)),
        path, {m_session->catalog(), m_session->hardwareState(), *old}, {after, state, *bytes},
        [this](const QString& error) { emit statusMessage(error, 15000); }));
    emit statusMessage(tr("Saved %1 to %2").arg(QString::fromStdString(hw.name), path), 8000);
    return std::nullopt;
}

void CatalogController::editAccelerator(int hardware)
{
    HardwareEditorDialog dialog(
        [this](const std::string& id) { return m_session->hardwareIndex(id) >= 0; }, m_window);
    if (hardware >= 0 && hardware < static_cast<int>(m_session->hardware().size()))
        dialog.setHardware(m_session->hardware()[static_cast<std::size_t>(hardware)]);
    while (dialog.exec() == QDialog::Accepted) {
        const auto error = saveAccelerator(dialog.hardware());
        if (!error)
            return;
        // The entry stays in the dialog: nothing typed is lost.
        Prompt::ask(m_window, {tr("Cannot Save the Accelerator"), *error, QMessageBox::Ok,
                               QMessageBox::Ok, QMessageBox::Warning});
    }
}

} // namespace roofscope
