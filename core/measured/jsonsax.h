#pragma once

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// A strict JSON (RFC 8259) lexer and parser that calls a SAX handler, for the one document
// RoofScope reads that can be a gigabyte: PyTorch profiler traces. nlohmann's SAX parser
// reads about 55 MB/s on the development machine (it keeps every character of a token for its
// messages and converts numbers through strtod); this one reads several times faster. It
// accepts exactly what nlohmann::json::accept accepts (tests/core/jsonsax_test.cpp checks the
// two against each other), except that bytes of strings are not checked to be UTF-8.
//
// Handler: null(), boolean(bool), number_integer(int64_t), number_unsigned(uint64_t),
// number_float(double), string(std::string_view), key(std::string_view), start_object(),
// end_object(), start_array(), end_array(); each returns false to stop. The views of string()
// and key() are valid during the call only.
//
// Input: `pos` and `end` delimit the current chunk, chunkStart() is where it began; refill()
// moves all three to the next chunk, or to the end of this one and returns false at the end
// of the text.
//
// A handler may also have `bool wants_value()` and `bool skipped_value()`: before a number
// the parser asks wants_value(), and a number the handler does not want is checked but not
// converted (most numbers of a trace event are never used, and converting them was a tenth
// of the time); skipped_value() stands for the number_*() call.

// The first byte in [p, end) that ends a plain run of string characters: a quote, a backslash
// or a control character. Eight bytes are tested at a time (kernel names are hundreds of
// characters long), with the usual bit tricks: a byte of (x - 0x01..) & ~x & 0x80.. is set
// where x had a zero byte, exactly at the first one.
static_assert(std::endian::native == std::endian::little, "jsonStringRunEnd reads words");
inline const char* jsonStringRunEnd(const char* p, const char* end)
{
    constexpr std::uint64_t ones = 0x0101010101010101ull;
    constexpr std::uint64_t highs = 0x8080808080808080ull;
    while (end - p >= 8) {
        std::uint64_t w;
        std::memcpy(&w, p, 8);
        const std::uint64_t quote = w ^ (ones * '"');
        const std::uint64_t backslash = w ^ (ones * '\\');
        const std::uint64_t hits = ((quote - ones) & ~quote) | ((backslash - ones) & ~backslash) |
                                   ((w - ones * 0x20) & ~w);
        if ((hits & highs) != 0) // the lowest flagged byte is the first hit (little-endian)
            return p + __builtin_ctzll(hits & highs) / 8;
        p += 8;
    }
    while (p != end) {
        const auto c = static_cast<unsigned char>(*p);
        if (c == '"' || c == '\\' || c < 0x20)
            break;
        ++p;
    }
    return p;
}

struct JsonSaxError {
    bool stopped = false;   // the handler returned false
    bool overflow = false;  // a number too large for a double (problem holds the literal)
    std::string problem;    // "unexpected '}'; expected a value"
    std::size_t line = 0;   // 1-based, of the offending character
    std::size_t column = 0; // 1-based, in characters (UTF-8 sequences count one)
};

template <typename Input, typename Handler> class JsonSaxParser {
public:
    JsonSaxParser(Input& in, Handler& handler) : m_in(in), m_h(handler) {}

    // True when the whole text is one JSON value and the handler never stopped.
    bool parse();
    const JsonSaxError& error() const { return m_error; }

private:
    enum Container : std::uint8_t { Object, Array };

    bool more() { return m_in.pos != m_in.end || refill(); }
    bool refill()
    {
        countLines(m_in.chunkStart(), m_in.end);
        return m_in.refill();
    }
    // Lines are counted a chunk at a time, for the position of an error: newlines eight bytes
    // at a time (this count was a sixth of the parse as a loop over bytes), characters only
    // on the chunk's last line.
    void countLines(const char* from, const char* to)
    {
        if (const std::size_t n = countNewlines(from, to); n > 0) {
            m_lines += n;
            const char* lineStart = to;
            while (lineStart > from && lineStart[-1] != '\n')
                --lineStart;
            from = lineStart;
            m_column = 0;
        }
        m_column += static_cast<std::size_t>(std::count_if(
            from, to, [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
    }
    static std::size_t countNewlines(const char* p, const char* end)
    {
        constexpr std::uint64_t lows = 0x7F7F7F7F7F7F7F7Full;
        constexpr std::uint64_t newlines = 0x0A0A0A0A0A0A0A0Aull;
        std::size_t n = 0;
        while (end - p >= 8) {
            std::uint64_t w;
            std::memcpy(&w, p, 8);
            w ^= newlines;
            // The high bit of each byte of `nonzero` is set exactly where w's byte is not 0.
            const std::uint64_t nonzero = ((w & lows) + lows) | w;
            const std::uint64_t hits = (~nonzero & ~lows) >> 7; // 1 in each newline's byte
            n += static_cast<std::size_t>((hits * 0x0101010101010101ull) >> 56);
            p += 8;
        }
        return n + static_cast<std::size_t>(std::count(p, end, '\n'));
    }
    bool stop()
    {
        m_error.stopped = true;
        return false;
    }
    bool fail(std::string problem)
    {
        countLines(m_in.chunkStart(), m_in.pos);
        m_error.problem = std::move(problem);
        m_error.line = m_lines + 1;
        m_error.column = m_column + 1;
        return false;
    }
    static std::string describe(char c)
    {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u >= 0x7F) {
            static const char* hex = "0123456789ABCDEF";
            return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
        }
        return std::string("'") + c + "'";
    }
    bool unexpected(std::string_view expected)
    {
        if (!more())
            return fail("unexpected end of input; expected " + std::string(expected));
        return fail("unexpected " + describe(*m_in.pos) + "; expected " + std::string(expected));
    }
    static bool isSpace(char c)
    {
        constexpr std::uint64_t kSpaces =
            (1ull << ' ') | (1ull << '\n') | (1ull << '\r') | (1ull << '\t');
        return static_cast<unsigned char>(c) <= ' ' &&
               ((kSpaces >> static_cast<unsigned char>(c)) & 1u) != 0;
    }
    // Called between any two tokens: the usual cases (no space, or one) are decided inline.
    [[gnu::always_inline]] bool skipSpace()
    {
        const char* p = m_in.pos;
        if (p != m_in.end && !isSpace(*p))
            return true;
        if (p != m_in.end && *p == ' ' && p + 1 != m_in.end && !isSpace(p[1])) {
            m_in.pos = p + 1;
            return true;
        }
        return skipSpaces();
    }
    [[gnu::noinline]] bool skipSpaces()
    {
        for (;;) {
            // A local pointer, so that the loop runs in registers.
            const char* p = m_in.pos;
            const char* const end = m_in.end;
            while (p != end && isSpace(*p))
                ++p;
            m_in.pos = p;
            if (p != end)
                return true;
            if (!refill())
                return false;
        }
    }
    bool readString(std::string_view& view);
    bool readEscape(std::string& out);
    bool readHex4(unsigned& value);
    bool readNumber();
    bool readLiteral(std::string_view word);
    bool value();

    Input& m_in;
    Handler& m_h;
    JsonSaxError m_error;
    std::string m_text; // string and key buffer, reused
    std::string m_number;
    std::vector<Container> m_stack;
    std::size_t m_lines = 0;
    std::size_t m_column = 0; // characters since the last newline, before chunkStart
};

template <typename Input, typename Handler>
bool JsonSaxParser<Input, Handler>::readHex4(unsigned& value)
{
    value = 0;
    for (int i = 0; i < 4; ++i) {
        if (!more())
            return unexpected("four hex digits after \\u");
        const char c = *m_in.pos;
        unsigned d;
        if (c >= '0' && c <= '9')
            d = static_cast<unsigned>(c - '0');
        else if (c >= 'a' && c <= 'f')
            d = static_cast<unsigned>(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            d = static_cast<unsigned>(c - 'A' + 10);
        else
            return fail("invalid string: '\\u' must be followed by 4 hex digits");
        value = value * 16 + d;
        ++m_in.pos;
    }
    return true;
}

template <typename Input, typename Handler>
bool JsonSaxParser<Input, Handler>::readEscape(std::string& out)
{
    if (!more())
        return unexpected("an escape character");
    const char c = *m_in.pos++;
    switch (c) {
    case '"':
        out += '"';
        return true;
    case '\\':
        out += '\\';
        return true;
    case '/':
        out += '/';
        return true;
    case 'b':
        out += '\b';
        return true;
    case 'f':
        out += '\f';
        return true;
    case 'n':
        out += '\n';
        return true;
    case 'r':
        out += '\r';
        return true;
    case 't':
        out += '\t';
        return true;
    case 'u':
        break;
    default:
        --m_in.pos;
        return fail("invalid string: forbidden character after backslash");
    }
    unsigned cp = 0;
    if (!readHex4(cp))
        return false;
    if (cp >= 0xDC00 && cp <= 0xDFFF)
        return fail("invalid string: surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF");
    if (cp >= 0xD800 && cp <= 0xDBFF) {
        if (!more() || *m_in.pos != '\\')
            return fail("invalid string: surrogate U+D800..U+DBFF must be followed by "
                        "U+DC00..U+DFFF");
        ++m_in.pos;
        if (!more() || *m_in.pos != 'u')
            return fail("invalid string: surrogate U+D800..U+DBFF must be followed by "
                        "U+DC00..U+DFFF");
        ++m_in.pos;
        unsigned low = 0;
        if (!readHex4(low))
            return false;
        if (low < 0xDC00 || low > 0xDFFF)
            return fail("invalid string: surrogate U+D800..U+DBFF must be followed by "
                        "U+DC00..U+DFFF");
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    }
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
    return true;
}

// At the opening quote.
template <typename Input, typename Handler>
bool JsonSaxParser<Input, Handler>::readString(std::string_view& view)
{
    ++m_in.pos;
    {
        const char* p = jsonStringRunEnd(m_in.pos, m_in.end);
        const char* end = m_in.end;
        if (p != end && *p == '"') {
            view = std::string_view(m_in.pos, static_cast<std::size_t>(p - m_in.pos));
            m_in.pos = p + 1;
            return true;
        }
    }
    std::string& out = m_text;
    out.clear();
    for (;;) {
        const char* p = jsonStringRunEnd(m_in.pos, m_in.end);
        const char* end = m_in.end;
        out.append(m_in.pos, p);
        m_in.pos = p;
        if (p == end) {
            if (!refill())
                return fail("invalid string: missing closing quote");
            continue;
        }
        const char c = *p;
        if (c == '"') {
            ++m_in.pos;
            view = out;
            return true;
        }
        if (c == '\\') {
            ++m_in.pos;
            if (!readEscape(out))
                return false;
            continue;
        }
        return fail("invalid string: control character " + describe(c) + " must be escaped");
    }
}

template <typename Input, typename Handler> bool JsonSaxParser<Input, Handler>::readNumber()
{
    // A number followed by something else in the same chunk (nearly every number) is checked
    // and converted where it lies; one cut by the end of a chunk, or malformed, is gathered,
    // checked and converted below.
    {
        const char* p = m_in.pos;
        const char* end = m_in.end;
        auto isDigit = [&](const char* q) { return q != end && *q >= '0' && *q <= '9'; };
        if (p != end && *p == '-')
            ++p;
        const char* digits = p;
        while (isDigit(p))
            ++p;
        bool ok = p != digits && (*digits != '0' || p - digits == 1);
        bool integer = true;
        bool exponent = false;
        if (ok && p != end && *p == '.') {
            integer = false;
            const char* fraction = ++p;
            while (isDigit(p))
                ++p;
            ok = p != fraction;
        }
        if (ok && p != end && (*p == 'e' || *p == 'E')) {
            integer = false;
            exponent = true;
            ++p;
            if (p != end && (*p == '+' || *p == '-'))
                ++p;
            const char* exponent = p;
            while (isDigit(p))
                ++p;
            ok = p != exponent;
        }
        // A number the handler does not want is not converted; one with an exponent or of
        // hundreds of digits still is, since it may be beyond a double (an error, as for
        // nlohmann).
        if constexpr (requires { m_h.wants_value(); }) {
            if (ok && p != end && !exponent && p - m_in.pos < 300 && !m_h.wants_value()) {
                m_in.pos = p;
                return m_h.skipped_value() || stop();
            }
        }
        if (ok && p != end && !integer) {
            double v = 0.0;
            if (const auto r = std::from_chars(m_in.pos, p, v);
                r.ec == std::errc() && r.ptr == p && std::isfinite(v)) {
                m_in.pos = p;
                return m_h.number_float(v) || stop();
            }
        }
        const bool plainInteger = ok && integer && p != end;
        if (plainInteger) {
            const char* first = m_in.pos;
            if (*first == '-') {
                std::int64_t v = 0;
                if (const auto r = std::from_chars(first, p, v); r.ec == std::errc()) {
                    m_in.pos = p;
                    return m_h.number_integer(v) || stop();
                }
            } else {
                std::uint64_t v = 0;
                if (const auto r = std::from_chars(first, p, v); r.ec == std::errc()) {
                    m_in.pos = p;
                    return m_h.number_unsigned(v) || stop();
                }
            }
        }
    }
    m_number.clear();
    auto digits = [&]() -> std::size_t {
        std::size_t n = 0;
        while (more() && *m_in.pos >= '0' && *m_in.pos <= '9') {
            m_number += *m_in.pos++;
            ++n;
        }
        return n;
    };
    bool integer = true;
    if (*m_in.pos == '-')
        m_number += *m_in.pos++;
    if (!more())
        return unexpected("a digit");
    if (*m_in.pos == '0') {
        m_number += *m_in.pos++;
    } else if (digits() == 0) {
        return unexpected("a digit after '-'");
    }
    if (more() && *m_in.pos == '.') {
        integer = false;
        m_number += *m_in.pos++;
        if (digits() == 0)
            return unexpected("a digit after '.'");
    }
    if (more() && (*m_in.pos == 'e' || *m_in.pos == 'E')) {
        integer = false;
        m_number += *m_in.pos++;
        if (more() && (*m_in.pos == '+' || *m_in.pos == '-'))
            m_number += *m_in.pos++;
        if (digits() == 0)
            return unexpected("a digit in the exponent");
    }
    const char* first = m_number.data();
    const char* last = first + m_number.size();
    if (integer) {
        if (m_number[0] == '-') {
            std::int64_t v = 0;
            if (const auto r = std::from_chars(first, last, v); r.ec == std::errc())
                return m_h.number_integer(v) || stop();
        } else {
            std::uint64_t v = 0;
            if (const auto r = std::from_chars(first, last, v); r.ec == std::errc())
                return m_h.number_unsigned(v) || stop();
        }
    }
    double v = 0.0;
    if (const auto r = std::from_chars(first, last, v); r.ec != std::errc())
        v = std::strtod(m_number.c_str(), nullptr); // out of range: infinity, or 0 underflowing
    if (!std::isfinite(v)) {
        m_error.overflow = true;
        return fail(m_number);
    }
    return m_h.number_float(v) || stop();
}

template <typename Input, typename Handler>
bool JsonSaxParser<Input, Handler>::readLiteral(std::string_view word)
{
    for (const char c : word) {
        if (!more() || *m_in.pos != c)
            return fail("invalid literal; expected '" + std::string(word) + "'");
        ++m_in.pos;
    }
    return true;
}

// At the first character of a value.
template <typename Input, typename Handler> bool JsonSaxParser<Input, Handler>::value()
{
    switch (*m_in.pos) {
    case '"': {
        std::string_view text;
        return readString(text) && (m_h.string(text) || stop());
    }
    case 't':
        return readLiteral("true") && (m_h.boolean(true) || stop());
    case 'f':
        return readLiteral("false") && (m_h.boolean(false) || stop());
    case 'n':
        return readLiteral("null") && (m_h.null() || stop());
    case '-':
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9':
        return readNumber();
    default:
        return unexpected("a value");
    }
}

template <typename Input, typename Handler> bool JsonSaxParser<Input, Handler>::parse()
{
    // A UTF-8 byte order mark is skipped, as nlohmann does.
    if (more() && static_cast<unsigned char>(*m_in.pos) == 0xEF) {
        for (const unsigned char b : {0xEFu, 0xBBu, 0xBFu}) {
            if (!more() || static_cast<unsigned char>(*m_in.pos) != b)
                return unexpected("a value");
            ++m_in.pos;
        }
    }
    bool expectValue = true; // else: after a value, expecting ',' or a closing bracket
    for (;;) {
        if (!skipSpace()) {
            if (expectValue || !m_stack.empty())
                return unexpected(expectValue ? "a value" : "',' or a closing bracket");
            return true;
        }
        const char c = *m_in.pos;
        if (expectValue) {
            if (c == '{') {
                ++m_in.pos;
                if (!m_h.start_object())
                    return stop();
                if (!skipSpace())
                    return unexpected("a key or '}'");
                if (*m_in.pos == '}') {
                    ++m_in.pos;
                    if (!m_h.end_object())
                        return stop();
                    expectValue = false;
                    continue;
                }
                m_stack.push_back(Object);
                goto key;
            }
            if (c == '[') {
                ++m_in.pos;
                if (!m_h.start_array())
                    return stop();
                if (!skipSpace())
                    return unexpected("a value or ']'");
                if (*m_in.pos == ']') {
                    ++m_in.pos;
                    if (!m_h.end_array())
                        return stop();
                    expectValue = false;
                    continue;
                }
                m_stack.push_back(Array);
                continue;
            }
            if (!value())
                return false;
            expectValue = false;
            continue;
        }
        if (m_stack.empty())
            return unexpected("end of input");
        if (c == ',') {
            ++m_in.pos;
            expectValue = true;
            if (m_stack.back() == Array)
                continue;
            if (!skipSpace())
                return unexpected("a key");
            goto key;
        }
        if (c == (m_stack.back() == Object ? '}' : ']')) {
            ++m_in.pos;
            const bool object = m_stack.back() == Object;
            m_stack.pop_back();
            if (!(object ? m_h.end_object() : m_h.end_array()))
                return stop();
            continue;
        }
        return unexpected(m_stack.back() == Object ? "',' or '}'" : "',' or ']'");
    key:
        // At the first character of a key.
        if (*m_in.pos != '"')
            return unexpected("a key (a string)");
        {
            std::string_view name;
            if (!readString(name))
                return false;
            if (!m_h.key(name))
                return stop();
        }
        if (!skipSpace() || *m_in.pos != ':')
            return unexpected("':'");
        ++m_in.pos;
        expectValue = true;
    }
}

} // namespace roofscope
