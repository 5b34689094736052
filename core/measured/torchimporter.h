#pragma once

#include "core/measured/importer.h"

#include <iosfwd>

namespace roofscope {

// PyTorch profiler (Kineto) chrome traces. GPU kernels are tied to the cpu_op that launched
// them through `External id` (or the `correlation` of the cuda_runtime launch); FLOPs and
// minimum bytes come from the op's `Input Dims` and `Input type` for the matmul family and
// scaled-dot-product attention. Kernels of other ops keep their time only.
class TorchTraceImporter : public MeasurementImporter {
public:
    const ImportFormat& format() const override;
    bool recognizes(std::string_view text) const override;
    // `text` may also be the gzip-compressed trace: it is then parsed as it inflates, and the
    // inflated text is never in memory whole.
    Expected<MeasuredImport> read(std::string_view text,
                                  const std::string& fileName) const override;
    // A gzip-compressed trace read from a stream (a file) as it inflates: not even the
    // compressed bytes are in memory whole (177 MB for a million kernels).
    Expected<MeasuredImport> readGzip(std::istream& compressed, const std::string& fileName) const;
};

} // namespace roofscope
