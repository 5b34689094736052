// Fuzzes the RocprofV1Importer (core/measured/rocprofimporter.h): see measured_fuzz_check.h for
// the properties.
#include "core/measured/rocprofimporter.h"
#include "measured_fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    return roofscope::fuzz::fuzzImporter<roofscope::RocprofV1Importer>(data, size);
}
