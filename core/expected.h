#pragma once

#include <string>
#include <utility>
#include <variant>

namespace roofscope {

// A failure the user can act on: the message names what was wrong and where.
struct Error {
    std::string message;
};

// A value or an Error. The core never throws across its API and never lets a NaN or an
// infinity escape: every function that can meet bad input returns one of these.
// (std::expected is C++23; the project is C++20.)
template <typename T> class Expected {
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

inline Error makeError(std::string message)
{
    return Error{std::move(message)};
}

} // namespace roofscope
