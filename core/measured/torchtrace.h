#pragma once

#include "core/util/expected.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// The streaming reader under the PyTorch trace importer. A Kineto trace of a serving run holds
// millions of events (a gigabyte of JSON); a DOM of it costs ~3 KB an event and nlohmann's
// callback parser is quadratic in the events of one array. This reader walks the text once
// with a SAX parser (jsonsax.h), keeps of each event only what the importer uses and hands it
// over when the event's closing brace is read. Duplicate keys and the nesting limit are
// checked here as JsonReader checks them for the documents it reads.

// An id from the trace (External id, correlation, device). Numbers keep their integer value
// (7, 7.0 and "7" are one id, as they were when ids were compared as text); other strings get
// ids of their own.
struct TraceId {
    bool present = false;
    std::int64_t value = 0;
    explicit operator bool() const { return present; }
    bool operator==(const TraceId&) const = default;
};

// One input of an op as `Input Dims` gave it: a tensor's sizes, or a TensorList's members
// (aten::cat's [[16, 8, 512, 128], [16, 8, 1, 128]]). A list keeps its members end to end in
// `sizes`, member i ending at memberEnds[i]: two vectors reused from event to event, where a
// vector per member would allocate for every cat of a million-op trace.
struct TraceShape {
    std::vector<double> sizes;
    std::vector<std::uint32_t> memberEnds; // a TensorList's members, empty otherwise
    bool list = false;                     // a TensorList ([[2,3],[4,5]])
    bool unknown = false; // an entry that is not a size list, or lists nested deeper
    bool invalid = false; // a size that is negative, not finite or not a number

    std::size_t members() const { return memberEnds.size(); }
    std::span<const double> member(std::size_t i) const
    {
        const std::uint32_t from = i == 0 ? 0 : memberEnds[i - 1];
        return std::span<const double>(sizes).subspan(from, memberEnds[i] - from);
    }
};

// What the importer keeps of one trace event. Views and spans point into the reader's buffers
// and are valid only during TraceSink::event().
struct TraceEvent {
    std::size_t index = 0; // position in traceEvents, for messages ("/traceEvents/12")
    std::string_view name;
    std::string_view cat; // as in the file ("Kernel" in torch 1.8/1.9 traces)
    std::string_view ph;
    bool hasName = false, hasCat = false, hasPh = false;
    std::optional<double> ts;
    std::optional<double> dur; // a number; absent when missing or not a number
    bool durPresent = false;   // the key was there (with whatever value)
    TraceId externalId;        // "External id", or "external id" (torch 1.8/1.9)
    TraceId correlation;
    TraceId device;
    TraceId tid;          // the thread of a cpu_op or runtime call, when a number
    bool hasDims = false; // "Input Dims" (or "Input dims") was an array
    std::span<const TraceShape> dims;
    std::span<const std::string> types; // "Input type"; non-strings read as ""
    // "Concrete Inputs": the values of scalar arguments as text (a reduction's dims "[-1]"),
    // "" for tensors; non-strings read as "".
    std::span<const std::string> concrete;
    std::optional<double> flops; // "flops" (with_flops=True), when a number
    std::size_t argCount = 0;    // members of args, all of them
    std::string_view firstArg;   // the first key of args, for naming range counters
    std::string duplicateKey;    // pointer of a key repeated inside the event, or ""
};

class TraceSink {
public:
    virtual ~TraceSink() = default;
    virtual void event(const TraceEvent& e) = 0;
    // A trace element that is not an object.
    virtual void notAnObject(std::size_t index) = 0;
};

// What the reader gathered outside traceEvents.
struct TraceHeader {
    bool hasTraceEvents = false; // a traceEvents array (or the whole document is the array)
    bool hasDeviceProperties = false;
    std::vector<std::pair<TraceId, std::string>> devices; // deviceProperties id -> name
    std::string displayTimeUnit;
    // The recording options Kineto writes at the top ("record_shapes": 1, "with_flops": 1);
    // absent in older traces.
    std::optional<bool> recordShapes;
    std::optional<bool> withFlops;
};

// Where the text comes from: a whole text in memory, or chunks (an inflating gzip stream).
class TraceTextSource {
public:
    virtual ~TraceTextSource() = default;
    // The next chunk, empty at the end.
    virtual std::string_view next() = 0;
    // Set when the source failed (the parser then saw an early end of input).
    virtual std::optional<std::string> error() const = 0;
};

// Reads a trace, handing each event to `sink`. Errors read "FILE: line L, column C: syntax
// error: ...", "FILE: POINTER: duplicate key ..." (outside events; inside one the event comes
// to the sink with duplicateKey set) or "FILE: POINTER: nested deeper than 64 levels ...".
Expected<TraceHeader> readTraceEvents(std::string_view text, const std::string& fileName,
                                      TraceSink& sink);
Expected<TraceHeader> readTraceEvents(TraceTextSource& source, const std::string& fileName,
                                      TraceSink& sink);

} // namespace roofscope
