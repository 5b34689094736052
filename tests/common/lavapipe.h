#pragma once

// Mesa's software Vulkan device (lavapipe) for the Vulkan probe's tests: where its driver
// manifest is, and the environment that makes the loader see it alone.
#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace roofscope::test {

struct Lavapipe {
    std::string icd;     // the manifest (lvp_icd.<arch>.json), "" when absent
    std::string missing; // what this machine lacks to run Vulkan on lavapipe, "" when nothing

    static Lavapipe find()
    {
        Lavapipe l;
        if (void* loader = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_LOCAL)) {
            dlclose(loader);
        } else {
            l.missing = "no Vulkan loader (libvulkan.so.1; Debian package libvulkan1)";
            return l;
        }
        for (const char* dir :
             {"/usr/share/vulkan/icd.d", "/usr/local/share/vulkan/icd.d", "/etc/vulkan/icd.d"}) {
            std::error_code ec;
            for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
                if (entry.path().filename().string().rfind("lvp_icd", 0) == 0) {
                    l.icd = entry.path().string();
                    return l;
                }
            }
        }
        l.missing = "no lavapipe Vulkan driver (lvp_icd.*.json in /usr/share/vulkan/icd.d; "
                    "Debian package mesa-vulkan-drivers)";
        return l;
    }

    // "VK_ICD_FILENAMES=… VK_DRIVER_FILES=…" for a shell command: lavapipe and no other driver.
    std::string shellEnv() const
    {
        return "VK_ICD_FILENAMES='" + icd + "' VK_DRIVER_FILES='" + icd + "'";
    }

    // The same for this process, before the loader first enumerates its drivers.
    void select() const
    {
        setenv("VK_ICD_FILENAMES", icd.c_str(), 1);
        setenv("VK_DRIVER_FILES", icd.c_str(), 1);
    }
};

} // namespace roofscope::test
