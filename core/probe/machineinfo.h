#pragma once

#include <string>
#include <vector>

namespace roofscope::probe {

// A cache the operating system reports (/sys/devices/system/cpu/cpu0/cache): a hint only, since
// virtual machines report what the host has (a 480 MiB L3 for two vCPUs).
struct CacheInfo {
    int level = 0;
    std::string type; // "Data", "Unified" (instruction caches are left out)
    double bytes = 0.0;
};

// What the probe says about the machine it ran on.
struct MachineInfo {
    std::string cpuModel; // /proc/cpuinfo "model name", else "unknown CPU"
    std::string vendor;   // "AMD", "Intel", … or "" when unknown
    std::string host;
    std::string compiler; // the compiler this binary was built with
    std::string date;     // UTC, ISO 8601
    int cpus = 1;         // CPUs this process may run on
    double memoryBytes = 0.0;
    std::vector<CacheInfo> caches;

    static MachineInfo current();
    // Parses the size notation of sysfs ("48K", "2048K", "32M"); 0 when it is not one.
    static double parseCacheSize(const std::string& text);
};

} // namespace roofscope::probe
