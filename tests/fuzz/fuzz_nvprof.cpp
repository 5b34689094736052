// Fuzzes the NvprofImporter (core/measured/nvprofimporter.h): see measured_fuzz_check.h for the
// properties.
#include "core/measured/nvprofimporter.h"
#include "measured_fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    return roofscope::fuzz::fuzzImporter<roofscope::NvprofImporter>(data, size);
}
