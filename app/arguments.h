#pragma once

#include "core/util/expected.h"

#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace roofscope::cli {

// A mistake in what the user typed: main() prints it on one line and exits with code 2.
class UsageError : public std::runtime_error {
public:
    // Control characters in the echoed tokens are escaped so the message stays one line.
    explicit UsageError(const std::string& message) : std::runtime_error(oneLine(message)) {}
};

// The options of one subcommand: `--name value`, `--name=value` or a bare `--flag`.
// Unknown options and missing values are UsageErrors naming the token.
class Arguments {
public:
    struct Spec {
        std::vector<std::string> valued; // options that take a value (may repeat)
        std::vector<std::string> flags;  // options without a value
    };

    Arguments(const std::vector<std::string>& tokens, const Spec& spec, const std::string& command);

    bool has(const std::string& name) const { return m_values.count(name) > 0; }
    // The last value given for `name`, or `fallback`.
    std::string value(const std::string& name, const std::string& fallback = {}) const;
    // Every value given for a repeatable option, in order.
    std::vector<std::string> values(const std::string& name) const;
    // A required option: UsageError when missing.
    std::string required(const std::string& name) const;

private:
    std::string m_command;
    std::map<std::string, std::vector<std::string>> m_values;
};

// What a numeric option accepts: a finite number within [min, max] (min excluded when
// `minExcluded`, max when `maxExcluded`), whole when `whole`. `what` names it in the message.
struct NumberRange {
    double min = 0.0;
    double max = std::numeric_limits<double>::infinity();
    bool minExcluded = false;
    bool maxExcluded = false;
    bool whole = false;
    std::string what = "a number";

    static NumberRange positive() { return {0.0, std::numeric_limits<double>::infinity(), true}; }
    static NumberRange wholeUpTo(double max)
    {
        return {1.0, max, false, false, true, "a whole number"};
    }
};

// The C-locale number `text` given to `option`, within `range`; else a UsageError naming the
// option, the text and the range: "--batch 0: expected a whole number from 1 to 1000000",
// "--range 0: expected a number > 0". Every numeric option of the CLI reads through here.
double numberOption(const std::string& option, const std::string& text, const NumberRange& range);

// Splits "a,b,c" into its non-empty items.
std::vector<std::string> splitList(const std::string& text, char separator = ',');

} // namespace roofscope::cli
