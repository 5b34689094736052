#include "core/measured/sameprogram.h"

#include "core/measured/kernelname.h"

#include <algorithm>
#include <unordered_set>

namespace roofscope {

namespace {

std::unordered_set<std::string> distinctNames(std::span<const MeasuredKernel> kernels)
{
    std::unordered_set<std::string> names;
    for (const MeasuredKernel& k : kernels)
        names.insert(k.shortName.empty() ? shortKernelName(k.name) : k.shortName);
    return names;
}

} // namespace

bool ProgramOverlap::sameProgram() const
{
    const std::size_t smaller = std::min(first, second);
    return smaller > 0 && shared * 2 > smaller;
}

std::string ProgramOverlap::text() const
{
    return std::to_string(shared) + " of " + std::to_string(std::max(first, second)) +
           " kernel names in common";
}

ProgramOverlap programOverlap(std::span<const MeasuredKernel> first,
                              std::span<const MeasuredKernel> second)
{
    const auto a = distinctNames(first);
    const auto b = distinctNames(second);
    ProgramOverlap o;
    o.first = a.size();
    o.second = b.size();
    for (const std::string& name : a)
        o.shared += b.count(name);
    return o;
}

} // namespace roofscope
