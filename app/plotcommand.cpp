// Compiled only with the window (ROOFSCOPE_WITH_GUI): the Qt-free build has no `plot`.
#ifdef ROOFSCOPE_WITH_GUI

#include "app/plotcommand.h"

#include "app/arguments.h"
#include "app/commands.h"
#include "app/servingplot.h"
#include "core/document/scenario.h"
#include "core/hardware/catalog.h"
#include "core/measured/devicematch.h"
#include "core/measured/importer.h"
#include "core/util/numbers.h"
#include "core/util/textfile.h"
#include "ui/chart/chartdocument.h"
#include "ui/chart/roofchart.h"
#include "ui/export/atomicfile.h"
#include "ui/export/figuredata.h"
#include "ui/export/figureexporter.h"
#include "ui/text/datanames.h"
#include "ui/text/translation.h"

#include <QApplication>
#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <memory>

namespace roofscope::cli {

namespace {

const Arguments::Spec kPlotSpec{{"scenario", "gpu", "op", "output", "size", "scale", "theme",
                                 "title", "subtitle", "catalog", "lang", "measured"},
                                {"transparent"}};

QSize parseSize(const std::string& text)
{
    const auto parts = splitList(text, 'x');
    int w = 0;
    int h = 0;
    if (parts.size() == 2) {
        const auto pw = parseNumber(parts[0]);
        const auto ph = parseNumber(parts[1]);
        if (pw && ph && *pw == std::floor(*pw) && *ph == std::floor(*ph) && *pw <= 1e6 &&
            *ph <= 1e6) {
            w = static_cast<int>(*pw);
            h = static_cast<int>(*ph);
        }
    }
    if (w < 16 || h < 16 || w > 16384 || h > 16384)
        throw UsageError("--size " + text +
                         ": expected WIDTHxHEIGHT, 16..16384 each, e.g. 1920x1080");
    return QSize(w, h);
}

double parseScale(const std::string& text)
{
    const auto v = parseNumber(text);
    if (!v || *v < 1.0 || *v > 4.0)
        throw UsageError("--scale " + text + ": expected a number from 1 to 4");
    return *v;
}

Scenario loadScenario(const Arguments& a, HardwareCatalog& catalog)
{
    Scenario scenario = defaultScenario();
    if (a.has("scenario")) {
        const std::string path = a.value("scenario");
        auto text = readTextFile(path);
        if (!text)
            throw UsageError("--scenario " + text.error().message);
        auto parsed = parseScenario(*text, path);
        if (!parsed)
            throw UsageError("--scenario " + parsed.error().message);
        scenario = std::move(*parsed);
        // The accelerators the document embeds join the catalog, so that it plots where the
        // user catalog that had them is not.
        for (const std::string& note : mergeScenarioHardware(scenario, catalog, path))
            std::cerr << "roofscope: note: " << note << "\n";
    }
    if (a.has("gpu")) {
        std::vector<std::string> ids;
        for (const Hardware* hw : resolveGpus(catalog, a.value("gpu"))) {
            if (std::find(ids.begin(), ids.end(), hw->id) == ids.end())
                ids.push_back(hw->id);
        }
        scenario.gpus = ids;
        if (std::find(ids.begin(), ids.end(), scenario.baseline) == ids.end())
            scenario.baseline.clear(); // the first accelerator becomes the baseline
    }
    if (a.values("op").size() > kMaxScenarioOperators)
        throw UsageError("--op: given " + std::to_string(a.values("op").size()) +
                         " times; the limit is " + std::to_string(kMaxScenarioOperators));
    if (a.has("op")) {
        scenario.operators.clear();
        for (const std::string& spec : a.values("op")) {
            auto op = parseOperatorOrPreset(spec);
            if (!op)
                throw UsageError("--op " + spec + ": " + op.error().message);
            scenario.operators.push_back(std::move(*op));
        }
        // Operators of one's own choosing: no sweep path unless a scenario selects one, and
        // no model's operators beside them.
        scenario.selected = -1;
        scenario.model.reset();
    }
    if (a.has("theme")) {
        const auto theme = parseTheme(a.value("theme"));
        if (!theme)
            throw UsageError("--theme " + a.value("theme") +
                             ": expected one of: light, dark, slide");
        scenario.theme = *theme;
    }
    if (auto error = checkScenarioHardware(scenario, catalog, a.value("scenario", "scenario")))
        throw UsageError((a.has("scenario") ? "--scenario " : "") + error->message);
    return scenario;
}

// Each --measured FILE is one measurement set (two: "before" and "after"). The files' own
// peaks (ERT, omniperf roofline.csv) join the catalog, and a kernel's GPU joins the figure so
// that the kernel is drawn under its own roofs.
void addMeasurements(const Arguments& a, Scenario& scenario, HardwareCatalog& catalog)
{
    const std::vector<std::string> files = a.values("measured");
    if (files.empty())
        return;
    if (a.has("op"))
        scenario.measurements.links.clear(); // they named the scenario's operators
    std::vector<MeasurementSet> sets;
    for (const std::string& file : files) {
        auto imported = importMeasurementFile(file);
        if (!imported) {
            std::string message = imported.error().message;
            std::replace(message.begin(), message.end(), '\n', ' ');
            throw UsageError("--measured " + message);
        }
        catalog.merge(imported->hardware);
        MeasurementSet set;
        set.file = std::filesystem::path(file).filename().string();
        set.kernels = std::move(imported->kernels);
        sets.push_back(std::move(set));
    }
    std::size_t total = scenario.measurements.kernelCount();
    // A file without a device name (Nsight's details page has none) is measured against the
    // one accelerator --gpu names.
    std::string fallbackGpu;
    if (a.has("gpu") && scenario.gpus.size() == 1)
        fallbackGpu = scenario.gpus.front();
    for (MeasurementSet& set : sets) {
        assignKernelGpus(set.kernels, catalog.all());
        if (!fallbackGpu.empty()) {
            for (MeasuredKernel& k : set.kernels) {
                if (k.gpu.empty())
                    k.gpu = fallbackGpu;
            }
        }
        total += set.kernels.size();
    }
    if (total > kMaxScenarioKernels)
        throw UsageError("--measured: " + std::to_string(total) + " kernels; the limit is " +
                         std::to_string(kMaxScenarioKernels));
    if (sets.size() == 2 && scenario.measurements.sets.empty()) {
        sets[0].label = "before";
        sets[1].label = "after";
    }
    for (MeasurementSet& set : sets) {
        for (const MeasuredKernel& k : set.kernels) {
            if (!k.gpu.empty() && scenario.gpus.size() < kMaxScenarioGpus &&
                std::find(scenario.gpus.begin(), scenario.gpus.end(), k.gpu) == scenario.gpus.end())
                scenario.gpus.push_back(k.gpu);
        }
        scenario.measurements.sets.push_back(std::move(set));
    }
}

// `-o` naming the scenario or a catalog being read would replace the user's document with
// figure data (and the atomic write makes that look like success).
void refuseOverwritingAnInput(const Arguments& a, const std::string& output)
{
    std::vector<std::pair<std::string, std::string>> inputs; // option, path
    if (a.has("scenario"))
        inputs.emplace_back("--scenario", a.value("scenario"));
    for (const std::string& file : a.values("catalog"))
        inputs.emplace_back("--catalog", file);
    for (const std::string& file : a.values("measured"))
        inputs.emplace_back("--measured", file);
    for (const auto& [option, path] : inputs) {
        std::error_code ec;
        if (std::filesystem::equivalent(output, path, ec) && !ec)
            throw UsageError("-o " + output + ": is the same file as " + option + " " + path +
                             " (an output never replaces an input; choose another file)");
    }
}

// Qt's own chatter on a headless machine ("XDG_RUNTIME_DIR not set", font fallbacks) is not
// the user's business: stderr carries only our one-line errors. Critical and fatal messages
// still go through.
QtMessageHandler g_qtHandler = nullptr;

void quietQtMessages(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if ((type == QtCriticalMsg || type == QtFatalMsg) && g_qtHandler)
        g_qtHandler(type, context, message);
}

} // namespace

int runPlot(const std::vector<std::string>& args)
{
    // The serving figure is another figure with `serve`'s options.
    if (std::find(args.begin(), args.end(), "--serving") != args.end())
        return runServingPlot(args);
    // `-o FILE` is the one short option: the familiar spelling for an output.
    std::vector<std::string> tokens;
    tokens.reserve(args.size());
    for (const std::string& t : args)
        tokens.push_back(t == "-o" ? "--output" : t);
    const Arguments a(tokens, kPlotSpec, "plot");
    const std::string output = a.required("output");
    const QString outPath = QString::fromStdString(output);
    const auto figureFormat = figureFormatForFile(outPath);
    const auto dataFormat = FigureData::formatForFile(output);
    if (!figureFormat && !dataFormat)
        throw UsageError("-o " + output +
                         ": expected a file ending in .png, .svg, .pdf, .csv or .json");
    refuseOverwritingAnInput(a, output);
    const bool png = figureFormat == FigureFormat::Png;
    if (a.has("scale") && !png)
        throw UsageError("--scale applies to PNG output only");
    if (a.has("transparent") && !png)
        throw UsageError("--transparent applies to PNG output only");
    if (a.has("lang")) {
        const std::string lang = a.value("lang");
        if (lang != "en" && lang != "zh_CN")
            throw UsageError("--lang " + lang + ": expected one of: en, zh_CN");
    }

    FigureOptions options;
    options.size = a.has("size") ? parseSize(a.value("size")) : QSize(1920, 1080);
    options.scale = a.has("scale") ? parseScale(a.value("scale")) : 1.0;
    // 16384 × 16384 pixels (1 GiB of RGBA) at most, whatever the size and scale: a 16384-wide
    // figure at 4× would need 16 GiB before the first pixel is drawn.
    constexpr double kMaxFigurePixels = 16384.0 * 16384.0;
    const double pixels = static_cast<double>(options.size.width()) * options.size.height() *
                          options.scale * options.scale;
    if (pixels > kMaxFigurePixels)
        throw UsageError("--size " + a.value("size", "1920x1080") + " at --scale " +
                         a.value("scale", "1") + ": " + formatParamNumber(pixels) +
                         " pixels, more than the limit of " + formatParamNumber(kMaxFigurePixels) +
                         " (16384×16384)");
    options.transparent = a.has("transparent");
    options.title = QString::fromStdString(a.value("title"));
    options.subtitle = QString::fromStdString(a.value("subtitle"));

    HardwareCatalog catalog = loadCatalog(a.values("catalog"));
    Scenario scenario = loadScenario(a, catalog);
    addMeasurements(a, scenario, catalog);

    // Headless unless the caller chose a platform: no display needed, and the offscreen
    // platform's fixed 96 dpi gives the same figure on every machine.
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (!qEnvironmentVariableIsSet("ROOFSCOPE_QT_MESSAGES"))
        g_qtHandler = qInstallMessageHandler(quietQtMessages);
    static int argc = 1;
    static char name[] = "roofscope";
    static char* argv[] = {name, nullptr};
    QApplication app(argc, argv);
    // English unless asked: a figure for a paper should not depend on the machine's locale.
    if (a.has("lang") && !installTranslator(QString::fromStdString(a.value("lang"))))
        throw UsageError("--lang " + a.value("lang") + ": the translation could not be loaded");
    if (!a.has("scenario"))
        localizePresetLabels(scenario);

    std::optional<QString> error;
    if (figureFormat) {
        auto exporter = FigureExporter::create(std::move(scenario), std::move(catalog), options);
        if (!exporter)
            throw UsageError(exporter.error().message);
        ChartDocument* doc = (*exporter)->document();
        doc->sizeModelMarkers();
        error = (*exporter)->write(outPath, *figureFormat);
    } else {
        auto doc = ChartDocument::fromScenario(std::move(scenario), std::move(catalog),
                                               QString::fromStdString(a.value("scenario")));
        if (!doc)
            throw UsageError(doc.error().message);
        const FigureData data = figureDataOf(*(*doc)->session(), (*doc)->chart()->effectiveRange());
        error = AtomicFile::write(outPath, QByteArray::fromStdString(data.serialize(*dataFormat)));
    }
    if (error)
        throw UsageError(error->toStdString());
    return 0;
}

} // namespace roofscope::cli

#endif // ROOFSCOPE_WITH_GUI
