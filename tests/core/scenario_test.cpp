// The scenario document: round trip, the default story, and every malformed case named by
// file, JSON pointer and problem.
#include "core/document/scenario.h"
#include "core/hardware/catalog.h"

#include <gtest/gtest.h>

using namespace roofscope;

namespace {

std::string errorOf(const std::string& text)
{
    auto s = parseScenario(text, "s.roofscope.json");
    return s.ok() ? std::string("(no error)") : s.error().message;
}

std::string doc(const std::string& body)
{
    return R"({"format":"roofscope-scenario","version":1)" + (body.empty() ? "" : "," + body) + "}";
}

} // namespace

TEST(Scenario, DefaultStory)
{
    const Scenario s = defaultScenario();
    EXPECT_EQ(s.gpus,
              (std::vector<std::string>{"a100-sxm4-80gb", "h100-sxm5", "h200-sxm", "b200-sxm"}));
    EXPECT_EQ(s.baseline, "h100-sxm5");
    ASSERT_EQ(s.operators.size(), operatorPresets().size());
    ASSERT_GE(s.selected, 0);
    EXPECT_EQ(s.operators[static_cast<std::size_t>(s.selected)].kind, "decode_matmul");
    EXPECT_EQ(s.operators[static_cast<std::size_t>(s.selected)].label, "Decode matmul");
    EXPECT_FALSE(s.view.has_value());
    EXPECT_EQ(s.theme, Theme::Light);
    EXPECT_FALSE(checkScenarioHardware(s, HardwareCatalog::builtin(), "default").has_value());
}

TEST(Scenario, RoundTrip)
{
    Scenario s = defaultScenario();
    s.view = ViewRange{0.05, 5e3, 2e11, 3e15};
    s.theme = Theme::Slide;
    s.toggles.fp8 = true;
    s.toggles.l2 = true;
    s.toggles.labels = false;
    s.palette = {{"a100-sxm4-80gb", 4}, {"h100-sxm5", 9}};
    s.operators[0].label = "Residual add \"quoted\"";
    auto w4 = withParam(s.operators[static_cast<std::size_t>(s.selected)], "weight_dtype", "int4");
    ASSERT_TRUE(w4.ok());
    s.operators[static_cast<std::size_t>(s.selected)] = *w4;
    const std::string json = scenarioToJson(s);
    auto back = parseScenario(json, "s.roofscope.json");
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(*back, s);
    // Stable: writing again gives the same bytes.
    EXPECT_EQ(scenarioToJson(*back), json);
    // The header comes first so that a reader sees what the file is.
    EXPECT_EQ(json.find("\"format\""), 4u);
}

TEST(Scenario, MinimalDocument)
{
    auto s = parseScenario(doc(""), "s.roofscope.json");
    ASSERT_TRUE(s.ok()) << s.error().message;
    EXPECT_TRUE(s->gpus.empty());
    EXPECT_TRUE(s->operators.empty());
    EXPECT_EQ(s->selected, -1);
    EXPECT_TRUE(s->toggles.sweep);
}

TEST(Scenario, LabelFromSpec)
{
    auto s = parseScenario(doc(R"("operators":[{"spec":"matmul:m=1,n=8,k=8,label=QKV"}])"), "f");
    ASSERT_TRUE(s.ok()) << s.error().message;
    EXPECT_EQ(s->operators[0].label, "QKV");
    // An explicit "label" wins.
    auto t = parseScenario(
        doc(R"("operators":[{"spec":"matmul:m=1,n=8,k=8,label=QKV","label":"Out proj"}])"), "f");
    ASSERT_TRUE(t.ok());
    EXPECT_EQ(t->operators[0].label, "Out proj");
}

TEST(ScenarioErrors, BadOperatorSpecNamesPointer)
{
    // The file, the pointer, then the core's own message about the token.
    const std::string e =
        errorOf(doc(R"("operators":[{"spec":"matmul:m=1,n=8,k=8"},{"spec":"matmul:m=2,n=8,k=8"},
                            {"spec":"matmul:m=-1,n=8,k=8"}])"));
    EXPECT_EQ(
        e.rfind("s.roofscope.json: /operators/2/spec: matmul: m=-1: expected a whole number >= 1",
                0),
        0u)
        << e;
}

TEST(ScenarioErrors, NewerVersion)
{
    EXPECT_EQ(errorOf(R"({"format":"roofscope-scenario","version":3,"future":true})"),
              "s.roofscope.json: /version: written by a newer RoofScope (version 3); this build "
              "reads version 1");
}

TEST(ScenarioErrors, Header)
{
    EXPECT_EQ(errorOf(R"({"version":1})"),
              "s.roofscope.json: /format: missing; expected \"roofscope-scenario\"");
    EXPECT_NE(errorOf(R"({"format":"roofscope-catalog","version":1})").find("/format"),
              std::string::npos);
    EXPECT_EQ(errorOf(R"({"format":"roofscope-scenario"})"), "s.roofscope.json: /version: missing");
    EXPECT_EQ(errorOf(R"({"format":"roofscope-scenario","version":"1"})"),
              "s.roofscope.json: /version: expected a whole number, got string");
    EXPECT_EQ(errorOf("[]"), "s.roofscope.json: expected a JSON object, got array");
}

TEST(ScenarioErrors, SyntaxErrorHasLineAndColumn)
{
    const std::string e =
        errorOf("{\n  \"format\": \"roofscope-scenario\",\n  \"version\": 1,,\n}");
    EXPECT_EQ(e.rfind("s.roofscope.json: line 3, column ", 0), 0u) << e;
    EXPECT_NE(e.find("syntax error"), std::string::npos) << e;
}

TEST(ScenarioErrors, Fields)
{
    EXPECT_EQ(errorOf(doc(R"("colour":"red")")), "s.roofscope.json: /colour: unknown key");
    EXPECT_EQ(errorOf(doc(R"("gpus":"h100-sxm5")")),
              "s.roofscope.json: /gpus: expected an array of hardware ids, got string");
    EXPECT_EQ(errorOf(doc(R"("gpus":["h100-sxm5","h100-sxm5"])")),
              "s.roofscope.json: /gpus/1: \"h100-sxm5\" is listed twice");
    EXPECT_EQ(errorOf(doc(R"("gpus":["h100-sxm5"],"baseline":"b200-sxm")")),
              "s.roofscope.json: /baseline: \"b200-sxm\" is not one of /gpus");
    EXPECT_EQ(errorOf(doc(R"("operators":[{"label":"x"}])")),
              "s.roofscope.json: /operators/0/spec: missing");
    EXPECT_EQ(errorOf(doc(R"("operators":[{"spec":"matmul:m=1,n=8,k=8","dtype":"x"}])")),
              "s.roofscope.json: /operators/0/dtype: unknown key");
    EXPECT_EQ(errorOf(doc(R"("operators":[],"selected":0)")),
              "s.roofscope.json: /selected: index 0 is out of range (0 operators)");
    EXPECT_EQ(errorOf(doc(R"("view":{"ai_min":1,"ai_max":100,"flops_min":0,"flops_max":1e15})")),
              "s.roofscope.json: /view/flops_min: must be a finite number > 0");
    EXPECT_EQ(errorOf(doc(R"("view":{"ai_min":100,"ai_max":1,"flops_min":1,"flops_max":1e15})")),
              "s.roofscope.json: /view/ai_max: must be greater than ai_min");
    EXPECT_EQ(errorOf(doc(R"("view":{"ai_min":1,"ai_max":100,"flops_min":1})")),
              "s.roofscope.json: /view/flops_max: missing");
    EXPECT_EQ(errorOf(doc(R"("theme":"neon")")),
              "s.roofscope.json: /theme: unknown theme \"neon\"; expected light, dark or slide");
    EXPECT_EQ(errorOf(doc(R"("ceilings":{"fp8":1})")),
              "s.roofscope.json: /ceilings/fp8: expected true or false, got number");
    EXPECT_EQ(errorOf(doc(R"("ceilings":{"fp16":true})")),
              "s.roofscope.json: /ceilings/fp16: unknown key");
}

// Each accelerator's colour is saved and read back; a colour for an accelerator the document
// does not show is dropped, and what is not a slot is named.
TEST(Scenario, ThePaletteKeepsEachAcceleratorsColour)
{
    auto s = parseScenario(
        doc(R"("gpus":["h100-sxm5","mi300x"],"palette":{"mi300x":3,"h100-sxm5":3,"b200-sxm":1})"),
        "s.roofscope.json");
    ASSERT_TRUE(s.ok()) << s.error().message;
    EXPECT_EQ(s->palette, (ScenarioPalette{{"h100-sxm5", 3}, {"mi300x", 3}}));
    EXPECT_NE(scenarioToJson(*s).find(R"("palette": {
    "h100-sxm5": 3,
    "mi300x": 3
  })"),
              std::string::npos)
        << scenarioToJson(*s);
    EXPECT_EQ(errorOf(doc(R"("gpus":["h100-sxm5"],"palette":["h100-sxm5"])")),
              "s.roofscope.json: /palette: expected an object of hardware id: colour slot, got "
              "array");
    EXPECT_EQ(errorOf(doc(R"("gpus":["h100-sxm5"],"palette":{"h100-sxm5":-1})")),
              "s.roofscope.json: /palette/h100-sxm5: expected a colour slot, a whole number from 0 "
              "to 255");
    EXPECT_EQ(errorOf(doc(R"("gpus":["h100-sxm5"],"palette":{"h100-sxm5":"red"})")),
              "s.roofscope.json: /palette/h100-sxm5: expected a colour slot, a whole number from 0 "
              "to 255");
}

TEST(ScenarioErrors, UnknownHardwareSuggestsClosest)
{
    auto s = parseScenario(doc(R"("gpus":["a100-sxm4-80gb","h100-sxm"])"), "s.roofscope.json");
    ASSERT_TRUE(s.ok());
    auto e = checkScenarioHardware(*s, HardwareCatalog::builtin(), "s.roofscope.json");
    ASSERT_TRUE(e.has_value());
    EXPECT_EQ(e->message.rfind("s.roofscope.json: /gpus/1: unknown hardware \"h100-sxm\"", 0), 0u)
        << e->message;
    EXPECT_NE(e->message.find("did you mean"), std::string::npos) << e->message;
}
