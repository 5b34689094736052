#pragma once

#include "core/document/scenario.h"

#include <QObject>
#include <QString>

#include <optional>
#include <string>

namespace roofscope {

class Session;

// How the document's figure is shown: the view range, the theme, the chart's toggles, the labels
// the user dragged and what File ▸ Export Figure… last used. One part of the document (Session
// owns it and saves it with the rest). Range, theme and toggles are saved settings but not undo
// steps (as a zoom is not); a label's move is one, on the document's undo stack.
class ViewSettings : public QObject {
    Q_OBJECT
public:
    explicit ViewSettings(Session* document);

    std::optional<ViewRange> view() const { return m_view; }
    void setView(std::optional<ViewRange> view);
    Theme theme() const { return m_theme; }
    void setTheme(Theme theme);
    ChartToggles toggles() const { return m_toggles; }
    void setToggles(ChartToggles toggles);

    // What File ▸ Export Figure… last used for this document; a new or opened document starts
    // without them.
    struct FigureText {
        QString title;
        QString subtitle;
        QString path;
    };
    const FigureText& figureText() const { return m_figureText; }
    void setFigureText(FigureText text) { m_figureText = std::move(text); }

    // Labels the user dragged on the chart, by label key (core/labelkeys.h). Undoable: "Move
    // Label" (one drag, merged by `gesture`) and "Reset Label Positions".
    const LabelPositions& labelPositions() const { return m_labelPositions; }
    void moveLabel(const std::string& key, LabelOffset offset, int gesture = 0);
    void resetLabelPositions();
    // Used by the undo commands (an operator edit moves the pins of the rows it moves).
    void setLabelPositionsInternal(const LabelPositions& positions);

    // An opened document's settings, without a signal: the document applies every part of the
    // scenario first and then announces each (announceReset), so that no listener reads one part
    // new and another old.
    void resetInternal(const Scenario& scenario);
    void announceReset();

signals:
    void viewChanged();
    void themeChanged();
    void togglesChanged();
    void labelPositionsChanged();
    // The range, theme or toggles changed: the document differs from its file although its undo
    // stack may be back at its clean state.
    void settingChangedOutsideUndo();

private:
    Session* m_document;
    std::optional<ViewRange> m_view;
    Theme m_theme = Theme::Light;
    ChartToggles m_toggles;
    FigureText m_figureText;
    LabelPositions m_labelPositions;
};

} // namespace roofscope
