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
    cells.clear();
    if (m_error || m_pos >= m_text.size())
        return false;
    m_recordLine = m_nextLine;
    const std::size_t start = m_pos;
    std::string cell;
    bool quoted = false;    // inside quotes
    bool wasQuoted = false; // this cell started with a quote
    while (m_pos < m_text.size()) {
        if (m_pos - start > kMaxRecordBytes) {
            m_error = errorAt(m_recordLine, "record longer than " +
                                                std::to_string(kMaxRecordBytes) +
                                                " bytes (expected a CSV line of a profiler "
                                                "export; is this a binary or corrupt file?)");
            return false;
        }
        const char c = m_text[m_pos++];
        if (quoted) {
            if (c == '"') {
                if (m_pos < m_text.size() && m_text[m_pos] == '"') {
                    cell += '"';
                    ++m_pos;
                } else {
                    quoted = false;
                }
            } else {
                if (c == '\n')
                    ++m_nextLine;
                cell += c;
            }
            continue;
        }
        if (c == '"' && !wasQuoted && trimmed(cell).empty()) {
            cell.clear();
            quoted = true;
            wasQuoted = true;
        } else if (c == ',') {
            cells.push_back(wasQuoted ? std::move(cell) : std::string(trimmed(cell)));
            cell.clear();
            wasQuoted = false;
        } else if (c == '\n') {
            ++m_nextLine;
            if (!wasQuoted && !cell.empty() && cell.back() == '\r')
                cell.pop_back();
            cells.push_back(wasQuoted ? std::move(cell) : std::string(trimmed(cell)));
            return true;
        } else if (c == '\r' && wasQuoted) {
            // CRLF after a closing quote
        } else {
            cell += c;
        }
    }
    if (quoted) {
        m_error = errorAt(m_recordLine, "unterminated quoted cell (file truncated?)");
        return false;
    }
    if (!wasQuoted && !cell.empty() && cell.back() == '\r')
        cell.pop_back();
    cells.push_back(wasQuoted ? std::move(cell) : std::string(trimmed(cell)));
    return true;
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
