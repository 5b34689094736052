#include "ui/export/servingfigure.h"

#include <QBuffer>
#include <QFont>
#include <QFontMetricsF>
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPainterPath>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofscope {

namespace {

// Whole decades around [lo, hi], at least one.
std::pair<double, double> decades(double lo, double hi)
{
    double a = std::floor(std::log10(lo));
    double b = std::ceil(std::log10(hi));
    if (b <= a)
        b = a + 1.0;
    return {a, b};
}

// 1, 2 and 5 of every decade in [a, b] (exponents), for ticks and their labels.
std::vector<double> ticks(double a, double b)
{
    std::vector<double> out;
    for (double e = a; e <= b; e += 1.0)
        for (double m : {1.0, 2.0, 5.0}) {
            const double v = m * std::pow(10.0, e);
            if (std::log10(v) <= b + 1e-9)
                out.push_back(v);
        }
    return out;
}

QString tickText(double v)
{
    // C-locale digits whatever the machine's locale: 0.5, 20, 5000.
    return QString::number(v, 'g', 6);
}

void drawSquare(QPainter* p, QPointF at, double half, const QColor& fill)
{
    p->setBrush(fill);
    p->drawRect(QRectF(at.x() - half, at.y() - half, 2 * half, 2 * half));
}

void drawMarker(QPainter* p, QPointF at, double r, int marker, const QColor& fill)
{
    p->setBrush(fill);
    if (marker == 1) {
        const QPointF tri[] = {{at.x(), at.y() - 1.3 * r},
                               {at.x() - 1.15 * r, at.y() + 0.8 * r},
                               {at.x() + 1.15 * r, at.y() + 0.8 * r}};
        p->drawPolygon(tri, 3);
    } else if (marker == 2) {
        const QPointF diamond[] = {{at.x(), at.y() - 1.3 * r},
                                   {at.x() + 1.3 * r, at.y()},
                                   {at.x(), at.y() + 1.3 * r},
                                   {at.x() - 1.3 * r, at.y()}};
        p->drawPolygon(diamond, 4);
    } else {
        p->drawEllipse(at, r, r);
    }
}

} // namespace

void ServingFigure::paint(QPainter* p, const QSizeF& area) const
{
    const double w = area.width();
    const double h = area.height();
    const double unit = h / 1080.0; // sizes below are for a 1080-high figure
    p->save();
    p->setRenderHint(QPainter::Antialiasing, true);
    p->fillRect(QRectF(0, 0, w, h), Qt::white);

    double xMin = std::numeric_limits<double>::infinity();
    double xMax = 0.0;
    double yMin = xMin;
    double yMax = 0.0;
    for (const ServingFigureCurve& c : curves)
        for (const QPointF& pt : c.points) {
            if (!(pt.x() > 0.0 && pt.y() > 0.0))
                continue;
            xMin = std::min(xMin, pt.x());
            xMax = std::max(xMax, pt.x());
            yMin = std::min(yMin, pt.y());
            yMax = std::max(yMax, pt.y());
        }
    if (!(xMax > 0.0)) {
        xMin = yMin = 1.0;
        xMax = yMax = 10.0;
    }
    const auto [xa, xb] = decades(xMin, xMax);
    const auto [ya, yb] = decades(yMin, yMax);

    QFont font = p->font();
    font.setPixelSize(static_cast<int>(std::lround(22 * unit)));
    QFont small = font;
    small.setPixelSize(static_cast<int>(std::lround(17 * unit)));
    QFont titleFont = font;
    titleFont.setPixelSize(static_cast<int>(std::lround(38 * unit)));
    titleFont.setBold(true);

    const QRectF plot(150 * unit, 130 * unit, w - 150 * unit - 520 * unit,
                      h - 130 * unit - 130 * unit);
    const double xLo = xa;
    const double xHi = xb;
    const double yLo = ya;
    const double yHi = yb;
    const auto toScreen = [&](QPointF v) {
        const double fx = (std::log10(v.x()) - xLo) / (xHi - xLo);
        const double fy = (std::log10(v.y()) - yLo) / (yHi - yLo);
        return QPointF(plot.left() + fx * plot.width(), plot.bottom() - fy * plot.height());
    };

    // Title and subtitle.
    p->setPen(Qt::black);
    p->setFont(titleFont);
    p->drawText(QRectF(plot.left(), 20 * unit, w - plot.left() - 20 * unit, 50 * unit),
                Qt::AlignLeft | Qt::AlignVCenter, title);
    p->setFont(font);
    p->setPen(QColor(0x40, 0x40, 0x40));
    p->drawText(QRectF(plot.left(), 72 * unit, w - plot.left() - 20 * unit, 36 * unit),
                Qt::AlignLeft | Qt::AlignVCenter, subtitle);

    // Grid, ticks and their labels.
    const QColor grid(0xdd, 0xdd, 0xdd);
    p->setFont(small);
    for (double v : ticks(xa, xb)) {
        const double x = toScreen({v, std::pow(10.0, ya)}).x();
        p->setPen(QPen(grid, 1.0 * unit));
        p->drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        p->setPen(Qt::black);
        p->drawText(QRectF(x - 60 * unit, plot.bottom() + 8 * unit, 120 * unit, 28 * unit),
                    Qt::AlignHCenter | Qt::AlignTop, tickText(v));
    }
    for (double v : ticks(ya, yb)) {
        const double y = toScreen({std::pow(10.0, xa), v}).y();
        p->setPen(QPen(grid, 1.0 * unit));
        p->drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p->setPen(Qt::black);
        p->drawText(QRectF(plot.left() - 130 * unit, y - 14 * unit, 120 * unit, 28 * unit),
                    Qt::AlignRight | Qt::AlignVCenter, tickText(v));
    }
    p->setPen(QPen(Qt::black, 1.5 * unit));
    p->setBrush(Qt::NoBrush);
    p->drawRect(plot);

    // Axis titles.
    p->setFont(font);
    p->drawText(QRectF(plot.left(), plot.bottom() + 50 * unit, plot.width(), 40 * unit),
                Qt::AlignHCenter | Qt::AlignVCenter, xTitle);
    p->save();
    p->translate(30 * unit, plot.center().y());
    p->rotate(-90.0);
    p->drawText(QRectF(-plot.height() / 2, -20 * unit, plot.height(), 40 * unit),
                Qt::AlignHCenter | Qt::AlignVCenter, yTitle);
    p->restore();

    // Curves: a line through the batches, a dot at each with its batch, the capacity end a
    // square.
    p->setClipRect(plot.adjusted(-20 * unit, -20 * unit, 20 * unit, 20 * unit));
    for (const ServingFigureCurve& c : curves) {
        QPainterPath path;
        for (std::size_t i = 0; i < c.points.size(); ++i) {
            const QPointF s = toScreen(c.points[i]);
            if (i == 0)
                path.moveTo(s);
            else
                path.lineTo(s);
        }
        p->setPen(QPen(c.color, 3.5 * unit, c.style, Qt::RoundCap, Qt::RoundJoin));
        p->setBrush(Qt::NoBrush);
        p->drawPath(path);
        p->setFont(small);
        for (std::size_t i = 0; i < c.points.size(); ++i) {
            const QPointF s = toScreen(c.points[i]);
            const bool end = c.capacityEnd && i + 1 == c.points.size();
            p->setPen(QPen(end ? Qt::black : c.color, 1.5 * unit));
            if (end) {
                drawSquare(p, s, 10 * unit, c.color);
            } else {
                drawMarker(p, s, 6 * unit, c.marker, c.color);
            }
            if (i < c.pointTexts.size()) {
                p->setPen(QColor(0x30, 0x30, 0x30));
                p->drawText(QPointF(s.x() + 10 * unit, s.y() - 10 * unit), c.pointTexts[i]);
            }
        }
    }
    p->setClipping(false);

    // Legend, right of the plot.
    p->setFont(font);
    const QFontMetricsF fm(font);
    double y = plot.top() + 10 * unit;
    const double x = plot.right() + 30 * unit;
    const double row = fm.height() * 1.4;
    for (const ServingFigureCurve& c : curves) {
        p->setPen(QPen(c.color, 3.5 * unit, c.style, Qt::RoundCap));
        p->drawLine(QPointF(x, y + row / 2), QPointF(x + 50 * unit, y + row / 2));
        p->setPen(QPen(c.color, 1.5 * unit));
        drawMarker(p, QPointF(x + 25 * unit, y + row / 2), 6 * unit, c.marker, c.color);
        p->setPen(Qt::black);
        p->drawText(QRectF(x + 62 * unit, y, w - x - 70 * unit, row),
                    Qt::AlignLeft | Qt::AlignVCenter, c.label);
        y += row;
    }
    if (!capacityText.isEmpty()) {
        y += row / 2;
        p->setPen(QPen(Qt::black, 1.5 * unit));
        drawSquare(p, QPointF(x + 25 * unit, y + row / 2), 10 * unit, QColor(0x90, 0x90, 0x90));
        p->drawText(QRectF(x + 62 * unit, y, w - x - 70 * unit, row * 2),
                    Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, capacityText);
    }
    p->restore();
}

QByteArray ServingFigure::render(FigureFormat format) const
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPainter painter;
    switch (format) {
    case FigureFormat::Png: {
        QImage image(size, QImage::Format_ARGB32);
        image.fill(Qt::white);
        if (!painter.begin(&image))
            return {};
        paint(&painter, QSizeF(size));
        painter.end();
        if (!image.save(&buffer, "PNG"))
            return {};
        break;
    }
    case FigureFormat::Svg: {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(), size));
        svg.setTitle(title);
        if (!painter.begin(&svg))
            return {};
        paint(&painter, QSizeF(size));
        if (!painter.end())
            return {};
        break;
    }
    case FigureFormat::Pdf: {
        // One page of the figure's aspect, 96 device pixels per inch: the figure's pixels.
        QPdfWriter pdf(&buffer);
        pdf.setResolution(96);
        const QSizeF page(size.width() * 72.0 / 96.0, size.height() * 72.0 / 96.0);
        pdf.setPageLayout(
            QPageLayout(QPageSize(page, QPageSize::Point, QString(), QPageSize::ExactMatch),
                        QPageLayout::Portrait, QMarginsF(), QPageLayout::Point));
        pdf.setTitle(title);
        pdf.setCreator(QStringLiteral("RoofScope"));
        if (!painter.begin(&pdf))
            return {};
        paint(&painter, QSizeF(size));
        if (!painter.end())
            return {};
        break;
    }
    }
    return bytes;
}

} // namespace roofscope
