// Edits of a model's rows are kept: Llama 2 70B on the chart, its gate projection set to W4A16
// (INT4 weights). The edit used to detach the model with no notice and vanish at the next batch
// change; undo then showed the edit at batch 1 while the panel said batch 8. Now it is an
// override of the row, kept through batch, context, phase and layout changes, marked in the list
// and the Model panel, saved with the document, and reset in one undo step.
#include "ui/controls/logslider.h"
#include "ui/document/modelworkbench.h"
#include "ui/document/session.h"
#include "ui/models/operatormodel.h"
#include "ui/widgets/modelpanel.h"
#include "uitestutil.h"

#include <QLabel>
#include <QPushButton>
#include <QTemporaryDir>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace roofscope;

namespace {

struct Fixture {
    std::unique_ptr<MainWindow> window = test::makeWindow();
    Session* s = window->session();
    ModelWorkbench* wb = window->findChild<ModelWorkbench*>();
    ModelPanel* panel = window->findChild<ModelPanel*>();

    // The session row of the model's row with `key`, -1 when there is none.
    int row(const std::string& key) const
    {
        const auto& ops = wb->workload().ops;
        for (std::size_t i = 0; i < ops.size(); ++i) {
            if (ops[i].key == key)
                return wb->firstModelRow() + static_cast<int>(i);
        }
        return -1;
    }
    const Operator& op(const std::string& key) const
    {
        return s->operators()[static_cast<std::size_t>(row(key))];
    }
    QString editsText() const
    {
        auto* label = panel->findChild<QLabel*>(QStringLiteral("modelRowEdits"));
        return label && !label->isHidden() ? label->text() : QString();
    }
    void setBatch(double batch) const
    {
        InferenceScenario step = wb->scenario();
        step.batch = batch;
        ASSERT_FALSE(wb->setScenario(step).has_value());
    }
};

} // namespace

TEST(ModelRowEdits, AnEditOfAModelRowIsKeptThroughEveryChangeAndUndo)
{
    Fixture f;
    ASSERT_FALSE(f.wb->setModel("llama-2-70b").has_value());
    ASSERT_TRUE(f.wb->isShown());
    const int gate = f.row("gate_proj");
    ASSERT_GE(gate, 0);
    ASSERT_EQ(f.op("gate_proj").params.text("weight_dtype"), "fp16");
    EXPECT_TRUE(f.editsText().isEmpty());

    ASSERT_FALSE(f.s->setParam(gate, "weight_dtype", "int4").has_value());
    EXPECT_TRUE(f.wb->isShown()); // not detached
    ASSERT_EQ(f.wb->rowOverrides().size(), 1u);
    EXPECT_EQ(f.wb->rowOverrides().at("gate_proj").params.at("weight_dtype"), "int4");
    EXPECT_TRUE(f.s->isEditedModelRow(gate));
    EXPECT_FALSE(f.s->isEditedModelRow(f.row("up_proj")));
    EXPECT_EQ(f.editsText(), QStringLiteral("1 row edited"));
    // Marked in the operator list, and explained in its tooltip.
    auto* list = f.window->findChild<OperatorModel*>();
    ASSERT_NE(list, nullptr);
    const QModelIndex name = list->index(gate, OperatorModel::NameColumn);
    EXPECT_TRUE(name.data().toString().endsWith(QStringLiteral(" ✎")));
    EXPECT_TRUE(name.data(Qt::FontRole).value<QFont>().italic());
    EXPECT_TRUE(name.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Edited by hand")));
    // The totals are the edited rows': INT4 weights read a quarter of the FP16 bytes.
    const auto& workloadRows = f.wb->workload().ops;
    EXPECT_EQ(workloadRows[static_cast<std::size_t>(gate - f.wb->firstModelRow())].op.params.text(
                  "weight_dtype"),
              "int4");

    // Batch 8: the rows are expanded again, the edit laid over them.
    f.setBatch(8);
    EXPECT_TRUE(f.wb->isShown());
    EXPECT_EQ(f.op("gate_proj").params.text("weight_dtype"), "int4");
    EXPECT_EQ(f.op("up_proj").params.text("weight_dtype"), "fp16");
    EXPECT_EQ(f.editsText(), QStringLiteral("1 row edited"));
    // Context, phase and layout too.
    InferenceScenario step = f.wb->scenario();
    step.context = 8192;
    ASSERT_FALSE(f.wb->setScenario(step).has_value());
    ASSERT_FALSE(f.wb->setLayout(Layout{2, 1, 1}).has_value());
    EXPECT_EQ(f.op("gate_proj").params.text("weight_dtype"), "int4");
    step.phase = Phase::Prefill;
    ASSERT_FALSE(f.wb->setScenario(step).has_value());
    EXPECT_EQ(f.op("gate_proj").params.text("weight_dtype"), "int4");

    // Undo, step by step: every panel shows the document's state.
    QUndoStack* undo = f.s->undoStack();
    undo->undo(); // prefill
    undo->undo(); // layout
    undo->undo(); // context
    undo->undo(); // batch 8
    EXPECT_EQ(f.wb->scenario().batch, 1.0);
    EXPECT_EQ(f.panel->batchSlider()->value(), 1.0);
    EXPECT_EQ(f.op("gate_proj").params.text("weight_dtype"), "int4");
    EXPECT_EQ(f.editsText(), QStringLiteral("1 row edited"));
    undo->undo(); // the edit
    EXPECT_TRUE(f.wb->isShown());
    EXPECT_TRUE(f.wb->rowOverrides().empty());
    EXPECT_EQ(f.op("gate_proj").params.text("weight_dtype"), "fp16");
    EXPECT_FALSE(f.s->isEditedModelRow(gate));
    EXPECT_TRUE(f.editsText().isEmpty());
    undo->redo();
    undo->redo();
    EXPECT_EQ(f.wb->scenario().batch, 8.0);
    EXPECT_EQ(f.op("gate_proj").params.text("weight_dtype"), "int4");
    // The gate row follows the batch like its twin, the up projection: only its edit differs.
    Operator up = f.op("up_proj");
    up.params.set("weight_dtype", std::string("int4"));
    EXPECT_EQ(f.op("gate_proj").params, up.params);
}

TEST(ModelRowEdits, SavedWithTheDocumentAndResetInOneStep)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("edited.roofscope.json"));
    {
        Fixture f;
        ASSERT_FALSE(f.wb->setModel("llama-2-70b").has_value());
        ASSERT_FALSE(f.s->setParam(f.row("gate_proj"), "weight_dtype", "int4").has_value());
        f.s->renameOperator(f.row("down_proj"), QStringLiteral("Down (mine)"));
        ASSERT_EQ(f.wb->rowOverrides().size(), 2u);
        EXPECT_EQ(f.wb->rowOverrides().at("down_proj").label, "Down (mine)");
        EXPECT_EQ(f.editsText(), QStringLiteral("2 rows edited"));
        f.setBatch(16);
        EXPECT_EQ(f.op("down_proj").label, "Down (mine)");
        ASSERT_FALSE(f.window->saveFile(path).has_value());
    }
    Fixture f;
    const auto opened = f.window->openFile(path);
    ASSERT_FALSE(opened.has_value()) << opened->toStdString();
    ASSERT_TRUE(f.wb->isShown());
    EXPECT_EQ(f.wb->scenario().batch, 16.0);
    EXPECT_EQ(f.op("gate_proj").params.text("weight_dtype"), "int4");
    EXPECT_EQ(f.op("down_proj").label, "Down (mine)");
    EXPECT_EQ(f.editsText(), QStringLiteral("2 rows edited"));
    // Still kept after the reopened document's next change.
    f.setBatch(32);
    EXPECT_EQ(f.op("gate_proj").params.text("weight_dtype"), "int4");

    // Reset Edits: the rows as the model expands them, one undo step.
    auto* reset = f.panel->findChild<QPushButton*>(QStringLiteral("resetModelRowEdits"));
    ASSERT_NE(reset, nullptr);
    ASSERT_FALSE(reset->isHidden());
    const int steps = f.s->undoStack()->count();
    reset->click();
    EXPECT_EQ(f.s->undoStack()->count(), steps + 1);
    EXPECT_TRUE(f.wb->rowOverrides().empty());
    EXPECT_EQ(f.op("gate_proj").params.text("weight_dtype"), "fp16");
    EXPECT_NE(f.op("down_proj").label, "Down (mine)");
    EXPECT_TRUE(reset->isHidden());
    f.s->undoStack()->undo();
    EXPECT_EQ(f.op("gate_proj").params.text("weight_dtype"), "int4");
    EXPECT_EQ(f.op("down_proj").label, "Down (mine)");
    EXPECT_EQ(f.wb->rowOverrides().size(), 2u);
}
