// The chart parts drawn together as the chart facade will: ticks from LogTicks, 100,000 points
// from PointCloud, roof and operator labels from LabelPlacer, a legend from LegendLayout. The
// picture is checked by its pixels (labels on clean backgrounds, the legend above the plot);
// with ROOFSCOPE_TEST_ARTIFACTS set it is also saved there to be looked at.
#include "ui/chart/labelplacer.h"
#include "ui/chart/legendlayout.h"
#include "ui/chart/logticks.h"
#include "ui/chart/pointcloud.h"

#include <QDir>
#include <QFontMetricsF>
#include <QImage>
#include <QPainter>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace roofscope;

namespace {

struct Gpu {
    QString name;
    QColor colour;
    double peak; // FP16 tensor, FLOP/s
    double bandwidth;
};

const std::vector<Gpu> kGpus = {
    {QStringLiteral("NVIDIA A100 SXM4 80GB"), QColor(0x2ca02c), 312e12, 2.039e12},
    {QStringLiteral("NVIDIA H100 SXM5 80GB"), QColor(0x1f77b4), 989.4e12, 3.35e12},
    {QStringLiteral("NVIDIA H200 SXM 141GB"), QColor(0xff7f0e), 989.4e12, 4.8e12},
    {QStringLiteral("NVIDIA B200 HGX"), QColor(0x9467bd), 2250e12, 8e12},
    {QStringLiteral("AMD Instinct MI300X"), QColor(0xd62728), 1307.4e12, 5.3e12},
    {QStringLiteral("NVIDIA L40S"), QColor(0x17becf), 362.05e12, 0.864e12},
};

const QColor kLabelBackground(255, 255, 255, 230);

struct Scene {
    QImage image;
    LabelPlacer::Result labels;
    LegendLayout::Result legend;
    QRectF plot;
    QPointF legendOrigin;
    std::vector<LogTicks::Tick> xTicks;
    std::vector<LogTicks::Tick> yTicks;
};

Scene drawChart(QSize size, qreal dpr, ViewRange range = ViewRange{0.01, 1e4, 1e11, 2e16})
{
    Scene s;
    s.image = QImage(size * dpr, QImage::Format_ARGB32_Premultiplied);
    s.image.setDevicePixelRatio(dpr);
    s.image.fill(Qt::white);
    QFont font;
    font.setPointSizeF(9.0);
    const QFontMetricsF fm(font);

    // Legend first: its rows decide where the plot starts.
    const qreal left = 95;
    const qreal right = size.width() - 20;
    LegendLayout::Params lp;
    lp.font = font;
    s.legend = LegendLayout::layout(
        [] {
            QStringList names;
            for (const Gpu& g : kGpus)
                names << g.name;
            return names;
        }(),
        right - left, lp);
    s.legendOrigin = QPointF(left, 10);
    s.plot = QRectF(left, 10 + s.legend.size.height() + 12, right - left,
                    size.height() - 10 - s.legend.size.height() - 12 - 50);
    const geometry::LogAxes axes{s.plot, range};
    auto px = [&](double ai, double flops) { return geometry::valueToPixel(axes, {ai, flops}); };

    QPainter p(&s.image);
    p.setRenderHint(QPainter::Antialiasing);
    // Grid and ticks.
    const auto xt = LogTicks::compute({axes.range.aiMin,
                                       axes.range.aiMax,
                                       s.plot.width(),
                                       50.0,
                                       LogTicks::Format::PowerOfTen,
                                       {}});
    const auto yt =
        LogTicks::compute({axes.range.flopsMin, axes.range.flopsMax, s.plot.height(),
                           fm.height() * 1.6, LogTicks::Format::Si, QStringLiteral("FLOP/s")});
    s.xTicks = xt;
    s.yTicks = yt;
    p.setFont(font);
    for (const auto& t : xt) {
        const qreal x = px(t.value, 1e12).x();
        p.setPen(QPen(t.major ? QColor(0xc8c8c8) : QColor(0xececec), 1.0));
        p.drawLine(QPointF(x, s.plot.top()), QPointF(x, s.plot.bottom()));
        if (!t.label.isEmpty()) {
            p.setPen(QColor(0x606060));
            p.drawText(QRectF(x - 40, s.plot.bottom() + 4, 80, fm.height()), Qt::AlignCenter,
                       t.label);
        }
    }
    for (const auto& t : yt) {
        const qreal y = px(1, t.value).y();
        p.setPen(QPen(t.major ? QColor(0xc8c8c8) : QColor(0xececec), 1.0));
        p.drawLine(QPointF(s.plot.left(), y), QPointF(s.plot.right(), y));
        if (!t.label.isEmpty()) {
            p.setPen(QColor(0x606060));
            p.drawText(QRectF(0, y - fm.height() / 2, s.plot.left() - 6, fm.height()),
                       Qt::AlignRight | Qt::AlignVCenter, t.label);
        }
    }
    p.setPen(QColor(0x202020));
    p.drawText(
        QRectF(s.plot.left(), s.plot.bottom() + 4 + fm.height(), s.plot.width(), fm.height() + 6),
        Qt::AlignCenter, QStringLiteral("Arithmetic intensity (FLOP/byte)"));

    // 100,000 kernels of a profile: a few families and a scattered tail, coloured by GPU.
    std::mt19937 rng(11);
    std::normal_distribution<double> g(0.0, 1.0);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    std::vector<QPointF> values;
    std::vector<std::uint16_t> markerOf;
    const double families[][3] = {{-0.5, 11.9, 0.2},
                                  {0.4, 12.6, 0.25},
                                  {1.3, 13.4, 0.3},
                                  {2.4, 14.2, 0.25},
                                  {3.1, 14.6, 0.2}};
    for (int i = 0; i < 100000; ++i) {
        const auto& f = families[static_cast<std::size_t>(i) % 5];
        const bool tail = u(rng) < 0.1;
        const double lx = tail ? -1.5 + 5.0 * u(rng) : f[0] + f[2] * g(rng);
        double ly = tail ? 11.0 + 3.5 * u(rng) : f[1] + f[2] * g(rng);
        const std::uint16_t gpu = static_cast<std::uint16_t>(i % 4);
        // Under the GPU's roof, as measured kernels are.
        const double roof =
            std::log10(std::min(kGpus[gpu].peak, kGpus[gpu].bandwidth * std::pow(10.0, lx)));
        ly = std::min(ly, roof - 0.02);
        values.emplace_back(std::pow(10.0, lx), std::pow(10.0, ly));
        markerOf.push_back(gpu);
    }
    PointCloud cloud;
    std::vector<PointCloud::Marker> markers;
    for (std::size_t k = 0; k < 4; ++k) {
        QColor c = kGpus[k].colour;
        c.setAlphaF(0.55);
        markers.push_back({PointCloud::Shape::Circle, c, QColor(), 5.0, 0.0});
    }
    cloud.setMarkers(markers);
    cloud.setPoints(values, markerOf);
    cloud.setAxes(axes);
    cloud.render(&p);

    // Roofs.
    std::vector<LabelPlacer::Request> requests;
    for (const Gpu& gpu : kGpus) {
        const double ridge = gpu.peak / gpu.bandwidth;
        QPen pen(gpu.colour, 2.0);
        p.setPen(pen);
        p.setClipRect(s.plot);
        p.drawLine(px(axes.range.aiMin, gpu.bandwidth * axes.range.aiMin), px(ridge, gpu.peak));
        p.drawLine(px(ridge, gpu.peak), px(axes.range.aiMax, gpu.peak));
        p.setClipping(false);
        LabelPlacer::Request roof;
        roof.text = QStringLiteral("FP16 tensor %1")
                        .arg(LogTicks::label(gpu.peak, LogTicks::Format::Si,
                                             QStringLiteral("FLOP/s"), false));
        roof.anchor =
            px(std::sqrt(std::max(ridge, axes.range.aiMin) * axes.range.aiMax) * 2.0, gpu.peak);
        roof.value = gpu.peak;
        roof.priority = 10;
        roof.size = QSizeF(fm.horizontalAdvance(roof.text) + 6, fm.height() + 2);
        requests.push_back(roof);
        LabelPlacer::Request ridgeLabel;
        ridgeLabel.text = QStringLiteral("ridge %1").arg(ridge, 0, 'f', 0);
        ridgeLabel.anchor = px(ridge, gpu.peak);
        ridgeLabel.priority = 5;
        ridgeLabel.size = QSizeF(fm.horizontalAdvance(ridgeLabel.text) + 6, fm.height() + 2);
        requests.push_back(ridgeLabel);
    }
    // Forty named kernels, anchored on points of the cloud.
    std::vector<QRectF> obstacles;
    for (int k = 0; k < 40; ++k) {
        const int i = k * 2477 + 13;
        LabelPlacer::Request op;
        op.text = QStringLiteral("kernel_%1").arg(k);
        op.anchor = cloud.pixelOf(i);
        op.size = QSizeF(fm.horizontalAdvance(op.text) + 6, fm.height() + 2);
        requests.push_back(op);
        obstacles.emplace_back(op.anchor.x() - 4, op.anchor.y() - 4, 8, 8);
    }
    LabelPlacer placer;
    placer.setBounds(s.plot.adjusted(2, 2, -2, -2));
    placer.setObstacles(obstacles);
    s.labels = placer.place(requests);
    for (const auto& l : s.labels.labels) {
        const auto& r = requests[static_cast<std::size_t>(l.request)];
        if (l.leader) {
            p.setPen(QPen(QColor(80, 80, 80, 170), 1.0));
            p.drawLine(l.leaderLine);
        }
        p.setPen(Qt::NoPen);
        p.setBrush(kLabelBackground);
        p.drawRoundedRect(l.rect, 3, 3);
        p.setPen(QColor(0x202020));
        p.drawText(l.rect, Qt::AlignCenter, r.text);
    }
    if (s.labels.hiddenCount() > 0) {
        p.setPen(QColor(0x606060));
        p.drawText(s.plot.adjusted(0, 0, -6, -4), Qt::AlignRight | Qt::AlignBottom,
                   QStringLiteral("%1 labels hidden").arg(s.labels.hiddenCount()));
    }

    // Legend.
    p.setFont(s.legend.font);
    for (std::size_t i = 0; i < s.legend.entries.size(); ++i) {
        const auto& e = s.legend.entries[i];
        const QRectF sw = e.swatch.translated(s.legendOrigin);
        p.setPen(QPen(kGpus[i].colour, 2.5, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(QPointF(sw.left() + 2, sw.center().y()),
                   QPointF(sw.right() - 2, sw.center().y()));
        p.setPen(QColor(0x202020));
        p.drawText(e.text.translated(s.legendOrigin), Qt::AlignLeft | Qt::AlignVCenter,
                   e.shownText);
    }
    p.setPen(QPen(QColor(0x909090), 1.0));
    p.setBrush(Qt::NoBrush);
    p.drawRect(s.plot);
    p.end();
    return s;
}

void saveArtifact(const QImage& image, const QString& name)
{
    const QString dir = qEnvironmentVariable("ROOFSCOPE_TEST_ARTIFACTS");
    if (!dir.isEmpty())
        image.save(QDir(dir).filePath(name));
}

} // namespace

TEST(ChartPartsRender, LabelsSitOnCleanBoxesAndCoincidingRoofsAreLabelledOnce)
{
    const Scene s = drawChart(QSize(1600, 900), 1.0);
    saveArtifact(s.image, QStringLiteral("chartparts_1600x900.png"));
    // H100 and H200 share 989.4 TFLOP/s: one roof label for both.
    int roofLabels = 0;
    for (const auto& l : s.labels.labels) {
        if (l.merged.size() == 2) {
            EXPECT_EQ(l.merged, (std::vector<int>{2, 4}));
        }
        roofLabels += l.request % 2 == 0 && l.request < 12 ? 1 : 0;
    }
    EXPECT_EQ(roofLabels, 5);
    // Every label box is on top: its padding left of the text shows the label background
    // (90 % white over whatever lies beneath), the text in the middle is dark.
    for (const auto& l : s.labels.labels) {
        const QPointF mid = l.rect.center();
        EXPECT_GE(s.image.pixelColor(QPointF(l.rect.left() + 1.5, mid.y()).toPoint()).lightness(),
                  225)
            << l.request;
        int dark = 0;
        for (int x = static_cast<int>(l.rect.left()); x < l.rect.right(); ++x)
            dark += s.image.pixelColor(x, static_cast<int>(mid.y())).lightness() < 110 ? 1 : 0;
        EXPECT_GT(dark, 3) << l.request;
    }
    // 1600 px wide: the six GPUs fit one legend row, the plot starts below it.
    EXPECT_EQ(s.legend.rows, 1);
    EXPECT_GT(s.plot.top(), s.legendOrigin.y() + s.legend.size.height());
}

TEST(ChartPartsRender, ASmallScreenWrapsTheLegendAtFullFontSize)
{
    const Scene s = drawChart(QSize(683, 420), 2.0); // 1366×768 chart area at scale 2
    saveArtifact(s.image, QStringLiteral("chartparts_683x420@2x.png"));
    EXPECT_GE(s.legend.rows, 2);
    EXPECT_EQ(s.legend.font.pointSizeF(), 9.0);
    // The plot starts below the last legend row.
    EXPECT_GE(s.plot.top(), s.legendOrigin.y() + s.legend.size.height());
    // Legend text is dark on white: the first entry's text box holds dark pixels.
    const QRectF t = s.legend.entries[0].text.translated(s.legendOrigin);
    int dark = 0;
    for (int y = static_cast<int>(t.top()); y < t.bottom(); ++y) {
        for (int x = static_cast<int>(t.left()); x < t.right(); ++x)
            dark += s.image.pixelColor(x * 2, y * 2).lightness() < 100 ? 1 : 0;
    }
    EXPECT_GT(dark, 20);
}

TEST(ChartPartsRender, AZoomedChartKeepsNumbersOnBothAxes)
{
    // Less than a decade on both axes: 1-2-5 steps, plain numbers for the intensity, SI for FLOP/s.
    const Scene s = drawChart(QSize(1200, 700), 1.0, ViewRange{20.0, 150.0, 2e14, 9e14});
    saveArtifact(s.image, QStringLiteral("chartparts_zoomed.png"));
    QStringList x;
    QStringList y;
    for (const auto& t : s.xTicks) {
        if (!t.label.isEmpty())
            x << t.label;
    }
    for (const auto& t : s.yTicks) {
        if (!t.label.isEmpty())
            y << t.label;
    }
    EXPECT_EQ(x, (QStringList{QStringLiteral("20"), QStringLiteral("50"), QStringLiteral("100")}));
    EXPECT_EQ(y, (QStringList{QStringLiteral("200 TFLOP/s"), QStringLiteral("300 TFLOP/s"),
                              QStringLiteral("400 TFLOP/s"), QStringLiteral("500 TFLOP/s"),
                              QStringLiteral("600 TFLOP/s"), QStringLiteral("700 TFLOP/s"),
                              QStringLiteral("800 TFLOP/s"), QStringLiteral("900 TFLOP/s")}));
}
