#include "core/figure/figuredata.h"

#include "core/util/csvfield.h"
#include "core/util/numbers.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>

namespace roofscope {

namespace {

std::string ceilingName(const Ceiling& c)
{
    return std::string(precisionName(c.precision)) + " " + std::string(computeUnitName(c.unit));
}

// The shortest text that reads back as the same double: CSV numbers equal the core's (and a
// non-finite value is an empty cell, never "inf").
std::string number(double v)
{
    return shortestNumber(v);
}

std::string hexColor(std::uint32_t rgb)
{
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out = "#";
    for (int shift = 20; shift >= 0; shift -= 4)
        out += kDigits[(rgb >> shift) & 0xfu];
    return out;
}

} // namespace

FigureData FigureData::collect(const Figure& figure, const std::vector<Hardware>& catalog,
                               const Measurements& measurements, const ViewRange& view)
{
    FigureData d;
    d.m_view = view;
    for (const Hardware& hw : catalog) {
        d.m_gpuIds.push_back(hw.id);
        d.m_gpuNames.push_back(hw.name);
    }
    for (const FigureOperator& op : figure.operators) {
        d.m_opNames.push_back(op.name);
        d.m_opSpecs.push_back(op.spec);
        d.m_opMarkers.push_back(std::string(markerShapeName(op.marker.shape)) +
                                (op.marker.hollow ? " hollow" : ""));
    }
    d.m_gpuColors.assign(catalog.size(), {});
    for (const FigureGpu& g : figure.gpus) {
        d.m_hardware.push_back(g.hardware);
        if (g.baseline)
            d.m_baseline = g.hardware;
        d.m_gpuColors[static_cast<std::size_t>(g.hardware)] = hexColor(g.rgb(figure.theme));
    }
    for (const FigureRoof& fr : figure.roofs) {
        Roof r;
        r.hardware = fr.hardware;
        r.name = fr.label;
        r.role = std::string(roofRoleName(fr.role));
        r.memory = fr.memory.level;
        r.peak = fr.peak;
        r.bandwidth = fr.memory.bytesPerS;
        r.ridgeAi = fr.ridgeAi;
        r.points = roofPath(fr, view);
        for (int op : fr.usedBy)
            r.usedBy.push_back(d.m_opNames[static_cast<std::size_t>(op)]);
        d.m_roofs.push_back(std::move(r));
    }
    for (const FigurePoint& p : figure.points)
        d.m_points.push_back({p.op, p.hardware, p.estimate, p.speedup});
    for (const FigureCommPoint& c : figure.communication)
        d.m_communication.push_back({c.hardware, c.key, c.name, c.collective, c.bytes, c.linkBytes,
                                     c.count, c.timeS, c.value});
    for (const FigureSweep& fs : figure.sweeps) {
        Sweep s;
        s.op = fs.op;
        s.hardware = fs.hardware;
        s.param = fs.param;
        s.points = fs.points;
        s.crossing = fs.crossing;
        s.crossingPoint = fs.crossingPoint;
        d.m_sweeps.push_back(std::move(s));
    }
    collectMeasured(d, figure, measurements);
    return d;
}

void FigureData::collectMeasured(FigureData& d, const Figure& figure, const Measurements& m)
{
    d.m_kernels.reserve(figure.measured.size());
    // (path, step) of each point on a sweep.
    std::vector<std::pair<int, int>> onPath(figure.measured.size(), {-1, -1});
    for (std::size_t pi = 0; pi < figure.measuredPaths.size(); ++pi) {
        const std::vector<int>& points = figure.measuredPaths[pi].points;
        for (std::size_t step = 0; step < points.size(); ++step)
            onPath[static_cast<std::size_t>(points[step])] = {static_cast<int>(pi),
                                                              static_cast<int>(step)};
    }
    for (std::size_t i = 0; i < figure.measured.size(); ++i) {
        const MeasuredPoint& p = figure.measured[i];
        const MeasuredKernel* k = m.kernel(p.set, p.kernel);
        if (!k)
            continue;
        const MeasurementSet& set = m.sets[static_cast<std::size_t>(p.set)];
        Kernel out;
        out.hardware = p.hardware;
        out.shortName = p.name;
        out.name = k->name;
        // The run is named by its file, as in the Kernels table; its side of a comparison is
        // a column of its own, so that a script can group by either.
        out.set = set.file.empty() ? set.label : set.file;
        out.role = set.label;
        out.kernel = p.kernel;
        out.level = std::string(memLevelName(p.level));
        out.value = p.value;
        out.timeS = k->timeS;
        out.flops = k->flops;
        out.bytes = k->bytesAt(p.level);
        out.percentOfRoof = p.percentOfRoof;
        out.bound = p.bound ? std::string(boundName(*p.bound)) : std::string();
        out.labelled = p.labelled;
        if (onPath[i].first >= 0) {
            out.path = onPath[i].first;
            out.pathStep = onPath[i].second;
        }
        d.m_kernels.push_back(std::move(out));
    }
    for (const MeasuredLink& l : figure.links) {
        Link out;
        out.kind = l.kind == MeasuredLinkKind::Predicted ? "link" : "before_after";
        out.hardware = l.hardware;
        if (l.op >= 0 && l.op < static_cast<int>(d.m_opNames.size()))
            out.op = d.m_opNames[static_cast<std::size_t>(l.op)];
        out.kernel = figure.measured[static_cast<std::size_t>(l.measured)].name;
        out.tail = l.tail;
        out.head = l.head;
        out.speedup = l.speedup;
        d.m_links.push_back(std::move(out));
    }
    d.m_speedups = figure.kernelSpeedups;
}

const std::string& FigureData::gpuId(int hardware) const
{
    static const std::string kNone;
    return hardware >= 0 && hardware < static_cast<int>(m_gpuIds.size())
               ? m_gpuIds[static_cast<std::size_t>(hardware)]
               : kNone;
}

const std::string& FigureData::gpuName(int hardware) const
{
    static const std::string kNone;
    return hardware >= 0 && hardware < static_cast<int>(m_gpuNames.size())
               ? m_gpuNames[static_cast<std::size_t>(hardware)]
               : kNone;
}

const std::string& FigureData::gpuColor(int hardware) const
{
    static const std::string kNone;
    return hardware >= 0 && hardware < static_cast<int>(m_gpuColors.size())
               ? m_gpuColors[static_cast<std::size_t>(hardware)]
               : kNone;
}

std::string FigureData::toCsv() const
{
    std::string out = "kind,gpu_id,gpu,operator,roof,index,ai_flop_per_byte,flops_per_s,bound,"
                      "time_s,flops,bytes,param,param_value,color,marker,kernel,short_name,"
                      "level,set,role,percent_of_roof,labelled,speedup\n";
    std::string marker;
    // Measured kernels' columns: empty on the analytic rows.
    std::string measured = ",,,,,,,,";
    auto row = [&](const std::string& kind, int hw, const std::string& op, const std::string& roof,
                   std::size_t index, DataPoint value, const std::string& bound,
                   const std::string& time, const std::string& flops, const std::string& bytes,
                   const std::string& param, const std::string& paramValue) {
        out += kind + ',' + csvField(gpuId(hw)) + ',' + csvField(gpuName(hw)) + ',' + csvField(op) +
               ',' + csvField(roof) + ',' + std::to_string(index) + ',' + number(value.ai) + ',' +
               number(value.flops) + ',' + bound + ',' + time + ',' + flops + ',' + bytes + ',' +
               csvField(param) + ',' + paramValue + ',' + gpuColor(hw) + ',' + marker + measured +
               '\n';
    };
    for (const Roof& r : m_roofs) {
        for (std::size_t i = 0; i < r.points.size(); ++i)
            row("roof", r.hardware, {}, r.name, i, r.points[i], {}, {}, {}, {}, {}, {});
        row("ridge", r.hardware, {}, r.name, 0, DataPoint{r.ridgeAi, r.peak}, {}, {}, {}, {}, {},
            {});
    }
    for (const Point& p : m_points) {
        const Estimate& e = p.estimate;
        marker = m_opMarkers[static_cast<std::size_t>(p.op)];
        row("point", p.hardware, m_opNames[static_cast<std::size_t>(p.op)], ceilingName(e.ceiling),
            0, DataPoint{e.ai, e.attainable}, std::string(boundName(e.bound)), number(e.timeS),
            number(e.flops), number(e.bytes), {}, {});
    }
    marker.clear();
    for (const Sweep& s : m_sweeps) {
        const std::string& op = m_opNames[static_cast<std::size_t>(s.op)];
        for (std::size_t i = 0; i < s.points.size(); ++i)
            row("sweep", s.hardware, op, {}, i, s.points[i], {}, {}, {}, {}, s.param, {});
        if (s.crossing)
            row("crossing", s.hardware, op, {}, 0, s.crossingPoint, {}, {}, {}, {}, s.param,
                number(*s.crossing));
    }
    auto optional = [](const std::optional<double>& v) { return v ? number(*v) : std::string(); };
    marker = "kernel";
    for (const Kernel& k : m_kernels) {
        measured = ',' + csvField(k.name) + ',' + csvField(k.shortName) + ',' + k.level + ',' +
                   csvField(k.set) + ',' + k.role + ',' + optional(k.percentOfRoof) + ',' +
                   (k.labelled ? "true" : "false") + ',';
        row("kernel", k.hardware, {}, {}, static_cast<std::size_t>(k.kernel), k.value, k.bound,
            number(k.timeS), optional(k.flops), optional(k.bytes), {}, {});
    }
    marker.clear();
    for (const Link& l : m_links) {
        measured = ",," + csvField(l.kernel) + ",,,,,," + optional(l.speedup);
        row(l.kind, l.hardware, l.op, {}, 0, l.tail, {}, {}, {}, {}, {}, {});
        row(l.kind, l.hardware, l.op, {}, 1, l.head, {}, {}, {}, {}, {}, {});
    }
    // The operator column names the collective; bytes are those one call puts on the link.
    measured = ",,,,,,,,";
    for (const Communication& c : m_communication)
        row("communication", c.hardware, c.name, c.collective, 0, c.value, "link", number(c.timeS),
            {}, number(c.linkBytes), {}, {});
    return out;
}

std::string FigureData::toJson() const
{
    using nlohmann::json;
    auto pts = [](const std::vector<DataPoint>& points) {
        json a = json::array();
        for (const DataPoint& p : points)
            a.push_back({p.ai, p.flops});
        return a;
    };
    json gpus = json::array();
    for (int hw : m_hardware)
        gpus.push_back({{"id", gpuId(hw)},
                        {"name", gpuName(hw)},
                        {"baseline", hw == m_baseline},
                        {"color", m_gpuColors[static_cast<std::size_t>(hw)]}});
    json roofs = json::array();
    for (const Roof& r : m_roofs)
        roofs.push_back({{"gpu", gpuId(r.hardware)},
                         {"roof", r.name},
                         {"role", r.role},
                         {"memory", r.memory},
                         {"peak_flops_per_s", r.peak},
                         {"bytes_per_s", r.bandwidth},
                         {"ridge_ai", r.ridgeAi},
                         {"used_by", r.usedBy},
                         {"points", pts(r.points)}});
    json points = json::array();
    for (const Point& p : m_points) {
        const Estimate& e = p.estimate;
        points.push_back({{"operator", m_opNames[static_cast<std::size_t>(p.op)]},
                          {"spec", m_opSpecs[static_cast<std::size_t>(p.op)]},
                          {"marker", m_opMarkers[static_cast<std::size_t>(p.op)]},
                          {"gpu", gpuId(p.hardware)},
                          {"ai", e.ai},
                          {"attainable_flops_per_s", e.attainable},
                          {"bound", boundName(e.bound)},
                          {"time_s", e.timeS},
                          {"flops", e.flops},
                          {"bytes", e.bytes},
                          {"roof", ceilingName(e.ceiling)},
                          {"ridge_ai", e.ridgeAi},
                          {"peak_fraction", e.peakFraction},
                          {"speedup_vs_baseline", p.speedup ? json(*p.speedup) : json()}});
    }
    json sweeps = json::array();
    for (const Sweep& s : m_sweeps) {
        json crossing;
        if (s.crossing)
            crossing = {{"value", *s.crossing},
                        {"ai", s.crossingPoint.ai},
                        {"flops_per_s", s.crossingPoint.flops}};
        sweeps.push_back({{"operator", m_opNames[static_cast<std::size_t>(s.op)]},
                          {"gpu", gpuId(s.hardware)},
                          {"param", s.param},
                          {"points", pts(s.points)},
                          {"crossing", crossing}});
    }
    json communication = json::array();
    for (const Communication& c : m_communication)
        communication.push_back({{"gpu", gpuId(c.hardware)},
                                 {"key", c.key},
                                 {"name", c.name},
                                 {"collective", c.collective},
                                 {"ai", c.value.ai},
                                 {"attainable_flops_per_s", c.value.flops},
                                 {"bytes", c.bytes},
                                 {"link_bytes", c.linkBytes},
                                 {"count", c.count},
                                 {"time_s", c.timeS}});
    auto optional = [](const std::optional<double>& v) { return v ? json(*v) : json(); };
    json kernels = json::array();
    for (const Kernel& k : m_kernels)
        kernels.push_back({{"name", k.name},
                           {"short_name", k.shortName},
                           {"set", k.set},
                           {"role", k.role.empty() ? json() : json(k.role)},
                           {"index", k.kernel},
                           {"level", k.level},
                           {"gpu", gpuId(k.hardware)},
                           {"color", gpuColor(k.hardware)},
                           {"ai", k.value.ai},
                           {"flops_per_s", k.value.flops},
                           {"time_s", k.timeS},
                           {"flops", optional(k.flops)},
                           {"bytes", optional(k.bytes)},
                           {"percent_of_roof", optional(k.percentOfRoof)},
                           {"bound", k.bound.empty() ? json() : json(k.bound)},
                           {"labelled", k.labelled},
                           {"path", k.path ? json(*k.path) : json()},
                           {"path_step", k.pathStep ? json(*k.pathStep) : json()}});
    json links = json::array();
    for (const Link& l : m_links)
        links.push_back({{"kind", l.kind},
                         {"gpu", gpuId(l.hardware)},
                         {"operator", l.op.empty() ? json() : json(l.op)},
                         {"kernel", l.kernel},
                         {"from", {l.tail.ai, l.tail.flops}},
                         {"to", {l.head.ai, l.head.flops}},
                         {"speedup", optional(l.speedup)}});
    json speedups = json::array();
    for (const KernelSpeedup& s : m_speedups)
        speedups.push_back({{"name", s.name},
                            {"short_name", s.shortName},
                            {"before_s", s.beforeS},
                            {"after_s", s.afterS},
                            {"speedup", optional(s.speedup)}});
    json doc = {{"format", "roofscope-figure-data"},
                {"version", 1},
                {"view",
                 {{"ai_min", m_view.aiMin},
                  {"ai_max", m_view.aiMax},
                  {"flops_min", m_view.flopsMin},
                  {"flops_max", m_view.flopsMax}}},
                {"gpus", gpus},
                {"roofs", roofs},
                {"points", points},
                {"sweeps", sweeps},
                {"kernels", kernels},
                {"links", links},
                {"speedups", speedups}};
    if (!communication.empty()) // a model spread over GPUs
        doc["communication"] = communication;
    return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string FigureData::serialize(FigureDataFormat format) const
{
    return format == FigureDataFormat::Json ? toJson() : toCsv();
}

std::optional<FigureDataFormat> FigureData::formatForFile(std::string_view fileName)
{
    // The suffix after the last dot of the last path component, as QFileInfo::suffix reads it.
    const std::size_t slash = fileName.find_last_of("/\\");
    const std::string_view base =
        slash == std::string_view::npos ? fileName : fileName.substr(slash + 1);
    const std::size_t dot = base.rfind('.');
    if (dot == std::string_view::npos)
        return std::nullopt;
    std::string suffix(base.substr(dot + 1));
    std::transform(suffix.begin(), suffix.end(), suffix.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    if (suffix == "csv")
        return FigureDataFormat::Csv;
    if (suffix == "json")
        return FigureDataFormat::Json;
    return std::nullopt;
}

} // namespace roofscope
