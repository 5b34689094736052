// A model's operator rows are shown by name ("Q projection ×80"), never by the core's key
// ("q_proj"); the long description is the row's tooltip.
#include "core/models/modelconfig.h"
#include "core/models/workload.h"
#include "tests/generated/testpaths.h"
#include "ui/document/modelworkbench.h"
#include "ui/models/operatormodel.h"
#include "ui/text/modelrownames.h"
#include "ui/text/translation.h"
#include "uitestutil.h"

#include <QDir>

#include <gtest/gtest.h>

#include <map>
#include <set>

using namespace roofscope;

namespace {

// Every built-in model, and every Hugging Face config among the test data the catalog accepts
// (Qwen1.5-MoE brings the shared expert's gate, GPT-2 and Phi-2 the plain MLP and learned or
// partial positions).
std::vector<ModelConfig> allModels()
{
    ModelCatalog catalog = ModelCatalog::builtin();
    const QDir hf(QString::fromUtf8(ROOFSCOPE_TEST_DATA_DIR) + QStringLiteral("/models/hf"));
    for (const QString& dir : hf.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        (void)catalog.loadFile(hf.filePath(dir + QStringLiteral("/config.json")).toStdString());
    return catalog.all();
}

// Each key of every expansion (both phases, fused and unfused), with the models that make it.
std::map<std::string, std::set<std::string>> everyKey()
{
    std::map<std::string, std::set<std::string>> keys;
    for (const ModelConfig& m : allModels()) {
        for (Phase phase : {Phase::Decode, Phase::Prefill}) {
            for (bool fused : {false, true}) {
                InferenceScenario s;
                s.phase = phase;
                s.fused = fused;
                s.batch = 2;
                s.context = 64;
                auto w = expandWorkload(m, s);
                EXPECT_TRUE(w.ok()) << m.id << ": " << w.error().message;
                if (!w)
                    continue;
                std::set<QString> names;
                for (const WorkloadOp& row : w->ops) {
                    keys[row.key].insert(m.id);
                    // Two rows of one step never share a name (their labels would read alike
                    // and their pins be numbered "#2").
                    EXPECT_TRUE(names.insert(ModelRowNames::name(row.key)).second)
                        << m.id << ": " << row.key;
                }
            }
        }
    }
    return keys;
}

} // namespace

TEST(ModelRowNames, EveryKeyOfEveryModelHasAShortHumanName)
{
    const auto keys = everyKey();
    // The walk reaches every kind of row: MoE experts, a shared expert and its gate, latent
    // attention, unfused attention, the plain MLP.
    for (const char* key :
         {"expert_down_proj", "shared_gate_proj", "shared_expert_gate", "kv_a_proj", "q_absorb",
          "kv_b_proj", "attn_qk", "position_embedding", "up_proj", "act_mul", "mlp_residual_norm"})
        EXPECT_TRUE(keys.count(key)) << key;
    EXPECT_GE(keys.size(), 50u);
    for (const auto& [key, models] : keys) {
        const QString name = ModelRowNames::name(key);
        // A key the core gains later fails here until it is given a name.
        EXPECT_TRUE(ModelRowNames::isKnown(key)) << key << " (from " << *models.begin() << ")";
        EXPECT_NE(name, QString::fromStdString(key));
        EXPECT_FALSE(name.contains(QLatin1Char('_'))) << name.toStdString();
        EXPECT_TRUE(name.at(0).isUpper()) << name.toStdString();
        EXPECT_LE(name.size(), 22) << name.toStdString();
    }
}

TEST(ModelRowNames, UnknownKeysReadAsWords)
{
    EXPECT_FALSE(ModelRowNames::isKnown("foo_bar"));
    EXPECT_EQ(ModelRowNames::name("foo_bar"), QStringLiteral("Foo bar"));
    EXPECT_EQ(ModelRowNames::name("new__kernel_"), QStringLiteral("New kernel"));
    EXPECT_EQ(ModelRowNames::name("q_proj"), QStringLiteral("Q projection"));
    EXPECT_EQ(ModelRowNames::name("attn_qk"), QStringLiteral("QKᵀ scores"));
}

TEST(ModelRowNames, ChartLabelsOfLlama70bDecode)
{
    const ModelCatalog catalog = ModelCatalog::builtin();
    const ModelConfig* llama = catalog.find("llama-2-70b");
    ASSERT_NE(llama, nullptr);
    InferenceScenario s;
    s.batch = 4;
    s.context = 2048;
    auto w = expandWorkload(*llama, s);
    ASSERT_TRUE(w.ok());
    std::map<std::string, QString> labels;
    for (const WorkloadOp& row : w->ops)
        labels[row.key] = ModelWorkbench::rowLabel(row);
    // 80 layers; unfused decode attention runs per sequence and KV head: 4 · 8 · 80 = 2,560.
    EXPECT_EQ(labels.at("q_proj"), QStringLiteral("Q projection ×80"));
    EXPECT_EQ(labels.at("attn_qk"), QStringLiteral("QKᵀ scores ×2,560"));
    EXPECT_EQ(labels.at("attn_softmax"), QStringLiteral("Softmax (attention) ×80"));
    EXPECT_EQ(labels.at("gate_proj"), QStringLiteral("Gate projection ×80"));
    EXPECT_EQ(labels.at("mlp_residual"), QStringLiteral("Residual add (MLP) ×80"));
    EXPECT_EQ(labels.at("final_norm"), QStringLiteral("Final norm ×1"));
    EXPECT_EQ(labels.at("lm_head"), QStringLiteral("LM head ×1"));
    EXPECT_EQ(labels.at("embedding"), QStringLiteral("Token embedding ×1"));

    // Mixtral: 32 MoE layers (no dense MLP rows); 4 tokens picking 2 of 8 experts each touch
    // 8 · (1 − (3/4)⁴) = 5.47 experts per layer, 175 in the step.
    const ModelConfig* mixtral = catalog.find("mixtral-8x7b");
    ASSERT_NE(mixtral, nullptr);
    s.fused = true;
    auto moe = expandWorkload(*mixtral, s);
    ASSERT_TRUE(moe.ok());
    std::map<std::string, QString> moeLabels;
    for (const WorkloadOp& row : moe->ops)
        moeLabels[row.key] = ModelWorkbench::rowLabel(row);
    EXPECT_EQ(moeLabels.count("gate_up_proj"), 0u);
    EXPECT_EQ(moeLabels.at("expert_gate_up_proj"), QStringLiteral("Expert gate+up proj. ×175"));
    EXPECT_EQ(moeLabels.at("router"), QStringLiteral("Router ×32"));
    EXPECT_EQ(moeLabels.at("qkv_proj"), QStringLiteral("QKV projection ×32"));
    EXPECT_EQ(moeLabels.at("attention"), QStringLiteral("Attention ×32"));
}

TEST(ModelRowNames, ChineseNames)
{
    ASSERT_TRUE(installTranslator(QStringLiteral("zh_CN")));
    const QString q = ModelRowNames::name("q_proj");
    const QString lm = ModelRowNames::name("lm_head");
    const QString expert = ModelRowNames::name("expert_down_proj");
    installTranslator(QStringLiteral("en"));
    EXPECT_EQ(q, QStringLiteral("Q 投影"));
    EXPECT_EQ(lm, QStringLiteral("LM 头"));
    EXPECT_EQ(expert, QStringLiteral("专家下投影"));
    EXPECT_EQ(ModelRowNames::name("q_proj"), QStringLiteral("Q projection"));
}

TEST(ModelRowNames, TheOperatorListShowsTheNameAndTheDescriptionAsTooltip)
{
    auto session = test::makeSession();
    ModelWorkbench workbench(session.get());
    ASSERT_FALSE(workbench.setModel("llama-2-70b").has_value());
    ASSERT_TRUE(workbench.isShown());
    OperatorModel model(session.get());
    const Workload& w = workbench.workload();
    int checked = 0;
    for (std::size_t i = 0; i < w.ops.size(); ++i) {
        const int row = workbench.firstModelRow() + static_cast<int>(i);
        const QModelIndex name = model.index(row, OperatorModel::NameColumn);
        EXPECT_EQ(name.data().toString(), ModelWorkbench::rowLabel(w.ops[i]));
        const QString tip = name.data(Qt::ToolTipRole).toString();
        EXPECT_TRUE(tip.startsWith(QString::fromStdString(w.ops[i].name) + QLatin1Char('\n')))
            << tip.toStdString();
        ++checked;
    }
    EXPECT_GE(checked, 15);
    std::size_t kv = 0;
    while (kv < w.ops.size() && w.ops[kv].key != "kv_cache_write")
        ++kv;
    ASSERT_LT(kv, w.ops.size());
    const QModelIndex kvName =
        model.index(workbench.firstModelRow() + static_cast<int>(kv), OperatorModel::NameColumn);
    EXPECT_EQ(kvName.data().toString(), QStringLiteral("KV-cache write ×80"));
    EXPECT_TRUE(kvName.data(Qt::ToolTipRole)
                    .toString()
                    .startsWith(QStringLiteral("Write the new tokens' K and V to the cache")));
    // The user's own operators keep their kind's tooltip.
    auto mine = makeOperator("decode_matmul", {});
    ASSERT_TRUE(mine.ok());
    session->insertOperator(0, *mine);
    ASSERT_EQ(workbench.firstModelRow(), 1);
    EXPECT_TRUE(model.index(0, OperatorModel::NameColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .startsWith(QString::fromStdString(mine->definition().title + "\n")));
}
