#pragma once

#include "core/document/scenario.h"
#include "core/figure/figure.h"
#include "core/hardware/catalog.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roofscope {

// What FigureBuilder reads: an open document as a view holds it, with the core's estimate of
// every operator on every shown accelerator already computed (the window's Session caches them
// and recomputes only the rows an edit touches).
class FigureSource {
public:
    virtual ~FigureSource() = default;
    virtual const HardwareCatalog& catalog() const = 0;
    virtual const std::vector<int>& checkedHardware() const = 0; // catalog indices, in order
    virtual int baseline() const = 0;                            // -1: none
    virtual std::string gpuName(int hardware) const = 0;         // as the legend names it
    virtual std::uint32_t gpuRgb(int hardware) const = 0;        // 0xRRGGBB, as drawn
    virtual const std::vector<Operator>& operators() const = 0;
    virtual int selectedOperator() const = 0;
    virtual const Expected<Estimate>& estimate(int op, int hardware) const = 0;
    virtual std::optional<double> speedup(int op, int hardware) const = 0;
    virtual Theme theme() const = 0;
    virtual ChartToggles toggles() const = 0;
    virtual const std::optional<ScenarioModel>& modelSetup() const = 0;
    virtual const Measurements& measurements() const = 0;
    virtual std::pair<int, int> selectedKernel() const = 0; // (set, kernel), -1 when none
    // The operators of the trace pass a view shows beside its model (not part of a document).
    virtual const std::vector<FigurePassPoint>& passPoints() const
    {
        static const std::vector<FigurePassPoint> none;
        return none;
    }
};

// A document's figure kept up to date piece by piece, through the same building blocks
// buildFigure composes (roofsFor, sweepFor, addCommunication, addMeasuredToFigure), so that a
// slider step redoes only what it touched: the moved rows' points, and the roofs or the sweep
// only when what they depend on changed. tests/ui/figurebuilder_test.cpp holds the result equal
// to buildFigure of the same document after every kind of edit. Not the view range: the view
// fits its range to figure() (fitValues) and keeps it.
class FigureBuilder {
public:
    explicit FigureBuilder(const FigureSource& source) : m_source(source) {}

    // What an update changed beyond the points it was asked for.
    struct Update {
        bool points = false;
        bool roofs = false;
        bool sweeps = false;
    };

    // The figure as last updated. Operator descriptions (FigureOperator::spec) are written only
    // by figureWithSpecs(): they are for readers of the figure, not for drawing, and a model's
    // slider step changes every row.
    const Figure& figure() const { return m_figure; }
    const Figure& figureWithSpecs();

    // Everything read again: rows added or removed, accelerators, colours, theme, toggles,
    // measurements, catalog.
    void rebuild();
    // Operator rows first…last changed in place (a parameter, a name, a model's slider step).
    Update rowsChanged(int first, int last);
    Update selectionChanged();
    // The model set-up changed: its layout's link roofs and collectives, when their inputs did
    // (most set-up changes, a slider step or the selected row, leave them alone).
    Update modelSetupChanged();
    void kernelSelectionChanged();
    // The source's pass points are others now.
    void passPointsChanged();
    // Measured points drawn without a measurement behind them (a test's or a preview's).
    void setMeasured(std::vector<MeasuredPoint> measured, std::vector<MeasuredLink> links);

private:
    void readGpus();
    std::vector<int> roofSignature() const;
    void readRoofs();
    void readMeasured();
    bool readCommunication(bool force);
    bool readSweeps(bool force);
    // Reads operators first…last's points again into m_figure.points, in place.
    void readPoints(int first, int last);

    const FigureSource& m_source;
    Figure m_figure;
    std::vector<FigureRoof> m_linkRoofs; // a model spread over GPUs: its links' slopes
    // Where each operator's points start in m_figure.points (one more entry: the end).
    std::vector<std::size_t> m_pointStart;
    std::vector<int> m_roofSignature;
    // What the link roofs and collectives were computed from: the set-up (without the chart-only
    // on_chart and selected row) and the shown GPUs.
    std::optional<std::pair<std::optional<ScenarioModel>, std::vector<std::string>>>
        m_communicationKey;
    // The model of that set-up (a set-up with only id and config): parsed once per model.
    std::optional<std::pair<ScenarioModel, Expected<ModelConfig>>> m_communicationModel;
    std::optional<int> m_sweepKeyOp;
    std::optional<Operator> m_sweepKey;
    bool m_specsStale = true;
};

} // namespace roofscope
