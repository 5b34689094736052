#include "core/figure/rooflabel.h"

#include <cctype>

namespace roofscope {

namespace {

std::string upper(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

} // namespace

std::vector<RoofLabelPart> roofLabelParts(const std::vector<Ceiling>& ceilings)
{
    std::vector<RoofLabelPart> parts;
    for (std::size_t i = 0; i < ceilings.size(); ++i) {
        const Ceiling& c = ceilings[i];
        if (i > 0 && ceilings[i - 1].unit == c.unit)
            parts.back().precisions += "/" + upper(precisionName(c.precision));
        else
            parts.push_back({upper(precisionName(c.precision)), c.unit});
    }
    return parts;
}

std::string roofLabel(const std::vector<Ceiling>& ceilings)
{
    std::string out;
    for (const RoofLabelPart& part : roofLabelParts(ceilings)) {
        if (!out.empty())
            out += ", ";
        out += part.precisions + " " + std::string(computeUnitName(part.unit));
    }
    return out;
}

} // namespace roofscope
