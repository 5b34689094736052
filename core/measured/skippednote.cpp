#include "core/measured/skippednote.h"

namespace roofscope {

std::string skippedNote(std::size_t count, std::string_view singular, std::string_view plural,
                        std::string_view why, std::string_view firstWhere)
{
    std::string note =
        std::to_string(count) + " " + std::string(count == 1 ? singular : plural) + " skipped";
    std::string inside(why);
    if (!firstWhere.empty())
        inside += (inside.empty() ? "" : "; ") + std::string(count == 1 ? "" : "the first ") +
                  std::string(firstWhere);
    if (!inside.empty())
        note += " (" + inside + ")";
    return note;
}

std::string onLine(long long line)
{
    return "on line " + std::to_string(line);
}

} // namespace roofscope
