#include "core/measured/hardwarefiles.h"

#include "core/measured/empiricalhardware.h"
#include "core/measured/importer.h"
#include "core/measured/rocprofimporter.h"
#include "core/util/idlookup.h"
#include "core/util/textfile.h"

namespace roofscope {

Expected<std::vector<Hardware>> loadHardwareFile(HardwareCatalog& catalog, const std::string& path)
{
    auto text = readTextFile(path);
    if (!text)
        return text.error();
    // ERT roofline.json and omniperf roofline.csv describe measured hardware too.
    auto parsed = parseHardwareFile(*text, path);
    if (!parsed)
        return parsed.error();
    // An omniperf sysinfo.csv beside a roofline.csv names its GPU: the entry is then named as
    // Import Measurements names it ("AMD MI300X_A1 device 0 …"), whichever way it was added.
    MeasuredImport named;
    named.hardware = std::move(*parsed);
    applyRocmSysinfoBeside(named, path);
    catalog.merge(named.hardware);
    return std::move(named.hardware);
}

std::vector<Error> loadUserHardwareDirectory(HardwareCatalog& catalog)
{
    // Every format loadHardwareFile reads: an ERT roofline.json or an omniperf roofline.csv
    // dropped in the folder is hardware as much as a catalog file is.
    auto files = filesIn(userCatalogDirectory(), {".json", ".csv"});
    if (!files)
        return {files.error()};
    std::vector<Error> errors;
    for (const std::string& path : *files) {
        if (auto loaded = loadHardwareFile(catalog, path); !loaded)
            errors.push_back(loaded.error());
    }
    return errors;
}

} // namespace roofscope
