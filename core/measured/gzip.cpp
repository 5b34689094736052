#include "core/measured/gzip.h"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <istream>
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

namespace {

std::string prefixOf(GzipChunkReader& reader, std::size_t maxBytes)
{
    std::string out;
    while (out.size() < maxBytes) {
        const std::string_view chunk = reader.next();
        if (chunk.empty())
            break;
        out.append(chunk.substr(0, maxBytes - out.size()));
    }
    return out;
}

} // namespace

std::string gunzipPrefix(std::string_view data, std::size_t maxBytes)
{
    GzipChunkReader reader(data, maxBytes);
    return prefixOf(reader, maxBytes);
}

std::string gunzipPrefix(std::istream& compressed, std::size_t maxBytes)
{
    GzipChunkReader reader(compressed, maxBytes);
    return prefixOf(reader, maxBytes);
}

struct GzipChunkReader::State {
    z_stream stream{};
    bool started = false;
    std::vector<char> buffer = std::vector<char>(256 * 1024);
    std::vector<char> input; // the file's bytes being inflated, when reading from a file
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

GzipChunkReader::GzipChunkReader(std::istream& compressed, std::size_t maxBytes)
    : GzipChunkReader(std::string_view(), maxBytes)
{
    m_file = &compressed;
    m_state->input.resize(1u << 20);
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
        if (s.avail_in == 0 && !feed() && m_error)
            return {};
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
            if (anotherMember() && inflateReset(&s) == Z_OK) {
                if (produced > 0)
                    return {buffer.data(), produced};
                continue;
            }
            m_done = true;
            return {buffer.data(), produced};
        }
        if (status != Z_OK || (produced == 0 && s.avail_in == 0 && !feed())) {
            if (m_error)
                return {};
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

// Points the stream at more input: the next slice of the text in memory (zlib counts input in
// uInt), or the file's next chunk. False when there is none, or when the file cannot be read
// (then error() says so).
bool GzipChunkReader::feed()
{
    z_stream& s = m_state->stream;
    if (!m_in.empty()) {
        const std::size_t slice = std::min<std::size_t>(m_in.size(), 1u << 30);
        s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(m_in.data()));
        s.avail_in = static_cast<uInt>(slice);
        m_in.remove_prefix(slice);
        return true;
    }
    if (!m_file)
        return false;
    std::vector<char>& input = m_state->input;
    m_file->read(input.data(), static_cast<std::streamsize>(input.size()));
    if (m_file->bad()) {
        m_error = std::string("cannot read the file: ") + std::strerror(errno);
        m_done = true;
        return false;
    }
    const auto got = static_cast<uInt>(m_file->gcount());
    s.next_in = reinterpret_cast<Bytef*>(input.data());
    s.avail_in = got;
    return got > 0;
}

// After the end of a gzip member: whether another follows (concatenated .gz files). Trailing
// zero padding is ignored as gzip does.
bool GzipChunkReader::anotherMember()
{
    const z_stream& s = m_state->stream;
    if (!m_in.empty())
        return true;
    if (std::any_of(s.next_in, s.next_in + s.avail_in, [](Bytef b) { return b != 0; }))
        return true;
    return m_file && !restOfFileIsPadding();
}

// Whether the file holds nothing but zeros from here on; it is read ahead and then put back
// where it was, so that a member after the zeros is read as one (and found corrupt) exactly as
// it would be from memory.
bool GzipChunkReader::restOfFileIsPadding()
{
    if (m_file->eof())
        return true;
    const std::istream::pos_type here = m_file->tellg();
    std::vector<char> ahead(64 * 1024);
    bool zeros = true;
    while (zeros) {
        m_file->read(ahead.data(), static_cast<std::streamsize>(ahead.size()));
        const std::streamsize got = m_file->gcount();
        if (got <= 0)
            break;
        zeros = std::all_of(ahead.data(), ahead.data() + got, [](char c) { return c == 0; });
    }
    m_file->clear();
    m_file->seekg(here);
    return zeros;
}

} // namespace roofscope
