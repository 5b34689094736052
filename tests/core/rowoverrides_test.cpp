// Row overrides (core/rowoverrides.h): what an edit of a model row changes, laid over a new
// expansion by the row's key, and saved in the document's model set-up.
#include "core/document/scenariomodel.h"
#include "core/models/modelconfig.h"
#include "core/models/rowoverrides.h"

#include <gtest/gtest.h>

using namespace roofscope;

namespace {

Workload llama(double batch)
{
    InferenceScenario step;
    step.batch = batch;
    step.context = 2048;
    auto w = expandWorkload(*ModelCatalog::builtin().find("llama-2-70b"), step);
    EXPECT_TRUE(w);
    return w ? *w : Workload{};
}

const WorkloadOp& rowOf(const Workload& w, const std::string& key)
{
    for (const WorkloadOp& r : w.ops) {
        if (r.key == key)
            return r;
    }
    throw std::runtime_error("no row " + key);
}

} // namespace

TEST(RowOverrides, AnEditIsTheValuesThatDiffer)
{
    const Workload w = llama(1);
    // The row as the window lists it: named with its count.
    Operator gate = rowOf(w, "gate_proj").op;
    gate.label = "Gate projection ×80";
    auto edited = withParam(gate, "weight_dtype", "int4");
    ASSERT_TRUE(edited);
    const RowOverride o = rowOverride(rowOf(w, "gate_proj").op, "Gate projection ×80", *edited);
    EXPECT_EQ(o.params, (std::map<std::string, std::string>{{"weight_dtype", "int4"}}));
    EXPECT_TRUE(o.label.empty());
    // A name given by hand; an unchanged row is no edit.
    Operator renamed = gate;
    renamed.label = "Gate (mine)";
    EXPECT_EQ(rowOverride(gate, "Gate projection ×80", renamed).label, "Gate (mine)");
    renamed.label = "Gate projection ×80";
    EXPECT_TRUE(rowOverride(gate, "Gate projection ×80", renamed).empty());
}

TEST(RowOverrides, LaidOverANewExpansionByKey)
{
    RowOverrides overrides{{"gate_proj", {{{"weight_dtype", "int4"}}, "Gate (mine)"}},
                           {"no_such_row", {{{"weight_dtype", "int4"}}, ""}},
                           {"up_proj", {{{"weight_dtype", "fp99"}}, ""}}};
    Workload w = llama(8);
    const Workload plain = w;
    const auto problems = applyRowOverrides(w, overrides);
    ASSERT_EQ(problems.size(), 2u);
    EXPECT_EQ(problems[0], "no_such_row: no such row in this step");
    EXPECT_EQ(problems[1].rfind("up_proj: ", 0), 0u) << problems[1];
    const Operator& gate = rowOf(w, "gate_proj").op;
    EXPECT_EQ(gate.params.text("weight_dtype"), "int4");
    EXPECT_EQ(gate.label, "Gate (mine)");
    // Everything else of the row is the batch-8 expansion's.
    Operator expected = rowOf(plain, "gate_proj").op;
    expected.params.set("weight_dtype", std::string("int4"));
    EXPECT_EQ(gate.params, expected.params);
    EXPECT_EQ(rowOf(w, "up_proj").op.params, rowOf(plain, "up_proj").op.params); // refused
    // Fewer weight bytes read: INT4 is a quarter of FP16.
    EXPECT_LT(gate.cost().bytes, rowOf(plain, "gate_proj").op.cost().bytes / 3.0);
}

TEST(RowOverrides, SavedInTheModelSetUp)
{
    ScenarioModel m;
    m.id = "llama-2-70b";
    m.onChart = true;
    m.overrides["gate_proj"] = {{{"weight_dtype", "int4"}}, "Gate (mine)"};
    const std::string json = scenarioModelToJson(m);
    EXPECT_NE(
        json.find(R"x("overrides":{"gate_proj":{"weight_dtype":"int4","label":"Gate (mine)"}})x"),
        std::string::npos)
        << json;
    auto back = parseScenarioModel(json, "doc.json");
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->overrides, m.overrides);

    auto bad =
        parseScenarioModel(R"({"id":"llama-2-70b","overrides":{"gate_proj":{"n":8}}})", "doc.json");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().message,
              "doc.json: /model/overrides/gate_proj/n: expected the value as text, got 8");
    bad = parseScenarioModel(R"({"id":"llama-2-70b","overrides":[1]})", "doc.json");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().message,
              "doc.json: /model/overrides: expected an object of rows by key, got [1]");
}
