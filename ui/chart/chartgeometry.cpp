#include "ui/chart/chartgeometry.h"

#include "core/figure/figure.h"
#include "core/figure/logscale.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofscope::geometry {

using logscale::fractionOf;
using logscale::valueAtFraction;

QPointF valueToPixel(const LogAxes& axes, QPointF value)
{
    const double fx = fractionOf(value.x(), axes.range.aiMin, axes.range.aiMax);
    const double fy = fractionOf(value.y(), axes.range.flopsMin, axes.range.flopsMax);
    return {axes.plot.left() + fx * axes.plot.width(),
            axes.plot.bottom() - fy * axes.plot.height()};
}

QPointF pixelToValue(const LogAxes& axes, QPointF pixel)
{
    const double fx = (pixel.x() - axes.plot.left()) / axes.plot.width();
    const double fy = (axes.plot.bottom() - pixel.y()) / axes.plot.height();
    return {valueAtFraction(fx, axes.range.aiMin, axes.range.aiMax),
            valueAtFraction(fy, axes.range.flopsMin, axes.range.flopsMax)};
}

ViewRange clampView(ViewRange view)
{
    return clampRange(view);
}

ViewRange zoomView(const ViewRange& view, QPointF anchor, double factor)
{
    auto zoomAxis = [factor](double lo, double hi, double at, double& outLo, double& outHi) {
        const double a = std::log10(lo);
        const double b = std::log10(hi);
        const double c = std::log10(std::clamp(at, lo, hi));
        outLo = std::pow(10.0, c - (c - a) / factor);
        outHi = std::pow(10.0, c + (b - c) / factor);
    };
    ViewRange out;
    zoomAxis(view.aiMin, view.aiMax, anchor.x(), out.aiMin, out.aiMax);
    zoomAxis(view.flopsMin, view.flopsMax, anchor.y(), out.flopsMin, out.flopsMax);
    return clampView(out);
}

ViewRange panView(const LogAxes& axes, QPointF pixelDelta)
{
    const double dx = -pixelDelta.x() / axes.plot.width() *
                      (std::log10(axes.range.aiMax) - std::log10(axes.range.aiMin));
    const double dy = pixelDelta.y() / axes.plot.height() *
                      (std::log10(axes.range.flopsMax) - std::log10(axes.range.flopsMin));
    ViewRange out = axes.range;
    out.aiMin *= std::pow(10.0, dx);
    out.aiMax *= std::pow(10.0, dx);
    out.flopsMin *= std::pow(10.0, dy);
    out.flopsMax *= std::pow(10.0, dy);
    return clampView(out);
}

ViewRange viewFromPixelRect(const LogAxes& axes, const QRectF& rect)
{
    const QRectF r = rect.normalized();
    const QPointF a = pixelToValue(axes, r.bottomLeft());
    const QPointF b = pixelToValue(axes, r.topRight());
    return clampView({a.x(), b.x(), a.y(), b.y()});
}

ViewRange fitView(const std::vector<QPointF>& values)
{
    std::vector<DataPoint> points;
    points.reserve(values.size());
    for (const QPointF& v : values)
        points.push_back({v.x(), v.y()});
    return fitRange(points);
}

std::vector<int> decadeExponents(double min, double max)
{
    std::vector<int> out;
    if (!(min > 0.0) || !(max > min))
        return out;
    const int first = static_cast<int>(std::ceil(std::log10(min) - 1e-9));
    const int last = static_cast<int>(std::floor(std::log10(max) + 1e-9));
    for (int e = first; e <= last; ++e)
        out.push_back(e);
    return out;
}

QString powerOfTenLabel(int exponent)
{
    if (exponent == 0)
        return QStringLiteral("1");
    if (exponent == 1)
        return QStringLiteral("10");
    static const char16_t kDigits[] = {u'⁰', u'¹', u'²', u'³', u'⁴', u'⁵', u'⁶', u'⁷', u'⁸', u'⁹'};
    QString out = QStringLiteral("10");
    if (exponent < 0)
        out += QChar(u'⁻');
    const QString digits = QString::number(std::abs(exponent));
    for (QChar c : digits)
        out += QChar(kDigits[c.digitValue()]);
    return out;
}

int hitTest(const std::vector<QPointF>& pixels, QPointF pos, double radius)
{
    int best = -1;
    double bestDistance = radius * radius;
    for (std::size_t i = 0; i < pixels.size(); ++i) {
        const QPointF d = pixels[i] - pos;
        const double dist = d.x() * d.x() + d.y() * d.y();
        if (dist <= bestDistance) {
            bestDistance = dist;
            best = static_cast<int>(i);
        }
    }
    return best;
}

std::vector<QRectF> placeLabels(const std::vector<LabelRequest>& labels, const QRectF& bounds,
                                const std::vector<QRectF>& obstacles)
{
    std::vector<QRectF> placed;
    placed.reserve(labels.size());
    auto overlap = [](const QRectF& a, const QRectF& b) {
        const QRectF i = a.intersected(b);
        return i.isValid() ? i.width() * i.height() : 0.0;
    };
    for (const LabelRequest& label : labels) {
        const double w = label.size.width();
        const double h = label.size.height();
        const QPointF p = label.anchor;
        QRectF best;
        double bestCost = std::numeric_limits<double>::infinity();
        bool done = false;
        for (int ring = 0; ring < 7 && !done; ++ring) {
            const double d = 6.0 + ring * (h * 0.9);
            // Right, upper right, lower right, above, below, left, upper left, lower left.
            const QRectF candidates[] = {
                QRectF(p.x() + d, p.y() - h / 2.0, w, h),
                QRectF(p.x() + d * 0.7, p.y() - d * 0.7 - h, w, h),
                QRectF(p.x() + d * 0.7, p.y() + d * 0.7, w, h),
                QRectF(p.x() - w / 2.0, p.y() - d - h, w, h),
                QRectF(p.x() - w / 2.0, p.y() + d, w, h),
                QRectF(p.x() - d - w, p.y() - h / 2.0, w, h),
                QRectF(p.x() - d * 0.7 - w, p.y() - d * 0.7 - h, w, h),
                QRectF(p.x() - d * 0.7 - w, p.y() + d * 0.7, w, h),
            };
            for (const QRectF& c : candidates) {
                double cost = 0.0;
                if (!bounds.contains(c))
                    cost += 1e6 + (c.width() * c.height() - overlap(c, bounds));
                for (const QRectF& o : placed)
                    cost += overlap(c, o) * 10.0;
                for (const QRectF& o : obstacles)
                    cost += overlap(c, o);
                cost += ring * 0.01; // prefer nearer
                if (cost < bestCost) {
                    bestCost = cost;
                    best = c;
                }
                if (cost < 1.0) {
                    done = true;
                    break;
                }
            }
        }
        placed.push_back(best);
    }
    return placed;
}

} // namespace roofscope::geometry
