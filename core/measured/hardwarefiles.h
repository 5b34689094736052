#pragma once

#include "core/hardware/catalog.h"
#include "core/util/expected.h"

#include <string>
#include <vector>

namespace roofscope {

// Hardware files as a user drops them: a RoofScope catalog, an ERT roofline.json or an omniperf
// roofline.csv (told apart by content). They live here, above the catalog, because two of the
// three formats are measurements: the catalog itself knows only its own format.

// Reads, validates and merges one file into `catalog`. Returns the accelerators it held (the same
// result type as ModelCatalog::loadFile); on error nothing is merged and the Error's message
// names the file, the JSON pointer and the problem.
Expected<std::vector<Hardware>> loadHardwareFile(HardwareCatalog& catalog, const std::string& path);

// Merges every *.json and *.csv of userCatalogDirectory() (each read as loadHardwareFile does)
// in name order; returns one Error per broken file.
std::vector<Error> loadUserHardwareDirectory(HardwareCatalog& catalog);

} // namespace roofscope
