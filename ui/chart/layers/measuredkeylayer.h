#pragma once

#include "ui/chart/chartlayer.h"

#include <QStringList>

namespace roofscope {

class MeasuredKey;

// The key to the measured kernels, in the plot's top-left corner (above the roofs, where no
// point can be): what a marker's shape means (DRAM ◆, L2 ■, L1 ▲ in the hierarchical view),
// that its area is the kernel's share of the run time, and what an arrow joins (prediction →
// measurement, before → after). Shown only when kernels are; labels keep off it.
class MeasuredKeyLayer : public ChartLayer {
public:
    void attach(const ChartHost& host) override;
    void update(const ChartContext& context, ChartChanges changes) override;
    // The entries' texts, for tests.
    QStringList texts() const;
    QRectF box() const; // chart coordinates, empty when hidden

private:
    MeasuredKey* m_item = nullptr;
};

} // namespace roofscope
