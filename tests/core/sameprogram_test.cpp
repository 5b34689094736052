// Two runs are one program when most of the smaller run's kernel names are the other's (issue
// #36: an import pairs runs on its own only then).
#include "core/measured/sameprogram.h"

#include <gtest/gtest.h>

using namespace roofscope;

namespace {

std::vector<MeasuredKernel> run(std::initializer_list<const char*> names)
{
    std::vector<MeasuredKernel> kernels;
    for (const char* n : names) {
        MeasuredKernel k;
        k.name = std::string("void ") + n + "<128>(float*)";
        k.shortName = n;
        kernels.push_back(k);
    }
    return kernels;
}

} // namespace

TEST(SameProgram, AnOptimisedRunSharesMostNames)
{
    // The after run replaced one of four kernels and fused nothing else away.
    const auto o = programOverlap(run({"gemm", "softmax", "layernorm", "gemm", "add"}),
                                  run({"gemm", "fused_softmax", "layernorm", "add"}));
    EXPECT_EQ(o.first, 4u);
    EXPECT_EQ(o.second, 4u);
    EXPECT_EQ(o.shared, 3u);
    EXPECT_TRUE(o.sameProgram());
    EXPECT_EQ(o.text(), "3 of 4 kernel names in common");
}

TEST(SameProgram, UnrelatedFilesAreNot)
{
    const auto none =
        programOverlap(run({"gemm", "softmax"}), run({"conv2d", "batchnorm", "relu"}));
    EXPECT_EQ(none.shared, 0u);
    EXPECT_FALSE(none.sameProgram());
    // Half of the smaller run is not "most of it".
    EXPECT_FALSE(programOverlap(run({"gemm", "softmax"}), run({"gemm", "conv2d"})).sameProgram());
    // A run without kernels is no program.
    EXPECT_FALSE(programOverlap({}, run({"gemm"})).sameProgram());
}
