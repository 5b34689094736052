#include "core/measured/csvreader.h"

namespace roofscope {

CsvReader::CsvReader(std::string_view text, std::string fileName)
    : m_text(text), m_fileName(std::move(fileName))
{
    if (m_text.substr(0, 3) == "\xEF\xBB\xBF")
        m_pos = 3;
}

Error CsvReader::errorAt(int line, std::string_view problem) const
{
    return makeError(m_fileName + ": line " + std::to_string(line) + ": " + std::string(problem));
}

bool CsvReader::nextRow(std::vector<std::string>& cells, std::size_t columns)
{
    while (next(cells)) {
        if (cells.size() == 1 && cells[0].empty())
            continue;
        if (cells.size() == columns)
            return true;
        m_error = errorAt(m_recordLine, "expected " + std::to_string(columns) + " cells, got " +
                                            std::to_string(cells.size()) + " (file truncated?)");
        cells.clear();
        return false;
    }
    return false;
}

std::string_view CsvReader::peekLine() const
{
    if (m_pos >= m_text.size())
        return {};
    std::size_t end = m_text.find('\n', m_pos);
    if (end == std::string_view::npos)
        end = m_text.size();
    std::string_view line = m_text.substr(m_pos, end - m_pos);
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    return line;
}

void CsvReader::skipLine()
{
    if (m_pos >= m_text.size())
        return;
    const std::size_t end = m_text.find('\n', m_pos);
    m_pos = end == std::string_view::npos ? m_text.size() : end + 1;
    ++m_nextLine;
}

bool CsvReader::next(std::vector<std::string>& cells)
{
    // Cells are assigned into the strings already in `cells`, so that reading a file of many
    // rows reuses their buffers instead of allocating per cell.
    std::size_t count = 0;
    auto cellAt = [&]() -> std::string& {
        if (count == cells.size())
            cells.emplace_back();
        return cells[count++];
    };
    if (m_error || m_pos >= m_text.size()) {
        cells.clear();
        return false;
    }
    m_recordLine = m_nextLine;
    const std::size_t start = m_pos;
    const std::size_t size = m_text.size();
    while (true) {
        if (m_pos - start > kMaxRecordBytes) {
            m_error =
                errorAt(m_recordLine, "record longer than " + std::to_string(kMaxRecordBytes) +
                                          " bytes (expected a CSV line of a profiler "
                                          "export; is this a binary or corrupt file?)");
            cells.clear();
            return false;
        }
        // Leading blanks before an opening quote are tolerated.
        std::size_t p = m_pos;
        while (p < size && (m_text[p] == ' ' || m_text[p] == '\t'))
            ++p;
        if (p < size && m_text[p] == '"') {
            std::string& cell = cellAt();
            cell.clear();
            m_pos = p + 1;
            bool closed = false;
            while (m_pos < size) {
                const std::size_t quote = m_text.find('"', m_pos);
                if (quote == std::string_view::npos || quote - start > kMaxRecordBytes)
                    break;
                const std::string_view chunk = m_text.substr(m_pos, quote - m_pos);
                for (char c : chunk)
                    m_nextLine += c == '\n';
                cell.append(chunk);
                m_pos = quote + 1;
                if (m_pos < size && m_text[m_pos] == '"') {
                    cell += '"';
                    ++m_pos;
                    continue;
                }
                closed = true;
                break;
            }
            if (!closed) {
                if (m_text.find('"', m_pos) != std::string_view::npos) {
                    m_pos = start + kMaxRecordBytes + 1;
                    continue; // reported as an over-long record above
                }
                m_error = errorAt(m_recordLine, "unterminated quoted cell (file truncated?)");
                cells.clear();
                return false;
            }
            // Anything between the closing quote and the separator is ignored (" \r").
            while (m_pos < size && m_text[m_pos] != ',' && m_text[m_pos] != '\n')
                ++m_pos;
        } else {
            std::size_t end = m_pos;
            while (end < size && m_text[end] != ',' && m_text[end] != '\n')
                ++end;
            std::string_view cell = m_text.substr(m_pos, end - m_pos);
            if (!cell.empty() && cell.back() == '\r' && (end == size || m_text[end] == '\n'))
                cell.remove_suffix(1);
            cellAt().assign(trimmed(cell));
            m_pos = end;
        }
        if (m_pos >= size) {
            cells.resize(count);
            return true;
        }
        if (m_text[m_pos] == '\n') {
            ++m_pos;
            ++m_nextLine;
            cells.resize(count);
            return true;
        }
        ++m_pos; // the comma
        if (m_pos >= size) {
            cellAt().clear(); // a trailing comma at the end of the text
            cells.resize(count);
            return true;
        }
    }
}

int columnIndex(const std::vector<std::string>& header, std::string_view name)
{
    for (std::size_t i = 0; i < header.size(); ++i)
        if (header[i] == name)
            return static_cast<int>(i);
    return -1;
}

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

} // namespace roofscope
