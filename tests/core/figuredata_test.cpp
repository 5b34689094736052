// The figure's data as CSV and JSON (core/figuredata.h): what the window's Export Data and
// `roofscope plot --out x.csv` write, read from the figure model without a window.
#include "core/figure/figuredata.h"

#include "core/hardware/catalog.h"
#include "core/util/numbers.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <sstream>

namespace roofscope {
namespace {

std::vector<std::map<std::string, std::string>> csvRows(const std::string& csv)
{
    // The figure's cells hold no quoted commas in the default scenario's names.
    std::istringstream in(csv);
    std::string line;
    std::getline(in, line);
    std::vector<std::string> header;
    for (std::istringstream h(line); std::getline(h, line, ',');)
        header.push_back(line);
    std::vector<std::map<std::string, std::string>> rows;
    while (std::getline(in, line)) {
        std::map<std::string, std::string> row;
        std::size_t column = 0;
        std::size_t start = 0;
        for (std::size_t i = 0; i <= line.size(); ++i) {
            if (i == line.size() || line[i] == ',') {
                row[header.at(column++)] = line.substr(start, i - start);
                start = i + 1;
            }
        }
        EXPECT_EQ(column, header.size()) << line;
        rows.push_back(std::move(row));
    }
    return rows;
}

FigureData defaultData()
{
    const Scenario s = defaultScenario();
    auto f = buildFigure(s, HardwareCatalog::builtin());
    EXPECT_TRUE(f) << (f ? "" : f.error().message);
    return FigureData::collect(*f, HardwareCatalog::builtin().all(), s.measurements, f->range());
}

TEST(FigureData, PointRowsCarryTheCoresEstimatesExactly)
{
    const Scenario s = defaultScenario();
    auto f = buildFigure(s, HardwareCatalog::builtin());
    ASSERT_TRUE(f);
    const FigureData data =
        FigureData::collect(*f, HardwareCatalog::builtin().all(), s.measurements, f->range());
    ASSERT_EQ(data.points().size(), 28u); // 7 operators × 4 accelerators
    const auto rows = csvRows(data.toCsv());
    std::size_t points = 0;
    for (const auto& row : rows) {
        if (row.at("kind") != "point")
            continue;
        const FigurePoint& p = f->points.at(points++);
        EXPECT_EQ(row.at("gpu_id"), f->gpu(p.hardware)->id);
        EXPECT_EQ(row.at("operator"), f->operators.at(static_cast<std::size_t>(p.op)).name);
        // Shortest round-trip text: the cell reads back as the very double the core computed.
        EXPECT_EQ(parseNumber(row.at("ai_flop_per_byte")), p.estimate.ai);
        EXPECT_EQ(parseNumber(row.at("flops_per_s")), p.estimate.attainable);
        EXPECT_EQ(parseNumber(row.at("time_s")), p.estimate.timeS);
        EXPECT_EQ(row.at("bound"), boundName(p.estimate.bound));
    }
    EXPECT_EQ(points, 28u);
}

TEST(FigureData, JsonNamesTheBaselineAndEachRoofsRidge)
{
    const auto json = nlohmann::json::parse(defaultData().toJson());
    EXPECT_EQ(json["format"], "roofscope-figure-data");
    ASSERT_EQ(json["gpus"].size(), 4u);
    int baselines = 0;
    for (const auto& g : json["gpus"]) {
        if (g["baseline"].get<bool>()) {
            ++baselines;
            EXPECT_EQ(g["id"], "h100-sxm5"); // the seed's story compares against H100
        }
    }
    EXPECT_EQ(baselines, 1);
    bool h100Tensor = false;
    for (const auto& r : json["roofs"]) {
        if (r["gpu"] != "h100-sxm5" || r["role"] != "primary")
            continue;
        h100Tensor = true;
        // 989.4 TFLOP/s over 3.35 TB/s: the ridge at 295.3 FLOP/B.
        EXPECT_DOUBLE_EQ(r["peak_flops_per_s"].get<double>(), 989.4e12);
        EXPECT_DOUBLE_EQ(r["ridge_ai"].get<double>(), 989.4e12 / 3.35e12);
    }
    EXPECT_TRUE(h100Tensor);
}

TEST(FigureData, ANonFiniteNumberIsAnEmptyCellNeverInf)
{
    Figure f;
    FigureGpu g;
    g.hardware = 0;
    g.id = "x";
    g.name = "X";
    f.gpus.push_back(g);
    f.operators.push_back({"op", "", "", {}});
    FigurePoint p;
    p.op = 0;
    p.hardware = 0;
    p.estimate.ai = 1.0;
    p.estimate.attainable = 2.0;
    p.estimate.timeS = std::numeric_limits<double>::infinity();
    f.points.push_back(p);
    Hardware hw;
    hw.id = "x";
    hw.name = "X";
    const FigureData data = FigureData::collect(f, {hw}, {}, ViewRange{});
    const std::string csv = data.toCsv();
    EXPECT_EQ(csv.find("inf"), std::string::npos) << csv;
    const auto rows = csvRows(csv);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].at("time_s"), "");
    EXPECT_EQ(rows[0].at("ai_flop_per_byte"), "1");
    EXPECT_TRUE(nlohmann::json::parse(data.toJson())["points"][0]["time_s"].is_null());
}

TEST(FigureData, TheFormatComesFromTheFileSuffix)
{
    EXPECT_EQ(FigureData::formatForFile("roofs.csv"), FigureDataFormat::Csv);
    EXPECT_EQ(FigureData::formatForFile("/tmp/out/Roofs.JSON"), FigureDataFormat::Json);
    EXPECT_EQ(FigureData::formatForFile("figure.tar.csv"), FigureDataFormat::Csv);
    EXPECT_EQ(FigureData::formatForFile("figure.png"), std::nullopt);
    EXPECT_EQ(FigureData::formatForFile("csv"), std::nullopt);
    EXPECT_EQ(FigureData::formatForFile("data.csv/figure"), std::nullopt);
    EXPECT_EQ(FigureData::formatForFile(""), std::nullopt);
}

} // namespace
} // namespace roofscope
