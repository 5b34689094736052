#include "core/measured/gzip.h"

#include <zlib.h>

#include <vector>

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

std::string gunzipPrefix(std::string_view data, std::size_t maxBytes)
{
    GzipChunkReader reader(data, maxBytes);
    std::string out;
    while (out.size() < maxBytes) {
        const std::string_view chunk = reader.next();
        if (chunk.empty())
            break;
        out.append(chunk.substr(0, maxBytes - out.size()));
    }
    return out;
}

struct GzipChunkReader::State {
    z_stream stream{};
    bool started = false;
    std::vector<char> buffer = std::vector<char>(256 * 1024);
};

GzipChunkReader::GzipChunkReader(std::string_view compressed, std::size_t maxBytes)
    : m_state(std::make_unique<State>()), m_in(compressed), m_maxBytes(maxBytes)
{
    // 16 + MAX_WBITS: expect a gzip header and trailer (not a raw or zlib stream).
    if (inflateInit2(&m_state->stream, 16 + MAX_WBITS) != Z_OK) {
        m_error = "cannot start gzip decompression";
        m_done = true;
        return;
    }
    m_state->started = true;
    // zlib counts input in uInt; feed larger inputs in slices (next() tops it up).
    m_state->stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(m_in.data()));
    m_state->stream.avail_in = 0;
}

GzipChunkReader::~GzipChunkReader()
{
    if (m_state->started)
        inflateEnd(&m_state->stream);
}

std::string_view GzipChunkReader::next()
{
    z_stream& s = m_state->stream;
    std::vector<char>& buffer = m_state->buffer;
    while (!m_done) {
        if (s.avail_in == 0 && !m_in.empty()) {
            const std::size_t slice = std::min<std::size_t>(m_in.size(), 1u << 30);
            s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(m_in.data()));
            s.avail_in = static_cast<uInt>(slice);
            m_in.remove_prefix(slice);
        }
        s.next_out = reinterpret_cast<Bytef*>(buffer.data());
        s.avail_out = static_cast<uInt>(buffer.size());
        const int status = inflate(&s, Z_NO_FLUSH);
        const std::size_t produced = buffer.size() - s.avail_out;
        m_total += produced;
        if (m_total > m_maxBytes) {
            m_error = "inflates to more than " + std::to_string(m_maxBytes) +
                      " bytes (expected a profiler trace)";
            m_done = true;
            return {};
        }
        if (status == Z_STREAM_END) {
            // Another gzip member may follow (concatenated .gz files); trailing zero padding
            // is ignored as gzip does.
            const bool more = s.avail_in > 0 || !m_in.empty();
            bool padding = true;
            for (uInt i = 0; i < s.avail_in && padding; ++i)
                padding = s.next_in[i] == 0;
            if (more && !(padding && m_in.empty()) && inflateReset(&s) == Z_OK) {
                if (produced > 0)
                    return {buffer.data(), produced};
                continue;
            }
            m_done = true;
            return {buffer.data(), produced};
        }
        if (status != Z_OK || (produced == 0 && s.avail_in == 0 && m_in.empty())) {
            m_error = "corrupt or truncated gzip data at byte " + std::to_string(s.total_in) +
                      " (expected a complete .json.gz trace)";
            m_done = true;
            return {};
        }
        if (produced > 0)
            return {buffer.data(), produced};
    }
    return {};
}

} // namespace roofscope
