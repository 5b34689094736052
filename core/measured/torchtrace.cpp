#include "core/measured/torchtrace.h"

#include "core/measured/jsonsax.h"
#include "core/util/jsonreader.h"

#include <charconv>
#include <cmath>
#include <iterator>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace roofscope {

namespace {

// What a container holds, from where it sits in the trace. Everything the importer does not
// use is Skip: it is walked (for duplicate keys and depth) but nothing of it is kept.
enum class Slot : std::uint8_t {
    Skip,
    Root,
    Events,
    Event,
    Args,
    Dims,
    DimEntry,
    ListMember, // a tensor of a TensorList input
    Types,
    Concrete,
    Devices,
    Device
};

// The member being read, for the slots whose members matter.
enum class Key : std::uint8_t {
    Other,
    TraceEvents,
    DeviceProperties,
    DisplayTimeUnit,
    RecordShapes,
    WithFlops,
    Name,
    Cat,
    Ph,
    Ts,
    Dur,
    Tid,
    Args,
    ExternalId,
    Correlation,
    Device,
    InputDims,
    InputType,
    ConcreteInputs,
    Flops,
    Id,
};

Key classify(Slot parent, std::string_view k)
{
    switch (parent) {
    case Slot::Root:
        if (k == "traceEvents")
            return Key::TraceEvents;
        if (k == "deviceProperties")
            return Key::DeviceProperties;
        if (k == "displayTimeUnit")
            return Key::DisplayTimeUnit;
        if (k == "record_shapes")
            return Key::RecordShapes;
        if (k == "with_flops")
            return Key::WithFlops;
        return Key::Other;
    case Slot::Event:
        if (k.size() > 4)
            return Key::Other;
        if (k == "name")
            return Key::Name;
        if (k == "cat")
            return Key::Cat;
        if (k == "ph")
            return Key::Ph;
        if (k == "ts")
            return Key::Ts;
        if (k == "dur")
            return Key::Dur;
        if (k == "tid")
            return Key::Tid;
        if (k == "args")
            return Key::Args;
        return Key::Other;
    case Slot::Args:
        // torch 1.8/1.9 spelled some of these in lower case ("external id", "Input dims").
        if (k == "correlation")
            return Key::Correlation;
        if (k == "External id" || k == "external id")
            return Key::ExternalId;
        if (k == "device")
            return Key::Device;
        if (k == "Input Dims" || k == "Input dims")
            return Key::InputDims;
        if (k == "Input type" || k == "Input types")
            return Key::InputType;
        if (k == "Concrete Inputs")
            return Key::ConcreteInputs;
        if (k == "flops")
            return Key::Flops;
        return Key::Other;
    case Slot::Device:
        if (k == "id")
            return Key::Id;
        if (k == "name")
            return Key::Name;
        return Key::Other;
    default:
        return Key::Other;
    }
}

struct Value {
    enum Kind : std::uint8_t { Null, Bool, Integer, Unsigned, Float, String };
    Value() = default;
    explicit Value(Kind k) : kind(k) {}
    Kind kind = Null;
    bool flag = false;
    std::int64_t integer = 0;
    std::uint64_t unsignedValue = 0;
    double number = 0.0;
    std::string_view text;

    bool isNumber() const { return kind == Integer || kind == Unsigned || kind == Float; }
    double asDouble() const
    {
        return kind == Integer    ? static_cast<double>(integer)
               : kind == Unsigned ? static_cast<double>(unsignedValue)
                                  : number;
    }
};

// Objects with more keys than this find duplicates through a hash set; events and their args
// have a dozen keys, for which a scan of the keys seen is faster.
constexpr std::size_t kScannedKeys = 24;

struct Frame {
    Slot slot = Slot::Skip;
    bool array = false;
    std::size_t count = 0; // elements (arrays) or keys (objects) so far
    Key key = Key::Other;
    // The first kScannedKeys keys, end to end in one buffer reused between objects (no
    // allocation per key), and where each ends.
    std::string keyText;
    std::uint32_t keyEnds[kScannedKeys] = {};
    std::unordered_set<std::string> manyKeys;
    std::string lastKey; // only kept past kScannedKeys

    std::string_view scannedKey(std::size_t i) const
    {
        const std::uint32_t from = i == 0 ? 0 : keyEnds[i - 1];
        return std::string_view(keyText).substr(from, keyEnds[i] - from);
    }
    std::string_view currentKey() const
    {
        return count <= kScannedKeys && count > 0 ? scannedKey(count - 1)
                                                  : std::string_view(lastKey);
    }
};

class TraceSax {
public:
    TraceSax(const std::string& fileName, TraceSink& sink) : m_fileName(fileName), m_sink(sink) {}

    // The JsonSaxParser handler interface.
    bool null() { return scalar(Value{}); }
    bool boolean(bool b)
    {
        Value x(Value::Bool);
        x.flag = b;
        return scalar(x);
    }
    bool number_integer(std::int64_t v)
    {
        Value x(Value::Integer);
        x.integer = v;
        return scalar(x);
    }
    bool number_unsigned(std::uint64_t v)
    {
        Value x(Value::Unsigned);
        x.unsignedValue = v;
        return scalar(x);
    }
    bool number_float(double v)
    {
        Value x(Value::Float);
        x.number = v;
        return scalar(x);
    }
    bool string(std::string_view v)
    {
        Value x(Value::String);
        x.text = v;
        return scalar(x);
    }
    // A number is wanted only where the importer keeps one (jsonsax.h skips converting the
    // others).
    bool wants_value() const;
    bool skipped_value()
    {
        if (m_depth > 0 && m_frames[m_depth - 1].array)
            ++m_frames[m_depth - 1].count;
        return true;
    }
    bool start_object() { return start(false); }
    bool start_array() { return start(true); }
    bool end_object() { return end(); }
    bool end_array() { return end(); }
    bool key(std::string_view k);

    Expected<TraceHeader> finish(bool parsed, const JsonSaxError& error,
                                 const std::optional<std::string>& sourceError);

private:
    bool scalar(const Value& v);
    bool start(bool array);
    bool end();
    Slot childSlot(bool array);
    void beginEvent(std::size_t index);
    void endEvent();
    TraceId id(const Value& v);
    // The JSON pointer of the value being read (`pending`: the next array element).
    std::string pointer(bool pending) const;

    const std::string& m_fileName;
    TraceSink& m_sink;
    std::vector<Frame> m_frames;
    std::size_t m_depth = 0;
    std::size_t m_eventDepth = 0; // depth of the event object being read, 0 when none
    TraceHeader m_header;
    std::optional<std::string> m_error; // full message, set when reading must stop

    // The event being read, its buffers reused from one event to the next.
    TraceEvent m_event;
    std::string m_name, m_cat, m_ph, m_firstArg;
    std::vector<TraceShape> m_dims;
    std::size_t m_dimCount = 0;
    std::vector<std::string> m_types;
    std::size_t m_typeCount = 0;
    std::vector<std::string> m_concrete;
    std::size_t m_concreteCount = 0;
    // deviceProperties entry being read.
    TraceId m_deviceId;
    std::optional<std::string> m_deviceName;
    // Ids that are strings other than integers.
    std::unordered_map<std::string, std::int64_t> m_textIds;
};

TraceId TraceSax::id(const Value& v)
{
    switch (v.kind) {
    case Value::Integer:
        return {true, v.integer};
    case Value::Unsigned:
        return {true, static_cast<std::int64_t>(v.unsignedValue)};
    case Value::Float:
        if (std::isfinite(v.number) && std::abs(v.number) < 9e18)
            return {true, static_cast<std::int64_t>(v.number)};
        return {};
    case Value::String: {
        const std::string_view s = v.text;
        if (s.empty())
            return {};
        std::int64_t n = 0;
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
        if (ec == std::errc() && end == s.data() + s.size())
            return {true, n};
        // Text ids count down from the lowest int64, far from any number a trace uses.
        const auto [it, inserted] =
            m_textIds.try_emplace(std::string(s), std::numeric_limits<std::int64_t>::min() +
                                                      static_cast<std::int64_t>(m_textIds.size()));
        return {true, it->second};
    }
    default:
        return {};
    }
}

Slot TraceSax::childSlot(bool array)
{
    if (m_depth == 0) {
        if (array)
            m_header.hasTraceEvents = true; // the JSON Array Format: the document is the events
        return array ? Slot::Events : Slot::Root;
    }
    Frame& parent = m_frames[m_depth - 1];
    switch (parent.slot) {
    case Slot::Root:
        if (parent.key == Key::TraceEvents && array) {
            m_header.hasTraceEvents = true;
            return Slot::Events;
        }
        if (parent.key == Key::DeviceProperties && array) {
            m_header.hasDeviceProperties = true;
            return Slot::Devices;
        }
        return Slot::Skip;
    case Slot::Events:
        if (array) {
            m_sink.notAnObject(parent.count - 1);
            return Slot::Skip;
        }
        beginEvent(parent.count - 1);
        return Slot::Event;
    case Slot::Event:
        return parent.key == Key::Args && !array ? Slot::Args : Slot::Skip;
    case Slot::Args:
        if (parent.key == Key::InputDims && array) {
            m_event.hasDims = true;
            m_dimCount = 0;
            return Slot::Dims;
        }
        if (parent.key == Key::InputType && array) {
            m_typeCount = 0;
            return Slot::Types;
        }
        if (parent.key == Key::ConcreteInputs && array) {
            m_concreteCount = 0;
            return Slot::Concrete;
        }
        return Slot::Skip;
    case Slot::Dims: {
        if (m_dimCount == m_dims.size())
            m_dims.emplace_back();
        TraceShape& shape = m_dims[m_dimCount++];
        shape.sizes.clear();
        shape.memberEnds.clear();
        shape.list = false;
        shape.invalid = false;
        shape.unknown = !array;
        return array ? Slot::DimEntry : Slot::Skip;
    }
    case Slot::DimEntry: {
        // A list inside an input's sizes: a TensorList ([[2,3],[4,5]]), each member a tensor's
        // sizes. Sizes and lists mixed ([2, [3]]) are of no shape.
        TraceShape& shape = m_dims[m_dimCount - 1];
        if (!array || (!shape.list && !shape.sizes.empty())) {
            shape.unknown = true;
            return Slot::Skip;
        }
        shape.list = true;
        return Slot::ListMember;
    }
    case Slot::ListMember:
        // Lists nested deeper (a list of TensorLists) have no shape the cost models use.
        m_dims[m_dimCount - 1].unknown = true;
        return Slot::Skip;
    case Slot::Types:
        if (m_typeCount == m_types.size())
            m_types.emplace_back();
        m_types[m_typeCount++].clear();
        return Slot::Skip;
    case Slot::Concrete:
        if (m_concreteCount == m_concrete.size())
            m_concrete.emplace_back();
        m_concrete[m_concreteCount++].clear();
        return Slot::Skip;
    case Slot::Devices:
        if (array)
            return Slot::Skip;
        m_deviceId = {};
        m_deviceName.reset();
        return Slot::Device;
    default:
        return Slot::Skip;
    }
}

bool TraceSax::start(bool array)
{
    if (m_depth > 0 && m_frames[m_depth - 1].array)
        ++m_frames[m_depth - 1].count;
    if (m_depth >= kMaxJsonDepth) {
        m_error = m_fileName + ": " + JsonReader::display(pointer(false)) +
                  ": nested deeper than " + std::to_string(kMaxJsonDepth) +
                  " levels (the limit for RoofScope's JSON files)";
        return false;
    }
    const Slot slot = childSlot(array);
    if (m_depth == m_frames.size())
        m_frames.emplace_back();
    Frame& f = m_frames[m_depth++];
    f.slot = slot;
    f.array = array;
    f.count = 0;
    f.key = Key::Other;
    f.keyText.clear();
    if (!f.manyKeys.empty())
        f.manyKeys.clear();
    if (slot == Slot::Event)
        m_eventDepth = m_depth;
    return true;
}

bool TraceSax::end()
{
    const Slot slot = m_frames[m_depth - 1].slot;
    --m_depth;
    if (slot == Slot::Event) {
        endEvent();
        m_eventDepth = 0;
    } else if (slot == Slot::ListMember) {
        TraceShape& shape = m_dims[m_dimCount - 1];
        shape.memberEnds.push_back(static_cast<std::uint32_t>(shape.sizes.size()));
    } else if (slot == Slot::Device) {
        if (m_deviceId && m_deviceName)
            m_header.devices.emplace_back(m_deviceId, std::move(*m_deviceName));
    }
    return true;
}

bool TraceSax::key(std::string_view k)
{
    Frame& f = m_frames[m_depth - 1];
    bool duplicate = false;
    if (f.count < kScannedKeys) {
        for (std::size_t i = 0; i < f.count && !duplicate; ++i)
            duplicate = f.scannedKey(i) == k;
        f.keyText.append(k);
        f.keyEnds[f.count] = static_cast<std::uint32_t>(f.keyText.size());
    } else {
        if (f.count == kScannedKeys)
            for (std::size_t i = 0; i < kScannedKeys; ++i)
                f.manyKeys.emplace(f.scannedKey(i));
        duplicate = !f.manyKeys.emplace(k).second;
        f.lastKey = k;
    }
    ++f.count;
    if (duplicate) {
        if (m_eventDepth == 0) {
            m_error = m_fileName + ": " + JsonReader::display(pointer(false)) +
                      ": duplicate key (each key may appear only once in an object)";
            return false;
        }
        if (m_event.duplicateKey.empty())
            m_event.duplicateKey = pointer(false);
    }
    f.key = classify(f.slot, k);
    if (f.slot == Slot::Args) {
        if (m_event.argCount++ == 0)
            m_firstArg = k;
    }
    return true;
}

bool TraceSax::wants_value() const
{
    if (m_depth == 0)
        return true;
    const Frame& f = m_frames[m_depth - 1];
    switch (f.slot) {
    case Slot::Root:
        return f.key == Key::RecordShapes || f.key == Key::WithFlops;
    case Slot::Events:
    case Slot::Dims:
    case Slot::DimEntry:
    case Slot::ListMember:
    case Slot::Types:
    case Slot::Concrete:
        return true;
    case Slot::Event:
        return f.key == Key::Ts || f.key == Key::Dur || f.key == Key::Tid;
    case Slot::Args:
        return f.key == Key::ExternalId || f.key == Key::Correlation || f.key == Key::Device ||
               f.key == Key::Flops;
    case Slot::Device:
        return f.key == Key::Id;
    default:
        return false;
    }
}

bool TraceSax::scalar(const Value& v)
{
    if (m_depth == 0)
        return true; // a document that is one scalar: no traceEvents, said by finish()
    Frame& f = m_frames[m_depth - 1];
    if (f.array)
        ++f.count;
    switch (f.slot) {
    case Slot::Root:
        if (f.key == Key::DisplayTimeUnit && v.kind == Value::String)
            m_header.displayTimeUnit = v.text;
        else if ((f.key == Key::RecordShapes || f.key == Key::WithFlops) &&
                 (v.kind == Value::Bool || v.isNumber()))
            (f.key == Key::RecordShapes ? m_header.recordShapes : m_header.withFlops) =
                v.kind == Value::Bool ? v.flag : v.asDouble() != 0.0;
        break;
    case Slot::Events:
        m_sink.notAnObject(f.count - 1);
        break;
    case Slot::Event:
        switch (f.key) {
        case Key::Name:
            if (v.kind == Value::String) {
                m_name = v.text;
                m_event.hasName = true;
            }
            break;
        case Key::Cat:
            if (v.kind == Value::String) {
                m_cat = v.text;
                m_event.hasCat = true;
            }
            break;
        case Key::Ph:
            if (v.kind == Value::String) {
                m_ph = v.text;
                m_event.hasPh = true;
            }
            break;
        case Key::Ts:
            if (v.isNumber())
                m_event.ts = v.asDouble();
            break;
        case Key::Dur:
            m_event.durPresent = true;
            if (v.isNumber())
                m_event.dur = v.asDouble();
            break;
        case Key::Tid:
            if (v.kind != Value::String) // a GPU stream's "stream 7" is no CPU thread
                m_event.tid = id(v);
            break;
        default:
            break;
        }
        break;
    case Slot::Args:
        switch (f.key) {
        case Key::ExternalId:
            m_event.externalId = id(v);
            break;
        case Key::Correlation:
            m_event.correlation = id(v);
            break;
        case Key::Device:
            m_event.device = id(v);
            break;
        case Key::Flops:
            if (v.isNumber())
                m_event.flops = v.asDouble();
            break;
        default:
            break;
        }
        break;
    case Slot::Dims: {
        // An input that is not a list of sizes (a scalar argument): no shape, as a [] would be.
        if (m_dimCount == m_dims.size())
            m_dims.emplace_back();
        TraceShape& shape = m_dims[m_dimCount++];
        shape.sizes.clear();
        shape.memberEnds.clear();
        shape.list = false;
        shape.unknown = false;
        shape.invalid = false;
        break;
    }
    case Slot::DimEntry:
    case Slot::ListMember: {
        TraceShape& shape = m_dims[m_dimCount - 1];
        if (f.slot == Slot::DimEntry && shape.list) {
            shape.unknown = true; // a size beside a TensorList's members
            break;
        }
        const double size = v.isNumber() ? v.asDouble() : -1.0;
        if (std::isfinite(size) && size >= 0.0)
            shape.sizes.push_back(size);
        else
            shape.invalid = true;
        break;
    }
    case Slot::Types:
        if (m_typeCount == m_types.size())
            m_types.emplace_back();
        if (v.kind == Value::String)
            m_types[m_typeCount++] = v.text;
        else
            m_types[m_typeCount++].clear();
        break;
    case Slot::Concrete:
        if (m_concreteCount == m_concrete.size())
            m_concrete.emplace_back();
        if (v.kind == Value::String)
            m_concrete[m_concreteCount++] = v.text;
        else
            m_concrete[m_concreteCount++].clear();
        break;
    case Slot::Device:
        if (f.key == Key::Id)
            m_deviceId = id(v);
        else if (f.key == Key::Name && v.kind == Value::String)
            m_deviceName = v.text;
        break;
    default:
        break;
    }
    return true;
}

void TraceSax::beginEvent(std::size_t index)
{
    m_event.index = index;
    m_event.hasName = m_event.hasCat = m_event.hasPh = false;
    m_event.ts.reset();
    m_event.dur.reset();
    m_event.durPresent = false;
    m_event.externalId = m_event.correlation = m_event.device = m_event.tid = {};
    m_event.hasDims = false;
    m_event.flops.reset();
    m_event.argCount = 0;
    m_event.duplicateKey.clear();
    m_dimCount = 0;
    m_typeCount = 0;
    m_concreteCount = 0;
}

void TraceSax::endEvent()
{
    m_event.name = m_event.hasName ? std::string_view(m_name) : std::string_view();
    m_event.cat = m_event.hasCat ? std::string_view(m_cat) : std::string_view();
    m_event.ph = m_event.hasPh ? std::string_view(m_ph) : std::string_view();
    m_event.dims = std::span<const TraceShape>(m_dims.data(), m_event.hasDims ? m_dimCount : 0);
    m_event.types = std::span<const std::string>(m_types.data(), m_typeCount);
    m_event.concrete = std::span<const std::string>(m_concrete.data(), m_concreteCount);
    m_event.firstArg = m_event.argCount > 0 ? std::string_view(m_firstArg) : std::string_view();
    m_sink.event(m_event);
}

std::string TraceSax::pointer(bool pending) const
{
    std::string p;
    for (std::size_t i = 0; i < m_depth; ++i) {
        const Frame& f = m_frames[i];
        if (f.array) {
            const bool last = i + 1 == m_depth;
            p = JsonReader::child(p, pending && last ? f.count : (f.count == 0 ? 0 : f.count - 1));
        } else if (f.count > 0) {
            p = JsonReader::child(p, f.currentKey());
        }
    }
    return p;
}

Expected<TraceHeader> TraceSax::finish(bool parsed, const JsonSaxError& error,
                                       const std::optional<std::string>& sourceError)
{
    if (sourceError)
        return makeError(m_fileName + ": " + *sourceError);
    if (m_error)
        return makeError(*m_error);
    if (!parsed) {
        // JSON has no infinity: a literal like 1e400 is reported as JsonReader reports it.
        if (error.overflow)
            return makeError(m_fileName + ": " + JsonReader::display(pointer(true)) +
                             ": must be a finite number, got " + error.problem + " (too large)");
        return makeError(m_fileName + ": line " + std::to_string(error.line) + ", column " +
                         std::to_string(error.column) + ": syntax error: " + error.problem);
    }
    return std::move(m_header);
}

// The text as the parser reads it: one chunk in memory, or the chunks of a source.
struct ChunkInput {
    const char* pos = nullptr;
    const char* end = nullptr;
    const char* start = nullptr;
    TraceTextSource* source = nullptr;

    const char* chunkStart() const { return start; }
    bool refill()
    {
        start = pos = end;
        if (!source)
            return false;
        const std::string_view chunk = source->next();
        if (chunk.empty())
            return false;
        start = pos = chunk.data();
        end = chunk.data() + chunk.size();
        return true;
    }
};

Expected<TraceHeader> parse(ChunkInput& input, const std::string& fileName, TraceSink& sink)
{
    TraceSax sax(fileName, sink);
    JsonSaxParser<ChunkInput, TraceSax> parser(input, sax);
    const bool parsed = parser.parse();
    return sax.finish(parsed, parser.error(), input.source ? input.source->error() : std::nullopt);
}

} // namespace

Expected<TraceHeader> readTraceEvents(std::string_view text, const std::string& fileName,
                                      TraceSink& sink)
{
    ChunkInput input{text.data(), text.data() + text.size(), text.data(), nullptr};
    return parse(input, fileName, sink);
}

Expected<TraceHeader> readTraceEvents(TraceTextSource& source, const std::string& fileName,
                                      TraceSink& sink)
{
    ChunkInput input{nullptr, nullptr, nullptr, &source};
    return parse(input, fileName, sink);
}

} // namespace roofscope
