#pragma once

#include "core/measured/importer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace roofscope::test {

// What `text` imports as, failing the test when it is refused.
inline MeasuredImport readOk(const std::string& text, const std::string& name = "t.csv")
{
    auto r = importMeasurementData(text, name);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? *r : MeasuredImport{};
}

// Whether the import carries exactly this warning.
inline bool hasWarning(const MeasuredImport& m, const std::string& text)
{
    return std::any_of(m.warnings.begin(), m.warnings.end(),
                       [&](const std::string& w) { return w == text; });
}

// The warnings one a line, for a failure message.
inline std::string joined(const std::vector<std::string>& warnings)
{
    std::string out;
    for (const std::string& w : warnings)
        out += w + "\n";
    return out;
}

} // namespace roofscope::test
