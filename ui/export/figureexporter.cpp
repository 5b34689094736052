#include "ui/export/figureexporter.h"

#include "ui/chart/chartdocument.h"
#include "ui/chart/roofchart.h"
#include "ui/export/atomicfile.h"

#include <QBuffer>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QGuiApplication>
#include <QImageWriter>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QScreen>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {

// Larger than any projector needs; keeps a typo (--size 38400x2160) from asking for gigabytes.
constexpr int kMaxImageSide = 16384;

// The resolution the chart's fonts were measured at. Every output device gets the same one,
// or point-sized text would be drawn smaller (SVG and PDF default to 72 dpi) than the space
// the layout left for it.
int layoutDpi()
{
    if (const QScreen* screen = QGuiApplication::primaryScreen())
        return qRound(screen->logicalDotsPerInchY());
    return 96;
}

QFont titleFont(const ChartStyle& style)
{
    QFont f = style.titleFont;
    f.setPointSizeF(style.titleFont.pointSizeF() * 1.7);
    f.setBold(true);
    return f;
}

QFont subtitleFont(const ChartStyle& style)
{
    QFont f = style.tickFont;
    f.setPointSizeF(style.tickFont.pointSizeF() * 1.2);
    return f;
}

void setRenderHints(QPainter& painter)
{
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
}

} // namespace

std::optional<FigureFormat> figureFormatForFile(const QString& fileName)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return FigureFormat::Png;
    if (suffix == QLatin1String("svg"))
        return FigureFormat::Svg;
    if (suffix == QLatin1String("pdf"))
        return FigureFormat::Pdf;
    return std::nullopt;
}

QString figureFormatSuffix(FigureFormat format)
{
    switch (format) {
    case FigureFormat::Png:
        return QStringLiteral("png");
    case FigureFormat::Svg:
        return QStringLiteral("svg");
    case FigureFormat::Pdf:
        return QStringLiteral("pdf");
    }
    return {};
}

Expected<std::unique_ptr<FigureExporter>>
FigureExporter::create(Scenario scenario, HardwareCatalog catalog, const FigureOptions& options)
{
    const QSize pixels = options.size * options.scale;
    if (options.size.width() < 16 || options.size.height() < 16 || !(options.scale > 0.0) ||
        pixels.width() > kMaxImageSide || pixels.height() > kMaxImageSide)
        return Error{tr("figure size %1×%2 at scale %3: expected 16…%4 pixels a side")
                         .arg(options.size.width())
                         .arg(options.size.height())
                         .arg(options.scale)
                         .arg(kMaxImageSide)
                         .toStdString()};
    // Taken by value and moved on: a profile of 100,000 kernels was copied twice here.
    if (options.theme)
        scenario.theme = *options.theme;
    auto doc = ChartDocument::fromScenario(std::move(scenario), std::move(catalog),
                                           QStringLiteral("scenario"));
    if (!doc)
        return doc.error();
    std::unique_ptr<FigureExporter> exporter(new FigureExporter);
    exporter->m_document = std::move(*doc);
    exporter->m_options = options;
    RoofChart* chart = exporter->m_document->chart();
    // One render per document: a device-coordinate cache would only cost a detour through a
    // pixmap, and in SVG and PDF it would turn text and lines into embedded bitmaps.
    chart->setCaching(false);
    if (options.transparent)
        chart->setBackgroundVisible(false);
    exporter->layout();
    return exporter;
}

FigureExporter::~FigureExporter() = default;

void FigureExporter::layout()
{
    const QSizeF figure(m_options.size);
    // A figure at least as wide and tall as the reference (in proportion) is the reference
    // layout magnified; smaller ones shrink, but never below half (text would be unreadable).
    m_magnification = std::max(
        0.5, std::min(figure.width() / kReferenceWidth, figure.height() / kReferenceHeight));
    m_layoutSize = QSizeF(std::round(figure.width() / m_magnification),
                          std::round(figure.height() / m_magnification));

    const ChartStyle& style = m_document->chart()->style();
    m_titleHeight = m_options.title.isEmpty() ? 0.0 : QFontMetricsF(titleFont(style)).height();
    m_subtitleHeight =
        m_options.subtitle.isEmpty() ? 0.0 : QFontMetricsF(subtitleFont(style)).height();
    qreal band = 0.0;
    if (m_titleHeight > 0 || m_subtitleHeight > 0)
        band = 12.0 + m_titleHeight + m_subtitleHeight + (m_subtitleHeight > 0 ? 2.0 : 0.0);
    m_chartRect = QRectF(0, band, m_layoutSize.width(), m_layoutSize.height() - band);
    m_document->resize(m_chartRect.size().toSize());
}

QTransform FigureExporter::chartToFigure() const
{
    const qreal sx = m_options.size.width() / m_layoutSize.width();
    const qreal sy = m_options.size.height() / m_layoutSize.height();
    return QTransform::fromTranslate(m_chartRect.left(), m_chartRect.top()) *
           QTransform::fromScale(sx, sy);
}

void FigureExporter::paint(QPainter* painter, QSizeF deviceSize, bool fillBackground) const
{
    RoofChart* chart = m_document->chart();
    const ChartStyle& style = chart->style();
    painter->save();
    setRenderHints(*painter);
    // Every group of an SVG names the font in effect: the chart's, never the default
    // "Sans Serif".
    painter->setFont(style.tickFont);
    painter->scale(deviceSize.width() / m_layoutSize.width(),
                   deviceSize.height() / m_layoutSize.height());
    if (fillBackground)
        painter->fillRect(QRectF(QPointF(), m_layoutSize), style.background);

    // Title and subtitle line up with the plot's left edge, like the legend below them.
    const qreal left = m_chartRect.left() + chart->plotArea().left();
    const qreal width = m_layoutSize.width() - left - 18.0;
    qreal y = 10.0;
    if (m_titleHeight > 0) {
        const QFont font = titleFont(style);
        painter->setFont(font);
        painter->setPen(style.text);
        const QString text = QFontMetricsF(font).elidedText(m_options.title, Qt::ElideRight, width);
        painter->drawText(QRectF(left, y, width, m_titleHeight), Qt::AlignLeft | Qt::AlignVCenter,
                          text);
        y += m_titleHeight + 2.0;
    }
    if (m_subtitleHeight > 0) {
        const QFont font = subtitleFont(style);
        painter->setFont(font);
        painter->setPen(style.mutedText);
        const QString text =
            QFontMetricsF(font).elidedText(m_options.subtitle, Qt::ElideRight, width);
        painter->drawText(QRectF(left, y, width, m_subtitleHeight),
                          Qt::AlignLeft | Qt::AlignVCenter, text);
    }
    chart->render(painter, m_chartRect);
    painter->restore();
}

QImage FigureExporter::renderImage() const
{
    const qreal scale = m_options.scale;
    // Opaque figures skip the alpha channel: a quarter less to fill, encode and store.
    QImage image(m_options.size * scale, m_options.transparent ? QImage::Format_ARGB32_Premultiplied
                                                               : QImage::Format_RGB32);
    image.setDevicePixelRatio(scale);
    const int dotsPerMeter = qRound(layoutDpi() / 0.0254);
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    paint(&painter, QSizeF(m_options.size), !m_options.transparent);
    return image;
}

QByteArray FigureExporter::renderPng() const
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    // zlib level 1 ((100 − 85) × 9 / 91): a flat-coloured chart compresses almost as well as at
    // the default level, several times faster; encoding is most of a 4K `roofscope plot`.
    // (The quality mapping is stable across Qt versions; setCompression's range is not.)
    writer.setQuality(85);
    writer.setText(QStringLiteral("Software"), QStringLiteral("RoofScope"));
    if (!m_options.title.isEmpty())
        writer.setText(QStringLiteral("Title"), m_options.title);
    if (!writer.write(renderImage()))
        return {};
    return bytes;
}

QSizeF FigureExporter::pageSizePt() const
{
    const double w = kSlideWidthInches * 72.0;
    return {w, w * m_options.size.height() / m_options.size.width()};
}

QByteArray FigureExporter::renderSvg() const
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    // Physical size for slides (13.33 in wide, the figure's aspect); user units stay the
    // figure's pixels, so coordinates in the file read like the PNG's.
    const int dpi = layoutDpi();
    const QSizeF page = pageSizePt();
    svg.setSize(QSize(qRound(page.width() * dpi / 72.0), qRound(page.height() * dpi / 72.0)));
    svg.setViewBox(QRect(QPoint(), m_options.size));
    svg.setResolution(dpi);
    svg.setTitle(m_options.title.isEmpty() ? tr("Roofline") : m_options.title);
    svg.setDescription(m_options.subtitle.isEmpty() ? tr("Roofline chart made with RoofScope")
                                                    : m_options.subtitle);
    QPainter painter;
    if (!painter.begin(&svg))
        return {};
    paint(&painter, QSizeF(m_options.size), true);
    if (!painter.end())
        return {};
    return bytes;
}

QByteArray FigureExporter::renderPdf() const
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter pdf(&buffer);
        // One slide-sized page (13.33 in wide, the figure's aspect), no margins. The device
        // resolution is the layout's so that fonts come out as large as they were measured.
        const int dpi = layoutDpi();
        const QSizeF page = pageSizePt();
        pdf.setResolution(dpi);
        pdf.setPageLayout(
            QPageLayout(QPageSize(page, QPageSize::Point, QString(), QPageSize::ExactMatch),
                        QPageLayout::Portrait, QMarginsF(), QPageLayout::Point));
        pdf.setTitle(m_options.title.isEmpty() ? tr("Roofline") : m_options.title);
        pdf.setCreator(QStringLiteral("RoofScope"));
        QPainter painter;
        if (!painter.begin(&pdf))
            return {};
        paint(&painter, page * (dpi / 72.0), true);
        if (!painter.end())
            return {};
    }
    return bytes;
}

QByteArray FigureExporter::render(FigureFormat format) const
{
    switch (format) {
    case FigureFormat::Png:
        return renderPng();
    case FigureFormat::Svg:
        return renderSvg();
    case FigureFormat::Pdf:
        return renderPdf();
    }
    return {};
}

std::optional<QString> FigureExporter::write(const QString& path, FigureFormat format) const
{
    const QByteArray bytes = render(format);
    if (bytes.isEmpty())
        return tr("Cannot write %1: the %2 figure could not be drawn")
            .arg(path, figureFormatSuffix(format).toUpper());
    return AtomicFile::write(path, bytes);
}

} // namespace roofscope
