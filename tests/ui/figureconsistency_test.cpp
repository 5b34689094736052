// One figure model for every output: the roofs, points and colours in the window's chart, in the
// SVG/PNG export and in the CSV/JSON figure data are the same set, for the default scenario and
// with every toggle on. All three read the core's figure model (core/figure.h); this test reads
// what each of them actually drew or wrote.
#include "ui/chart/chartdocument.h"
#include "ui/chart/chartgeometry.h"
#include "ui/chart/lineartcanvas.h"
#include "ui/chart/roofchart.h"
#include "ui/export/figuredata.h"
#include "ui/export/figureexporter.h"
#include "uitestutil.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>
#include <tuple>

using namespace roofscope;

namespace {

struct Case {
    const char* name;
    bool everyToggle;
};

// ctest and gtest print the case's name, not its bytes.
void PrintTo(const Case& c, std::ostream* os)
{
    *os << c.name;
}

// Numbers compared after rounding to 9 significant digits: the chart holds doubles, the JSON
// holds the shortest round-trip text of the same doubles.
std::string key(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9e", v);
    return buf;
}

using RoofKey =
    std::tuple<std::string, std::string, std::string, std::string>;      // gpu, peak, bw, role
using PointKey = std::tuple<int, std::string, std::string, std::string>; // op, gpu, ai, y

std::string hex(const QColor& c)
{
    return c.name(QColor::HexRgb).toStdString();
}

bool close(QRgb a, const QColor& b, int tolerance)
{
    return std::abs(qRed(a) - b.red()) <= tolerance &&
           std::abs(qGreen(a) - b.green()) <= tolerance &&
           std::abs(qBlue(a) - b.blue()) <= tolerance;
}

int pixelsWithColor(const QImage& img, QPointF center, int radius, const QColor& color)
{
    int n = 0;
    const int cx = static_cast<int>(std::lround(center.x()));
    const int cy = static_cast<int>(std::lround(center.y()));
    for (int y = cy - radius; y <= cy + radius; ++y) {
        for (int x = cx - radius; x <= cx + radius; ++x) {
            if (img.valid(x, y) && close(img.pixel(x, y), color, 40))
                ++n;
        }
    }
    return n;
}

class FigureConsistency : public ::testing::TestWithParam<Case> {};

TEST_P(FigureConsistency, ChartExportAndDataShowTheSameRoofsPointsAndColours)
{
    auto w = test::makeWindow();
    Session* s = w->session();
    if (GetParam().everyToggle) {
        ChartToggles all;
        all.fp8 = all.fp32Vector = all.fp64 = all.l2 = all.sweep = all.labels = true;
        s->viewSettings()->setToggles(all);
    }
    RoofChart* chart = w->chart();
    const auto id = [&](int hw) { return s->hardware()[static_cast<std::size_t>(hw)].id; };

    // --- The window's chart: roofs as the roofs layer strokes them, points as drawn.
    std::set<RoofKey> chartRoofs;
    const auto drawnRoofs = chart->drawnRoofs();
    for (const FigureRoof& r : chart->roofs()) {
        chartRoofs.insert({id(r.hardware), key(r.peak), key(r.memory.bytesPerS),
                           std::string(roofRoleName(r.role))});
        // Drawn: a stroke in the GPU's colour through the roof's ridge.
        const QColor colour = chart->colorOf(r.hardware);
        const bool drawn = std::any_of(drawnRoofs.begin(), drawnRoofs.end(), [&](const auto& d) {
            return d.color.rgb() == colour.rgb() && d.roof.hardware == r.hardware &&
                   std::find(d.path.begin(), d.path.end(), DataPoint{r.ridgeAi, r.peak}) !=
                       d.path.end();
        });
        EXPECT_TRUE(drawn) << id(r.hardware) << " " << r.label;
    }
    EXPECT_EQ(drawnRoofs.size(), chart->roofs().size());
    std::set<PointKey> chartPoints;
    std::map<std::string, std::string> chartColours;
    for (int op = 0; op < static_cast<int>(s->operators().size()); ++op) {
        const std::vector<DataPoint> drawn = chart->operatorPoints(op);
        for (const RoofChart::PointInfo& p : chart->points()) {
            if (p.ref.op != op)
                continue;
            chartPoints.insert({op, id(p.ref.hardware), key(p.value.ai), key(p.value.flops)});
            EXPECT_NE(std::find(drawn.begin(), drawn.end(), p.value), drawn.end());
            // The marker is drawn in its GPU's colour.
            EXPECT_EQ(p.color.rgb(), chart->colorOf(p.ref.hardware).rgb());
        }
    }
    for (int hw : s->checkedHardware())
        chartColours[id(hw)] = hex(chart->colorOf(hw));
    ASSERT_EQ(chartColours.size(), 4u);
    // Four GPUs, four hues.
    std::set<std::string> hues;
    for (const auto& [gpu, c] : chartColours)
        hues.insert(c);
    EXPECT_EQ(hues.size(), 4u);
    EXPECT_EQ(chartRoofs.size(), GetParam().everyToggle ? 15u : 8u);
    EXPECT_EQ(chartPoints.size(), 7u * 4u);

    // --- The figure data (JSON and CSV) of the same view.
    const FigureData data = figureDataOf(*s, chart->effectiveRange());
    const auto json = nlohmann::json::parse(data.toJson());
    std::set<RoofKey> jsonRoofs;
    for (const auto& r : json["roofs"])
        jsonRoofs.insert({r["gpu"].get<std::string>(), key(r["peak_flops_per_s"].get<double>()),
                          key(r["bytes_per_s"].get<double>()), r["role"].get<std::string>()});
    EXPECT_EQ(jsonRoofs, chartRoofs);
    std::set<PointKey> jsonPoints;
    for (const auto& p : json["points"]) {
        int op = -1;
        for (std::size_t i = 0; i < s->operators().size(); ++i) {
            if (s->operators()[i].displayName() == p["operator"].get<std::string>())
                op = static_cast<int>(i);
        }
        jsonPoints.insert({op, p["gpu"].get<std::string>(), key(p["ai"].get<double>()),
                           key(p["attainable_flops_per_s"].get<double>())});
    }
    EXPECT_EQ(jsonPoints, chartPoints);
    std::map<std::string, std::string> jsonColours;
    for (const auto& g : json["gpus"])
        jsonColours[g["id"].get<std::string>()] = g["color"].get<std::string>();
    EXPECT_EQ(jsonColours, chartColours);

    const std::string csv = data.toCsv();
    for (const auto& [gpu, colour] : chartColours) {
        // Every row of a GPU carries its colour.
        EXPECT_NE(csv.find(',' + gpu + ','), std::string::npos);
        std::size_t rows = 0;
        for (std::size_t at = csv.find(',' + gpu + ','); at != std::string::npos;
             at = csv.find(',' + gpu + ',', at + 1)) {
            const std::size_t end = csv.find('\n', at);
            EXPECT_NE(csv.substr(at, end - at).find(colour), std::string::npos)
                << csv.substr(at, end - at);
            ++rows;
        }
        EXPECT_GT(rows, 0u);
    }

    // --- The SVG and PNG export of the window's document.
    FigureOptions o;
    o.size = QSize(1600, 900);
    auto e = FigureExporter::create(s->toScenario(), s->catalog(), o);
    ASSERT_TRUE(e.ok());
    RoofChart* exported = (*e)->document()->chart();
    std::set<RoofKey> exportRoofs;
    for (const FigureRoof& r : exported->roofs())
        exportRoofs.insert({id(r.hardware), key(r.peak), key(r.memory.bytesPerS),
                            std::string(roofRoleName(r.role))});
    EXPECT_EQ(exportRoofs, chartRoofs);
    const QString svg = QString::fromUtf8((*e)->renderSvg()).toLower();
    for (const auto& [gpu, colour] : chartColours)
        EXPECT_TRUE(svg.contains(QString::fromStdString(colour))) << gpu << " " << colour;

    const QImage img = (*e)->renderImage();
    const auto axes = exported->logAxes();
    const auto toImage = [&](QPointF v) {
        return (*e)->chartToFigure().map(geometry::valueToPixel(axes, v));
    };
    // Every primary roof's ridge ring and every solid operator marker in its GPU's colour.
    for (const FigureRoof& r : exported->roofs()) {
        if (r.role != RoofRole::Primary)
            continue;
        EXPECT_GE(pixelsWithColor(img, toImage({r.ridgeAi, r.peak}), 6,
                                  QColor(QString::fromStdString(chartColours[id(r.hardware)]))),
                  4)
            << id(r.hardware);
    }
    int found = 0;
    int solid = 0;
    for (const RoofChart::PointInfo& p : exported->points()) {
        if (markerForOperator(p.ref.op).hollow)
            continue;
        ++solid;
        const QColor colour(QString::fromStdString(chartColours[id(p.ref.hardware)]));
        if (pixelsWithColor(img, toImage({p.value.ai, p.value.flops}), 4, colour) >= 3)
            ++found;
    }
    // Markers of one operator on GPUs with the same bandwidth and peak coincide: the one on top
    // hides the others, so not every marker shows its own colour.
    EXPECT_GE(found, solid * 3 / 4) << found << " of " << solid;
}

INSTANTIATE_TEST_SUITE_P(Cases, FigureConsistency,
                         ::testing::Values(Case{"DefaultScenario", false},
                                           Case{"EveryToggleOn", true}),
                         [](const ::testing::TestParamInfo<Case>& info) {
                             return std::string(info.param.name);
                         });

} // namespace
