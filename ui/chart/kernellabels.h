#pragma once

#include "ui/chart/chartlayer.h"

#include <QColor>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <vector>

namespace roofscope {

// The measured kernels that get a text label on the chart: the top ones of each run by time
// (MeasuredPoint::labelled, Measurements::labelTop), named by their short name at their DRAM
// point, in their GPU's colour (in a before/after comparison, those of the "after" run). Every
// other kernel is named on hover only. The labels layer
// places these with the other labels; `marker` is the kernel's marker box, which its own and
// every other label keeps off.
struct KernelLabel {
    QString text;
    QColor color;
    QPointF anchor; // chart coordinates
    QRectF marker;
    QString key; // "kernel:SET:KERNEL"
};
std::vector<KernelLabel> kernelLabels(const ChartContext& context);

} // namespace roofscope
