#pragma once

#include "ui/chart/chartlayer.h"

namespace roofscope {

class LineArtCanvas;

// The selected operator's driving parameter swept over its range (a faint wide path per GPU)
// and where it crosses the ridge (a diamond), from Figure::sweeps.
class SweepsLayer : public ChartLayer {
public:
    void attach(const ChartHost& host) override;
    void update(const ChartContext& context, ChartChanges changes) override;

    static constexpr int kLineArtSlot = 1; // under the roofs

private:
    LineArtCanvas* m_item = nullptr; // the shared line-art canvas
};

} // namespace roofscope
