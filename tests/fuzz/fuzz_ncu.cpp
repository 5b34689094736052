// Fuzzes the NcuImporter (core/measured/ncuimporter.h): see measured_fuzz_check.h for the
// properties.
#include "core/measured/ncuimporter.h"
#include "measured_fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    return roofscope::fuzz::fuzzImporter<roofscope::NcuImporter>(data, size);
}
