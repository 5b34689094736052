#pragma once

#include "core/hardware/hardware.h"
#include "core/util/expected.h"

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

} // namespace roofscope
