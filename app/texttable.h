#pragma once

#include <string>
#include <vector>

namespace roofscope::cli {

// A plain-text table whose columns line up in a terminal, counting UTF-8 code points (µ, ×)
// rather than bytes. Numeric columns are right-aligned.
class TextTable {
public:
    explicit TextTable(std::vector<std::string> header, std::vector<bool> rightAligned = {});
    void addRow(std::vector<std::string> cells);
    std::string render() const;

private:
    std::vector<std::string> m_header;
    std::vector<bool> m_right;
    std::vector<std::vector<std::string>> m_rows;
};

} // namespace roofscope::cli
