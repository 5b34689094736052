#pragma once

#include "core/document/scenariomodel.h"
#include "core/hardware/hardware.h"
#include "core/measured/measurementset.h"
#include "core/roofline/operators.h"
#include "core/util/expected.h"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

class HardwareCatalog;

// The document a user saves (*.roofscope.json): which accelerators are compared, the baseline,
// the operators with their parameters, the visible range and the look. The window and the
// headless renderer read the same document, so a file re-renders the same figure.
//
// {
//   "format": "roofscope-scenario",          required, exactly this
//   "version": 1,                            required; a larger number is refused
//   "gpus": ["a100-sxm4-80gb", "h100-sxm5"], hardware ids, in any order, no duplicates
//   "baseline": "h100-sxm5",                 optional; one of "gpus"
//   "palette": {"h100-sxm5": 3, "h200-sxm": 0},   optional; each accelerator's colour (a palette
//                                            slot, core/figure/palette.h), given once per
//                                            document so that nothing added recolours it
//   "operators": [{"spec": "decode_matmul:batch=1,...", "label": "Decode matmul"}],
//   "selected": 4,                           optional; index into "operators", -1 = none
//   "view": {"ai_min": 0.05, "ai_max": 1e4,  optional; absent = fit to the data
//            "flops_min": 1e11, "flops_max": 1e16},
//   "theme": "light",                        optional; light | dark | slide
//   "ceilings": {"fp8": false, "fp32_vector": false, "fp64": false, "l2": false,
//                "sweep": true, "labels": true}   optional; each key optional
//   "model": {"id": "llama-2-70b", ...}      optional; the Model panel's set-up (scenariomodel.h)
//   "measurements": {"sets": [...], ...}     optional; imported kernels (measured/measurementset.h)
//   "label_positions": {"op:Decode matmul": {"dx": 60, "dy": -40}}   optional; labels the user
//                                            dragged, by label key (core/labelkeys.h)
//   "hardware": [{"id": "ert-dev-intel16-1a2b3c", ...}]   optional; the accelerators it uses
//                                            that are not built in, as hardware catalog
//                                            entries (catalog.h), so it opens on any machine
// }
inline constexpr int kScenarioVersion = 1;
// Limits of one scenario (and of one command line): more is not a chart anyone can read.
inline constexpr std::size_t kMaxScenarioGpus = 64;
inline constexpr std::size_t kMaxScenarioOperators = 1000;
inline constexpr std::string_view kScenarioFormat = "roofscope-scenario";
inline constexpr std::size_t kMaxLabelPositions = 4096;
// A dragged label stays within this many pixels of what it names (a screen is narrower).
inline constexpr double kMaxLabelOffset = 10000.0;

enum class Theme { Light, Dark, Slide };
std::string_view themeName(Theme t);
std::optional<Theme> parseTheme(std::string_view name);

// Axis ranges of the log-log chart: AI in FLOP/byte, performance in FLOP/s. All > 0, min < max.
struct ViewRange {
    double aiMin = 0.01;
    double aiMax = 1e4;
    double flopsMin = 1e11;
    double flopsMax = 1e16;
    bool operator==(const ViewRange&) const = default;
};

// Which optional roofs and overlays the chart draws in addition to the operators' own roofs.
struct ChartToggles {
    bool fp8 = false;        // FP8 tensor ceiling
    bool fp32Vector = false; // FP32 vector (CUDA core) ceiling
    bool fp64 = false;       // FP64 ceiling (tensor when published, else vector)
    bool l2 = false;         // cache roofs (L1, L2, L3 … where the catalog knows them); "l2"
                             // in files, the name it had when L2 was the only one
    bool sweep = true;       // the selected operator's sweep path with its crossing marked
    bool labels = true;      // operator labels next to the points
    bool operator==(const ChartToggles&) const = default;
};

// Where the user dragged a label: its centre relative to the spot it names, in chart pixels
// (the window's pixels; an export is laid out at 1280×720 such units and magnified), so the
// label follows its point when the point moves and `roofscope plot` puts it where the window
// showed it. +dx is right, +dy is down.
struct LabelOffset {
    double dx = 0.0;
    double dy = 0.0;
    bool operator==(const LabelOffset&) const = default;
};
using LabelPositions = std::map<std::string, LabelOffset>;

// Each accelerator's palette slot by hardware id (core/figure/palette.h reads it).
using ScenarioPalette = std::map<std::string, int, std::less<>>;
inline constexpr int kMaxPaletteSlot = 255;

struct Scenario {
    std::vector<std::string> gpus;
    std::string baseline;
    // The colours the document gave its accelerators; one missing (an older file, a GPU added
    // in code) is given one when the figure is built (assignColors).
    ScenarioPalette palette;
    std::vector<Operator> operators;
    int selected = -1;
    std::optional<ViewRange> view;
    Theme theme = Theme::Light;
    ChartToggles toggles;
    std::optional<ScenarioModel> model;
    Measurements measurements; // imported profiler kernels, embedded (measurementset.h)
    LabelPositions labelPositions;
    // Accelerators the document uses that are not built in (an ERT run, an entry of the user's
    // catalog): embedded so that the document opens where the user's catalog is not.
    std::vector<Hardware> hardware;
    bool operator==(const Scenario&) const = default;
};

// Parses and validates a scenario document. `fileName` only labels errors, which read
// "FILE: /json/pointer: problem", e.g.
// "s.roofscope.json: /operators/2/spec: matmul: m=-1: expected a whole number >= 1".
// Hardware ids are not checked here (see checkScenarioHardware): a scenario may name an
// accelerator from a user catalog that is loaded later.
Expected<Scenario> parseScenario(std::string_view text, std::string_view fileName);

// Serialises a scenario (pretty-printed, stable key order); round-trips through parseScenario.
std::string scenarioToJson(const Scenario& scenario);

// Every GPU id of the scenario must be in the catalog; the error names the pointer and
// suggests the closest known id.
std::optional<Error> checkScenarioHardware(const Scenario& scenario, const HardwareCatalog& catalog,
                                           std::string_view fileName);

// The entries of `catalog` the scenario uses (its GPUs, its baseline and its kernels' GPUs)
// that are not built in, in catalog order: what scenarioToJson embeds as "hardware".
std::vector<Hardware> scenarioHardwareToEmbed(const Scenario& scenario,
                                              const HardwareCatalog& catalog);

// Adds the scenario's embedded hardware that `catalog` lacks. An id the catalog already has
// keeps the catalog's entry; when the embedded one differs, a note says so ("FILE: hardware
// \"ID\" differs from the catalog's entry of that id; the catalog's is used"). Returns the notes.
std::vector<std::string> mergeScenarioHardware(const Scenario& scenario, HardwareCatalog& catalog,
                                               std::string_view fileName);

// The seed's story: A100 80GB, H100 SXM5 (baseline), H200 and B200; the seed's operator table
// with decode matmul selected.
Scenario defaultScenario();

} // namespace roofscope
