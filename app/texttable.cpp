#include "app/texttable.h"

#include <algorithm>

namespace roofscope::cli {

namespace {

std::size_t displayWidth(const std::string& s)
{
    // Count code points: every byte that is not a UTF-8 continuation byte starts one.
    return static_cast<std::size_t>(std::count_if(
        s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

} // namespace

TextTable::TextTable(std::vector<std::string> header, std::vector<bool> rightAligned)
    : m_header(std::move(header)), m_right(std::move(rightAligned))
{
    m_right.resize(m_header.size(), false);
}

void TextTable::addRow(std::vector<std::string> cells)
{
    cells.resize(m_header.size());
    m_rows.push_back(std::move(cells));
}

std::string TextTable::render() const
{
    std::vector<std::size_t> widths(m_header.size(), 0);
    for (std::size_t c = 0; c < m_header.size(); ++c)
        widths[c] = displayWidth(m_header[c]);
    for (const auto& row : m_rows)
        for (std::size_t c = 0; c < row.size(); ++c)
            widths[c] = std::max(widths[c], displayWidth(row[c]));

    auto line = [&](const std::vector<std::string>& cells) {
        std::string out;
        for (std::size_t c = 0; c < cells.size(); ++c) {
            const std::string pad(widths[c] - displayWidth(cells[c]), ' ');
            const bool last = c + 1 == cells.size();
            out += m_right[c] ? pad + cells[c] : cells[c] + (last ? "" : pad);
            if (!last)
                out += "  ";
        }
        return out + "\n";
    };
    std::string out = line(m_header);
    std::vector<std::string> rule;
    for (std::size_t w : widths)
        rule.push_back(std::string(w, '-'));
    out += line(rule);
    for (const auto& row : m_rows)
        out += line(row);
    return out;
}

} // namespace roofscope::cli
