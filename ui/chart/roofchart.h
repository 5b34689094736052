#pragma once

#include "core/figure.h"
#include "ui/chart/chartgeometry.h"
#include "ui/chart/chartstyle.h"
#include "ui/session.h"

#include <QChart>

#include <functional>
#include <optional>
#include <vector>

class QGraphicsSimpleTextItem;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;

namespace roofscope {

class ChartLabel;
class ChartLegend;
class RoofLayer;
class ComparisonModel;
class HardwareModel;

// The roofline chart, drawn from the models: per checked accelerator its memory slope, the
// compute roofs its operators run against (plus toggleable FP8 / FP32 vector / FP64 / L2
// roofs) and the ridge; per operator one scatter series (shape per operator, colour per
// accelerator); the selected operator's sweep path with the crossing marked. Log-log axes with
// powers-of-ten labels drawn as items. It needs no view: a chart in a bare QGraphicsScene
// renders the same picture for export.
class RoofChart : public QChart {
    Q_OBJECT
public:
    RoofChart(Session* session, HardwareModel* hardware, ComparisonModel* comparison,
              QGraphicsItem* parent = nullptr);
    ~RoofChart() override;

    // The plot area (chart coordinates) and the axis ranges, for the pure mapping functions.
    geometry::LogAxes logAxes() const;
    // The range shown: the session's view, or a fit to the data when it has none.
    ViewRange effectiveRange() const;
    // Keeps the range still while a point is dragged (a fit would move under the mouse).
    void freezeRange(bool frozen);

    struct PointInfo {
        PointRef ref;
        QPointF value; // (AI, attainable FLOP/s)
    };
    // Every operator point currently drawn.
    std::vector<PointInfo> points() const;

    // For tests and export. Roofs, sweeps and crossings are values (AI, FLOP/s) drawn by the
    // roof layer; operator points are Qt Charts scatter series.
    QScatterSeries* operatorSeries(int op) const;
    QList<QPointF> roofPoints(int hardware) const; // slope → ridge → flat, clipped to the view
    // Every roof drawn (core roofsFor), per checked accelerator in order; the primary first.
    std::vector<FigureRoof> roofs() const;
    QColor colorOf(int hardware) const;
    QList<QPointF> sweepPoints(int hardware) const;
    std::optional<QPointF> crossingPoint(int hardware) const;
    RoofLayer* roofLayer() const { return m_layer; }
    std::vector<const ChartLabel*> visibleLabels() const;
    QLogValueAxis* axisAi() const { return m_axisX; }
    const ChartStyle& style() const { return m_style; }

    // Marker area per point as a share (0…1) of a whole, e.g. of a model's step time; nullopt
    // (or no function) keeps the default size. The area, not the diameter, follows the share,
    // so twice the time reads as twice the ink; diameters stay within a readable pixel range.
    using PointShare = std::function<std::optional<double>(PointRef)>;
    void setPointShare(PointShare share);
    qreal markerSizeForShare(double share) const;

public slots:
    // Re-reads every point's share (its data changed without a point moving).
    void refreshPointSizes();
    // Recreates every series (new accelerators, operators, theme or toggles).
    void rebuild();

private:
    struct GpuItems {
        int hardware = -1;
        QColor color;
        std::vector<FigureRoof> roofs; // from the core; the primary first
        QList<QPointF> sweep;
        std::optional<double> crossingValue;
        QPointF crossingPoint;
    };

    void onComparisonChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight);
    void onSelectionChanged();
    void updateOperator(int op);
    void updateMarkers();
    QColor pointColor(PointRef ref) const;
    void applyPointSizes(int op);
    void buildRoofs();
    QPen roofPen(const FigureRoof& roof, const QColor& color) const;
    void updateSweeps();
    QString roofSignature() const;
    void updateLayer();
    void updateLegend();
    void applyRange();
    void layoutOverlay();
    QGraphicsSimpleTextItem* tickItem(std::size_t i);
    ChartLabel* labelItem(std::size_t i);

    Session* m_session;
    HardwareModel* m_hardware;
    ComparisonModel* m_comparison;
    ChartStyle m_style;
    QLogValueAxis* m_axisX = nullptr;
    QLogValueAxis* m_axisY = nullptr;
    std::vector<GpuItems> m_gpus;
    std::vector<QScatterSeries*> m_opSeries;
    std::vector<std::vector<PointInfo>> m_opPoints;
    QString m_roofSignature;
    RoofLayer* m_layer = nullptr;
    ViewRange m_layerRange{0, 0, 0, 0};
    ChartLegend* m_legend = nullptr;
    std::optional<int> m_sweepKeyOp;
    std::optional<Operator> m_sweepKey;
    std::optional<ViewRange> m_frozen;
    ViewRange m_fit;
    std::vector<QGraphicsSimpleTextItem*> m_ticks;
    std::vector<ChartLabel*> m_labels;
    QGraphicsSimpleTextItem* m_titleX = nullptr;
    QGraphicsSimpleTextItem* m_titleY = nullptr;
    bool m_inRebuild = false;
    PointShare m_pointShare;
};

} // namespace roofscope
