#pragma once

#include "core/util/expected.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// Reads RFC 4180 records from text the way profilers write them: quoted or bare cells, "" as
// an escaped quote, LF or CRLF line ends, a UTF-8 byte-order mark at the start, quoted cells
// spanning lines. Line numbers are those of the file (1-based), for messages.
class CsvReader {
public:
    // A record longer than this is not a profiler export (or a corrupt one).
    static constexpr std::size_t kMaxRecordBytes = 1u << 20;

    CsvReader(std::string_view text, std::string fileName);

    // The next record into `cells`; false at the end of the text. An unterminated quote or an
    // over-long record sets error() and returns false.
    bool next(std::vector<std::string>& cells);
    // The next data row of a table `columns` wide, blank lines skipped: a row of another width
    // sets error() ("expected N cells, got M (file truncated?)") and returns false.
    bool nextRow(std::vector<std::string>& cells, std::size_t columns);
    // The raw text of the next line without consuming it ("" at the end).
    std::string_view peekLine() const;
    void skipLine();
    bool atEnd() const { return m_pos >= m_text.size(); }

    int line() const { return m_recordLine; }   // line where the last record started
    int nextLine() const { return m_nextLine; } // line the next record (or peekLine) starts on
    const std::optional<Error>& error() const { return m_error; }
    const std::string& fileName() const { return m_fileName; }

    // "FILE: line N: PROBLEM" (the one shape every importer's messages share).
    Error errorAt(int line, std::string_view problem) const;

private:
    std::string_view m_text;
    std::string m_fileName;
    std::size_t m_pos = 0;
    int m_nextLine = 1;
    int m_recordLine = 0;
    std::optional<Error> m_error;
};

// Whether a line among the first MiB of `text` passes `test` (a byte-order mark at the start is
// not part of the first line): how importers that allow chatter before their table find it.
template <typename Test> bool anyLeadingLine(std::string_view text, Test test)
{
    const std::string_view head = text.substr(0, 1u << 20);
    std::size_t pos = 0;
    while (pos < head.size()) {
        std::size_t end = head.find('\n', pos);
        if (end == std::string_view::npos)
            end = head.size();
        std::string_view line = head.substr(pos, end - pos);
        if (pos == 0 && line.substr(0, 3) == "\xEF\xBB\xBF")
            line.remove_prefix(3);
        if (test(line))
            return true;
        pos = end + 1;
    }
    return false;
}

// Index of `name` in a header, or -1.
int columnIndex(const std::vector<std::string>& header, std::string_view name);

// Trims ASCII spaces and tabs.
std::string_view trimmed(std::string_view text);

} // namespace roofscope
