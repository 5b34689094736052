#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace roofscope {

// A failure the user can act on: the message names what was wrong and where.
struct Error {
    std::string message;
};

// A value or an Error. The core never throws across its API and never lets a NaN or an
// infinity escape: every function that can meet bad input returns one of these.
// (std::expected is C++23; the project is C++20.) [[nodiscard]]: a call whose result is dropped
// has lost its error, and the compiler says so.
template <typename T> class [[nodiscard]] Expected {
public:
    Expected(T value) : m_state(std::move(value)) {}
    Expected(Error error) : m_state(std::move(error)) {}

    bool ok() const { return std::holds_alternative<T>(m_state); }
    explicit operator bool() const { return ok(); }

    const T& value() const& { return std::get<T>(m_state); }
    T& value() & { return std::get<T>(m_state); }
    T&& value() && { return std::get<T>(std::move(m_state)); }
    const T& operator*() const& { return value(); }
    T& operator*() & { return value(); }
    const T* operator->() const { return &value(); }
    T* operator->() { return &value(); }

    const Error& error() const { return std::get<Error>(m_state); }

private:
    std::variant<T, Error> m_state;
};

// Messages are one line: a token the user typed or a file holds may contain a newline, a NUL
// or another control character, which is shown escaped ("\n", "\x00") rather than printed.
inline std::string oneLine(std::string_view text)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '\n') {
            out += "\\n";
        } else if (c == '\t') {
            out += "\\t";
        } else if (byte < 0x20 || byte == 0x7f) {
            out += "\\x";
            out += kHex[byte >> 4];
            out += kHex[byte & 15];
        } else {
            out += c;
        }
    }
    return out;
}

inline Error makeError(std::string_view message)
{
    return Error{oneLine(message)};
}

} // namespace roofscope
