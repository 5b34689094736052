#include "core/measured/notplacedtally.h"

#include "core/measured/kernelanalysis.h"

namespace roofscope {

std::size_t NotPlacedTally::count(std::string_view reason) const
{
    for (std::size_t i = 0; i < kNotPlacedReasons.size(); ++i)
        if (kNotPlacedReasons[i] == reason)
            return byReason[i];
    return 0;
}

double NotPlacedTally::kernelShare() const
{
    return kernels > 0 ? static_cast<double>(notPlaced) / static_cast<double>(kernels) : 0.0;
}

double NotPlacedTally::timeShare() const
{
    return timeS > 0.0 ? notPlacedTimeS / timeS : 0.0;
}

NotPlacedTally tallyNotPlaced(const std::vector<MeasuredKernel>& kernels)
{
    NotPlacedTally t;
    t.kernels = kernels.size();
    for (const MeasuredKernel& k : kernels) {
        // timeS is 0 for a kernel of rates only (timeKnown false): it adds no time.
        t.timeS += k.timeS;
        const std::string reason = notPlacedReason(k);
        if (reason.empty())
            continue;
        ++t.notPlaced;
        t.notPlacedTimeS += k.timeS;
        for (std::size_t i = 0; i < kNotPlacedReasons.size(); ++i)
            if (reason == kNotPlacedReasons[i])
                ++t.byReason[i];
    }
    return t;
}

} // namespace roofscope
