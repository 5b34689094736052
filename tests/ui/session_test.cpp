// The session and the window's document handling: the default story, undo merging per
// gesture, scenario save → open round trip, and malformed files that change nothing.
#include "ui/widgets/parameterpanel.h"
#include "uitestutil.h"

#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QUndoStack>

#include <set>

#include <gtest/gtest.h>

using namespace roofscope;
using roofscope::test::makeSession;
using roofscope::test::makeWindow;
using roofscope::test::operatorIndex;

namespace {

bool writeFile(const QString& path, const QByteArray& text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

} // namespace

TEST(Session, DefaultStory)
{
    auto s = makeSession();
    std::vector<std::string> ids;
    for (int hw : s->checkedHardware())
        ids.push_back(s->hardware()[static_cast<std::size_t>(hw)].id);
    std::sort(ids.begin(), ids.end());
    EXPECT_EQ(ids,
              (std::vector<std::string>{"a100-sxm4-80gb", "b200-sxm", "h100-sxm5", "h200-sxm"}));
    EXPECT_EQ(s->hardware()[static_cast<std::size_t>(s->baseline())].id, "h100-sxm5");
    ASSERT_GE(s->selectedOperator(), 0);
    EXPECT_EQ(s->operators()[static_cast<std::size_t>(s->selectedOperator())].kind,
              "decode_matmul");
    EXPECT_EQ(s->operators().size(), operatorPresets().size());
    // Distinct colours for the four.
    std::set<int> colourSlots;
    for (int hw : s->checkedHardware())
        colourSlots.insert(s->colorSlot(hw));
    EXPECT_EQ(colourSlots.size(), 4u);
}

TEST(Session, GestureMergesIntoOneUndoStep)
{
    auto s = makeSession();
    const int decode = operatorIndex(*s, "decode_matmul");
    const int g = s->newGesture();
    for (double b : {2.0, 8.0, 64.0, 300.0})
        s->setNumber(decode, "batch", b, g);
    EXPECT_EQ(s->undoStack()->count(), 1);
    s->setNumber(decode, "batch", 500.0); // a separate edit
    EXPECT_EQ(s->undoStack()->count(), 2);
    s->undoStack()->undo();
    EXPECT_EQ(s->operators()[static_cast<std::size_t>(decode)].params.number("batch"), 300.0);
    s->undoStack()->undo();
    EXPECT_EQ(s->operators()[static_cast<std::size_t>(decode)].params.number("batch"), 1.0);
}

// Undo texts use the parameter panel's words, not the spec's ids ("weight_dtype = fp16").
TEST(Session, UndoTextsOfParameterEditsAreInWords)
{
    auto s = makeSession();
    const int decode = operatorIndex(*s, "decode_matmul");
    ASSERT_FALSE(s->setParam(decode, "weight_dtype", "fp8"));
    EXPECT_EQ(s->undoStack()->undoText(), QStringLiteral("Set Weight precision = FP8"));
    ASSERT_FALSE(s->setParam(decode, "dtype", "fp16"));
    EXPECT_EQ(s->undoStack()->undoText(), QStringLiteral("Set Precision = FP16"));
    ASSERT_FALSE(s->setNumber(decode, "batch", 2.0));
    EXPECT_EQ(s->undoStack()->undoText(), QStringLiteral("Set Batch = 2"));
    ASSERT_FALSE(s->setNumber(decode, "k", 8704.0));
    EXPECT_EQ(s->undoStack()->undoText(), QStringLiteral("Set Input features (k) = 8704"));
}

TEST(Session, SolveDrivingSnapsAndClamps)
{
    auto s = makeSession();
    const int decode = operatorIndex(*s, "decode_matmul");
    // AI = B·N/(N + 2B) with N = 8192 (bf16): AI 100 at B ≈ 102.5 → 102 or 103 (whole).
    const auto b = s->solveDriving(decode, 100.0);
    ASSERT_TRUE(b.has_value());
    EXPECT_EQ(*b, std::round(*b));
    EXPECT_NEAR(*b, 100.0 * 8192 / (8192 - 200.0), 1.0);
    // Beyond the slider's range: clamped to 1 and 4096.
    EXPECT_EQ(s->solveDriving(decode, 1e-3).value_or(-1), 1.0);
    EXPECT_EQ(s->solveDriving(decode, 1e6).value_or(-1), 4096.0);
    // Elementwise intensity does not depend on its size: nothing to solve.
    EXPECT_FALSE(s->solveDriving(operatorIndex(*s, "elementwise"), 1.0).has_value());
}

// The decode matmul (N = K = 8192, BF16) has AI = B·N/(N + 2B), so it reaches a ridge R at
// B* = R·N/(N − 2R), not at B = R. H100 SXM5 (NVIDIA H100 datasheet: 989.4 TFLOP/s BF16
// dense, 3.35 TB/s): R = 295.3, B* = 295.3 · 8192 / (8192 − 590.7) = 318.3, the figure
// docs/cli.md gives under "Reference figures".
TEST(Session, DecodeMatmulCrossingBatchOnH100Is318)
{
    auto s = makeSession();
    const int decode = operatorIndex(*s, "decode_matmul");
    const auto c = s->crossing(decode, s->hardwareIndex("h100-sxm5"));
    ASSERT_TRUE(c.has_value());
    EXPECT_NEAR(*c, 318.3, 1.0);
}

TEST(Document, SaveOpenRoundTrip)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    auto w = makeWindow();
    Session* s = w->session();
    const int decode = operatorIndex(*s, "decode_matmul");
    s->setNumber(decode, "batch", 96);
    s->setBaseline(s->hardwareIndex("a100-sxm4-80gb"));
    s->viewSettings()->setTheme(Theme::Slide);
    s->viewSettings()->setView(ViewRange{0.1, 1e3, 1e12, 1e16});
    const Scenario before = s->toScenario();
    const QString path = dir.filePath(QStringLiteral("s.roofscope.json"));
    ASSERT_FALSE(w->saveFile(path).has_value());

    auto other = makeWindow();
    ASSERT_FALSE(other->openFile(path).has_value());
    EXPECT_EQ(other->session()->toScenario(), before);
    EXPECT_EQ(other->currentFile(), path);
    EXPECT_EQ(
        other->session()->operators()[static_cast<std::size_t>(decode)].params.number("batch"),
        96.0);
}

// An export draws the colours the window shows: after the MI300X and then the A100 PCIe 80GB
// (which prefers the MI300X's red) are checked, each keeps its hue in the document's figure.
TEST(Document, ExportsKeepTheWindowsColours)
{
    auto w = makeWindow();
    Session* s = w->session();
    const int mi300x = s->hardwareIndex("mi300x");
    const int pcie = s->hardwareIndex("a100-pcie-80gb");
    s->setChecked(mi300x, true);
    const int red = s->colorSlot(mi300x);
    s->setChecked(pcie, true);
    EXPECT_EQ(s->colorSlot(mi300x), red);
    EXPECT_NE(s->colorSlot(pcie), red);
    const Figure f = s->figure();
    ASSERT_EQ(f.gpus.size(), s->checkedHardware().size());
    for (const FigureGpu& g : f.gpus)
        EXPECT_EQ(g.colorSlot, s->colorSlot(g.hardware)) << g.id;
}

struct Malformed {
    const char* name;
    const char* text;
    const char* expect; // part of the message
};

// ctest shows the case's name, not its bytes.
void PrintTo(const Malformed& m, std::ostream* os)
{
    *os << m.name;
}

class MalformedScenario : public ::testing::TestWithParam<Malformed> {};

TEST_P(MalformedScenario, LeavesTheSessionUnchanged)
{
    QTemporaryDir dir;
    auto w = makeWindow();
    Session* s = w->session();
    s->setNumber(operatorIndex(*s, "decode_matmul"), "batch", 33);
    const Scenario before = s->toScenario();
    const int undoCount = s->undoStack()->count();
    const QString path = dir.filePath(QStringLiteral("bad.roofscope.json"));
    ASSERT_TRUE(writeFile(path, GetParam().text));
    const auto error = w->openFile(path);
    ASSERT_TRUE(error.has_value());
    EXPECT_TRUE(error->contains(QStringLiteral("bad.roofscope.json"))) << error->toStdString();
    EXPECT_TRUE(error->contains(QString::fromUtf8(GetParam().expect))) << error->toStdString();
    EXPECT_EQ(s->toScenario(), before);
    EXPECT_EQ(s->undoStack()->count(), undoCount);
    EXPECT_TRUE(w->currentFile().isEmpty());
}

INSTANTIATE_TEST_SUITE_P(
    Cases, MalformedScenario,
    ::testing::Values(
        Malformed{"syntax", "{\"format\": \"roofscope-scenario\",\n \"version\": 1,,}", "line 2"},
        Malformed{"newer",
                  R"({"format":"roofscope-scenario","version":3,"gpus":[],"operators":[]})",
                  "written by a newer RoofScope (version 3); this build reads version 1"},
        Malformed{"badSpec",
                  R"({"format":"roofscope-scenario","version":1,"gpus":["h100-sxm5"],
                      "operators":[{"spec":"matmul:m=8,n=8,k=8"},{"spec":"gelu"},
                                   {"spec":"matmul:m=-1,n=8,k=8"}]})",
                  "/operators/1/spec"},
        Malformed{"negativeM",
                  R"({"format":"roofscope-scenario","version":1,"gpus":["h100-sxm5"],
                      "operators":[{"spec":"matmul:m=-1,n=8,k=8"}]})",
                  "/operators/0/spec: matmul: m=-1"},
        Malformed{
            "unknownGpu",
            R"({"format":"roofscope-scenario","version":1,"gpus":["h100-sxm"],"operators":[]})",
            "/gpus/0: unknown hardware \"h100-sxm\""},
        Malformed{"baseline",
                  R"({"format":"roofscope-scenario","version":1,"gpus":["h100-sxm5"],
                      "baseline":"b200-sxm","operators":[]})",
                  "/baseline"},
        Malformed{"wrongFormat", R"({"format":"roofscope-catalog","version":1})", "/format"},
        Malformed{"view",
                  R"({"format":"roofscope-scenario","version":1,"gpus":[],"operators":[],
                      "view":{"ai_min":10,"ai_max":1,"flops_min":1e12,"flops_max":1e15}})",
                  "/view/ai_max"},
        Malformed{"notObject", "[1, 2, 3]", "expected a JSON object"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(Document, LastSessionRestored)
{
    QSettings().clear();
    {
        auto w = makeWindow();
        w->session()->setNumber(operatorIndex(*w->session(), "decode_matmul"), "batch", 77);
        w->session()->viewSettings()->setTheme(Theme::Dark);
        w->close(); // saves geometry and the session
    }
    MainWindow restored(HardwareCatalog::builtin());
    ASSERT_TRUE(restored.restoreState());
    Session* s = restored.session();
    EXPECT_EQ(s->viewSettings()->theme(), Theme::Dark);
    EXPECT_EQ(
        s->operators()[static_cast<std::size_t>(operatorIndex(*s, "decode_matmul"))].params.number(
            "batch"),
        77.0);
    QSettings().clear();
}
