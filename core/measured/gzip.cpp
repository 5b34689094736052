#include "core/measured/gzip.h"

#include <zlib.h>

namespace roofscope {

bool looksGzipped(std::string_view data)
{
    return data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1f &&
           static_cast<unsigned char>(data[1]) == 0x8b;
}

Expected<std::string> gunzip(std::string_view data, const std::string& fileName,
                             std::size_t maxBytes)
{
    z_stream stream{};
    // 16 + MAX_WBITS: expect a gzip header and trailer (not a raw or zlib stream).
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK)
        return makeError(fileName + ": cannot start gzip decompression");
    std::string out;
    char buffer[64 * 1024];
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    stream.avail_in = static_cast<uInt>(data.size());
    int status = Z_OK;
    while (status == Z_OK) {
        stream.next_out = reinterpret_cast<Bytef*>(buffer);
        stream.avail_out = sizeof buffer;
        status = inflate(&stream, Z_NO_FLUSH);
        if (status != Z_OK && status != Z_STREAM_END)
            break;
        out.append(buffer, sizeof buffer - stream.avail_out);
        if (out.size() > maxBytes) {
            inflateEnd(&stream);
            return makeError(fileName + ": inflates to more than " + std::to_string(maxBytes) +
                             " bytes (expected a profiler trace)");
        }
        if (status == Z_OK && stream.avail_in == 0 && stream.avail_out != 0) {
            status = Z_BUF_ERROR; // input ended before the stream did
            break;
        }
    }
    inflateEnd(&stream);
    if (status != Z_STREAM_END)
        return makeError(fileName + ": corrupt or truncated gzip data at byte " +
                         std::to_string(stream.total_in) + " (expected a complete .json.gz trace)");
    return out;
}

} // namespace roofscope
