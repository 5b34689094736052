// The test main of the Qt-free suites (core, CLI): an isolated home before any test.
#include "tests/common/hermetic.h"

#include <gtest/gtest.h>

int main(int argc, char** argv)
{
    roofscope::test::makeHermetic();
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
