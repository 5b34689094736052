#pragma once

#include "runcli.h"
#include "tests/common/scratchdir.h"

#include <gtest/gtest.h>

#include <string>

namespace roofscope::clitest {

// A test of `roofscope plot` with a fresh directory for its files, removed afterwards. A build
// without the window has no plot command: its tests are skipped there, not failed.
class PlotCommandTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        if (runCli("help").out.find("roofscope plot") == std::string::npos)
            GTEST_SKIP() << "built without the window: no plot command";
    }
    std::string path(const std::string& name) const { return m_scratch.path(name); }
    std::string write(const std::string& name, const std::string& text) const
    {
        return m_scratch.write(name, text);
    }
    const roofscope::test::ScratchDir& scratch() const { return m_scratch; }

private:
    roofscope::test::ScratchDir m_scratch{"plot"};
};

} // namespace roofscope::clitest
