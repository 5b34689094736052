// Measured kernels on the chart and in the read-out (the window's part): marker area by share of
// run time in PointCloud's size classes, the hierarchical view's lines and cache roofs, labels for
// the top kernels only, the tooltip, and the read-out's sentence about the selected kernel
// (unlinked, linked to an operator, and in a before/after pair).
#include "core/measured/importer.h"
#include "core/probe/proberesult.h"
#include "core/util/format.h"
#include "tests/common/measuredkernels.h"
#include "tests/generated/testpaths.h"
#include "ui/chart/chartdocument.h"
#include "ui/chart/pointcloud.h"
#include "ui/chart/roofchart.h"
#include "ui/document/kernelsentence.h"
#include "ui/models/kernelmodel.h"
#include "ui/widgets/readoutpanel.h"
#include "uitestutil.h"

#include <QIcon>
#include <QImage>
#include <QPainter>

#include "tests/common/measuredcpu.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace roofscope;
using roofscope::test::operatorIndex;

namespace {

constexpr const char* kA100 = "a100-sxm4-80gb";

// A kernel as the generic CSV importer makes it (tests/common/measuredkernels.h), FP32
// vector work on `gpu`.
MeasuredKernel kernel(const std::string& name, double timeS, double flops, double dram,
                      std::optional<double> l2 = {}, std::optional<double> l1 = {},
                      const std::string& gpu = kA100)
{
    MeasuredKernel k = test::csvKernel(name, timeS, flops, dram, l2, l1);
    k.precision = Precision::FP32;
    k.unit = ComputeUnit::Vector;
    k.gpu = gpu;
    return k;
}

// The A100 gemm_v0 launch of the Nsight Compute fixture (6.87·10¹³ FLOP, 36.98 s, AI 15.6 / 5.26 /
// 0.40 at DRAM / L2 / L1) and six smaller kernels; 50 s in all, so gemm_v0 takes 73.96 % of the
// run.
MeasurementSet run(const std::string& file, double gemmTime = 36.98)
{
    MeasurementSet s;
    s.file = file;
    s.kernels = {
        kernel("gemm_v0", gemmTime, 6.87e13, 6.87e13 / 15.6, 6.87e13 / 5.26, 6.87e13 / 0.40),
        kernel("softmax", 6.0, 1.2e10, 9.0e10, 1.3e11, 3.0e11),
        kernel("layernorm", 3.0, 2.0e10, 1.6e11, 2.2e11, 4.0e11),
        kernel("rope", 2.0, 4.0e9, 6.0e10, 7.0e10, 1.1e11),
        kernel("gelu", 1.0, 6.0e9, 5.0e10, 6.0e10, 9.0e10),
        kernel("residual", 0.72, 1.0e9, 3.5e10, 4.0e10, 5.0e10),
        kernel("argmax", 0.3, 1.0e7, 1.0e9, 1.2e9, 2.0e9)};
    s.kernels[0].launches = 1;
    return s;
}

std::unique_ptr<ChartDocument> document(bool withOperators = true)
{
    Scenario scenario = defaultScenario();
    if (!withOperators) {
        scenario.operators.clear();
        scenario.selected = -1;
    }
    auto doc =
        ChartDocument::fromScenario(scenario, HardwareCatalog::builtin(), QStringLiteral("test"));
    EXPECT_TRUE(doc.ok());
    return std::move(*doc);
}

const MeasuredPoint* pointOf(const Figure& f, const std::string& name, MemLevel level, int set = 0)
{
    for (const MeasuredPoint& m : f.measured) {
        if (m.name == name && m.level == level && m.set == set)
            return &m;
    }
    return nullptr;
}

// Pixels in a square of `radius` around `c` that are not the plot background (ink).
int inkAround(const QImage& img, QPointF c, int radius, QRgb background)
{
    int ink = 0;
    for (int dy = -radius; dy <= radius; ++dy) {
        for (int dx = -radius; dx <= radius; ++dx) {
            const QPoint p = c.toPoint() + QPoint(dx, dy);
            if (img.rect().contains(p) && img.pixel(p) != background)
                ++ink;
        }
    }
    return ink;
}

// Pixels near `c` of the hue of `colour` (strongly saturated): the GPU's lines and markers.
int huedAround(const QImage& img, QPointF c, int radius, const QColor& colour)
{
    int n = 0;
    for (int dy = -radius; dy <= radius; ++dy) {
        for (int dx = -radius; dx <= radius; ++dx) {
            const QPoint p = c.toPoint() + QPoint(dx, dy);
            if (!img.rect().contains(p))
                continue;
            const QColor px = img.pixelColor(p);
            const int dh = std::abs(px.hslHue() - colour.hslHue());
            if (px.hslSaturation() > 60 && std::min(dh, 360 - dh) < 20)
                ++n;
        }
    }
    return n;
}

} // namespace

// ---- PointCloud size classes

TEST(PointCloudSizeClasses, AreaFollowsTheShareInQuantisedSteps)
{
    const qreal lo = 6.0;
    const qreal hi = 48.0;
    EXPECT_EQ(PointCloud::sizeClassFor(0.0, lo, hi), 0);
    EXPECT_EQ(PointCloud::sizeClassFor(-1.0, lo, hi), 0);
    EXPECT_EQ(PointCloud::sizeClassFor(1e-6, lo, hi), 0);
    EXPECT_EQ(PointCloud::sizeClassFor(1.0, lo, hi), PointCloud::kSizeClasses - 1);
    EXPECT_EQ(PointCloud::sizeClassFor(5.0, lo, hi), PointCloud::kSizeClasses - 1);
    EXPECT_DOUBLE_EQ(PointCloud::sizeOfClass(0, lo, hi), lo);
    EXPECT_DOUBLE_EQ(PointCloud::sizeOfClass(PointCloud::kSizeClasses - 1, lo, hi), hi);
    // Classes step by one ratio (8^(1/7) ≈ 1.346), and a share lands on the class nearest to
    // hi·√share on that scale: within half a step.
    const double step = std::pow(hi / lo, 1.0 / (PointCloud::kSizeClasses - 1));
    for (double share : {0.02, 0.05, 0.1, 0.25, 0.5, 0.74}) {
        const qreal d = PointCloud::sizeOfClass(PointCloud::sizeClassFor(share, lo, hi), lo, hi);
        const double ideal = hi * std::sqrt(share);
        EXPECT_LE(std::abs(std::log(d / ideal)), std::log(step) / 2 + 1e-9) << share;
    }
    int previous = 0;
    for (double share = 1e-4; share <= 1.0; share *= 1.3) {
        const int c = PointCloud::sizeClassFor(share, lo, hi);
        EXPECT_GE(c, previous) << share;
        previous = c;
    }
    const std::vector<PointCloud::Marker> base(3);
    const auto table = PointCloud::withSizeClasses(base, lo, hi);
    ASSERT_EQ(table.size(), 3u * PointCloud::kSizeClasses);
    EXPECT_DOUBLE_EQ(table[PointCloud::kSizeClasses + 2].size, PointCloud::sizeOfClass(2, lo, hi));
}

// A big and a small class stamped: the ink covered grows with the square of the diameter. With
// a table of hundreds of markers (GPUs × levels × classes) every stamp stays valid: taking a
// pointer to a stamp and then adding more to the cache used to rehash it under the pointer.
TEST(PointCloudSizeClasses, StampedAreasDifferByClassInALargeTable)
{
    PointCloud cloud;
    std::vector<PointCloud::Marker> base(40);
    for (std::size_t i = 0; i < base.size(); ++i) {
        base[i].shape = PointCloud::Shape::Circle;
        base[i].fill = QColor::fromHsv(static_cast<int>(i * 9 % 360), 255, 200);
        base[i].outline = QColor();
    }
    const auto table = PointCloud::withSizeClasses(base, 6.0, 48.0);
    cloud.setMarkers(table);
    geometry::LogAxes axes;
    axes.plot = QRectF(0, 0, 400, 200);
    axes.range = {1.0, 1e4, 1.0, 1e2};
    cloud.setAxes(axes);
    // Every marker of the table once along the bottom, then marker 0 in class 0 and class 7.
    std::vector<QPointF> values;
    std::vector<std::uint16_t> markerOf;
    for (std::size_t k = 0; k < table.size(); ++k) {
        values.emplace_back(1.0 + static_cast<double>(k) * 30.0, 1.5);
        markerOf.push_back(static_cast<std::uint16_t>(k));
    }
    values.emplace_back(10.0, 10.0);
    markerOf.push_back(0);
    values.emplace_back(1000.0, 10.0);
    markerOf.push_back(PointCloud::kSizeClasses - 1);
    cloud.setPoints(values, markerOf);
    cloud.setLevelOfDetail(false);
    QImage img(400, 200, QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::white);
    QPainter p(&img);
    const PointCloud::Stats stats = cloud.render(&p);
    p.end();
    EXPECT_EQ(stats.drawn + stats.outside, static_cast<int>(values.size()));
    const int small = inkAround(img, cloud.pixelOf(static_cast<int>(values.size()) - 2), 30,
                                QColor(Qt::white).rgb());
    const int large = inkAround(img, cloud.pixelOf(static_cast<int>(values.size()) - 1), 30,
                                QColor(Qt::white).rgb());
    // π/4 · 6² ≈ 28 and π/4 · 48² ≈ 1810 pixels, antialiased edges aside.
    EXPECT_GT(small, 20);
    EXPECT_LT(small, 70);
    EXPECT_GT(large, 1600);
    EXPECT_LT(large, 2000);
}

// ---- On the chart

// The kernel taking 74 % of the run is drawn far larger than one taking 2 %: their ink differs
// by about the ratio of the shares.
TEST(MeasuredView, MarkerAreaFollowsTheShareOfRunTime)
{
    auto doc = document(false);
    doc->resize(QSize(1280, 720));
    Session* s = doc->session();
    s->measurementStore()->setKernelLabels(0);
    s->measurementStore()->importMeasurements(run("run.csv"));
    RoofChart* chart = doc->chart();
    const Figure& f = chart->figure();
    const MeasuredPoint* gemm = pointOf(f, "gemm_v0", MemLevel::Dram);
    const MeasuredPoint* rope = pointOf(f, "rope", MemLevel::Dram);
    ASSERT_TRUE(gemm && rope);
    EXPECT_NEAR(gemm->timeShare, 36.98 / 50.0, 1e-12);
    EXPECT_NEAR(rope->timeShare, 2.0 / 50.0, 1e-12);
    const QImage img = chart->renderImage(QSize(1280, 720));
    const geometry::LogAxes axes = chart->logAxes();
    const QPointF gemmAt = geometry::valueToPixel(axes, {gemm->value.ai, gemm->value.flops});
    const QPointF ropeAt = geometry::valueToPixel(axes, {rope->value.ai, rope->value.flops});
    const QColor a100 = chart->colorOf(s->hardwareIndex(kA100));
    const int big = huedAround(img, gemmAt, 30, a100);
    const int small = huedAround(img, ropeAt, 30, a100);
    // √(0.74 / 0.04) ≈ 4.3× the diameter: well over 8× the area after quantisation.
    EXPECT_GT(small, 10);
    EXPECT_GT(big, 8 * small) << big << " vs " << small;
}

// The hierarchical view: one point per level, joined L1 → L2 → DRAM by a line in the GPU's
// colour; without it, only DRAM points and no line.
TEST(MeasuredView, HierarchicalViewJoinsEachKernelsLevels)
{
    auto doc = document(false);
    doc->resize(QSize(1280, 720));
    Session* s = doc->session();
    s->measurementStore()->setKernelLabels(0);
    // One view for both renders, so a data value lands on the same pixel in each.
    s->viewSettings()->setView(ViewRange{1e-3, 1e3, 1e8, 1e15});
    s->measurementStore()->importMeasurements(run("run.csv"));
    RoofChart* chart = doc->chart();
    EXPECT_EQ(chart->figure().measured.size(), 7u);
    EXPECT_EQ(pointOf(chart->figure(), "gemm_v0", MemLevel::L1), nullptr);
    const QImage flat = chart->renderImage(QSize(1280, 720));

    s->measurementStore()->setMeasuredHierarchical(true);
    const Figure& f = chart->figure();
    ASSERT_EQ(f.measured.size(), 21u);
    const MeasuredPoint* l1 = pointOf(f, "gemm_v0", MemLevel::L1);
    const MeasuredPoint* l2 = pointOf(f, "gemm_v0", MemLevel::L2);
    ASSERT_TRUE(l1 && l2);
    EXPECT_NEAR(l1->value.ai, 0.40, 1e-9);
    EXPECT_NEAR(l2->value.ai, 5.26, 1e-9);
    const QImage joined = chart->renderImage(QSize(1280, 720));
    const geometry::LogAxes axes = chart->logAxes();
    const QPointF a = geometry::valueToPixel(axes, {l1->value.ai, l1->value.flops});
    const QPointF b = geometry::valueToPixel(axes, {l2->value.ai, l2->value.flops});
    ASSERT_GT(QLineF(a, b).length(), 150.0); // far outside both markers
    const QColor a100 = chart->colorOf(s->hardwareIndex(kA100));
    // Along the segment (clear of both markers) the line adds GPU-coloured ink; the flat view
    // has none there beyond what the roofs and grid already put.
    for (double t : {0.2, 0.5, 0.8}) {
        const QPointF at = a + (b - a) * t;
        EXPECT_GE(huedAround(joined, at, 1, a100), huedAround(flat, at, 1, a100) + 2) << t;
    }
    // And nothing is drawn off the segment.
    const QPointF above = a + (b - a) * 0.5 + QPointF(0, -30);
    EXPECT_EQ(huedAround(joined, above, 2, a100), huedAround(flat, above, 2, a100));
}

// A GPU whose catalog entry has an L2 bandwidth gets its cache roof in the hierarchical view,
// labelled with the level and the bandwidth.
TEST(MeasuredView, HierarchicalViewDrawsAndLabelsTheCacheRoof)
{
    HardwareCatalog catalog = HardwareCatalog::builtin();
    Hardware a100 = *catalog.find(kA100);
    a100.memory.push_back({"l2", 5.5e12, "test", true});
    catalog.merge({a100});
    auto made = ChartDocument::fromScenario(defaultScenario(), catalog, QStringLiteral("test"));
    ASSERT_TRUE(made.ok());
    auto& doc = *made;
    doc->resize(QSize(1280, 720));
    Session* s = doc->session();
    s->measurementStore()->importMeasurements(run("run.csv"));
    const auto cacheRoofs = [&] {
        std::vector<FigureRoof> out;
        for (const FigureRoof& r : doc->chart()->roofs()) {
            if (r.role == RoofRole::Cache)
                out.push_back(r);
        }
        return out;
    };
    EXPECT_TRUE(cacheRoofs().empty());
    s->measurementStore()->setMeasuredHierarchical(true);
    const auto roofs = cacheRoofs();
    ASSERT_EQ(roofs.size(), 1u);
    EXPECT_EQ(roofs[0].hardware, s->hardwareIndex(kA100));
    EXPECT_EQ(roofs[0].label, "L2 · 5.5 TB/s");
    // Drawn (a dash-dot slope) and named on the chart.
    bool drawn = false;
    for (const auto& r : doc->chart()->drawnRoofs())
        drawn |= r.roof.role == RoofRole::Cache && r.path.size() >= 2;
    EXPECT_TRUE(drawn);
    bool labelled = false;
    for (const auto& l : doc->chart()->visibleLabels())
        labelled |= l.text == QStringLiteral("L2 · 5.5 TB/s");
    EXPECT_TRUE(labelled);
    // Selecting another operator re-reads the roofs: the cache roof stays.
    s->setSelectedOperator(0);
    EXPECT_EQ(cacheRoofs().size(), 1u);
}

// Only the top kernels by time are named on the chart; the rest on hover.
TEST(MeasuredView, LabelsOnlyForTheTopKernelsByTime)
{
    auto doc = document(false);
    doc->resize(QSize(1280, 720));
    Session* s = doc->session();
    s->measurementStore()->importMeasurements(run("run.csv"));
    s->measurementStore()->setKernelLabels(3);
    const auto texts = [&] {
        QStringList out;
        for (const auto& l : doc->chart()->visibleLabels())
            out << l.text;
        return out;
    };
    QStringList shown = texts();
    for (const char* top : {"gemm_v0", "softmax", "layernorm"})
        EXPECT_TRUE(shown.contains(QString::fromLatin1(top))) << top;
    for (const char* other : {"rope", "gelu", "residual", "argmax"})
        EXPECT_FALSE(shown.contains(QString::fromLatin1(other))) << other;
    s->measurementStore()->setKernelLabels(1);
    shown = texts();
    EXPECT_TRUE(shown.contains(QStringLiteral("gemm_v0")));
    EXPECT_FALSE(shown.contains(QStringLiteral("softmax")));

    // An unlabelled kernel is named on hover, with what was measured of it.
    const MeasuredPoint* rope = pointOf(doc->chart()->figure(), "rope", MemLevel::Dram);
    ASSERT_TRUE(rope);
    const QString tip = doc->chart()->toolTipAt(
        geometry::valueToPixel(doc->chart()->logAxes(), {rope->value.ai, rope->value.flops}));
    EXPECT_TRUE(tip.startsWith(QStringLiteral("rope (measured on A100 SXM4 80GB)")))
        << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("void ns::rope<float>(float*, int)")));
    EXPECT_TRUE(tip.contains(QStringLiteral("at DRAM"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("2 s (4.0 % of the run), 1 launch")))
        << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("of the roof at its DRAM intensity, memory-bound")))
        << tip.toStdString();
}

// A kernel launched several times is one row per launch: among the top kernels its name is
// written once, at its longest launch.
TEST(MeasuredView, RepeatedLaunchesAreLabelledOnce)
{
    auto doc = document(false);
    doc->resize(QSize(1280, 720));
    Session* s = doc->session();
    s->measurementStore()->setKernelLabels(3);
    MeasurementSet set;
    set.file = "launches.csv";
    set.kernels = {kernel("gemm", 2.0, 1e12, 1e10), kernel("gemm", 3.0, 1e12, 2e10),
                   kernel("gemm", 2.5, 1e12, 4e10), kernel("softmax", 0.1, 1e9, 4e9)};
    s->measurementStore()->importMeasurements(set);
    int gemm = 0;
    for (const auto& l : doc->chart()->visibleLabels())
        gemm += l.text == QStringLiteral("gemm");
    EXPECT_EQ(gemm, 1);
    // The longest launch (3 s, AI 50) carries it: the label sits next to that marker.
    const MeasuredPoint* longest = nullptr;
    for (const MeasuredPoint& m : doc->chart()->figure().measured) {
        if (m.kernel == 1)
            longest = &m;
    }
    ASSERT_TRUE(longest);
    const QPointF at =
        geometry::valueToPixel(doc->chart()->logAxes(), {longest->value.ai, longest->value.flops});
    for (const auto& l : doc->chart()->visibleLabels()) {
        if (l.text == QStringLiteral("gemm") && !l.leader) {
            EXPECT_LT(QLineF(l.box.center(), at).length(), 80.0);
        }
    }
}

// In a before/after pair only the "after" run is named (the arrows lead to it).
TEST(MeasuredView, BeforeAfterLabelsTheAfterRun)
{
    auto doc = document(false);
    doc->resize(QSize(1280, 720));
    Session* s = doc->session();
    s->measurementStore()->setKernelLabels(1);
    s->measurementStore()->importMeasurements(run("before.csv"));
    s->measurementStore()->importMeasurements(run("after.csv", 14.792));
    int gemmLabels = 0;
    for (const auto& l : doc->chart()->visibleLabels())
        gemmLabels += l.text == QStringLiteral("gemm_v0");
    EXPECT_EQ(gemmLabels, 1);
    EXPECT_GE(doc->chart()->linkCount(), 1);
}

// ---- The read-out's sentence

// The read-out describes the selected item: a kernel's rows replace the operator's while the
// kernel is selected (they described another operator on another GPU under it), and choosing
// an operator, in the list or on the chart, ends the kernel's selection.
TEST(MeasuredView, ReadoutShowsTheSelectedItemOnly)
{
    auto s = test::makeSession();
    ReadoutPanel panel(s.get());
    s->measurementStore()->importMeasurements(run("run.csv"));
    const int decode = operatorIndex(*s, "decode_matmul");
    s->setSelectedOperator(decode);
    EXPECT_TRUE(panel.isFieldShown(QStringLiteral("operator")));
    EXPECT_FALSE(panel.isFieldShown(QStringLiteral("kernel")));

    s->measurementStore()->setSelectedKernel({0, 0});
    EXPECT_TRUE(panel.isFieldShown(QStringLiteral("kernel")));
    for (const char* key : {"operator", "hardware", "ai", "attainable", "peak", "bound", "time"})
        EXPECT_FALSE(panel.isFieldShown(QLatin1String(key))) << key;
    // Hovering a point shows that point while the mouse is on it.
    s->setHovered({decode, s->hardwareIndex(kA100)});
    EXPECT_TRUE(panel.isFieldShown(QStringLiteral("operator")));
    EXPECT_FALSE(panel.isFieldShown(QStringLiteral("kernel")));
    s->setHovered({});
    EXPECT_TRUE(panel.isFieldShown(QStringLiteral("kernel")));

    // Choosing the operator again (it is still the selected row) describes it.
    s->setSelectedOperator(decode);
    EXPECT_FALSE(s->measurementStore()->selectedKernel().isValid());
    EXPECT_FALSE(panel.isFieldShown(QStringLiteral("kernel")));
    EXPECT_TRUE(panel.isFieldShown(QStringLiteral("operator")));
    EXPECT_EQ(panel.field(QStringLiteral("operator")), QStringLiteral("Decode matmul"));
}

// The chart draws a kernel under the roof its "% of roof" is read against: gemm_v0 is FP32
// vector work on the A100 (compute-bound at 9.5 % of that roof); the scenario's operators run
// on the tensor cores, so without the kernel no FP32 roof is drawn.
TEST(MeasuredView, AKernelSitsUnderItsOwnRoof)
{
    auto doc = document();
    Session* s = doc->session();
    const int a100 = s->hardwareIndex(kA100);
    auto fp32Roof = [&]() -> std::optional<FigureRoof> {
        for (const FigureRoof& r : doc->chart()->figure().roofs) {
            if (r.hardware == a100 && r.label == "FP32 vector")
                return r;
        }
        return std::nullopt;
    };
    ASSERT_FALSE(fp32Roof());
    s->measurementStore()->importMeasurements(run("run.csv"));
    const auto roof = fp32Roof();
    ASSERT_TRUE(roof);
    const Ceiling* fp32 = s->hardware()[static_cast<std::size_t>(a100)].findCeiling(
        Precision::FP32, ComputeUnit::Vector);
    EXPECT_EQ(roof->peak, fp32->flopsPerS);
    const MeasuredPoint* gemm = pointOf(doc->chart()->figure(), "gemm_v0", MemLevel::Dram);
    ASSERT_NE(gemm, nullptr);
    EXPECT_GT(gemm->value.ai, roof->ridgeAi); // right of the ridge: compute-bound, as judged
    EXPECT_EQ(gemm->bound, Bound::Compute);
    EXPECT_NEAR(gemm->value.flops / roof->peak * 100.0, *gemm->percentOfRoof, 1e-9);
    // Selecting another operator re-reads the roofs: the kernel's roof stays.
    s->setSelectedOperator(0);
    EXPECT_TRUE(fp32Roof());
    // Without the kernels it goes.
    s->measurementStore()->removeMeasurementSet(0);
    EXPECT_FALSE(fp32Roof());
}

// Unchecking the GPU a run was measured on leaves its kernels under no roof: the key says why,
// and checking it again brings the roof back and the note goes.
TEST(MeasuredView, KernelsOfAnUncheckedGpuSayWhyTheyHaveNoRoof)
{
    auto doc = document();
    Session* s = doc->session();
    const int a100 = s->hardwareIndex(kA100);
    s->measurementStore()->importMeasurements(run("run.csv"));
    const QString note = QStringLiteral("NVIDIA A100 SXM4 80GB not shown: no roof (check it)");
    EXPECT_FALSE(doc->chart()->measuredKeyTexts().contains(note));
    s->setChecked(a100, false);
    EXPECT_TRUE(doc->chart()->measuredKeyTexts().contains(note))
        << doc->chart()->measuredKeyTexts().join(QStringLiteral(" | ")).toStdString();
    ASSERT_EQ(doc->chart()->figure().measuredWithoutRoof.size(), 1u);
    EXPECT_EQ(doc->chart()->figure().measuredWithoutRoof[0].hardware, a100);
    s->setChecked(a100, true);
    EXPECT_FALSE(doc->chart()->measuredKeyTexts().contains(note));
    EXPECT_TRUE(doc->chart()->figure().measuredWithoutRoof.empty());
}

// The real H200 sweep's batch-1 GEMM, linked to the catalog's decode matmul (batch 1, K = N =
// 8192): its tensor counters hold 8× the operator's FLOPs, and the link's sentence says how much
// of the work was padding and where the kernel sits at the useful FLOPs (AI 0.98, not 7.85).
TEST(MeasuredView, ALinkedGemmsSentenceSaysHowMuchOfItsTensorWorkWasPadding)
{
    auto s = test::makeSession();
    const int h200 = s->hardwareIndex("h200-sxm");
    ASSERT_GE(h200, 0);
    s->setChecked(h200, true);
    auto imported = importMeasurementFile(std::string(ROOFSCOPE_REAL_CORPUS_DIR) +
                                          "/../h200/h200_ncu2025_raw_fullset_gemm_bf16_k8192_"
                                          "5batches.csv");
    ASSERT_TRUE(imported.ok()) << imported.error().message;
    MeasurementSet sweep;
    sweep.file = imported->file;
    sweep.kernels = imported->kernels;
    for (MeasuredKernel& k : sweep.kernels)
        k.gpu = "h200-sxm";
    s->measurementStore()->importMeasurements(sweep);
    const int decode = operatorIndex(*s, "decode_matmul");
    ASSERT_GE(decode, 0);
    s->measurementStore()->linkKernel({0, 0}, decode);
    const QString sentence = kernelLinkSentence(*s, {0, 0});
    EXPECT_TRUE(sentence.contains(QStringLiteral(
        " Its 64×8 tiles executed 8× the FLOPs of Decode matmul: 88 % of the tensor work was "
        "padding. At the useful FLOPs its intensity is 0.982 FLOP/byte, not 7.85.")))
        << sentence.toStdString();
    // The batch-16 kernel linked to the same batch-1 operator: the user's link says it computes
    // one row, so 15 of each 16 rows its 64×16 tiles executed were padding.
    s->measurementStore()->linkKernel({0, 1}, decode);
    EXPECT_TRUE(kernelLinkSentence(*s, {0, 1})
                    .contains(QStringLiteral(" Its 64×16 tiles executed 16× the FLOPs of Decode "
                                             "matmul: 94 % of the tensor work was padding.")))
        << kernelLinkSentence(*s, {0, 1}).toStdString();
}

TEST(MeasuredView, ReadoutExplainsTheSelectedKernel)
{
    auto s = test::makeSession();
    ReadoutPanel panel(s.get());
    s->measurementStore()->importMeasurements(run("run.csv"));
    EXPECT_TRUE(panel.field(QStringLiteral("kernel")).isEmpty());
    s->measurementStore()->setSelectedKernel({0, 0});
    // 6.87e13 FLOP in 36.98 s = 1.858 TFLOP/s; FP32 vector work on the A100: its 19.5 TFLOP/s
    // roof (AI 15.6 is past the ridge of 9.56) → 9.5 % of the roof, compute-bound.
    const QString unlinked = QStringLiteral(
        "gemm_v0 on A100 SXM4 80GB: 36.98 s (74 % of the run), AI 15.6 FLOP/byte at DRAM, "
        "1.858 TFLOP/s achieved = 9.5 % of the FP32 vector roof (compute-bound).");
    EXPECT_EQ(kernelSentence(*s, {0, 0}), unlinked);
    EXPECT_EQ(panel.field(QStringLiteral("kernel")), unlinked);
    EXPECT_TRUE(kernelLinkSentence(*s, {0, 0}).isEmpty());
    // Unlinked, the link's row says how to link (it is shown with the kernel's, never alone).
    EXPECT_TRUE(panel.isFieldShown(QStringLiteral("link")));
    EXPECT_TRUE(panel.field(QStringLiteral("link")).startsWith(QStringLiteral("Not linked")));

    // Linked to the decode matmul: its estimate on the A100 is 2.039 TFLOP/s on the 312
    // TFLOP/s BF16 tensor roof, memory-bound; the kernel's 1.858 TFLOP/s is 91 % of that. The
    // link is its own line, and no sentence gives a percentage of a second roof.
    const int decode = operatorIndex(*s, "decode_matmul");
    ASSERT_GE(decode, 0);
    s->measurementStore()->linkKernel({0, 0}, decode);
    const auto& e = s->estimate(decode, s->hardwareIndex(kA100));
    ASSERT_TRUE(e.ok());
    EXPECT_NEAR(e->attainable / e->ceiling.flopsPerS * 100.0, 0.6535, 0.001);
    EXPECT_EQ(kernelSentence(*s, {0, 0}), unlinked);
    const QString link =
        QStringLiteral(
            "An instance of Decode matmul: the model predicts %1 on the BF16 tensor roof "
            "(memory-bound); the kernel achieves 91 % of that.")
            .arg(QString::fromStdString(formatFlopsRate(e->attainable)));
    EXPECT_EQ(kernelLinkSentence(*s, {0, 0}), link);
    EXPECT_EQ(panel.field(QStringLiteral("link")), link);
    EXPECT_TRUE(panel.isFieldShown(QStringLiteral("link")));

    // A kernel without FLOP counters is listed, never placed.
    MeasurementSet noFlops;
    noFlops.file = "nsight.csv";
    noFlops.kernels = {kernel("memcpy", 0.5, 0.0, 1e9)};
    noFlops.kernels[0].flops.reset();
    noFlops.kernels[0].launches = 3;
    s->measurementStore()->importMeasurements(noFlops);
    // The second import became the "after" of the first; this kernel has no "before" twin.
    EXPECT_EQ(kernelSentence(*s, {1, 0}),
              QStringLiteral("memcpy on A100 SXM4 80GB: 3 launches, 500 ms (100 % of the run), no "
                             "FLOPs counted: it is listed but has no place on the chart."));
    // Deselected: the row goes away.
    s->measurementStore()->setSelectedKernel({});
    EXPECT_TRUE(panel.field(QStringLiteral("kernel")).isEmpty());
    EXPECT_TRUE(kernelSentence(*s, {7, 7}).isEmpty());
}

// "% of roof" names the roof the kernel is bound by: the memory level under the slope, the
// compute ceiling under the flat roof (the read-out and the Kernels table's tooltip alike).
TEST(MeasuredView, PercentOfRoofNamesTheBoundingRoof)
{
    auto s = test::makeSession();
    MeasurementSet set;
    set.file = "bound.csv";
    // AI 1 on the A100 (ridge 19.5 T / 2.039 TB/s = 9.56): memory-bound, 2.039 TFLOP/s
    // attainable, 1 TFLOP/s achieved = 49 %. AI 15.6 of gemm_v0: compute-bound.
    set.kernels = {kernel("copy", 0.001, 1e9, 1e9),
                   kernel("gemm_v0", 36.98, 6.87e13, 6.87e13 / 15.6)};
    s->measurementStore()->importMeasurements(std::move(set));
    const QString memory = kernelSentence(*s, {0, 0});
    EXPECT_TRUE(memory.contains(QStringLiteral("= 49 % of the HBM roof (memory-bound).")))
        << memory.toStdString();
    EXPECT_FALSE(memory.contains(QStringLiteral("FP32 vector roof"))) << memory.toStdString();
    EXPECT_TRUE(kernelSentence(*s, {0, 1})
                    .contains(QStringLiteral("% of the FP32 vector roof (compute-bound).")))
        << kernelSentence(*s, {0, 1}).toStdString();

    KernelModel model(s.get());
    QStringList tips;
    for (int row = 0; row < model.rowCount(); ++row)
        tips << model.index(row, KernelModel::PercentColumn).data(Qt::ToolTipRole).toString();
    EXPECT_TRUE(tips.contains(QStringLiteral("Against the HBM roof of A100 SXM4 80GB")))
        << tips.join(QStringLiteral(" | ")).toStdString();
    EXPECT_TRUE(tips.contains(QStringLiteral("Against the FP32 vector roof of A100 SXM4 80GB")))
        << tips.join(QStringLiteral(" | ")).toStdString();
}

TEST(MeasuredView, ReadoutGivesTheSpeedupOfABeforeAfterPair)
{
    auto s = test::makeSession();
    s->measurementStore()->importMeasurements(run("before.csv"));
    s->measurementStore()->importMeasurements(run("after.csv", 14.792));
    // After: 14.792 s of 27.812 s in all.
    EXPECT_EQ(kernelSentence(*s, {1, 0}),
              QStringLiteral(
                  "gemm_v0 on A100 SXM4 80GB: 14.79 s (53 % of the run), AI 15.6 "
                  "FLOP/byte at DRAM, 4.644 TFLOP/s achieved = 24 % of the FP32 "
                  "vector roof (compute-bound). Before → after: 36.98 s → 14.79 s, 2.50× faster."));
    // The before run's kernel says the same comparison.
    EXPECT_TRUE(kernelSentence(*s, {0, 0})
                    .endsWith(QStringLiteral("Before → after: 36.98 s → 14.79 s, 2.50× faster.")));
    // A kernel that got slower says so.
    auto t = test::makeSession();
    t->measurementStore()->importMeasurements(run("before.csv", 10.0));
    t->measurementStore()->importMeasurements(run("after.csv", 12.5));
    EXPECT_TRUE(kernelSentence(*t, {1, 0})
                    .endsWith(QStringLiteral("Before → after: 10 s → 12.5 s, 1.25× slower.")))
        << kernelSentence(*t, {1, 0}).toStdString();
}

// A kernel faster than its own roof is not left at "1,538 %": the read-out and the Kernels
// table's "% of roof" say what to check.
TEST(MeasuredView, AKernelAboveItsRoofSaysWhatToCheck)
{
    auto s = test::makeSession();
    MeasurementSet set;
    set.file = "fast.csv";
    // 1.2·10¹² FLOP in 4 ms = 300 TFLOP/s at AI 600: tensor-core speed, read against the A100's
    // 19.5 TFLOP/s FP32 vector roof because the file says FP32 (the generic CSV's default).
    set.kernels = {test::csvKernel("gemm", 0.004, 1.2e12, 2e9)};
    set.kernels[0].gpu = kA100;
    set.kernels[0].precision = Precision::FP32;
    set.kernels[0].unit = ComputeUnit::Vector;
    s->measurementStore()->importMeasurements(std::move(set));
    const QString sentence = kernelSentence(*s, {0, 0});
    EXPECT_TRUE(sentence.contains(QStringLiteral(
        "300 TFLOP/s achieved = 1,538 % of the FP32 vector roof (compute-bound). Above its roof: "
        "the GPU may run above its datasheet clock, the kernel may use a faster unit than its "
        "precision suggests (tensor cores), or L2 hits make its DRAM bytes understate the "
        "traffic.")))
        << sentence.toStdString();

    KernelModel model(s.get());
    const QModelIndex percent = model.index(0, KernelModel::PercentColumn);
    EXPECT_EQ(percent.data().toString(), QStringLiteral("1,538 %"));
    EXPECT_FALSE(percent.data(Qt::DecorationRole).value<QIcon>().isNull());
    EXPECT_TRUE(
        percent.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Above its roof")));
    EXPECT_TRUE(
        percent.data(Qt::ToolTipRole)
            .toString()
            .startsWith(QStringLiteral("<p>Against the FP32 vector roof of A100 SXM4 80GB")))
        << percent.data(Qt::ToolTipRole).toString().toStdString();
    // A kernel under its roof has neither.
    s->measurementStore()->importMeasurements(run("run.csv"));
    const QModelIndex under = model.index(1, KernelModel::PercentColumn);
    EXPECT_TRUE(under.data(Qt::DecorationRole).value<QIcon>().isNull());
    EXPECT_FALSE(kernelSentence(*s, {1, 0}).contains(QStringLiteral("Above its roof")));
}

// On a measured CPU the roof is the probe's FMA peak: the sentence says so, never tensor cores
// or a GPU's clock.
TEST(MeasuredView, AKernelAboveAMeasuredCpuRoofTalksAboutTheCpu)
{
    HardwareCatalog catalog = HardwareCatalog::builtin();
    catalog.merge({test::measuredCpu(false)});
    Session s(catalog);
    Scenario scenario = defaultScenario();
    scenario.gpus = {"this-machine-cpu"};
    scenario.baseline = "this-machine-cpu";
    ASSERT_FALSE(s.applyScenario(scenario, QStringLiteral("test")).has_value());
    MeasurementSet set;
    set.file = "perf.csv";
    // 10¹² FLOP in 4 s = 250 GFLOP/s at AI 1000, above the CPU's 110.5 GFLOP/s FP32 peak.
    set.kernels = {kernel("my_gemm", 4.0, 1e12, 1e9, {}, {}, "this-machine-cpu")};
    s.measurementStore()->importMeasurements(std::move(set));
    const QString sentence = kernelSentence(s, {0, 0});
    EXPECT_TRUE(sentence.contains(QStringLiteral(
        "= 226 % of the FP32 vector roof (compute-bound). Above this CPU's measured FP32 FMA "
        "roof: the kernel may use a wider or other unit than the probe measured (AVX-512, AMX, "
        "BF16 dot products), its FLOP or byte counts may be off, or cache hits make its DRAM "
        "bytes understate the traffic.")))
        << sentence.toStdString();
    EXPECT_FALSE(sentence.contains(QStringLiteral("tensor"))) << sentence.toStdString();
    KernelModel model(&s);
    const QString tip = model.index(0, KernelModel::PercentColumn).data(Qt::ToolTipRole).toString();
    EXPECT_TRUE(tip.contains(QStringLiteral("Above this CPU&#x27;s measured FP32 FMA roof")) ||
                tip.contains(QStringLiteral("Above this CPU's measured FP32 FMA roof")))
        << tip.toStdString();
}
