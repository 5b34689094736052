#pragma once

#include "core/figure/figure.h"
#include "ui/chart/chartgeometry.h"
#include "ui/chart/chartlayer.h"
#include "ui/document/session.h"
#include "ui/style/chartstyle.h"

#include <QColor>
#include <QFont>
#include <QHash>
#include <QImage>
#include <QObject>
#include <QPointF>
#include <QRectF>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

class QGraphicsScene;
class QGraphicsWidget;
class QPainter;

namespace roofscope {

// The roofline chart behind an interface of our own: the window, the exporters and the tests
// talk to this class in data values (core DataPoint, FigureRoof, FigurePoint); which library
// draws it stays in roofchart.cpp and the layers' .cpp files.
//
// It keeps a core Figure up to date from the session (piece by piece: a slider step re-reads
// one operator's points, never the roofs) and hands it to its layers (chartlayer.h): grid and
// axes, roofs, sweeps, analytic points, measured points, links, legend and labels, each
// one class. It needs no view: put graphicsItem() into a bare QGraphicsScene, or call render(),
// and the export draws the same picture as the window.
class RoofChart : public QObject {
    Q_OBJECT
public:
    // It follows the session alone (its signals say what changed), not the window's item models:
    // a headless document needs no table models to draw.
    explicit RoofChart(Session* session, QObject* parent = nullptr);
    ~RoofChart() override;

    // ---- Placing and painting.
    // The item to put into a graphics scene (the chart keeps owning it). Chart coordinates
    // below are this item's.
    QGraphicsWidget* graphicsItem() const;
    QGraphicsScene* scene() const;
    void resize(QSizeF size);
    QSizeF size() const;
    // Draws the whole chart into `target` of `painter` (any device: image, SVG, PDF).
    void render(QPainter* painter, const QRectF& target);
    QImage renderImage(QSize size, qreal devicePixelRatio = 1.0);
    // Without the figure and plot backgrounds (transparent exports).
    void setBackgroundVisible(bool visible);
    // Switches device-pixmap caching of the layers off (vector exports want real vectors).
    void setCaching(bool on);

    // ---- The figure and the view.
    const Figure& figure() const;
    // Measured kernels and their links to analytic points (core figure types).
    void setMeasured(std::vector<MeasuredPoint> measured, std::vector<MeasuredLink> links);
    // The plot area (chart coordinates) and the axis ranges, for the pure mapping functions.
    geometry::LogAxes logAxes() const;
    QRectF plotArea() const;
    // The range shown: the session's view, or a fit to the data when it has none.
    ViewRange effectiveRange() const;
    // The fit to every point, ridge and sweep end (what "reset" goes back to).
    ViewRange fitRange() const;
    // Keeps the range still while a point is dragged (a fit would move under the mouse).
    void freezeRange(bool frozen);
    const ChartStyle& style() const;

    // ---- Hit testing (chart coordinates in, data out).
    PointRef pointAt(QPointF chartPos, qreal radius) const;
    DataPoint valueAt(QPointF chartPos) const;
    // A tooltip for what is under `chartPos` (a point, a measured kernel, a roof), or empty.
    QString toolTipAt(QPointF chartPos) const;

    // ---- What is drawn, in data values (tests and exports).
    struct PointInfo {
        PointRef ref;
        DataPoint value;
        qreal size = 0.0; // marker diameter, pixels
        QColor color;
    };
    std::vector<PointInfo> points() const; // every operator point drawn
    std::vector<DataPoint> operatorPoints(int op) const;
    const std::vector<FigureRoof>& roofs() const; // per checked GPU in order; primary first
    struct DrawnRoof {
        FigureRoof roof;
        QColor color;
        Qt::PenStyle style = Qt::SolidLine;
        std::vector<DataPoint> path; // as stroked, clipped to a little more than the view
    };
    std::vector<DrawnRoof> drawnRoofs() const;
    std::vector<DataPoint> roofPoints(int hardware) const; // the primary roof's polyline
    QColor colorOf(int hardware) const;
    std::vector<DataPoint> sweepPoints(int hardware) const;
    std::optional<DataPoint> crossingPoint(int hardware) const;
    struct Tick {
        Qt::Orientation axis = Qt::Horizontal;
        double value = 0.0;
        QString label;
    };
    std::vector<Tick> tickLabels() const;
    struct Label {
        QString text;
        QRectF box; // chart coordinates
        bool leader = false;
        QString key;         // label key (core/labelkeys.h); empty: the label cannot be dragged
        QPointF anchor;      // the spot it names, chart coordinates
        bool pinned = false; // where the user dragged it
    };
    std::vector<Label> visibleLabels() const;
    // Where each keyed label sits beside what it names (box top-left minus anchor, chart
    // pixels): what an export of this chart passes to preferLabelOffsets.
    QHash<QString, QPointF> labelOffsets() const;
    // Labels go to these offsets first, where they fit (an exported figure follows the
    // window's layout rather than placing its labels afresh); not saved, not a pin.
    void preferLabelOffsets(QHash<QString, QPointF> offsets);
    // The draggable label under `chartPos` (the topmost), if any.
    std::optional<Label> draggableLabelAt(QPointF chartPos) const;
    int hiddenLabelCount() const;
    struct Legend {
        QStringList names;
        QFont font;
        int rows = 0;
        QRectF box; // chart coordinates
    };
    Legend legend() const;
    std::vector<DataPoint> measuredPoints() const;
    QStringList measuredKeyTexts() const; // the measured kernels' key, top to bottom
    int linkCount() const;                // arrows drawn
    // The trace pass's operators (Figure::passPoints): arrows from prediction to measurement
    // drawn, and operators named beside their points.
    int passArrowCount() const;
    QStringList passLabelTexts() const;
    int passSelectionRings() const; // round the operator chosen in the Passes panel

    // Marker area per point as a share (0…1) of a whole, e.g. of a model's step time; nullopt
    // (or no function) keeps the default size. The area, not the diameter, follows the share,
    // so twice the time reads as twice the ink; diameters stay within a readable pixel range.
    void setPointShare(PointShare share);
    qreal markerSizeForShare(double share) const;

public slots:
    // Re-reads every point's share (its data changed without a point moving).
    void refreshPointSizes();
    // Re-reads everything (new accelerators, operators, theme or toggles).
    void rebuild();

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace roofscope
