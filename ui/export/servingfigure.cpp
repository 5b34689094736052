#include "ui/export/servingfigure.h"

#include "core/roofline/operators.h"
#include "core/serving/serving.h"

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
#include <map>

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

// 1, 2 and 5 of every decade in [a, b] (exponents), for ticks and their labels; only the
// decades where a decade is too short for three labels (`roomy` false).
std::vector<double> ticks(double a, double b, bool roomy = true)
{
    std::vector<double> out;
    const std::vector<double> mantissas =
        roomy ? std::vector<double>{1.0, 2.0, 5.0} : std::vector<double>{1.0};
    for (double e = a; e <= b; e += 1.0)
        for (double m : mantissas) {
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

QPointF ServingFigureFrame::toScreen(QPointF v) const
{
    const double fx = (std::log10(v.x()) - xLo) / (xHi - xLo);
    const double fy = (std::log10(v.y()) - yLo) / (yHi - yLo);
    return {plot.left() + fx * plot.width(), plot.bottom() - fy * plot.height()};
}

void ServingFigure::addCurves(const std::vector<ServingCurve>& servingCurves,
                              const std::function<QColor(const std::string& gpu)>& colorOf,
                              const QString& doesNotFit)
{
    static constexpr Qt::PenStyle kStyles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine,
                                               Qt::DashDotLine, Qt::DashDotDotLine};
    std::map<std::string, int> layoutsSeen;
    for (const ServingCurve& c : servingCurves) {
        ServingFigureCurve fc;
        fc.label = QString::fromStdString(c.gpu + " · " + c.layout.name());
        if (c.points.empty())
            fc.label += QLatin1Char(' ') + doesNotFit;
        fc.color = colorOf(c.gpu);
        const int nth = layoutsSeen[c.gpu]++;
        fc.style = kStyles[nth % 5];
        fc.marker = (nth / 5) % 3;
        for (const ServingPoint& pt : c.points) {
            fc.points.emplace_back(pt.tokensPerSPerUser, pt.tokensPerSPerGpu);
            fc.pointTexts.push_back(QString::fromStdString(formatParamNumber(pt.batch)));
        }
        fc.capacityEnd = c.limit == ServingLimit::Memory;
        curves.push_back(std::move(fc));
    }
}

ServingFigureFrame ServingFigure::frame(const QSizeF& area) const
{
    const double w = area.width();
    const double h = area.height();
    ServingFigureFrame f;
    f.unit = unit > 0.0 ? unit : h / 1080.0;
    const double u = f.unit;

    double xMin = std::numeric_limits<double>::infinity();
    double xMax = 0.0;
    double yMin = xMin;
    double yMax = 0.0;
    const auto take = [&](QPointF pt) {
        if (!(pt.x() > 0.0 && pt.y() > 0.0 && std::isfinite(pt.x()) && std::isfinite(pt.y())))
            return;
        xMin = std::min(xMin, pt.x());
        xMax = std::max(xMax, pt.x());
        yMin = std::min(yMin, pt.y());
        yMax = std::max(yMax, pt.y());
    };
    for (const ServingFigureCurve& c : curves) {
        for (const QPointF& pt : c.points) {
            take(pt);
            if (c.bandLow > 0.0)
                take(pt * c.bandLow);
        }
    }
    for (const ServingFigureReference& r : references)
        take(r.point);
    if (!(xMax > 0.0)) {
        xMin = yMin = 1.0;
        xMax = yMax = 10.0;
    }
    const auto [xa, xb] = decades(xMin, xMax);
    const auto [ya, yb] = decades(yMin, yMax);
    f.xLo = xa;
    f.xHi = xb;
    f.yLo = ya;
    f.yHi = yb;
    // The legend takes the right, up to 520 units, never more than 40 % of a narrow widget.
    const double legend = std::min(520 * u, 0.4 * w);
    // The title's band only as tall as the texts it holds (the window shows none).
    const double top = !title.isEmpty() ? 130 * u : !subtitle.isEmpty() ? 70 * u : 25 * u;
    const double bottom = xTitle.isEmpty() ? 60 * u : 110 * u;
    f.plot = QRectF(150 * u, top, std::max(10.0, w - 150 * u - legend),
                    std::max(10.0, h - top - bottom));
    return f;
}

std::vector<ServingPointLabel> ServingFigure::pointLabels(const QSizeF& area,
                                                          const QFont& base) const
{
    const ServingFigureFrame f = frame(area);
    const double unit = f.unit;
    QFont small = base;
    small.setPixelSize(std::max(1, static_cast<int>(std::lround(17 * unit))));
    const QFontMetricsF fm(small);
    const QRectF room = f.plot.adjusted(-20 * unit, -20 * unit, 20 * unit, 20 * unit);
    std::vector<ServingPointLabel> out;
    std::vector<QRectF> taken;
    // Every dot is an obstacle too: a number over another curve's dot reads as that dot's.
    for (const ServingFigureCurve& c : curves)
        for (const QPointF& pt : c.points) {
            const QPointF s = f.toScreen(pt);
            taken.emplace_back(s.x() - 6 * unit, s.y() - 6 * unit, 12 * unit, 12 * unit);
        }
    const auto free = [&](const QRectF& r) {
        return room.contains(r) && std::none_of(taken.begin(), taken.end(),
                                                [&](const QRectF& t) { return t.intersects(r); });
    };
    for (std::size_t c = 0; c < curves.size(); ++c) {
        const ServingFigureCurve& curve = curves[c];
        for (std::size_t i = 0; i < curve.points.size() && i < curve.pointTexts.size(); ++i) {
            const QPointF s = f.toScreen(curve.points[i]);
            const QSizeF size(fm.horizontalAdvance(curve.pointTexts[i]) + 2.0, fm.height());
            // Above right (where it always was), else below right.
            const QRectF above(QPointF(s.x() + 8 * unit, s.y() - 8 * unit - size.height()), size);
            const QRectF below(QPointF(s.x() + 8 * unit, s.y() + 8 * unit), size);
            for (const QRectF& r : {above, below}) {
                if (free(r)) {
                    taken.push_back(r);
                    out.push_back({static_cast<int>(c), static_cast<int>(i), r});
                    break;
                }
            }
        }
    }
    return out;
}

void ServingFigure::paint(QPainter* p, const QSizeF& area, bool withRings) const
{
    const double w = area.width();
    const ServingFigureFrame f = frame(area);
    const double unit = f.unit;
    const QRectF plot = f.plot;
    p->save();
    p->setRenderHint(QPainter::Antialiasing, true);
    p->fillRect(QRectF(QPointF(0, 0), area), colors.background);

    QFont font = p->font();
    font.setPixelSize(std::max(1, static_cast<int>(std::lround(22 * unit))));
    QFont small = font;
    small.setPixelSize(std::max(1, static_cast<int>(std::lround(17 * unit))));
    QFont titleFont = font;
    titleFont.setPixelSize(std::max(1, static_cast<int>(std::lround(38 * unit))));
    titleFont.setBold(true);
    const auto toScreen = [&f](QPointF v) { return f.toScreen(v); };

    // Title and subtitle.
    p->setPen(colors.text);
    p->setFont(titleFont);
    p->drawText(QRectF(plot.left(), 20 * unit, w - plot.left() - 20 * unit, 50 * unit),
                Qt::AlignLeft | Qt::AlignVCenter, title);
    p->setFont(font);
    p->setPen(colors.subtitle);
    p->drawText(
        QRectF(plot.left(), (title.isEmpty() ? 16 : 72) * unit, w - plot.left() - 20 * unit,
               36 * unit),
        Qt::AlignLeft | Qt::AlignVCenter,
        QFontMetricsF(font).elidedText(subtitle, Qt::ElideRight, w - plot.left() - 20 * unit));

    // Grid, ticks and their labels.
    p->setFont(small);
    // Three labels a decade need about three label heights (widths, on x) of room.
    const double labelRoom = 3.5 * QFontMetricsF(small).height();
    const bool roomyX = plot.width() / (f.xHi - f.xLo) >= 1.6 * labelRoom;
    const bool roomyY = plot.height() / (f.yHi - f.yLo) >= labelRoom;
    for (double v : ticks(f.xLo, f.xHi, roomyX)) {
        const double x = toScreen({v, std::pow(10.0, f.yLo)}).x();
        p->setPen(QPen(colors.grid, 1.0 * unit));
        p->drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        p->setPen(colors.text);
        p->drawText(QRectF(x - 60 * unit, plot.bottom() + 8 * unit, 120 * unit, 28 * unit),
                    Qt::AlignHCenter | Qt::AlignTop, tickText(v));
    }
    for (double v : ticks(f.yLo, f.yHi, roomyY)) {
        const double y = toScreen({std::pow(10.0, f.xLo), v}).y();
        p->setPen(QPen(colors.grid, 1.0 * unit));
        p->drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p->setPen(colors.text);
        p->drawText(QRectF(plot.left() - 130 * unit, y - 14 * unit, 120 * unit, 28 * unit),
                    Qt::AlignRight | Qt::AlignVCenter, tickText(v));
    }
    p->setPen(QPen(colors.text, 1.5 * unit));
    p->setBrush(Qt::NoBrush);
    p->drawRect(plot);

    // Axis titles.
    // Axis titles: centred on the plot where they fit along it, else on the figure's whole
    // side (a short plot cut "Tokens/s per GPU" at both ends), elided only past that.
    p->setFont(font);
    const QFontMetricsF titleMetrics(font);
    const auto along = [&](const QString& text, double centre, double length) {
        const double width = std::min(titleMetrics.horizontalAdvance(text) + 4.0, length);
        const double start = std::clamp(centre - width / 2.0, 0.0, length - width);
        return std::make_pair(start, width);
    };
    const auto [xStart, xWidth] = along(xTitle, plot.center().x(), w);
    p->drawText(QRectF(xStart, plot.bottom() + 45 * unit, xWidth, 40 * unit),
                Qt::AlignHCenter | Qt::AlignVCenter,
                titleMetrics.elidedText(xTitle, Qt::ElideRight, xWidth));
    const double h = area.height();
    // Rotated: measured from the bottom edge upwards.
    const auto [yStart, yWidth] = along(yTitle, h - plot.center().y(), h);
    p->save();
    p->translate(30 * unit, h);
    p->rotate(-90.0);
    p->drawText(QRectF(yStart, -20 * unit, yWidth, 40 * unit), Qt::AlignHCenter | Qt::AlignVCenter,
                titleMetrics.elidedText(yTitle, Qt::ElideRight, yWidth));
    p->restore();

    p->setClipRect(plot.adjusted(-20 * unit, -20 * unit, 20 * unit, 20 * unit));
    // Bands first, under everything: the curve scaled by the published ratios' spread.
    for (const ServingFigureCurve& c : curves) {
        if (!(c.bandLow > 0.0 && c.bandHigh > 0.0) || c.points.empty())
            continue;
        QPainterPath band;
        for (std::size_t i = 0; i < c.points.size(); ++i) {
            const QPointF s = toScreen(c.points[i] * c.bandHigh);
            if (i == 0)
                band.moveTo(s);
            else
                band.lineTo(s);
        }
        for (std::size_t i = c.points.size(); i-- > 0;)
            band.lineTo(toScreen(c.points[i] * c.bandLow));
        band.closeSubpath();
        QColor fill = c.color;
        fill.setAlphaF(0.16);
        p->setPen(Qt::NoPen);
        p->setBrush(fill);
        p->drawPath(band);
    }
    // Curves: a line through the batches, a dot at each with its batch, the capacity end a
    // square.
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
            p->setPen(QPen(end ? colors.text : c.color, 1.5 * unit));
            if (end) {
                drawSquare(p, s, 10 * unit, c.color);
            } else {
                drawMarker(p, s, 6 * unit, c.marker, c.color);
            }
        }
    }
    // Their batches, thinned where they would overlap.
    p->setFont(small);
    p->setPen(colors.pointText);
    for (const ServingPointLabel& l : pointLabels(area, p->font()))
        p->drawText(l.rect, Qt::AlignLeft | Qt::AlignVCenter,
                    curves[static_cast<std::size_t>(l.curve)]
                        .pointTexts[static_cast<std::size_t>(l.point)]);
    // Published measurements: hollow squares in their GPU's colour.
    for (const ServingFigureReference& r : references) {
        const QPointF s = toScreen(r.point);
        p->setPen(QPen(r.color, 2.5 * unit));
        p->setBrush(Qt::NoBrush);
        p->drawRect(QRectF(s.x() - 8 * unit, s.y() - 8 * unit, 16 * unit, 16 * unit));
        p->drawLine(QPointF(s.x() - 8 * unit, s.y() - 8 * unit),
                    QPointF(s.x() + 8 * unit, s.y() + 8 * unit));
    }
    p->setClipping(false);

    // Legend, right of the plot.
    p->setFont(font);
    const QFontMetricsF fm(font);
    double y = plot.top() + 10 * unit;
    const double x = plot.right() + 30 * unit;
    const double row = fm.height() * 1.4;
    const double textWidth = std::max(10.0, w - x - 70 * unit);
    for (const ServingFigureCurve& c : curves) {
        p->setPen(QPen(c.color, 3.5 * unit, c.style, Qt::RoundCap));
        p->drawLine(QPointF(x, y + row / 2), QPointF(x + 50 * unit, y + row / 2));
        p->setPen(QPen(c.color, 1.5 * unit));
        drawMarker(p, QPointF(x + 25 * unit, y + row / 2), 6 * unit, c.marker, c.color);
        // Wrapped, not elided: "H100 SXM5 80GB (does not fit)" lost its reason in a narrow
        // legend.
        p->setPen(colors.text);
        const QRectF box(x + 62 * unit, y, textWidth, 10 * row);
        const int flags = Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap;
        const QRectF used = fm.boundingRect(box, flags, c.label);
        p->drawText(box.adjusted(0, (row - fm.height()) / 2, 0, 0), flags, c.label);
        y += std::max(row, used.height() + (row - fm.height()));
    }
    // Wrapped legend entries: a swatch, then text as tall as it needs.
    const auto wrapped = [&](const QString& text, const std::function<void(QPointF)>& swatch) {
        if (text.isEmpty())
            return;
        y += row / 2;
        swatch(QPointF(x + 25 * unit, y + row / 2));
        const QRectF box(x + 62 * unit, y, textWidth, 10 * row);
        const QRectF used =
            fm.boundingRect(box, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, text);
        p->setPen(colors.text);
        p->drawText(box, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, text);
        y += std::max(row, used.height());
    };
    wrapped(capacityText, [&](QPointF at) {
        p->setPen(QPen(colors.text, 1.5 * unit));
        drawSquare(p, at, 10 * unit, QColor(0x90, 0x90, 0x90));
    });
    if (!references.empty())
        wrapped(referenceText, [&](QPointF at) {
            p->setPen(QPen(colors.text, 2.5 * unit));
            p->setBrush(Qt::NoBrush);
            p->drawRect(QRectF(at.x() - 8 * unit, at.y() - 8 * unit, 16 * unit, 16 * unit));
            p->drawLine(at - QPointF(8 * unit, 8 * unit), at + QPointF(8 * unit, 8 * unit));
        });
    const bool anyBand = std::any_of(curves.begin(), curves.end(),
                                     [](const ServingFigureCurve& c) { return c.bandLow > 0.0; });
    if (anyBand)
        wrapped(bandText, [&](QPointF at) {
            QColor fill = colors.text;
            fill.setAlphaF(0.16);
            p->setPen(Qt::NoPen);
            p->setBrush(fill);
            p->drawRect(QRectF(at.x() - 25 * unit, at.y() - 10 * unit, 50 * unit, 20 * unit));
        });
    p->restore();
    if (withRings)
        paintRings(p, area);
}

bool ServingFigure::sameBackground(const ServingFigure& o) const
{
    const auto sameCurve = [](const ServingFigureCurve& a, const ServingFigureCurve& b) {
        return a.label == b.label && a.color == b.color && a.style == b.style &&
               a.marker == b.marker && a.points == b.points && a.pointTexts == b.pointTexts &&
               a.capacityEnd == b.capacityEnd && a.bandLow == b.bandLow && a.bandHigh == b.bandHigh;
    };
    const auto sameReference = [](const ServingFigureReference& a,
                                  const ServingFigureReference& b) {
        return a.point == b.point && a.color == b.color;
    };
    const auto sameColors = [](const ServingFigureColors& a, const ServingFigureColors& b) {
        return a.background == b.background && a.text == b.text && a.subtitle == b.subtitle &&
               a.grid == b.grid && a.pointText == b.pointText;
    };
    return title == o.title && subtitle == o.subtitle && xTitle == o.xTitle && yTitle == o.yTitle &&
           capacityText == o.capacityText && referenceText == o.referenceText &&
           bandText == o.bandText && size == o.size && unit == o.unit &&
           sameColors(colors, o.colors) &&
           std::equal(curves.begin(), curves.end(), o.curves.begin(), o.curves.end(), sameCurve) &&
           std::equal(references.begin(), references.end(), o.references.begin(),
                      o.references.end(), sameReference);
}

void ServingFigure::paintRings(QPainter* p, const QSizeF& area) const
{
    const ServingFigureFrame f = frame(area);
    const double unit = f.unit;
    const QRectF plot = f.plot;
    QFont font = p->font();
    font.setPixelSize(std::max(1, static_cast<int>(std::lround(22 * unit))));
    p->save();
    p->setRenderHint(QPainter::Antialiasing, true);
    p->setClipRect(plot.adjusted(-20 * unit, -20 * unit, 20 * unit, 20 * unit));
    // The window's batch on every curve: a ring and its text, above everything.
    for (const ServingFigureCurve& c : curves) {
        if (!c.current)
            continue;
        const QPointF s = f.toScreen(*c.current);
        p->setBrush(colors.background);
        p->setPen(QPen(c.color, 4.0 * unit, c.currentFits ? Qt::SolidLine : Qt::DotLine));
        p->drawEllipse(s, 13 * unit, 13 * unit);
        p->setBrush(c.color);
        p->setPen(Qt::NoPen);
        p->drawEllipse(s, 6 * unit, 6 * unit);
        p->setFont(font);
        p->setPen(colors.text);
        // Right of the ring, or left of it near the plot's right edge.
        const double textWidth = QFontMetricsF(font).horizontalAdvance(c.currentText);
        const double x = s.x() + 18 * unit + textWidth > plot.right() + 15 * unit
                             ? s.x() - 18 * unit - textWidth
                             : s.x() + 18 * unit;
        p->drawText(QPointF(x, s.y() + 26 * unit), c.currentText);
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
        image.fill(colors.background);
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
