#pragma once

#include "ui/chart/chartlayer.h"
#include "ui/chart/pointcloud.h"

#include <QColor>

#include <cstdint>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

namespace roofscope {

// The analytic operator points (Figure::points): one marker shape per operator, one colour per
// GPU, the selected operator larger with a strong outline, marker area by the point's share
// when one is given. Drawn as stamps by a point cloud of our own: a Qt Charts scatter series
// rebuilt every marker item on each point change (22 GPUs × 1,000 operators took minutes to
// plot) and painted each marker as a stroked path on every frame. Hover: the operator, the GPU
// and its verdict.
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
    void updateOperator(const ChartContext& context, int op,
                        const std::vector<std::size_t>& pointsOf);
    std::uint16_t markerIndex(const PointCloud::Marker& marker);
    void push();

    PointCloud* m_cloud = nullptr;
    std::vector<std::vector<Shown>> m_shown;            // per operator
    std::vector<std::vector<std::uint16_t>> m_markerOf; // per operator, per shown point
    std::vector<PointCloud::Marker> m_markers;          // distinct markers, by index
    // shape, fill, outline valid, outline, size, outline width
    using MarkerKey = std::tuple<int, QRgb, bool, QRgb, qreal, qreal>;
    std::map<MarkerKey, std::uint16_t> m_markerIndex; // a marker → its index
    std::size_t m_markersPushed = 0;
};

} // namespace roofscope
