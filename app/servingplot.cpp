// Compiled only with the window (ROOFSCOPE_WITH_GUI): the figure is painted with Qt.
#ifdef ROOFSCOPE_WITH_GUI

#include "app/servingplot.h"

#include "app/arguments.h"
#include "app/servecommand.h"
#include "core/figure/palette.h"
#include "core/util/format.h"
#include "core/util/numbers.h"
#include "ui/export/atomicfile.h"
#include "ui/export/servingfigure.h"

#include <QGuiApplication>

#include <algorithm>
#include <cmath>

namespace roofscope::cli {

namespace {

// Qt's chatter on a headless machine is not the user's business (as for `plot`).
void quietQtMessages(QtMsgType, const QMessageLogContext&, const QString&) {}

QString text(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace

int runServingPlot(const std::vector<std::string>& args)
{
    // `-o` is the figure; `--output` stays the output tokens, as in `roofscope serve`.
    std::vector<std::string> tokens;
    for (const std::string& t : args)
        tokens.push_back(t == "-o" ? "--figure" : t);
    std::vector<std::string> valued = kServingOptions;
    valued.insert(valued.end(), {"figure", "size", "title", "subtitle"});
    std::vector<std::string> flags = kServingFlags;
    flags.push_back("serving");
    const Arguments a(tokens, {valued, flags}, "plot --serving");
    if (!a.has("figure"))
        throw UsageError("plot --serving: -o FIG.png|svg|pdf is required (--output is the "
                         "output tokens per request, as in roofscope serve)");
    const std::string file = a.value("figure");
    const auto format = figureFormatForFile(text(file));
    if (!format)
        throw UsageError("-o " + file + ": expected a file ending in .png, .svg or .pdf");
    QSize size(1920, 1080);
    if (a.has("size")) {
        const auto parts = splitList(a.value("size"), 'x');
        const auto w = parts.size() == 2 ? parseNumber(parts[0]) : std::nullopt;
        const auto h = parts.size() == 2 ? parseNumber(parts[1]) : std::nullopt;
        if (!w || !h || *w != std::floor(*w) || *h != std::floor(*h) || *w < 320 || *h < 240 ||
            *w > 8192 || *h > 8192)
            throw UsageError("--size " + a.value("size") +
                             ": expected WIDTHxHEIGHT, 320..8192 by 240..8192, e.g. 1920x1080");
        size = QSize(static_cast<int>(*w), static_cast<int>(*h));
    }
    const ServingRun run = servingRunFrom(a);

    ServingFigure figure;
    figure.size = size;
    const ServingSetup& setup = run.setup;
    figure.title = a.has("title") ? text(a.value("title"))
                                  : text("Serving " + run.model.name +
                                         ": throughput against "
                                         "interactivity");
    figure.subtitle =
        a.has("subtitle")
            ? text(a.value("subtitle"))
            : text("prompt " + formatParamNumber(setup.promptTokens) + " + output " +
                   formatParamNumber(setup.outputTokens) + " tokens, W " +
                   std::string(precisionName(setup.precisions.weights)) + " KV " +
                   std::string(precisionName(setup.precisions.kvCache)) + ", " +
                   formatNumber(setup.options.headroom * 100.0, 3) +
                   " % of memory kept free; roofline bounds (real servers land below)");
    figure.xTitle = QStringLiteral("Tokens/s per user (1 / decode step)");
    figure.yTitle = QStringLiteral("Tokens/s per GPU (batch / decode step / GPUs)");
    figure.capacityText = QStringLiteral("memory-capacity end: the largest batch that fits");

    std::vector<std::string> ids;
    for (const ServingCurve& c : run.curves)
        if (std::find(ids.begin(), ids.end(), c.gpu) == ids.end())
            ids.push_back(c.gpu);
    const std::vector<int> gpuSlots = colorSlots(ids);
    figure.addCurves(
        run.curves,
        [&](const std::string& gpu) {
            const auto id = std::find(ids.begin(), ids.end(), gpu) - ids.begin();
            return QColor::fromRgb(
                paletteRgb(gpuSlots[static_cast<std::size_t>(id)], Theme::Light));
        },
        QStringLiteral("(does not fit)"));

    // Headless unless the caller chose a platform, as `plot` is.
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (!qEnvironmentVariableIsSet("ROOFSCOPE_QT_MESSAGES"))
        qInstallMessageHandler(quietQtMessages);
    static int argc = 1;
    static char name[] = "roofscope";
    static char* argv[] = {name, nullptr};
    QGuiApplication app(argc, argv);
    const QByteArray bytes = figure.render(*format);
    if (bytes.isEmpty())
        throw UsageError("-o " + file + ": the figure could not be rendered");
    if (const auto error = AtomicFile::write(text(file), bytes))
        throw UsageError(error->toStdString());
    return 0;
}

} // namespace roofscope::cli

#endif // ROOFSCOPE_WITH_GUI
