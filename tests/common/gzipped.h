#pragma once

#include <zlib.h>

#include <string>

namespace roofscope::test {

// `text` as a gzip stream, for tests of the readers of gzipped traces. `level` 0 stores the
// text: the stream is then as long as the text (a few megabytes of it cross a reader's 1 MB
// reads).
inline std::string gzipped(const std::string& text, int level = 6)
{
    z_stream s{};
    deflateInit2(&s, level, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
    std::string out(deflateBound(&s, text.size()), '\0');
    s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    s.avail_in = static_cast<uInt>(text.size());
    s.next_out = reinterpret_cast<Bytef*>(out.data());
    s.avail_out = static_cast<uInt>(out.size());
    deflate(&s, Z_FINISH);
    out.resize(s.total_out);
    deflateEnd(&s);
    return out;
}

} // namespace roofscope::test
