#include "core/measured/kernelname.h"

#include "core/measured/csvreader.h"

#include <string>

namespace roofscope {

namespace {

// Removes every bracketed group of `open`/`close` (nested) from `text`.
std::string withoutGroups(std::string_view text, char open, char close)
{
    std::string out;
    out.reserve(text.size());
    int depth = 0;
    for (char c : text) {
        if (c == open) {
            ++depth;
        } else if (c == close && depth > 0) {
            --depth;
        } else if (depth == 0) {
            out += c;
        }
    }
    return out;
}

// The first top-level template argument of `name`, or "".
std::string firstTemplateArgument(std::string_view name)
{
    const auto open = name.find('<');
    if (open == std::string_view::npos)
        return {};
    int depth = 0;
    for (std::size_t i = open; i < name.size(); ++i) {
        const char c = name[i];
        if (c == '<' || c == '(')
            ++depth;
        else if (c == '>' || c == ')')
            --depth;
        if ((depth == 0 && c == '>') || (depth == 1 && c == ','))
            return std::string(trimmed(name.substr(open + 1, i - open - 1)));
    }
    return {};
}

// Names that say nothing on their own: CUTLASS and CUB wrap the real kernel in one of these.
bool isGenericName(std::string_view name)
{
    return name == "Kernel" || name == "Kernel2" || name == "kernel" || name == "device_kernel" ||
           name == "DeviceKernel";
}

} // namespace

std::string shortKernelName(std::string_view fullName)
{
    std::string_view name = trimmed(fullName);
    // " [clone .kd]", " [clone .cold]": compiler clones of one function.
    while (!name.empty() && name.back() == ']') {
        const auto open = name.rfind(" [");
        if (open == std::string_view::npos)
            break;
        name = trimmed(name.substr(0, open));
    }
    // Template arguments may contain parentheses (function types) and the parameter list may
    // contain angle brackets, so templates go first, then the parameter list. "operator<" and
    // similar are not kernel names, so no care is taken for them.
    std::string s = withoutGroups(name, '<', '>');
    s = withoutGroups(s, '(', ')');
    // The return type (and "void") is whatever precedes the last top-level space.
    std::string_view view = trimmed(s);
    if (const auto space = view.rfind(' '); space != std::string_view::npos)
        view = view.substr(space + 1);
    if (const auto scope = view.rfind("::");
        scope != std::string_view::npos && scope + 2 < view.size())
        view = view.substr(scope + 2);
    // Pointer or reference return types leave a '*' or '&' glued to the name.
    while (!view.empty() && (view.front() == '*' || view.front() == '&'))
        view.remove_prefix(1);
    if (view.empty())
        return std::string(trimmed(fullName));
    if (isGenericName(view)) {
        // "cutlass::Kernel<cutlass_80_tensorop_..._gemm>(Params)" -> "Kernel<cutlass_80_..._gemm>"
        const std::string argument = firstTemplateArgument(name);
        if (!argument.empty() && argument != name)
            return std::string(view) + "<" + shortKernelName(argument) + ">";
    }
    return std::string(view);
}

} // namespace roofscope
