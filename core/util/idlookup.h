#pragma once

#include "core/util/expected.h"

#include <algorithm>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// What the hardware catalog and the model catalog share: entries with an `id`, merged from
// user files that add or override by id, found by id, and suggested when a user mistypes one.

// Replaces entries with the same id in place (keeping their position), appends new ones.
template <typename T> void mergeById(std::vector<T>& entries, const std::vector<T>& added)
{
    for (const T& entry : added) {
        auto it = std::find_if(entries.begin(), entries.end(),
                               [&](const T& existing) { return existing.id == entry.id; });
        if (it != entries.end())
            *it = entry;
        else
            entries.push_back(entry);
    }
}

template <typename T> const T* findById(const std::vector<T>& entries, std::string_view id)
{
    for (const T& entry : entries) {
        if (entry.id == id)
            return &entry;
    }
    return nullptr;
}

// The id of `candidates` nearest to `typed`, or "" when none is reasonably close. A truncated
// id ("b200", "llama-2-70") is the likeliest slip, so an id that begins with what was typed
// wins; then one that contains it ("4090" -> "rtx-4090"); then edit distance within
// max(2, length / 3). Ties go to the earlier candidate, so catalog order decides.
std::string closestId(std::string_view typed, const std::vector<std::string>& candidates);

template <typename T> std::string closestIdOf(const std::vector<T>& entries, std::string_view typed)
{
    std::vector<std::string> ids;
    ids.reserve(entries.size());
    for (const T& entry : entries)
        ids.push_back(entry.id);
    return closestId(typed, ids);
}

// Edit distance, for "did you mean" suggestions.
std::size_t editDistance(std::string_view a, std::string_view b);

// $OVERRIDE if set, else $XDG_CONFIG_HOME/roofscope/SUBDIR, else ~/.config/roofscope/SUBDIR;
// "" when none of those is known.
std::string userConfigDirectory(const char* overrideVariable, std::string_view subdir);

// The *.json files of `directory` in name order, leaving out dot files (editor backups, lock
// files). A missing directory is the normal case and yields none; an unreadable one is an
// Error naming it.
Expected<std::vector<std::string>> jsonFilesIn(const std::string& directory);
// The same for every file whose extension is one of `extensions` (".json", ".csv").
Expected<std::vector<std::string>> filesIn(const std::string& directory,
                                           std::initializer_list<std::string_view> extensions);

} // namespace roofscope
