#pragma once

#include "ui/chart/chartlayer.h"

#include <QColor>

#include <vector>

namespace roofscope {

class LineArtCanvas;

// Every FigureRoof (compute ceiling over a memory slope) in its GPU's colour, the primary ones
// solid over the others, and each primary roof's ridge marker. The pen follows the roof's role;
// a role this layer does not know (a new one, e.g. an interconnect roof) still gets a pen of
// its own. Hover: which roof, its peak, bandwidth and ridge.
class RoofsLayer : public ChartLayer {
public:
    struct Drawn {
        FigureRoof roof;
        QColor color;
        Qt::PenStyle style = Qt::SolidLine;
        std::vector<DataPoint> path;
    };

    void attach(const ChartHost& host) override;
    void update(const ChartContext& context, ChartChanges changes) override;
    std::optional<QString> toolTipAt(const ChartContext& context, QPointF chartPos) const override;
    const std::vector<Drawn>& drawn() const { return m_drawn; }

    static Qt::PenStyle penStyle(RoofRole role);
    static constexpr int kLineArtSlot = 2; // over the grid and the sweeps

private:
    LineArtCanvas* m_item = nullptr; // the shared line-art canvas
    std::vector<Drawn> m_drawn;      // in drawing order
};

} // namespace roofscope
