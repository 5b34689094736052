#include "ui/chart/chartdocument.h"

#include "ui/chart/roofchart.h"
#include "ui/models/comparisonmodel.h"
#include "ui/models/hardwaremodel.h"
#include "ui/session.h"

#include <QGraphicsScene>
#include <QPainter>

namespace roofscope {

Expected<std::unique_ptr<ChartDocument>> ChartDocument::fromScenario(const Scenario& scenario,
                                                                     HardwareCatalog catalog,
                                                                     const QString& fileName)
{
    std::unique_ptr<ChartDocument> doc(new ChartDocument);
    doc->m_session = std::make_unique<Session>(std::move(catalog));
    if (auto error = doc->m_session->applyScenario(scenario, fileName))
        return *error;
    doc->m_hardware = std::make_unique<HardwareModel>(doc->m_session.get());
    doc->m_comparison = std::make_unique<ComparisonModel>(doc->m_session.get());
    doc->m_scene = std::make_unique<QGraphicsScene>();
    doc->m_chart =
        new RoofChart(doc->m_session.get(), doc->m_hardware.get(), doc->m_comparison.get());
    doc->m_scene->addItem(doc->m_chart);
    // Exports name this font in every SVG group, even of items that draw no text.
    doc->m_scene->setFont(doc->m_chart->style().tickFont);
    doc->resize(QSize(1280, 720));
    return doc;
}

ChartDocument::~ChartDocument()
{
    // The scene deletes the chart before the models it listens to go away.
    m_scene.reset();
}

void ChartDocument::resize(QSize size)
{
    m_chart->resize(size);
    m_scene->setSceneRect(QRectF(QPointF(), size));
}

QImage ChartDocument::renderImage(QSize size, qreal devicePixelRatio)
{
    resize(size);
    return renderChart(m_chart, size, devicePixelRatio);
}

QImage renderChart(RoofChart* chart, QSize size, qreal devicePixelRatio)
{
    QImage image(size * devicePixelRatio, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(devicePixelRatio);
    image.fill(chart->style().background);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    chart->scene()->render(&painter, QRectF(QPointF(), size), chart->sceneBoundingRect());
    return image;
}

} // namespace roofscope
