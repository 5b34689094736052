#pragma once

#include "core/util/expected.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace roofscope {

// Objects and arrays nested deeper than this are refused while parsing.
inline constexpr std::size_t kMaxJsonDepth = 64;

// Documents keep their key order so that errors are reported in the order the user wrote them.
using Json = nlohmann::ordered_json;

// Reads user-written JSON documents (hardware catalogs now, model catalogs later) and turns
// every problem into one message of the form "FILE: POINTER: PROBLEM", where POINTER is the
// RFC 6901 JSON pointer of the offending value ("/hardware/3/memory/0/bytes_per_s").
//
// The reader keeps the first problem it meets and ignores later ones: a single precise message
// is more useful than a cascade of consequences (a missing key also makes the next check fail).
// After a failure the accessors return their fallbacks, so a schema walker can be written as
// straight-line code and check ok() at the points where it must stop.
//
// Typical use:
//     JsonReader r("my.json");
//     auto doc = JsonReader::parse(text, "my.json");          // syntax, with line and column
//     if (!doc) return doc.error();
//     if (!r.requireObject(*doc, "") || !r.checkKeys(*doc, "", {"hardware"}, {"version"}))
//         return *r.error();
//     std::string id = r.string(*doc, "", "id");
class JsonReader {
public:
    explicit JsonReader(std::string fileName);

    // Parses a whole document. Syntax errors read "FILE: line L, column C: syntax error: ...";
    // a key repeated within one object is an error too (plain JSON parsers silently keep one
    // of the values, which would hide a typo). Never throws.
    static Expected<Json> parse(std::string_view text, std::string_view fileName);

    bool ok() const { return !m_error.has_value(); }
    const std::optional<Error>& error() const { return m_error; }
    const std::string& fileName() const { return m_fileName; }

    // Records "FILE: POINTER: PROBLEM" unless a problem was already recorded. Returns false so
    // that callers can write `return r.fail(...)`.
    bool fail(std::string_view pointer, std::string_view problem);

    // Type checks of a value at `pointer`. On mismatch: "expected an object, got array".
    bool requireObject(const Json& value, std::string_view pointer);
    bool requireArray(const Json& value, std::string_view pointer);

    // Checks that `object` has every key of `required` and no key outside required + optional.
    // Unknown keys are reported first (a misspelt key is usually also the missing one, and the
    // unknown-key message lists the accepted spellings).
    bool checkKeys(const Json& object, std::string_view pointer,
                   std::initializer_list<std::string_view> required,
                   std::initializer_list<std::string_view> optional);

    // The optional "format" and "version" of a RoofScope document, checked first so that another
    // kind of document, or a newer one, is refused with that reason rather than with whatever
    // else it holds: "/format: expected "FORMAT" (WHAT), got ..." and "/version: written by a
    // newer RoofScope ...". Returns ok().
    bool checkFormatAndVersion(const Json& root, std::string_view format, std::string_view what,
                               long long version);

    // Member accessors. A missing key yields `fallback` without complaint (checkKeys decides
    // what is required); a value of the wrong type or range is reported and yields `fallback`.
    std::string string(const Json& object, std::string_view pointer, std::string_view key,
                       std::string fallback = {});
    // As string(), but an empty string is an error ("must not be empty").
    std::string nonEmptyString(const Json& object, std::string_view pointer, std::string_view key);
    // A finite number > 0. JSON has no NaN or infinity, but a literal like 1e400 overflows to
    // infinity on parsing; both that and zero or negative values are reported.
    double positiveNumber(const Json& object, std::string_view pointer, std::string_view key,
                          double fallback = 0.0);
    bool boolean(const Json& object, std::string_view pointer, std::string_view key,
                 bool fallback = false);
    // A whole number >= `minimum` (1.0 is accepted as 1; 1.5 is not).
    long long integer(const Json& object, std::string_view pointer, std::string_view key,
                      long long minimum, long long fallback);

    // Pointer arithmetic. Keys are escaped per RFC 6901 ("~" -> "~0", "/" -> "~1").
    static std::string child(std::string_view pointer, std::string_view key);
    static std::string child(std::string_view pointer, std::size_t index);
    // How a pointer is shown in messages: the root (the empty pointer) reads "(root)".
    static std::string display(std::string_view pointer);
    // "a string", "a number", "an object", ... for "expected X, got Y" messages.
    static std::string_view typeName(const Json& value);
    // A short rendering of a value for messages: 0, -3.5, "fp12", true, infinity.
    static std::string describe(const Json& value);
    // Whether `object` has `key` with a value other than null (a Hugging Face config writes
    // null for "not used").
    static bool present(const Json& object, std::string_view key);
    // "a, b, c" for "expected one of: ..." lists.
    static std::string joinNames(std::initializer_list<std::string_view> names);

private:
    const Json* member(const Json& object, std::string_view key) const;
    bool expectType(const Json& value, std::string_view pointer, bool matches,
                    std::string_view expected);

    std::string m_fileName;
    std::optional<Error> m_error;
};

} // namespace roofscope
