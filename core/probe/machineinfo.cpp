#include "core/probe/machineinfo.h"

#include "core/probe/pinnedteam.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <ctime>
#include <fstream>
#include <sstream>

#include <unistd.h>

namespace roofscope::probe {

namespace {

std::string trimmed(const std::string& text)
{
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos)
        return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return text.substr(first, last - first + 1);
}

std::string firstLine(const std::string& path)
{
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return trimmed(line);
}

// The value of the first "key : value" line of a /proc file with this key.
std::string procValue(const std::string& path, const std::string& key)
{
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        const auto colon = line.find(':');
        if (colon != std::string::npos && trimmed(line.substr(0, colon)) == key)
            return trimmed(line.substr(colon + 1));
    }
    return {};
}

std::string compilerName()
{
#if defined(__clang__)
    return "clang " __clang_version__;
#elif defined(__GNUC__)
    return "gcc " __VERSION__;
#else
    return "unknown compiler";
#endif
}

std::string utcNow()
{
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&now, &tm);
    char text[32];
    std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

} // namespace

double MachineInfo::parseCacheSize(const std::string& text)
{
    std::size_t digits = 0;
    while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits])))
        ++digits;
    if (digits == 0 || digits > 12)
        return 0.0;
    const double value = std::stod(text.substr(0, digits));
    const std::string unit = text.substr(digits);
    if (unit.empty())
        return value;
    if (unit == "K")
        return value * 1024.0;
    if (unit == "M")
        return value * 1024.0 * 1024.0;
    if (unit == "G")
        return value * 1024.0 * 1024.0 * 1024.0;
    return 0.0;
}

MachineInfo MachineInfo::current()
{
    MachineInfo info;
    info.cpuModel = procValue("/proc/cpuinfo", "model name");
    if (info.cpuModel.empty())
        info.cpuModel = "unknown CPU";
    const std::string vendor = procValue("/proc/cpuinfo", "vendor_id");
    if (vendor == "AuthenticAMD")
        info.vendor = "AMD";
    else if (vendor == "GenuineIntel")
        info.vendor = "Intel";
    else
        info.vendor = vendor;
    char host[256] = {};
    if (gethostname(host, sizeof(host) - 1) == 0)
        info.host = host;
    info.compiler = compilerName();
    info.date = utcNow();
    info.cpus = static_cast<int>(PinnedTeam::allowedCpus().size());
    // "MemTotal:  8123456 kB"
    std::istringstream mem(procValue("/proc/meminfo", "MemTotal"));
    double kib = 0.0;
    if (mem >> kib)
        info.memoryBytes = kib * 1024.0;
    for (int index = 0; index < 16; ++index) {
        const std::string dir =
            "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index) + "/";
        const std::string level = firstLine(dir + "level");
        if (level.empty())
            break;
        CacheInfo cache;
        cache.level = std::atoi(level.c_str());
        cache.type = firstLine(dir + "type");
        cache.bytes = parseCacheSize(firstLine(dir + "size"));
        if (cache.type != "Instruction" && cache.bytes > 0.0)
            info.caches.push_back(cache);
    }
    std::sort(info.caches.begin(), info.caches.end(),
              [](const CacheInfo& a, const CacheInfo& b) { return a.level < b.level; });
    return info;
}

} // namespace roofscope::probe
