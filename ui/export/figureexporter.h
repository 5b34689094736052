#pragma once

#include "core/document/scenario.h"
#include "core/hardware/catalog.h"
#include "core/util/expected.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QImage>
#include <QRectF>
#include <QSize>
#include <QString>
#include <QTransform>

#include <memory>
#include <optional>

class QPainter;

namespace roofscope {

class ChartDocument;

enum class FigureFormat { Png, Svg, Pdf };

// The format a file name asks for (by its suffix, case-insensitive), or nullopt.
std::optional<FigureFormat> figureFormatForFile(const QString& fileName);
QString figureFormatSuffix(FigureFormat format);

// What a figure looks like. The size is the figure's width × height: pixels of a PNG at scale
// 1, user units (viewBox) of an SVG. SVG and PDF pages are slide-sized in physical units:
// 13.33 in wide (a 16:9 PowerPoint/Keynote slide) at the figure's aspect.
struct FigureOptions {
    QSize size{1920, 1080};
    qreal scale = 1.0;          // PNG only: a 1280×720 figure at 2 is a 2560×1440 image
    std::optional<Theme> theme; // nullopt: the scenario's own ("as shown")
    bool transparent = false;   // PNG only: no background behind the chart
    QString title;
    QString subtitle;
};

// Draws one scenario as a figure for slides: a ChartDocument of its own (the window's chart
// is never touched) laid out at the reference size and magnified to the figure, so that line
// widths and fonts grow with the figure — a 3840-wide export looks like a 1280-wide one, only
// sharper, never a screen-sized chart with 1-px lines. PNG, SVG and PDF share one painting
// path (QGraphicsScene::render) and so show the same figure.
class FigureExporter {
    Q_DECLARE_TR_FUNCTIONS(roofscope::FigureExporter)
public:
    // The size whose pens and fonts the chart styles are designed for.
    static constexpr qreal kReferenceWidth = 1280.0;
    static constexpr qreal kReferenceHeight = 720.0;
    // The width of SVG and PDF pages: a widescreen slide, 13⅓ in (960 pt).
    static constexpr qreal kSlideWidthInches = 40.0 / 3.0;

    // Errors: the scenario names hardware the catalog lacks; an empty or oversized figure.
    static Expected<std::unique_ptr<FigureExporter>>
    create(Scenario scenario, HardwareCatalog catalog, const FigureOptions& options);
    ~FigureExporter();

    ChartDocument* document() const { return m_document.get(); }
    const FigureOptions& options() const { return m_options; }
    // Figure pixels per layout unit (≥ 0.5): 3 for a 3840×2160 figure.
    qreal magnification() const { return m_magnification; }
    // The figure in layout units, and where the chart sits in it (below the title).
    QSizeF layoutSize() const { return m_layoutSize; }
    QRectF chartRect() const { return m_chartRect; }
    // Chart item coordinates (RoofChart::logAxes, geometry::valueToPixel) → figure pixels at
    // scale 1. Multiply by the scale for PNG image pixels.
    QTransform chartToFigure() const;
    // The SVG/PDF page in points: 960 pt wide, the figure's aspect.
    QSizeF pageSizePt() const;

    QImage renderImage() const; // size × scale pixels
    QByteArray renderPng() const;
    QByteArray renderSvg() const;
    QByteArray renderPdf() const;
    QByteArray render(FigureFormat format) const;
    // Renders and writes atomically; the message names the path and reason on failure.
    std::optional<QString> write(const QString& path, FigureFormat format) const;

private:
    FigureExporter() = default;
    void layout();
    // Paints the whole figure onto a device of `deviceSize` units.
    void paint(QPainter* painter, QSizeF deviceSize, bool fillBackground) const;

    std::unique_ptr<ChartDocument> m_document;
    FigureOptions m_options;
    qreal m_magnification = 1.0;
    QSizeF m_layoutSize;
    QRectF m_chartRect;
    qreal m_titleHeight = 0.0;
    qreal m_subtitleHeight = 0.0;
};

} // namespace roofscope
