#pragma once

#include "ui/chart/chartlayer.h"

#include <QFont>
#include <QStringList>

namespace roofscope {

class ChartLegend;

// The accelerators' legend above the plot: a swatch and a name per shown GPU (the baseline
// says so), wrapped to more rows rather than shrunk.
class LegendLayer : public ChartLayer {
public:
    void attach(const ChartHost& host) override;
    void update(const ChartContext& context, ChartChanges changes) override;
    qreal heightAbovePlot(const ChartContext& context, qreal width) const override;

    QStringList names() const;
    QFont font() const;
    int rows() const;
    QRectF box() const;

private:
    static QStringList namesOf(const ChartContext& context);
    ChartLegend* m_item = nullptr;
};

} // namespace roofscope
