#pragma once

#include "core/util/expected.h"

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace roofscope {

bool looksGzipped(std::string_view data);

// Inflates a gzip stream (PyTorch writes traces as .json.gz). A truncated or corrupt stream,
// or one inflating beyond `maxBytes`, is an Error naming the file.
Expected<std::string> gunzip(std::string_view data, const std::string& fileName,
                             std::size_t maxBytes);

// The first (at most) `maxBytes` bytes the stream inflates to; whatever could be inflated
// when the stream is corrupt or shorter. For recognising a format without inflating it all.
std::string gunzipPrefix(std::string_view data, std::size_t maxBytes);
// The same of a gzip stream read from `compressed` (left wherever reading stopped).
std::string gunzipPrefix(std::istream& compressed, std::size_t maxBytes);

// Inflates a gzip stream a chunk at a time, so that a reader can consume a gigabyte of text
// while only one chunk of it is in memory. Concatenated gzip members (what `cat a.gz b.gz`
// gives, and what some writers produce) are read one after the other, as gunzip does.
class GzipChunkReader {
public:
    GzipChunkReader(std::string_view compressed, std::size_t maxBytes);
    // Reads the compressed bytes from `compressed` (a file, kept open by the caller) as they
    // are needed, so that not even they are in memory whole.
    GzipChunkReader(std::istream& compressed, std::size_t maxBytes);
    ~GzipChunkReader();
    GzipChunkReader(const GzipChunkReader&) = delete;
    GzipChunkReader& operator=(const GzipChunkReader&) = delete;

    // The next chunk of inflated text; an empty view at the end of the stream or at the first
    // error (then error() says what went wrong).
    std::string_view next();
    // "corrupt or truncated gzip data at byte N (...)", "inflates to more than N bytes ..." or
    // "cannot read the file ...".
    const std::optional<std::string>& error() const { return m_error; }
    std::size_t inflatedBytes() const { return m_total; }

private:
    bool feed();
    bool anotherMember();
    bool restOfFileIsPadding();

    struct State;
    std::unique_ptr<State> m_state;
    std::string_view m_in;
    std::istream* m_file = nullptr;
    std::size_t m_maxBytes;
    std::size_t m_total = 0;
    bool m_done = false;
    std::optional<std::string> m_error;
};

} // namespace roofscope
