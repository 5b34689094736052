#pragma once

#include "core/expected.h"
#include "core/hardware.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// The built-in accelerator catalog (resources/hardware.json, compiled in).
std::string_view builtinHardwareJson();

// Parses and validates a hardware catalog document. `fileName` only labels errors.
// The error message has the form "FILE: /hardware/3/memory/0/bytes_per_s: must be a finite
// number > 0" — file, JSON pointer, problem. Checks: JSON syntax (with line and column),
// unknown keys, missing fields, wrong types, non-positive or non-finite numbers, duplicate ids
// within the file, unknown precision, unit or memory-level names.
Expected<std::vector<Hardware>> parseHardwareCatalog(std::string_view text,
                                                     std::string_view fileName);

// Serialises hardware to the catalog format (round-trips through parseHardwareCatalog).
std::string hardwareCatalogToJson(const std::vector<Hardware>& hardware);

// The accelerators a session works with: the built-in ones, then user files that add entries
// or override built-in ones by id. A broken user file is reported and skipped; it never takes
// the built-in entries (or other files) down with it.
class HardwareCatalog {
public:
    // The built-in catalog alone.
    static HardwareCatalog builtin();

    // Adds entries, replacing any with the same id (keeps the original position on override).
    void merge(const std::vector<Hardware>& hardware);
    // Reads, validates and merges one file: a RoofScope catalog, an ERT roofline.json or an
    // omniperf roofline.csv (told apart by content). Returns the accelerators it held (the same
    // result type as ModelCatalog::loadFile); on error nothing is merged and the Error's
    // message names the file, the JSON pointer and the problem.
    Expected<std::vector<Hardware>> loadFile(const std::string& path);
    // Merges every *.json and *.csv of userCatalogDirectory() (each read as loadFile does) in
    // name order; returns one Error per broken file.
    std::vector<Error> loadUserDirectory();

    const std::vector<Hardware>& all() const { return m_hardware; }
    const Hardware* find(std::string_view id) const;
    // The datasheet entry a measured entry names (Hardware::measuredOf), or nullptr.
    const Hardware* datasheetOf(const Hardware& measured) const;
    // The known id nearest to `id` by edit distance, or "" when none is reasonably close.
    std::string closestId(std::string_view id) const;

private:
    std::vector<Hardware> m_hardware;
};

// Where users drop their own catalog files: $ROOFSCOPE_CATALOG_DIR if set, else
// $XDG_CONFIG_HOME/roofscope/hardware, else ~/.config/roofscope/hardware.
std::string userCatalogDirectory();

// RoofScope's JSON files (catalogs, models, scenarios) are kilobytes; anything larger is not
// one of them, and reading it whole would only waste memory before failing.
inline constexpr std::size_t kMaxFileBytes = std::size_t{16} * 1024 * 1024;

// Reads a whole file of at most kMaxFileBytes (also from devices and pipes, which report no
// size); the Error names the path and the reason.
Expected<std::string> readTextFile(const std::string& path);

} // namespace roofscope
