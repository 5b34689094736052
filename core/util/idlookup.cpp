#include "core/util/idlookup.h"

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <limits>

namespace roofscope {

std::string closestId(std::string_view typed, const std::vector<std::string>& candidates)
{
    if (typed.empty())
        return {};
    std::string wanted(typed);
    std::transform(wanted.begin(), wanted.end(), wanted.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });

    const auto nearest = [&](auto accept, std::size_t limit) -> std::string {
        const std::string* best = nullptr;
        std::size_t bestDistance = limit + 1;
        for (const std::string& id : candidates) {
            if (!accept(id))
                continue;
            const std::size_t distance = editDistance(wanted, id);
            if (distance < bestDistance) {
                best = &id;
                bestDistance = distance;
            }
        }
        return best ? *best : std::string();
    };
    constexpr std::size_t kAny = std::numeric_limits<std::size_t>::max() - 1;

    if (std::string hit =
            nearest([&](const std::string& c) { return c.starts_with(wanted); }, kAny);
        !hit.empty())
        return hit;
    if (wanted.size() >= 3) {
        if (std::string hit = nearest(
                [&](const std::string& c) { return c.find(wanted) != std::string::npos; }, kAny);
            !hit.empty())
            return hit;
    }
    return nearest([](const std::string&) { return true; },
                   std::max<std::size_t>(2, wanted.size() / 3));
}

std::size_t editDistance(std::string_view a, std::string_view b)
{
    // Levenshtein distance with two rows: ids are short, so O(|a|·|b|) time is nothing.
    std::vector<std::size_t> previous(b.size() + 1);
    std::vector<std::size_t> current(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        previous[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        current[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitution});
        }
        std::swap(previous, current);
    }
    return previous[b.size()];
}

std::string userConfigDirectory(const char* overrideVariable, std::string_view subdir)
{
    const auto env = [](const char* name) -> std::string {
        const char* value = std::getenv(name);
        return value ? std::string(value) : std::string();
    };
    if (std::string dir = env(overrideVariable); !dir.empty())
        return dir;
    // The XDG spec says relative values are invalid and must be ignored.
    if (std::string config = env("XDG_CONFIG_HOME"); !config.empty() && config.front() == '/')
        return config + "/roofscope/" + std::string(subdir);
    if (std::string home = env("HOME"); !home.empty())
        return home + "/.config/roofscope/" + std::string(subdir);
    return {};
}

Expected<std::vector<std::string>> jsonFilesIn(const std::string& directory)
{
    return filesIn(directory, {".json"});
}

Expected<std::vector<std::string>> filesIn(const std::string& directory,
                                           std::initializer_list<std::string_view> extensions)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (directory.empty() || !fs::exists(directory, ec))
        return std::vector<std::string>{};
    if (!fs::is_directory(directory, ec))
        return makeError(directory + ": not a directory");
    std::vector<fs::path> files;
    for (fs::directory_iterator it(directory, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path& path = it->path();
        const std::string extension = path.extension().string();
        const bool wanted =
            std::find(extensions.begin(), extensions.end(), extension) != extensions.end();
        if (wanted && !path.filename().string().starts_with(".") &&
            fs::is_regular_file(it->status(ec)))
            files.push_back(path);
    }
    if (ec)
        return makeError(directory + ": cannot list: " + ec.message());
    std::sort(files.begin(), files.end(),
              [](const fs::path& a, const fs::path& b) { return a.filename() < b.filename(); });
    std::vector<std::string> names;
    for (const fs::path& p : files)
        names.push_back(p.string());
    return names;
}

} // namespace roofscope
