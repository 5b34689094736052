#pragma once

#include "core/measured/importer.h"
#include "core/util/expected.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// What a document keeps of a PyTorch trace so that its forward passes are split and joined to a
// model again when it is reopened, without the trace file: per launch, the row of its run it
// went into, its time, FLOPs and DRAM bytes, and the trace context the join reads (start, op,
// Input Dims). A launch's name, precision and GPU are its row's. Kept beside the run's rows
// (MeasurementSet::trace), because a run imported grouped has one row for many launches and the
// join needs each launch.
struct TraceRecord {
    TraceContext context;            // context.kernels is parallel to the launches
    std::vector<std::uint32_t> rows; // the run's row each launch went into
    std::vector<double> timesS;
    std::vector<std::optional<double>> flops;
    std::vector<std::optional<double>> dramBytes;
    std::vector<std::string> warnings; // the import's, which the passes' JSON export repeats

    std::size_t launches() const { return rows.size(); }
    bool operator==(const TraceRecord&) const = default;
};

// The record of `launches` (an import as read, launch by launch, its trace context filled);
// `rowOfLaunch` is the row each launch went into (groupKernelsByName), empty when every launch
// is a row of its own.
TraceRecord recordTrace(const MeasuredImport& launches, std::span<const std::size_t> rowOfLaunch);

// The launches again, as the join reads them: each a copy of its row's name, source, file,
// precision and GPU with the launch's own time, FLOPs and DRAM bytes. `file` is the run's.
MeasuredImport replayTrace(const TraceRecord& record, const std::vector<MeasuredKernel>& rows,
                           const std::string& file);

// "trace": {"op_names": [...], "shapes": [[[16, 4096], [4096, 4096]], ...],
//           "launches": {"row": [...], "start_us": [...], "time_s": [...], "flops": [...],
//                        "dram_bytes": [...], "external_id": [...], "op": [...],
//                        "shape": [...]},
//           "warnings": [...]}
// A launch's columns are arrays of one length (a column each keeps a million launches small); a
// launch without an op or shape has -1 there, one without FLOPs or bytes null.
nlohmann::ordered_json traceRecordToJson(const TraceRecord& record);
// `where` is the file and JSON pointer ("run.json: /measurements/sets/0/trace"); `rowCount` the
// run's rows, which each launch's row must fall within.
Expected<TraceRecord> traceRecordFromJson(const nlohmann::ordered_json& json,
                                          const std::string& where, std::size_t rowCount);

} // namespace roofscope
