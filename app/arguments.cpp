#include "app/arguments.h"

#include "core/roofline/operators.h"
#include "core/util/numbers.h"

#include <algorithm>
#include <cmath>

namespace roofscope::cli {

namespace {

bool contains(const std::vector<std::string>& list, const std::string& item)
{
    return std::find(list.begin(), list.end(), item) != list.end();
}

} // namespace

Arguments::Arguments(const std::vector<std::string>& tokens, const Spec& spec,
                     const std::string& command)
    : m_command(command)
{
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const std::string& token = tokens[i];
        if (token.rfind("--", 0) != 0 || token.size() < 3)
            throw UsageError(command + ": unexpected argument \"" + token +
                             "\" (options start with --; see roofscope help)");
        std::string name = token.substr(2);
        std::string inlineValue;
        bool hasInline = false;
        if (const auto eq = name.find('='); eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name = name.substr(0, eq);
            hasInline = true;
        }
        if (contains(spec.flags, name)) {
            if (hasInline)
                throw UsageError(command + ": option --" + name + " takes no value");
            m_values[name].push_back("true");
        } else if (contains(spec.valued, name)) {
            if (hasInline) {
                m_values[name].push_back(inlineValue);
            } else {
                if (i + 1 >= tokens.size())
                    throw UsageError(command + ": option --" + name + " needs a value");
                m_values[name].push_back(tokens[++i]);
            }
        } else {
            std::string known;
            for (const auto& list : {spec.valued, spec.flags})
                for (const std::string& o : list)
                    known += (known.empty() ? "--" : ", --") + o;
            throw UsageError(command + ": unknown option \"" + token +
                             "\" (expected one of: " + known + ")");
        }
    }
}

std::string Arguments::value(const std::string& name, const std::string& fallback) const
{
    const auto it = m_values.find(name);
    return it == m_values.end() ? fallback : it->second.back();
}

std::vector<std::string> Arguments::values(const std::string& name) const
{
    const auto it = m_values.find(name);
    return it == m_values.end() ? std::vector<std::string>{} : it->second;
}

std::string Arguments::required(const std::string& name) const
{
    if (!has(name))
        throw UsageError(m_command + ": missing required option --" + name);
    return value(name);
}

std::vector<std::string> splitList(const std::string& text, char separator)
{
    std::vector<std::string> items;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const auto next = text.find(separator, pos);
        const std::string item =
            text.substr(pos, next == std::string::npos ? std::string::npos : next - pos);
        if (!item.empty())
            items.push_back(item);
        if (next == std::string::npos)
            break;
        pos = next + 1;
    }
    return items;
}

double numberOption(const std::string& option, const std::string& text, const NumberRange& range)
{
    const auto v = parseNumber(text);
    const bool above = v && (range.minExcluded ? *v > range.min : *v >= range.min);
    const bool below = v && (range.maxExcluded ? *v < range.max : *v <= range.max);
    if (above && below && (!range.whole || *v == std::floor(*v)))
        return *v;
    std::string expected = range.what;
    const std::string lo = formatParamNumber(range.min);
    const std::string hi = formatParamNumber(range.max);
    if (std::isinf(range.max))
        expected += (range.minExcluded ? " > " : " >= ") + lo;
    else
        expected += (range.minExcluded ? " above " : " from ") + lo +
                    (range.maxExcluded ? " to below " : " to ") + hi;
    throw UsageError(option + " " + text + ": expected " + expected);
}

} // namespace roofscope::cli
