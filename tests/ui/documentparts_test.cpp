// The document's parts (ui/document/measurementstore.h, ui/document/viewsettings.h): each holds
// its own state and signals, every edit of any of them is a step of the session's one undo
// stack, and they are saved and opened with the session as one document.
#include "tests/common/measuredkernels.h"
#include "uitestutil.h"

#include <QSignalSpy>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace roofscope;
using roofscope::test::csvKernel;
using roofscope::test::makeSession;

namespace {

MeasurementSet oneRun(const std::string& file)
{
    MeasurementSet set;
    set.file = file;
    set.kernels = {csvKernel("gemm", 0.01, 1e12, 1e10)}; // measured on the A100
    return set;
}

} // namespace

TEST(DocumentParts, AnImportThatChecksItsGpuIsOneStepOfTheDocumentsUndo)
{
    auto s = makeSession();
    const int a100 = s->hardwareIndex("a100-sxm4-80gb");
    s->setChecked(a100, false);
    const int steps = s->undoStack()->count();
    s->measurementStore()->importMeasurements(oneRun("run.csv"));
    // The run's GPU is checked with it (a hardware edit of the session) in the same step.
    EXPECT_TRUE(s->isChecked(a100));
    EXPECT_EQ(s->measurements().sets.size(), 1u);
    EXPECT_EQ(s->undoStack()->count(), steps + 1);
    EXPECT_EQ(s->undoStack()->undoText(), QStringLiteral("Import run.csv"));
    s->undoStack()->undo();
    EXPECT_FALSE(s->isChecked(a100));
    EXPECT_TRUE(s->measurements().sets.empty());
}

TEST(DocumentParts, ALabelMoveIsAStepOfTheDocumentsUndoAndIsSaved)
{
    auto s = makeSession();
    const int steps = s->undoStack()->count();
    s->viewSettings()->moveLabel("op:Decode matmul", {5.0, 6.0});
    EXPECT_EQ(s->undoStack()->count(), steps + 1);
    EXPECT_EQ(s->undoStack()->undoText(), QStringLiteral("Move Label"));
    EXPECT_EQ(s->toScenario().labelPositions,
              (LabelPositions{{"op:Decode matmul", LabelOffset{5.0, 6.0}}}));
    s->undoStack()->undo();
    EXPECT_TRUE(s->viewSettings()->labelPositions().empty());
    EXPECT_TRUE(s->toScenario().labelPositions.empty());
}

TEST(DocumentParts, ViewSettingsAndTheMeasuredViewAreSavedButAreNotUndoSteps)
{
    auto s = makeSession();
    QSignalSpy outside(s.get(), &Session::settingChangedOutsideUndo);
    QSignalSpy colors(s.get(), &Session::colorsChanged);
    QSignalSpy theme(s->viewSettings(), &ViewSettings::themeChanged);
    const int steps = s->undoStack()->count();
    s->viewSettings()->setTheme(Theme::Dark);
    s->viewSettings()->setView(ViewRange{1.0, 100.0, 1e12, 1e15});
    s->measurementStore()->setMeasuredHierarchical(true);
    s->viewSettings()->setTheme(Theme::Dark); // no change, no signal
    EXPECT_EQ(s->undoStack()->count(), steps);
    // Each part's setting marks the document changed through the session's one signal.
    EXPECT_EQ(outside.count(), 3);
    EXPECT_EQ(theme.count(), 1);
    // A theme recolours the GPUs as the user's own colours do.
    EXPECT_EQ(colors.count(), 1);
    s->setColorOverrides({{"h100-sxm5", 0x123456u}});
    EXPECT_EQ(colors.count(), 2);
    EXPECT_EQ(theme.count(), 1);

    const Scenario saved = s->toScenario();
    EXPECT_EQ(saved.theme, Theme::Dark);
    ASSERT_TRUE(saved.view.has_value());
    EXPECT_EQ(saved.view->aiMax, 100.0);
    EXPECT_TRUE(saved.measurements.hierarchical);
}

TEST(DocumentParts, AnOpenedDocumentsPartsAreAllNewBeforeAnyListenerHearsOfIt)
{
    auto s = makeSession();
    s->measurementStore()->importMeasurements(oneRun("old.csv"));
    s->measurementStore()->setSelectedKernel({0, 0});
    s->viewSettings()->setFigureText({QStringLiteral("Old title"), {}, {}});
    Scenario next = defaultScenario();
    next.theme = Theme::Slide;
    next.labelPositions = {{"op:Decode matmul", LabelOffset{5.0, 6.0}}};
    next.measurements.sets.push_back(oneRun("opened.csv"));
    next.measurements.sets.push_back(oneRun("second.csv"));

    // What the first listener of each signal reads: every part already holds the opened file.
    std::vector<std::string> seen;
    auto look = [&](const char* signal) {
        const auto& m = s->measurements();
        seen.push_back(std::string(signal) + ":" + (m.sets.empty() ? "" : m.sets.front().file) +
                       ":" + std::to_string(m.sets.size()) + ":" +
                       std::string(themeName(s->viewSettings()->theme())) + ":" +
                       std::to_string(s->viewSettings()->labelPositions().size()) + ":" +
                       std::to_string(s->measurementStore()->selectedKernel().isValid()));
    };
    QObject::connect(s.get(), &Session::scenarioApplied, [&] { look("applied"); });
    QObject::connect(s.get(), &Session::operatorsReset, [&] { look("operators"); });
    QObject::connect(s->viewSettings(), &ViewSettings::themeChanged, [&] { look("theme"); });
    QObject::connect(s->measurementStore(), &MeasurementStore::measurementsChanged,
                     [&] { look("measurements"); });
    ASSERT_FALSE(s->applyScenario(next, QStringLiteral("opened.roofscope.json")).has_value());
    EXPECT_EQ(seen, (std::vector<std::string>{
                        "applied:opened.csv:2:slide:1:0", "operators:opened.csv:2:slide:1:0",
                        "theme:opened.csv:2:slide:1:0", "measurements:opened.csv:2:slide:1:0"}));
    // Opening is not an edit: nothing to undo, and the export's title starts empty.
    EXPECT_EQ(s->undoStack()->count(), 0);
    EXPECT_TRUE(s->viewSettings()->figureText().title.isEmpty());
}
