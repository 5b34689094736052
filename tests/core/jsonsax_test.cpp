// The trace parser's JSON lexer (core/measured/jsonsax.h) against nlohmann's: the same texts
// are accepted and give the same values, whole or cut into chunks of every size.
#include "core/measured/jsonsax.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace roofscope;

namespace {

// Builds a nlohmann value from the events, to compare with nlohmann::json::parse.
class DomBuilder {
public:
    bool null() { return put(nullptr); }
    bool boolean(bool v) { return put(v); }
    bool number_integer(std::int64_t v) { return put(v); }
    bool number_unsigned(std::uint64_t v) { return put(v); }
    bool number_float(double v) { return put(v); }
    bool string(std::string_view v) { return put(std::string(v)); }
    bool key(std::string_view k)
    {
        m_key = std::string(k);
        return true;
    }
    bool start_object() { return open(nlohmann::json::object()); }
    bool start_array() { return open(nlohmann::json::array()); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }

    nlohmann::json root;

private:
    bool put(nlohmann::json v)
    {
        if (m_stack.empty())
            root = std::move(v);
        else if (m_stack.back()->is_array())
            m_stack.back()->push_back(std::move(v));
        else
            (*m_stack.back())[m_key] = std::move(v);
        return true;
    }
    bool open(nlohmann::json v)
    {
        nlohmann::json* slot;
        if (m_stack.empty()) {
            root = std::move(v);
            slot = &root;
        } else if (m_stack.back()->is_array()) {
            m_stack.back()->push_back(std::move(v));
            slot = &m_stack.back()->back();
        } else {
            slot = &((*m_stack.back())[m_key] = std::move(v));
        }
        m_stack.push_back(slot);
        return true;
    }
    bool close()
    {
        m_stack.pop_back();
        return true;
    }
    std::vector<nlohmann::json*> m_stack;
    std::string m_key;
};

// Hands the text over in chunks of `size` bytes.
struct Chunks {
    std::string_view text;
    std::size_t size;
    const char* pos = nullptr;
    const char* end = nullptr;
    const char* start = nullptr;
    std::size_t next = 0;

    const char* chunkStart() const { return start; }
    bool refill()
    {
        start = pos = end;
        if (next >= text.size())
            return false;
        const std::size_t n = std::min(size, text.size() - next);
        start = pos = text.data() + next;
        end = pos + n;
        next += n;
        return true;
    }
};

struct Outcome {
    bool ok = false;
    nlohmann::json value;
    JsonSaxError error;
};

Outcome parse(std::string_view text, std::size_t chunk)
{
    Chunks in{text, chunk};
    DomBuilder dom;
    JsonSaxParser<Chunks, DomBuilder> parser(in, dom);
    Outcome o;
    o.ok = parser.parse();
    o.value = dom.root;
    o.error = parser.error();
    return o;
}

} // namespace

TEST(JsonSax, AcceptsWhatNlohmannAcceptsWithTheSameValues)
{
    const std::vector<std::string> texts = {
        R"({"a": 1, "b": [true, false, null], "c": {"d": -2.5e-3, "e": "x\"y\\z\/\b\f\n\r\t"}})",
        R"([0, -0, 1.0, 1E+2, 1e-2, 123456789012345678, -9223372036854775808, 18446744073709551615])",
        R"(["\u00e9\u20ac\ud83d\ude00", "caf\u00E9", ""])",
        "\xEF\xBB\xBF {\"bom\": 1} ",
        R"(  [ [ ], { }, [[[]]] ]  )",
        "\"just a string\"",
        "42",
        R"({"ts": 2413669097444.592, "dur": 1.760, "big": 1e308, "tiny": 1e-400})",
        // Rejected by both:
        "",
        "   ",
        "{",
        "[1, 2",
        "[1, 2,]",
        "{\"a\": 1,}",
        "{\"a\" 1}",
        "{a: 1}",
        "[01]",
        "[1.]",
        "[.5]",
        "[-]",
        "[1e]",
        "[+1]",
        "[tru]",
        "[nul]",
        "[True]",
        "\"unterminated",
        "\"tab\tinside\"",
        "\"\\x\"",
        "\"\\u12G4\"",
        "\"\\ud83d\"",
        "\"\\ude00\"",
        "[1] [2]",
        "{} x",
        "[\"a\" \"b\"]",
        "{\"a\": 1 \"b\": 2}",
        "[1e400]",
    };
    for (const std::string& text : texts) {
        SCOPED_TRACE(text);
        const bool accepted = nlohmann::json::accept(text);
        for (std::size_t chunk :
             {text.size() + 1, std::size_t{1}, std::size_t{2}, std::size_t{7}}) {
            SCOPED_TRACE(chunk);
            const Outcome o = parse(text, chunk);
            EXPECT_EQ(o.ok, accepted) << o.error.problem;
            if (accepted && o.ok) {
                EXPECT_EQ(o.value, nlohmann::json::parse(text));
            }
        }
    }
}

TEST(JsonSax, ErrorsNameLineAndColumn)
{
    for (std::size_t chunk : {std::size_t{1000}, std::size_t{1}, std::size_t{3}}) {
        SCOPED_TRACE(chunk);
        Outcome o = parse("{\n  \"a\": [1,\n  2,, 3]}", chunk);
        EXPECT_FALSE(o.ok);
        EXPECT_EQ(o.error.line, 3u);
        EXPECT_EQ(o.error.column, 5u);
        EXPECT_EQ(o.error.problem, "unexpected ','; expected a value");
        // Columns count characters: "é" is two bytes, one column.
        o = parse("[\"é\" x]", chunk);
        EXPECT_EQ(o.error.column, 6u);
        o = parse("[1e400]", chunk);
        EXPECT_TRUE(o.error.overflow);
        EXPECT_EQ(o.error.problem, "1e400");
        o = parse("[1, 2", chunk);
        EXPECT_EQ(o.error.problem, "unexpected end of input; expected ',' or a closing bracket");
    }
}

// The word-at-a-time scan of a string's plain run stops exactly at the first quote, backslash
// or control character wherever it lies in a word, and never at UTF-8 bytes (0x80 and up) or
// at characters near the stoppers (0x21, '#', '[', ']', 0x7F).
TEST(JsonSax, StringRunEndStopsAtTheFirstSpecialByteOfAnyPosition)
{
    const std::string filler = "ab\x21#[]\x7F\xC3\xA9\xE2\x82\xAC\xFFz";
    for (const char stopper : {'"', '\\', '\x00', '\x01', '\x1F', '\n'}) {
        for (std::size_t at = 0; at < 24; ++at) {
            std::string text;
            for (std::size_t i = 0; i < at; ++i)
                text += filler[i % filler.size()];
            text += stopper;
            text += "\"\\";
            EXPECT_EQ(jsonStringRunEnd(text.data(), text.data() + text.size()) - text.data(),
                      static_cast<std::ptrdiff_t>(at))
                << "stopper " << int(stopper) << " at " << at;
        }
    }
    const std::string plain(21, 'x');
    EXPECT_EQ(jsonStringRunEnd(plain.data(), plain.data() + plain.size()),
              plain.data() + plain.size());
}
