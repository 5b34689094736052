// Fuzzes measuredKernelFromJson (kernels embedded in scenario documents): whatever it accepts
// is finite and writes back to JSON that reads back equal.
#include "core/measured/measuredkernel.h"
#include "measured_fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto json = nlohmann::ordered_json::parse(data, data + size, nullptr, false);
    if (json.is_discarded())
        return 0;
    auto kernel = roofscope::measuredKernelFromJson(json, "fuzz");
    if (kernel)
        roofscope::fuzz::checkKernel(*kernel);
    return 0;
}
