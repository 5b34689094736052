#pragma once

#include "ui/chart/chartlayer.h"

#include <QColor>

#include <memory>
#include <vector>

namespace roofscope {

// The analytic operator points (Figure::points): one marker shape per operator, one colour per
// GPU, the selected operator larger with a strong outline, marker area by the point's share
// when one is given. Drawn as scatter series of the host chart (a few dozen markers: Qt
// Charts does this well). Hover: the operator, the GPU and its verdict.
class AnalyticPointsLayer : public ChartLayer {
public:
    struct Shown {
        PointRef ref;
        DataPoint value;
        qreal size = 0.0;
        QColor color;
    };

    AnalyticPointsLayer();
    ~AnalyticPointsLayer() override;
    void attach(const ChartHost& host) override;
    void update(const ChartContext& context, ChartChanges changes) override;
    std::optional<QString> toolTipAt(const ChartContext& context, QPointF chartPos) const override;
    std::vector<Shown> shown() const;

private:
    void recreate(const ChartContext& context);
    void updateOperator(const ChartContext& context, int op);
    void updateMarkers(const ChartContext& context);

    struct Series; // the host chart and its scatter series, in the .cpp only
    std::unique_ptr<Series> m_qt;
    std::vector<std::vector<Shown>> m_shown; // per operator
};

} // namespace roofscope
