#include "app/probecomparison.h"

#include "app/arguments.h"
#include "app/commands.h"
#include "app/texttable.h"
#include "core/hardware/datasheetratios.h"
#include "core/util/format.h"
#include "core/util/idlookup.h"

namespace roofscope::cli {

namespace {

// "fp32 vector" -> "FP32 vector", "dram" -> "DRAM": the table's names, as the probe's own rows.
std::string roofName(const DatasheetRatio& r)
{
    std::string name = r.what;
    const std::size_t end = r.compute ? name.find(' ') : name.size();
    for (std::size_t i = 0; i < end && i < name.size(); ++i)
        name[i] =
            static_cast<char>(name[i] >= 'a' && name[i] <= 'z' ? name[i] - 'a' + 'A' : name[i]);
    return name;
}

std::string rate(const DatasheetRatio& r, double value)
{
    return r.compute ? formatFlopsRate(value) : formatBandwidth(value);
}

} // namespace

Hardware datasheetToMeasure(const std::string& id, const std::vector<std::string>& catalogFiles)
{
    const HardwareCatalog catalog = loadCatalog(catalogFiles);
    const Hardware* hw = catalog.find(id);
    if (hw && isDatasheetEntry(*hw))
        return *hw;
    if (hw)
        throw UsageError("--measured-of " + id +
                         ": a measured entry (vendor measured); expected the datasheet entry "
                         "the probe measures, as `roofscope gpus` lists it");
    std::vector<Hardware> datasheets;
    for (const Hardware& entry : catalog.all())
        if (isDatasheetEntry(entry))
            datasheets.push_back(entry);
    const std::string near = closestIdOf(datasheets, id);
    throw UsageError("--measured-of " + id + ": unknown datasheet entry" +
                     (near.empty() ? std::string() : " (did you mean " + near + "?)") +
                     "; `roofscope gpus` lists them");
}

std::string datasheetComparisonText(const Hardware& measured, const Hardware& datasheet)
{
    std::string out =
        "\nMeasured ÷ datasheet, against " + datasheet.id + " (" + datasheet.name + "):\n";
    const std::vector<DatasheetRatio> ratios = datasheetRatios(measured, datasheet);
    if (ratios.empty())
        return out + "no roof in common (neither a compute ceiling of the same precision and "
                     "unit nor the main memory)\n";
    TextTable table({"roof", "measured", "datasheet", "measured ÷ datasheet"},
                    {false, true, true, true});
    for (const DatasheetRatio& r : ratios)
        table.addRow({roofName(r), rate(r, r.measured), rate(r, r.datasheet),
                      formatNumber(r.ratio, 3) + "×"});
    return out + table.render();
}

} // namespace roofscope::cli
