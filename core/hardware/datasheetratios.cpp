#include "core/hardware/datasheetratios.h"

#include <nlohmann/json.hpp>

namespace roofscope {

std::vector<DatasheetRatio> datasheetRatios(const Hardware& measured, const Hardware& datasheet)
{
    std::vector<DatasheetRatio> out;
    for (const RoofRatio& r : measuredRatios(measured, datasheet)) {
        const std::string what = r.compute ? std::string(precisionName(r.ceiling.precision)) + " " +
                                                 std::string(computeUnitName(r.ceiling.unit))
                                           : r.level;
        out.push_back({what, r.compute, r.measured, r.datasheet, r.ratio()});
    }
    return out;
}

nlohmann::json datasheetRatiosToJson(const std::vector<DatasheetRatio>& ratios)
{
    nlohmann::json out = nlohmann::json::array();
    for (const DatasheetRatio& r : ratios)
        out.push_back({{"what", r.what},
                       {"measured", r.measured},
                       {"datasheet", r.datasheet},
                       {"ratio", r.ratio}});
    return out;
}

bool isDatasheetEntry(const Hardware& hw)
{
    return hw.vendor != "measured";
}

} // namespace roofscope
