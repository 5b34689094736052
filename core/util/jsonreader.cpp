#include "core/util/jsonreader.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

namespace roofscope {

namespace {

// The message nlohmann gives reads "[json.exception.parse_error.101] parse error at line 4,
// column 12: syntax error while parsing object - unexpected '}'; expected ...". Keep only the
// part after the context ("unexpected '}'; expected ..."): the location is recomputed by us
// and the parser-internal context ("while parsing object") means little to users.
std::string syntaxProblem(const std::string& what)
{
    std::string_view text = what;
    if (const auto colon = text.find(": "); colon != std::string_view::npos)
        text.remove_prefix(colon + 2);
    if (const auto dash = text.find(" - "); dash != std::string_view::npos)
        text.remove_prefix(dash + 3);
    else if (text.starts_with("syntax error "))
        text.remove_prefix(13);
    return std::string(text);
}

struct LineColumn {
    std::size_t line = 1;
    std::size_t column = 1;
};

// `offset` is 0-based. Columns count characters, not bytes, so a UTF-8 name before the error
// does not push the column off.
LineColumn lineColumnAt(std::string_view text, std::size_t offset)
{
    offset = std::min(offset, text.size());
    LineColumn lc;
    for (std::size_t i = 0; i < offset; ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte == '\n') {
            ++lc.line;
            lc.column = 1;
        } else if ((byte & 0xC0) != 0x80) {
            ++lc.column;
        }
    }
    return lc;
}

// Thrown from the parser callback to stop at the nesting limit; carries the pointer reached.
struct NestingTooDeep {
    std::string pointer;
};

// Finds repeated keys while the parser runs; the parsed document itself would keep only one.
// Also stops documents nested deeper than kMaxJsonDepth: no RoofScope file needs more than a
// handful of levels, and 200,000 nested arrays cost memory and time for nothing.
class DuplicateKeyFinder {
public:
    bool operator()(int /*depth*/, nlohmann::json::parse_event_t event, Json& parsed)
    {
        using Event = nlohmann::json::parse_event_t;
        switch (event) {
        case Event::object_start:
        case Event::array_start:
            countElement();
            if (m_frames.size() >= kMaxJsonDepth)
                throw NestingTooDeep{currentPointer()};
            m_frames.push_back(Frame{event == Event::array_start, 0, {}, {}});
            break;
        case Event::object_end:
        case Event::array_end:
            if (!m_frames.empty())
                m_frames.pop_back();
            break;
        case Event::key:
            if (!m_frames.empty() && parsed.is_string()) {
                Frame& top = m_frames.back();
                top.lastKey = parsed.get<std::string>();
                if (!top.keys.insert(top.lastKey).second && !m_duplicate)
                    m_duplicate = currentPointer();
            }
            break;
        case Event::value:
            countElement();
            break;
        }
        return true;
    }

    const std::optional<std::string>& duplicate() const { return m_duplicate; }

    // The pointer of the value being read right now: the element after the last one seen in
    // an array, or the member after the last key in an object. Used when the parser gives up
    // inside a value (a number too large for a double) and reports no position of its own.
    std::string pendingPointer() const
    {
        std::string pointer;
        for (std::size_t i = 0; i < m_frames.size(); ++i) {
            const Frame& f = m_frames[i];
            const bool last = i + 1 == m_frames.size();
            const std::size_t index = last ? f.count : (f.count == 0 ? 0 : f.count - 1);
            pointer =
                f.array ? JsonReader::child(pointer, index) : JsonReader::child(pointer, f.lastKey);
        }
        return pointer;
    }

private:
    struct Frame {
        bool array = false;
        std::size_t count = 0; // elements seen so far, for arrays
        std::set<std::string> keys;
        std::string lastKey;
    };

    void countElement()
    {
        if (!m_frames.empty() && m_frames.back().array)
            ++m_frames.back().count;
    }

    std::string currentPointer() const
    {
        std::string pointer;
        for (const Frame& f : m_frames) {
            pointer = f.array ? JsonReader::child(pointer, f.count == 0 ? 0 : f.count - 1)
                              : JsonReader::child(pointer, f.lastKey);
        }
        return pointer;
    }

    std::vector<Frame> m_frames;
    std::optional<std::string> m_duplicate;
};

} // namespace

JsonReader::JsonReader(std::string fileName) : m_fileName(std::move(fileName)) {}

Expected<Json> JsonReader::parse(std::string_view text, std::string_view fileName)
{
    // The finder is shared by reference: nlohmann copies the callback it is given.
    DuplicateKeyFinder finder;
    Json document;
    try {
        document = Json::parse(text.begin(), text.end(),
                               [&finder](int depth, nlohmann::json::parse_event_t event,
                                         Json& parsed) { return finder(depth, event, parsed); });
    } catch (const nlohmann::json::parse_error& e) {
        // e.byte counts the characters read, the offending one included.
        const LineColumn lc = lineColumnAt(text, e.byte > 0 ? e.byte - 1 : 0);
        return makeError(std::string(fileName) + ": line " + std::to_string(lc.line) + ", column " +
                         std::to_string(lc.column) + ": syntax error: " + syntaxProblem(e.what()));
    } catch (const nlohmann::json::out_of_range& e) {
        // nlohmann refuses literals like 1e400 ("number overflow parsing '1e400'") instead of
        // turning them into infinity; report them like any other out-of-range number.
        const std::string what = e.what();
        const auto open = what.find('\'');
        const auto close = what.rfind('\'');
        const std::string literal = open != std::string::npos && close > open
                                        ? what.substr(open + 1, close - open - 1)
                                        : std::string("the number");
        return makeError(std::string(fileName) + ": " + display(finder.pendingPointer()) +
                         ": must be a finite number, got " + literal + " (too large)");
    } catch (const NestingTooDeep& e) {
        return makeError(std::string(fileName) + ": " + display(e.pointer) +
                         ": nested deeper than " + std::to_string(kMaxJsonDepth) +
                         " levels (the limit for RoofScope's JSON files)");
    } catch (const std::exception& e) {
        return makeError(std::string(fileName) + ": cannot parse: " + e.what());
    }
    if (finder.duplicate()) {
        return makeError(std::string(fileName) + ": " + display(*finder.duplicate()) +
                         ": duplicate key (each key may appear only once in an object)");
    }
    return document;
}

bool JsonReader::fail(std::string_view pointer, std::string_view problem)
{
    if (!m_error) {
        m_error = makeError(m_fileName + ": " + display(pointer) + ": " + std::string(problem));
    }
    return false;
}

bool JsonReader::expectType(const Json& value, std::string_view pointer, bool matches,
                            std::string_view expected)
{
    if (matches)
        return true;
    return fail(pointer,
                "expected " + std::string(expected) + ", got " + std::string(typeName(value)));
}

bool JsonReader::requireObject(const Json& value, std::string_view pointer)
{
    return expectType(value, pointer, value.is_object(), "an object");
}

bool JsonReader::requireArray(const Json& value, std::string_view pointer)
{
    return expectType(value, pointer, value.is_array(), "an array");
}

bool JsonReader::checkKeys(const Json& object, std::string_view pointer,
                           std::initializer_list<std::string_view> required,
                           std::initializer_list<std::string_view> optional)
{
    if (!requireObject(object, pointer))
        return false;
    const auto known = [&](std::string_view key) {
        return std::find(required.begin(), required.end(), key) != required.end() ||
               std::find(optional.begin(), optional.end(), key) != optional.end();
    };
    for (const auto& [key, value] : object.items()) {
        if (!known(key)) {
            std::string expected = joinNames(required);
            if (optional.size() > 0)
                expected += (expected.empty() ? "" : ", ") + joinNames(optional);
            return fail(child(pointer, key), "unknown key (expected one of: " + expected + ")");
        }
    }
    for (std::string_view key : required) {
        if (!object.contains(key))
            return fail(pointer, "missing required key \"" + std::string(key) + "\"");
    }
    return true;
}

const Json* JsonReader::member(const Json& object, std::string_view key) const
{
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

bool JsonReader::checkFormatAndVersion(const Json& root, std::string_view format,
                                       std::string_view what, long long version)
{
    if (root.contains("format")) {
        const std::string written = string(root, "", "format");
        if (ok() && written != format) {
            fail("/format", "expected " + describe(Json(std::string(format))) + " (" +
                                std::string(what) + "), got " + describe(Json(written)));
        }
    }
    if (ok() && root.contains("version")) {
        const long long written = integer(root, "", "version", 1, version);
        if (ok() && written > version) {
            fail("/version", "written by a newer RoofScope (format version " +
                                 std::to_string(written) + "; this build reads version " +
                                 std::to_string(version) + ")");
        }
    }
    return ok();
}

std::string JsonReader::string(const Json& object, std::string_view pointer, std::string_view key,
                               std::string fallback)
{
    const Json* value = member(object, key);
    if (!value || !expectType(*value, child(pointer, key), value->is_string(), "a string"))
        return fallback;
    return value->get<std::string>();
}

std::string JsonReader::nonEmptyString(const Json& object, std::string_view pointer,
                                       std::string_view key)
{
    const Json* value = member(object, key);
    std::string result = string(object, pointer, key);
    if (value && value->is_string() && result.empty())
        fail(child(pointer, key), "must not be empty");
    return result;
}

double JsonReader::positiveNumber(const Json& object, std::string_view pointer,
                                  std::string_view key, double fallback)
{
    const Json* value = member(object, key);
    const std::string where = child(pointer, key);
    if (!value || !expectType(*value, where, value->is_number(), "a number"))
        return fallback;
    const double number = value->get<double>();
    if (!std::isfinite(number) || number <= 0.0) {
        fail(where, "must be a finite number > 0, got " + describe(*value));
        return fallback;
    }
    return number;
}

bool JsonReader::boolean(const Json& object, std::string_view pointer, std::string_view key,
                         bool fallback)
{
    const Json* value = member(object, key);
    if (!value || !expectType(*value, child(pointer, key), value->is_boolean(), "true or false"))
        return fallback;
    return value->get<bool>();
}

long long JsonReader::integer(const Json& object, std::string_view pointer, std::string_view key,
                              long long minimum, long long fallback)
{
    const Json* value = member(object, key);
    const std::string where = child(pointer, key);
    if (!value || !expectType(*value, where, value->is_number(), "a number"))
        return fallback;
    const double number = value->get<double>();
    // 9e18 keeps the conversion below inside the range of long long.
    if (!std::isfinite(number) || number != std::floor(number) ||
        number < static_cast<double>(minimum) || number > 9e18) {
        fail(where,
             "must be a whole number >= " + std::to_string(minimum) + ", got " + describe(*value));
        return fallback;
    }
    return static_cast<long long>(number);
}

std::string JsonReader::child(std::string_view pointer, std::string_view key)
{
    std::string result(pointer);
    result += '/';
    for (char c : key) {
        if (c == '~')
            result += "~0";
        else if (c == '/')
            result += "~1";
        else
            result += c;
    }
    return result;
}

std::string JsonReader::child(std::string_view pointer, std::size_t index)
{
    return std::string(pointer) + '/' + std::to_string(index);
}

std::string JsonReader::display(std::string_view pointer)
{
    return pointer.empty() ? std::string("(root)") : std::string(pointer);
}

std::string_view JsonReader::typeName(const Json& value)
{
    // nlohmann's names ("number", "string", "object", "array", "boolean", "null") are the
    // JSON names users know.
    return value.type_name();
}

bool JsonReader::present(const Json& object, std::string_view key)
{
    return object.contains(key) && !object.at(key).is_null();
}

std::string JsonReader::describe(const Json& value)
{
    if (value.is_number_float()) {
        const double number = value.get<double>();
        if (std::isnan(number))
            return "NaN";
        if (std::isinf(number))
            return number > 0 ? "infinity (number too large)" : "-infinity (number too large)";
    }
    std::string text = value.dump(-1, ' ', false, Json::error_handler_t::replace);
    constexpr std::size_t kMaxLength = 60;
    if (text.size() > kMaxLength)
        text = text.substr(0, kMaxLength - 3) + "...";
    return text;
}

std::string JsonReader::joinNames(std::initializer_list<std::string_view> names)
{
    std::string result;
    for (std::string_view name : names) {
        if (!result.empty())
            result += ", ";
        result += name;
    }
    return result;
}

} // namespace roofscope
