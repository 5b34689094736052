#include "ui/export/figuredata.h"

#include "ui/session.h"

#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <charconv>

namespace roofscope {

namespace {

std::string ceilingName(const Ceiling& c)
{
    return std::string(precisionName(c.precision)) + " " + std::string(computeUnitName(c.unit));
}

bool sameCeiling(const Ceiling& a, const Ceiling& b)
{
    return a.precision == b.precision && a.unit == b.unit;
}

// The shortest text that reads back as the same double: CSV numbers equal the core's.
std::string number(double v)
{
    std::array<char, 32> buf{};
    const auto result = std::to_chars(buf.data(), buf.data() + buf.size(), v);
    return std::string(buf.data(), result.ptr);
}

std::string csvField(const std::string& s)
{
    if (s.find_first_of(",\"\n\r") == std::string::npos)
        return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

// The roof of `peak` over `bandwidth` across the view: the core's attainable value at the
// view's edges and the ridge itself (exact in log-log space, where a roof is two lines).
std::vector<QPointF> roofPoints(double peak, double bandwidth, double ridge, const ViewRange& view,
                                bool flat)
{
    std::vector<QPointF> out;
    auto at = [&](double ai) {
        if (auto y = attainableFlops(peak, bandwidth, ai))
            out.emplace_back(ai, *y);
    };
    if (view.aiMin < ridge)
        at(view.aiMin);
    out.emplace_back(ridge, peak);
    if (flat && view.aiMax > ridge)
        at(view.aiMax);
    return out;
}

} // namespace

FigureData FigureData::collect(const Session& session, const ViewRange& view)
{
    FigureData d;
    d.m_view = view;
    d.m_baseline = session.baseline();
    d.m_hardware = session.checkedHardware();
    for (const Hardware& hw : session.hardware()) {
        d.m_gpuIds.push_back(hw.id);
        d.m_gpuNames.push_back(hw.name);
    }
    for (const Operator& op : session.operators()) {
        d.m_opNames.push_back(op.displayName());
        d.m_opSpecs.push_back(op.spec());
    }
    const int nOps = static_cast<int>(session.operators().size());
    const int selected = session.selectedOperator();
    const ChartToggles toggles = session.toggles();

    for (int hw : d.m_hardware) {
        const Hardware& h = session.hardware()[static_cast<std::size_t>(hw)];
        // The roofs the operators run against, as the core chose them.
        std::vector<Roof> roofs;
        std::vector<Ceiling> ceilings;
        std::optional<std::size_t> primary;
        for (int op = 0; op < nOps; ++op) {
            const auto& e = session.estimate(op, hw);
            if (!e)
                continue;
            d.m_points.push_back({op, hw, *e, session.speedup(op, hw)});
            auto it = std::find_if(ceilings.begin(), ceilings.end(),
                                   [&](const Ceiling& c) { return sameCeiling(c, e->ceiling); });
            std::size_t index = static_cast<std::size_t>(it - ceilings.begin());
            if (it == ceilings.end()) {
                ceilings.push_back(e->ceiling);
                Roof r;
                r.hardware = hw;
                r.name = ceilingName(e->ceiling);
                r.memory = e->memory.level;
                r.peak = e->ceiling.flopsPerS;
                r.bandwidth = e->memory.bytesPerS;
                r.ridgeAi = e->ridgeAi;
                r.points = roofPoints(r.peak, r.bandwidth, r.ridgeAi, view, true);
                roofs.push_back(std::move(r));
            }
            roofs[index].usedBy.push_back(d.m_opNames[static_cast<std::size_t>(op)]);
            if (op == selected)
                primary = index;
        }
        if (!primary && !roofs.empty())
            primary = static_cast<std::size_t>(
                std::max_element(roofs.begin(), roofs.end(),
                                 [](const Roof& a, const Roof& b) { return a.peak < b.peak; }) -
                roofs.begin());
        // The extra ceilings the view toggles on, where the catalog has them.
        const MemoryLevel* memory = h.mainMemory();
        auto extra = [&](bool on, const Ceiling* c) {
            if (!on || !c || !memory ||
                std::any_of(ceilings.begin(), ceilings.end(),
                            [&](const Ceiling& u) { return sameCeiling(u, *c); }))
                return;
            auto ridge = ridgeIntensity(c->flopsPerS, memory->bytesPerS);
            if (!ridge)
                return;
            ceilings.push_back(*c);
            Roof r{hw,
                   ceilingName(*c),
                   memory->level,
                   c->flopsPerS,
                   memory->bytesPerS,
                   *ridge,
                   roofPoints(c->flopsPerS, memory->bytesPerS, *ridge, view, true),
                   {}};
            roofs.push_back(std::move(r));
        };
        extra(toggles.fp8, h.findCeiling(Precision::FP8, ComputeUnit::Tensor));
        extra(toggles.fp32Vector, h.findCeiling(Precision::FP32, ComputeUnit::Vector));
        const Ceiling* fp64 = h.findCeiling(Precision::FP64, ComputeUnit::Tensor);
        extra(toggles.fp64, fp64 ? fp64 : h.findCeiling(Precision::FP64, ComputeUnit::Vector));
        if (toggles.l2 && primary) {
            const Roof& p = roofs[*primary];
            if (const MemoryLevel* l2 = h.findMemory("l2")) {
                if (auto ridge = ridgeIntensity(p.peak, l2->bytesPerS)) {
                    Roof r{hw,
                           "l2 slope",
                           l2->level,
                           p.peak,
                           l2->bytesPerS,
                           *ridge,
                           roofPoints(p.peak, l2->bytesPerS, *ridge, view, false),
                           {}};
                    roofs.push_back(std::move(r));
                }
            }
        }
        for (Roof& r : roofs)
            d.m_roofs.push_back(std::move(r));

        if (toggles.sweep && selected >= 0 && selected < nOps) {
            const Session::SweepPath path = session.sweepPath(selected, hw);
            if (!path.points.empty()) {
                Sweep s;
                s.op = selected;
                s.hardware = hw;
                s.param = session.operators()[static_cast<std::size_t>(selected)]
                              .definition()
                              .drivingParam;
                s.points = path.points;
                s.crossing = path.crossing;
                s.crossingPoint = path.crossingPoint;
                d.m_sweeps.push_back(std::move(s));
            }
        }
    }
    return d;
}

const std::string& FigureData::gpuId(int hardware) const
{
    return m_gpuIds[static_cast<std::size_t>(hardware)];
}

const std::string& FigureData::gpuName(int hardware) const
{
    return m_gpuNames[static_cast<std::size_t>(hardware)];
}

QByteArray FigureData::toCsv() const
{
    std::string out = "kind,gpu_id,gpu,operator,roof,index,ai_flop_per_byte,flops_per_s,bound,"
                      "time_s,flops,bytes,param,param_value\n";
    auto row = [&](const std::string& kind, int hw, const std::string& op, const std::string& roof,
                   std::size_t index, QPointF value, const std::string& bound,
                   const std::string& time, const std::string& flops, const std::string& bytes,
                   const std::string& param, const std::string& paramValue) {
        out += kind + ',' + csvField(gpuId(hw)) + ',' + csvField(gpuName(hw)) + ',' + csvField(op) +
               ',' + csvField(roof) + ',' + std::to_string(index) + ',' + number(value.x()) + ',' +
               number(value.y()) + ',' + bound + ',' + time + ',' + flops + ',' + bytes + ',' +
               csvField(param) + ',' + paramValue + '\n';
    };
    for (const Roof& r : m_roofs) {
        for (std::size_t i = 0; i < r.points.size(); ++i)
            row("roof", r.hardware, {}, r.name, i, r.points[i], {}, {}, {}, {}, {}, {});
        row("ridge", r.hardware, {}, r.name, 0, QPointF(r.ridgeAi, r.peak), {}, {}, {}, {}, {}, {});
    }
    for (const Point& p : m_points) {
        const Estimate& e = p.estimate;
        row("point", p.hardware, m_opNames[static_cast<std::size_t>(p.op)], ceilingName(e.ceiling),
            0, QPointF(e.ai, e.attainable), std::string(boundName(e.bound)), number(e.timeS),
            number(e.flops), number(e.bytes), {}, {});
    }
    for (const Sweep& s : m_sweeps) {
        const std::string& op = m_opNames[static_cast<std::size_t>(s.op)];
        for (std::size_t i = 0; i < s.points.size(); ++i)
            row("sweep", s.hardware, op, {}, i, s.points[i], {}, {}, {}, {}, s.param, {});
        if (s.crossing)
            row("crossing", s.hardware, op, {}, 0, s.crossingPoint, {}, {}, {}, {}, s.param,
                number(*s.crossing));
    }
    return QByteArray::fromStdString(out);
}

QByteArray FigureData::toJson() const
{
    using nlohmann::json;
    auto pts = [](const std::vector<QPointF>& points) {
        json a = json::array();
        for (const QPointF& p : points)
            a.push_back({p.x(), p.y()});
        return a;
    };
    json gpus = json::array();
    for (int hw : m_hardware)
        gpus.push_back({{"id", gpuId(hw)}, {"name", gpuName(hw)}, {"baseline", hw == m_baseline}});
    json roofs = json::array();
    for (const Roof& r : m_roofs)
        roofs.push_back({{"gpu", gpuId(r.hardware)},
                         {"roof", r.name},
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
                        {"ai", s.crossingPoint.x()},
                        {"flops_per_s", s.crossingPoint.y()}};
        sweeps.push_back({{"operator", m_opNames[static_cast<std::size_t>(s.op)]},
                          {"gpu", gpuId(s.hardware)},
                          {"param", s.param},
                          {"points", pts(s.points)},
                          {"crossing", crossing}});
    }
    const json doc = {{"format", "roofscope-figure-data"},
                      {"version", 1},
                      {"view",
                       {{"ai_min", m_view.aiMin},
                        {"ai_max", m_view.aiMax},
                        {"flops_min", m_view.flopsMin},
                        {"flops_max", m_view.flopsMax}}},
                      {"gpus", gpus},
                      {"roofs", roofs},
                      {"points", points},
                      {"sweeps", sweeps}};
    return QByteArray::fromStdString(
        doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

QByteArray FigureData::serialize(FigureDataFormat format) const
{
    return format == FigureDataFormat::Json ? toJson() : toCsv();
}

std::optional<FigureDataFormat> FigureData::formatForFile(const QString& fileName)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    if (suffix == QLatin1String("csv"))
        return FigureDataFormat::Csv;
    if (suffix == QLatin1String("json"))
        return FigureDataFormat::Json;
    return std::nullopt;
}

} // namespace roofscope
