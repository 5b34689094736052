// Fuzzes the ErtImporter (core/measured/empiricalhardware.h): see measured_fuzz_check.h for the
// properties.
#include "core/measured/empiricalhardware.h"
#include "measured_fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    return roofscope::fuzz::fuzzImporter<roofscope::ErtImporter>(data, size);
}
