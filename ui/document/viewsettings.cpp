#include "ui/document/viewsettings.h"

#include "ui/document/commands/labelpositionscommand.h"
#include "ui/document/session.h"

#include <QUndoStack>

namespace roofscope {

ViewSettings::ViewSettings(Session* document) : QObject(document), m_document(document) {}

void ViewSettings::setView(std::optional<ViewRange> view)
{
    if (view == m_view)
        return;
    m_view = view;
    emit viewChanged();
    emit settingChangedOutsideUndo();
}

void ViewSettings::setTheme(Theme theme)
{
    if (theme == m_theme)
        return;
    m_theme = theme;
    emit themeChanged();
    emit settingChangedOutsideUndo();
}

void ViewSettings::setToggles(ChartToggles toggles)
{
    if (toggles == m_toggles)
        return;
    m_toggles = toggles;
    emit togglesChanged();
    emit settingChangedOutsideUndo();
}

void ViewSettings::moveLabel(const std::string& key, LabelOffset offset, int gesture)
{
    LabelPositions after = m_labelPositions;
    after[key] = offset;
    if (after == m_labelPositions)
        return;
    m_document->undoStack()->push(
        new LabelPositionsCommand(this, tr("Move Label"), std::move(after), gesture));
}

void ViewSettings::resetLabelPositions()
{
    if (m_labelPositions.empty())
        return;
    m_document->undoStack()->push(
        new LabelPositionsCommand(this, tr("Reset Label Positions"), {}, 0));
}

void ViewSettings::setLabelPositionsInternal(const LabelPositions& positions)
{
    if (positions == m_labelPositions)
        return;
    m_labelPositions = positions;
    emit labelPositionsChanged();
}

void ViewSettings::resetInternal(const Scenario& scenario)
{
    m_view = scenario.view;
    m_theme = scenario.theme;
    m_toggles = scenario.toggles;
    m_figureText = {};
    m_labelPositions = scenario.labelPositions;
}

void ViewSettings::announceReset()
{
    emit viewChanged();
    emit themeChanged();
    emit togglesChanged();
    emit labelPositionsChanged();
}

} // namespace roofscope
