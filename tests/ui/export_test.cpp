// Figures and data for slides: pixel sizes, colours where the core puts roofs and ridges,
// SVG text, one-page PDFs of the requested size, CSV numbers equal to the core's, atomic
// writes that fail cleanly, and an export that leaves the window's chart alone.
#include "ui/chart/chartdocument.h"
#include "ui/chart/chartgeometry.h"
#include "ui/chart/roofchart.h"
#include "ui/document/gpucolor.h"
#include "ui/export/atomicfile.h"
#include "ui/export/exportcontroller.h"
#include "ui/export/exportdialog.h"
#include "ui/export/figuredata.h"
#include "ui/export/figureexporter.h"
#include "ui/style/chartstyle.h"
#include "uitestutil.h"

#include <QAction>
#include <QBuffer>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QImageReader>
#include <QMimeData>
#include <QRegularExpression>
#include <QSet>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <map>

using namespace roofscope;
using roofscope::test::coreEstimate;
using roofscope::test::makeWindow;

namespace {

// Hardware pointers below point into this catalog, which outlives every test (built on first
// use: the built-in data is not ready during static initialisation).
const HardwareCatalog& catalog()
{
    static const HardwareCatalog c = HardwareCatalog::builtin();
    return c;
}

std::unique_ptr<FigureExporter> makeExporter(const FigureOptions& options,
                                             const Scenario& scenario = defaultScenario())
{
    auto e = FigureExporter::create(scenario, HardwareCatalog::builtin(), options);
    EXPECT_TRUE(e.ok());
    return e.ok() ? std::move(*e) : nullptr;
}

FigureOptions options(QSize size, qreal scale = 1.0, std::optional<Theme> theme = Theme::Light)
{
    FigureOptions o;
    o.size = size;
    o.scale = scale;
    o.theme = theme;
    return o;
}

bool close(QRgb a, const QColor& b, int tolerance)
{
    return std::abs(qRed(a) - b.red()) <= tolerance &&
           std::abs(qGreen(a) - b.green()) <= tolerance &&
           std::abs(qBlue(a) - b.blue()) <= tolerance;
}

// Pixels within `radius` of `center` (image pixels) that have `color` (antialiasing allowed).
int pixelsWithColor(const QImage& img, QPointF center, int radius, const QColor& color,
                    int tolerance = 40)
{
    int n = 0;
    const int cx = static_cast<int>(std::lround(center.x()));
    const int cy = static_cast<int>(std::lround(center.y()));
    for (int y = cy - radius; y <= cy + radius; ++y) {
        for (int x = cx - radius; x <= cx + radius; ++x) {
            if (img.valid(x, y) && close(img.pixel(x, y), color, tolerance))
                ++n;
        }
    }
    return n;
}

// Image pixel of a data value: the chart's own mapping, then the figure's placement, then the
// PNG scale.
QPointF imagePixel(const FigureExporter& e, QPointF value)
{
    const QPointF chartPx = geometry::valueToPixel(e.document()->chart()->logAxes(), value);
    return e.chartToFigure().map(chartPx) * e.options().scale;
}

QColor seriesColor(const Session& s, int hw, Theme theme)
{
    return s.viewSettings()->theme() == theme ? gpuColor(s, hw)
                                              : hardwareColor(s.colorSlot(hw), theme);
}

std::vector<std::map<std::string, std::string>> parseCsv(const QByteArray& csv)
{
    std::vector<std::map<std::string, std::string>> rows;
    const QList<QByteArray> lines = csv.split('\n');
    const QList<QByteArray> header = lines.value(0).split(',');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        if (lines[i].isEmpty())
            continue;
        // The default operator names have no commas or quotes; a quoted field would fail the
        // column count check below.
        const QList<QByteArray> fields = lines[i].split(',');
        EXPECT_EQ(fields.size(), header.size()) << lines[i].toStdString();
        std::map<std::string, std::string> row;
        for (qsizetype c = 0; c < header.size() && c < fields.size(); ++c)
            row[header[c].toStdString()] = fields[c].toStdString();
        rows.push_back(std::move(row));
    }
    return rows;
}

double toDouble(const std::string& s)
{
    return std::strtod(s.c_str(), nullptr);
}

} // namespace

TEST(FigureExport, PngHasTheRequestedPixelSize)
{
    auto e = makeExporter(options(QSize(1280, 720), 2.0));
    ASSERT_TRUE(e);
    const QImage image = QImage::fromData(e->renderPng(), "PNG");
    EXPECT_EQ(image.size(), QSize(2560, 1440));
    EXPECT_DOUBLE_EQ(e->magnification(), 1.0);

    auto big = makeExporter(options(QSize(3840, 2160)));
    ASSERT_TRUE(big);
    EXPECT_EQ(big->renderImage().size(), QSize(3840, 2160));
    // A 4K figure is the reference layout magnified three times, not a larger screen.
    EXPECT_DOUBLE_EQ(big->magnification(), 3.0);
    EXPECT_EQ(big->layoutSize(), QSizeF(1280, 720));

    auto custom = makeExporter(options(QSize(1000, 800), 1.5));
    ASSERT_TRUE(custom);
    EXPECT_EQ(QImage::fromData(custom->renderPng(), "PNG").size(), QSize(1500, 1200));
}

TEST(FigureExport, RidgeMarkersAndCeilingsCarryTheSeriesColour)
{
    for (const auto& [size, scale] : {std::pair{QSize(1920, 1080), 1.0}, {QSize(1280, 720), 2.0}}) {
        // With a title the chart sits lower in the figure: the mapping must follow it.
        FigureOptions o = options(size, scale);
        if (scale == 1.0) {
            o.title = QStringLiteral("Roofline");
            o.subtitle = QStringLiteral("four accelerators");
        }
        auto e = makeExporter(o);
        ASSERT_TRUE(e);
        const QImage img = e->renderImage();
        const Session& s = *e->document()->session();
        const int op = s.selectedOperator();
        ASSERT_GE(op, 0);
        const qreal px = e->magnification() * scale; // image pixels per layout unit
        for (int hw : s.checkedHardware()) {
            const auto& est = s.estimate(op, hw);
            ASSERT_TRUE(est.ok());
            const QColor color = seriesColor(s, hw, Theme::Light);
            // The ridge marker: a ring in the series colour around (ridge AI, peak).
            const QPointF ridge = imagePixel(*e, {est->ridgeAi, est->ceiling.flopsPerS});
            EXPECT_GE(pixelsWithColor(img, ridge, static_cast<int>(std::ceil(6 * px)), color), 4)
                << s.hardware()[static_cast<std::size_t>(hw)].id << " ridge at " << ridge.x() << ","
                << ridge.y();
        }
        // The flat ceilings of A100 (312 TFLOP/s) and B200 (2.25 PFLOP/s): no other roof shares
        // them, so their colour there is theirs alone. Labels may cover a spot: some of the
        // spots along the ceiling must show it.
        for (const char* id : {"a100-sxm4-80gb", "b200-sxm"}) {
            const int hw = s.hardwareIndex(id);
            const auto& est = s.estimate(op, hw);
            ASSERT_TRUE(est.ok());
            const QColor color = seriesColor(s, hw, Theme::Light);
            int hits = 0;
            for (double f : {2.0, 3.0, 5.0, 8.0, 13.0}) {
                const double ai = est->ridgeAi * f;
                if (ai > e->document()->chart()->effectiveRange().aiMax)
                    continue;
                const QPointF p = imagePixel(*e, {ai, est->ceiling.flopsPerS});
                if (pixelsWithColor(img, p, static_cast<int>(std::ceil(2 * px)), color, 30) > 0)
                    ++hits;
            }
            EXPECT_GE(hits, 2) << id;
            // And not a decade below, where nothing of this accelerator is drawn.
            const QPointF below =
                imagePixel(*e, {est->ridgeAi * 3.0, est->ceiling.flopsPerS / 10.0});
            EXPECT_EQ(pixelsWithColor(img, below, 2, color, 30), 0) << id;
        }
    }
}

TEST(FigureExport, SlideFiguresHaveThickLinesAndLargeText)
{
    auto e = makeExporter(options(QSize(3840, 2160), 1.0, Theme::Slide));
    ASSERT_TRUE(e);
    const QImage img = e->renderImage();
    const Session& s = *e->document()->session();
    const int hw = s.hardwareIndex("b200-sxm");
    const auto& est = s.estimate(s.selectedOperator(), hw);
    ASSERT_TRUE(est.ok());
    const QColor color = seriesColor(s, hw, Theme::Slide);
    // Thickness of the B200 ceiling, counted down a column: 4.5 layout px × 3 ≈ 13 px.
    int best = 0;
    for (double f : {2.0, 3.0, 5.0}) {
        const QPointF p = imagePixel(*e, {est->ridgeAi * f, est->ceiling.flopsPerS});
        const int x = static_cast<int>(std::lround(p.x()));
        int run = 0;
        for (int y = static_cast<int>(p.y()) - 20; y <= static_cast<int>(p.y()) + 20; ++y) {
            if (img.valid(x, y) && close(img.pixel(x, y), color, 40))
                best = std::max(best, ++run);
            else
                run = 0;
        }
    }
    EXPECT_GE(best, 9) << "a 3840-wide slide figure must not have thin roofs";
    // Fonts grow with the figure: the axis title is laid out at the reference size, then
    // magnified three times.
    EXPECT_DOUBLE_EQ(e->magnification(), 3.0);
}

TEST(FigureExport, SvgParsesAndHoldsTheAxisTitlesAsText)
{
    FigureOptions o = options(QSize(1920, 1080));
    o.title = QStringLiteral("Decode is memory-bound");
    auto e = makeExporter(o);
    ASSERT_TRUE(e);
    const QByteArray svg = e->renderSvg();
    ASSERT_FALSE(svg.isEmpty());
    EXPECT_TRUE(QSvgRenderer(svg).isValid());
    QXmlStreamReader xml(svg);
    QStringList texts;
    int images = 0;
    QString viewBox;
    QString svgWidth;
    QString svgHeight;
    QStringList fontStack; // font-family of the enclosing groups
    QSet<QString> textFonts;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isEndElement() && xml.name() == QLatin1String("g"))
            fontStack.removeLast();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("g")) {
            const QString family = xml.attributes().value(QLatin1String("font-family")).toString();
            fontStack << (family.isEmpty() && !fontStack.isEmpty() ? fontStack.last() : family);
        }
        if (xml.name() == QLatin1String("svg")) {
            viewBox = xml.attributes().value(QLatin1String("viewBox")).toString();
            svgWidth = xml.attributes().value(QLatin1String("width")).toString();
            svgHeight = xml.attributes().value(QLatin1String("height")).toString();
        }
        if (xml.name() == QLatin1String("image"))
            ++images;
        if (xml.name() == QLatin1String("text")) {
            const QString family = xml.attributes().value(QLatin1String("font-family")).toString();
            textFonts << (family.isEmpty() ? fontStack.value(fontStack.size() - 1) : family);
            texts << xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed();
        }
    }
    ASSERT_FALSE(xml.hasError()) << xml.errorString().toStdString();
    EXPECT_EQ(viewBox, QStringLiteral("0 0 1920 1080"));
    // Physical slide size and a named font.
    EXPECT_EQ(svgWidth, QStringLiteral("338.667mm")); // 13.33 in
    EXPECT_EQ(svgHeight, QStringLiteral("190.5mm"));  // 7.5 in
    EXPECT_GT(texts.size(), 10);
    EXPECT_EQ(textFonts, QSet<QString>{QStringLiteral("DejaVu Sans")});
    EXPECT_TRUE(texts.contains(QStringLiteral("Arithmetic intensity (FLOP/byte)")))
        << texts.join(QLatin1Char('|')).toStdString();
    EXPECT_TRUE(texts.contains(QStringLiteral("Attainable performance")));
    EXPECT_TRUE(texts.contains(QStringLiteral("Decode is memory-bound")));
    // Vector all the way: no item was rasterised into an embedded bitmap.
    EXPECT_EQ(images, 0);
}

TEST(FigureExport, PdfIsOnePageOfTheRequestedSize)
{
    auto e = makeExporter(options(QSize(1920, 1080)));
    ASSERT_TRUE(e);
    const QByteArray pdf = e->renderPdf();
    ASSERT_TRUE(pdf.startsWith("%PDF-"));
    const QString text = QString::fromLatin1(pdf);
    EXPECT_EQ(text.count(QRegularExpression(QStringLiteral("/Type\\s*/Page(?!s)"))), 1);
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("/MediaBox\\s*\\[\\s*([\\d.]+)\\s+([\\d.]+)\\s+([\\d.]+)"
                                          "\\s+([\\d.]+)\\s*\\]"))
            .match(text);
    ASSERT_TRUE(m.hasMatch());
    EXPECT_DOUBLE_EQ(m.captured(1).toDouble(), 0.0);
    EXPECT_DOUBLE_EQ(m.captured(2).toDouble(), 0.0);
    // A slide, 13.33 × 7.5 in (960 × 540 pt), not 1920 pt wide.
    EXPECT_NEAR(m.captured(3).toDouble(), 960.0, 0.01);
    EXPECT_NEAR(m.captured(4).toDouble(), 540.0, 0.01);
}

TEST(FigureExport, CsvNumbersEqualTheCore)
{
    auto doc = ChartDocument::fromScenario(defaultScenario(), HardwareCatalog::builtin(),
                                           QStringLiteral("default"));
    ASSERT_TRUE(doc.ok());
    const Session& s = *(*doc)->session();
    const FigureData data = figureDataOf(s, (*doc)->chart()->effectiveRange());
    const auto rows = parseCsv(QByteArray::fromStdString(data.toCsv()));
    std::map<std::string, int> kinds;
    for (const auto& row : rows)
        ++kinds[row.at("kind")];
    EXPECT_EQ(kinds["point"], 28); // 7 operators × 4 accelerators
    EXPECT_GE(kinds["roof"], 4 * 3);
    EXPECT_GE(kinds["ridge"], 4);
    EXPECT_GE(kinds["sweep"], 4 * 2);
    EXPECT_EQ(kinds["crossing"], 4); // decode matmul crosses every ridge within batch 1…4096

    int checked = 0;
    for (const auto& row : rows) {
        if (row.at("kind") != "point")
            continue;
        const Hardware* hw = catalog().find(row.at("gpu_id"));
        ASSERT_NE(hw, nullptr);
        const Operator* op = nullptr;
        for (const Operator& o : s.operators()) {
            if (o.displayName() == row.at("operator"))
                op = &o;
        }
        ASSERT_NE(op, nullptr) << row.at("operator");
        const Estimate e = coreEstimate(*op, *hw);
        EXPECT_DOUBLE_EQ(toDouble(row.at("ai_flop_per_byte")), e.ai);
        EXPECT_DOUBLE_EQ(toDouble(row.at("flops_per_s")), e.attainable);
        EXPECT_DOUBLE_EQ(toDouble(row.at("time_s")), e.timeS);
        EXPECT_EQ(row.at("bound"), std::string(boundName(e.bound)));
        ++checked;
    }
    EXPECT_EQ(checked, 28);

    // Ridges and crossings are the core's as well.
    const int decode = s.selectedOperator();
    for (const auto& row : rows) {
        const Hardware* hw = catalog().find(row.at("gpu_id"));
        ASSERT_NE(hw, nullptr);
        if (row.at("kind") == "ridge" && row.at("roof") == "bf16 tensor") {
            const Estimate e = coreEstimate(s.operators()[static_cast<std::size_t>(decode)], *hw);
            EXPECT_DOUBLE_EQ(toDouble(row.at("ai_flop_per_byte")), e.ridgeAi) << hw->id;
            EXPECT_DOUBLE_EQ(toDouble(row.at("flops_per_s")), e.ceiling.flopsPerS) << hw->id;
        }
        if (row.at("kind") == "crossing") {
            const int index = s.hardwareIndex(hw->id);
            EXPECT_DOUBLE_EQ(toDouble(row.at("param_value")), *s.crossing(decode, index));
            EXPECT_EQ(row.at("param"), "batch");
        }
    }
    // H100: decode matmul turns compute-bound from batch ≈ 295 (the seed's B*).
    const auto h100 = s.crossing(decode, s.hardwareIndex("h100-sxm5"));
    ASSERT_TRUE(h100);
    EXPECT_GT(*h100, 250.0);
    EXPECT_LT(*h100, 350.0);
}

TEST(FigureExport, JsonHoldsEveryCurve)
{
    auto doc = ChartDocument::fromScenario(defaultScenario(), HardwareCatalog::builtin(),
                                           QStringLiteral("default"));
    ASSERT_TRUE(doc.ok());
    const Session& s = *(*doc)->session();
    const auto json =
        nlohmann::json::parse(figureDataOf(s, (*doc)->chart()->effectiveRange()).toJson());
    EXPECT_EQ(json.at("format"), "roofscope-figure-data");
    EXPECT_EQ(json.at("gpus").size(), 4u);
    EXPECT_EQ(json.at("points").size(), 28u);
    EXPECT_EQ(json.at("sweeps").size(), 4u);
    for (const auto& roof : json.at("roofs")) {
        ASSERT_GE(roof.at("points").size(), 2u);
        // The ridge is on the roof: peak / bandwidth.
        EXPECT_NEAR(roof.at("ridge_ai").get<double>() * roof.at("bytes_per_s").get<double>() /
                        roof.at("peak_flops_per_s").get<double>(),
                    1.0, 1e-12);
    }
    for (const auto& p : json.at("points")) {
        const Hardware* hw = catalog().find(p.at("gpu").get<std::string>());
        ASSERT_NE(hw, nullptr);
        auto op = parseOperatorSpec(p.at("spec").get<std::string>());
        ASSERT_TRUE(op.ok());
        const Estimate e = coreEstimate(*op, *hw);
        EXPECT_DOUBLE_EQ(p.at("attainable_flops_per_s").get<double>(), e.attainable);
    }
}

TEST(FigureExport, UnwritablePathFailsWithAMessageAndLeavesNoFile)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    // A parent that is a regular file blocks even root.
    const QString blocker = dir.filePath(QStringLiteral("blocker"));
    {
        QFile f(blocker);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("x");
    }
    auto e = makeExporter(options(QSize(640, 360)));
    ASSERT_TRUE(e);
    for (FigureFormat format : {FigureFormat::Png, FigureFormat::Svg, FigureFormat::Pdf}) {
        const QString path = blocker + QStringLiteral("/figure.") + figureFormatSuffix(format);
        const auto error = e->write(path, format);
        ASSERT_TRUE(error.has_value());
        EXPECT_TRUE(error->contains(QDir::toNativeSeparators(path))) << error->toStdString();
        EXPECT_FALSE(QFile::exists(path));
    }
    // A directory in the way of the file.
    const QString asDir = dir.filePath(QStringLiteral("taken.png"));
    ASSERT_TRUE(QDir().mkpath(asDir));
    const auto error = AtomicFile::write(asDir, QByteArray("data"));
    ASSERT_TRUE(error.has_value());
    EXPECT_TRUE(error->contains(asDir));
    // Nothing half-written next to them: only what the test made.
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
              QStringList({QStringLiteral("blocker"), QStringLiteral("taken.png")}));
    QFile f(blocker);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(f.readAll(), QByteArray("x"));

    // And a good path is written whole.
    const QString good = dir.filePath(QStringLiteral("ok.png"));
    EXPECT_FALSE(e->write(good, FigureFormat::Png).has_value());
    EXPECT_EQ(QImageReader(good).size(), QSize(640, 360));
}

TEST(FigureExport, ExportFromTheWindowMatchesHeadlessAndLeavesTheChartAlone)
{
    auto w = makeWindow();
    w->resize(1400, 900);
    RoofChart* chart = w->chart();
    const geometry::LogAxes before = chart->logAxes();
    const QSizeF sizeBefore = chart->size();
    const Theme themeBefore = w->session()->viewSettings()->theme();

    auto* controller = w->findChild<ExportController*>();
    ASSERT_NE(controller, nullptr);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("window.png"));
    const FigureOptions o = options(QSize(1920, 1080), 1.0, Theme::Slide);
    ASSERT_FALSE(controller->exportFigure(path, FigureFormat::Png, o).has_value());

    // The chart on screen kept its theme, size and axes.
    EXPECT_EQ(w->session()->viewSettings()->theme(), themeBefore);
    EXPECT_EQ(chart->style().theme, themeBefore);
    EXPECT_EQ(chart->size(), sizeBefore);
    EXPECT_EQ(chart->logAxes().plot, before.plot);
    EXPECT_TRUE(chart->logAxes().range == before.range);

    // Pixel for pixel what `roofscope plot` draws from the same scenario.
    QImage fromWindow(path);
    fromWindow = fromWindow.convertToFormat(QImage::Format_ARGB32_Premultiplied);
    auto headless = makeExporter(o, w->session()->toScenario());
    ASSERT_TRUE(headless);
    QImage fromScenario = headless->renderImage();
    fromScenario.setDevicePixelRatio(1.0);
    ASSERT_EQ(fromWindow.size(), QSize(1920, 1080));
    EXPECT_TRUE(fromWindow == fromScenario.convertToFormat(fromWindow.format()));
}

TEST(FigureExport, WindowHasTheActionsAndCopiesAPng)
{
    auto w = makeWindow();
    auto* controller = w->findChild<ExportController*>();
    ASSERT_NE(controller, nullptr);
    EXPECT_EQ(controller->exportFigureAction()->shortcut(), QKeySequence(QStringLiteral("Ctrl+E")));
    EXPECT_EQ(controller->copyFigureAction()->shortcut(),
              QKeySequence(QStringLiteral("Ctrl+Shift+C")));
    EXPECT_FALSE(controller->exportDataAction()->text().isEmpty());

    ASSERT_FALSE(controller->copyFigure(options(QSize(1280, 720))).has_value());
    const QMimeData* mime = QGuiApplication::clipboard()->mimeData();
    ASSERT_NE(mime, nullptr);
    ASSERT_TRUE(mime->hasFormat(QStringLiteral("image/png")));
    EXPECT_EQ(QImage::fromData(mime->data(QStringLiteral("image/png")), "PNG").size(),
              QSize(1280, 720));

    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("points.csv"));
    ASSERT_FALSE(controller->exportData(csv).has_value());
    QFile f(csv);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_TRUE(f.readLine().startsWith("kind,gpu_id,gpu,operator,roof,index,ai_flop_per_byte"));
    EXPECT_TRUE(controller->exportData(dir.filePath(QStringLiteral("points.txt"))).has_value());
}

TEST(ExportDialog, FormatFollowsTheFileNameAndSettingsAreRemembered)
{
    {
        ExportDialog d;
        d.setPath(QStringLiteral("/tmp/figure.svg"));
        EXPECT_EQ(d.format(), FigureFormat::Svg);
        d.setPath(QStringLiteral("/tmp/figure.pdf"));
        EXPECT_EQ(d.format(), FigureFormat::Pdf);
        FigureOptions o = options(QSize(3840, 2160), 2.0, Theme::Slide);
        o.transparent = true;
        o.title = QStringLiteral("H100 vs B200");
        o.subtitle = QStringLiteral("batch 1 decode");
        d.setPath(QStringLiteral("/tmp/figure.png"));
        d.setOptions(o);
        EXPECT_EQ(d.format(), FigureFormat::Png);
        const FigureOptions back = d.options();
        EXPECT_EQ(back.size, QSize(3840, 2160));
        EXPECT_DOUBLE_EQ(back.scale, 2.0);
        EXPECT_EQ(back.theme, Theme::Slide);
        EXPECT_TRUE(back.transparent);
        d.saveSettings();
    }
    ExportDialog again;
    EXPECT_EQ(again.path(), QStringLiteral("/tmp/figure.png"));
    const FigureOptions o = again.options();
    EXPECT_EQ(o.size, QSize(3840, 2160));
    EXPECT_DOUBLE_EQ(o.scale, 2.0);
    EXPECT_EQ(o.theme, Theme::Slide);
    EXPECT_EQ(o.title, QStringLiteral("H100 vs B200"));
    EXPECT_EQ(o.subtitle, QStringLiteral("batch 1 decode"));
    // Scale and transparency are PNG-only.
    again.setPath(QStringLiteral("/tmp/figure.svg"));
    EXPECT_DOUBLE_EQ(again.options().scale, 1.0);
    EXPECT_FALSE(again.options().transparent);
}
