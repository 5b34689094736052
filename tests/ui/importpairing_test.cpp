// What an import does to the window beyond adding its kernels (issue #36, item 5): it pairs
// runs as before/after only when they are one program, and the first run's GPU becomes the
// baseline so that the read-out speaks of the GPU measured, all in the import's one undo step.
#include "tests/common/measuredkernels.h"
#include "ui/document/session.h"
#include "uitestutil.h"

#include <QUndoStack>

#include <gtest/gtest.h>

using namespace roofscope;
using roofscope::test::csvKernel;
using roofscope::test::makeSession;

namespace {

MeasurementSet runOf(const std::string& file, std::initializer_list<const char*> names,
                     const std::string& gpu = "a100-sxm4-80gb")
{
    MeasurementSet s;
    s.file = file;
    for (const char* n : names) {
        MeasuredKernel k = csvKernel(n, 0.002, 1e9, 4e9);
        k.gpu = gpu;
        k.file = file;
        s.kernels.push_back(k);
    }
    return s;
}

} // namespace

TEST(ImportPairing, ASecondRunOfAnotherProgramIsLeftBesideTheFirst)
{
    auto s = makeSession();
    MeasurementStore* store = s->measurementStore();
    store->importMeasurements(runOf("llm.csv", {"gemm", "rmsnorm", "rope"}));
    store->importMeasurements(runOf("cnn.csv", {"conv2d", "batchnorm", "rmsnorm"}));
    ASSERT_EQ(s->measurements().sets.size(), 2u);
    EXPECT_EQ(s->measurements().sets[0].label, "");
    EXPECT_EQ(s->measurements().sets[1].label, "");
    // Compare Runs still pairs them when the user asks.
    store->setComparedRuns(0, 1);
    EXPECT_EQ(s->measurements().sets[0].label, "before");
    EXPECT_EQ(s->measurements().sets[1].label, "after");
}

TEST(ImportPairing, ASecondRunOfTheSameProgramIsItsAfter)
{
    auto s = makeSession();
    MeasurementStore* store = s->measurementStore();
    store->importMeasurements(runOf("v1.csv", {"gemm", "softmax", "layernorm"}));
    store->importMeasurements(runOf("v2.csv", {"gemm", "fused_softmax", "layernorm"}));
    EXPECT_EQ(s->measurements().sets[0].label, "before");
    EXPECT_EQ(s->measurements().sets[1].label, "after");
}

TEST(ImportPairing, TheFirstRunsGpuBecomesTheBaselineInTheImportsUndoStep)
{
    auto s = makeSession();
    const int h200 = s->hardwareIndex("h200-sxm");
    ASSERT_GE(h200, 0);
    const int before = s->baseline();
    ASSERT_NE(before, h200) << "the default document already has the H200 as its baseline";
    QUndoStack* undo = s->undoStack();
    const int steps = undo->count();
    s->measurementStore()->importMeasurements(runOf("trace.json", {"gemm", "rmsnorm"}, "h200-sxm"));
    EXPECT_EQ(s->baseline(), h200);
    EXPECT_TRUE(s->isChecked(h200));
    EXPECT_EQ(undo->count(), steps + 1); // one step: check, baseline and import
    EXPECT_EQ(undo->undoText(), QStringLiteral("Import trace.json"));
    undo->undo();
    EXPECT_EQ(s->baseline(), before);
    EXPECT_TRUE(s->measurements().sets.empty());
    undo->redo();
    EXPECT_EQ(s->baseline(), h200);

    // A later run leaves the baseline where it is: the chart already shows measurements.
    s->setBaseline(before);
    s->measurementStore()->importMeasurements(runOf("b.csv", {"gemm"}, "a100-sxm4-80gb"));
    EXPECT_EQ(s->baseline(), before);
}

TEST(ImportPairing, TheBaselineIsTheGpuWithMostOfTheRunsTime)
{
    auto s = makeSession();
    MeasurementSet set = runOf("mixed.csv", {"gemm", "softmax", "add"}, "h100-sxm5");
    set.kernels[0].gpu = "a100-sxm4-80gb";
    set.kernels[0].timeS = 1.0; // more than the two H100 kernels together
    EXPECT_EQ(s->measurementStore()->baselineForImport(set), s->hardwareIndex("a100-sxm4-80gb"));
    set.kernels[0].gpu = "no-such-gpu";
    EXPECT_EQ(s->measurementStore()->baselineForImport(set), s->hardwareIndex("h100-sxm5"));
}
