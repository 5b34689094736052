#include "ui/chart/chartdocument.h"

#include "ui/chart/roofchart.h"
#include "ui/document/modelworkbench.h"
#include "ui/document/session.h"

namespace roofscope {

Expected<std::unique_ptr<ChartDocument>>
ChartDocument::fromScenario(Scenario scenario, HardwareCatalog catalog, const QString& fileName)
{
    std::unique_ptr<ChartDocument> doc(new ChartDocument);
    doc->m_session = std::make_unique<Session>(std::move(catalog));
    if (auto error = doc->m_session->applyScenario(std::move(scenario), fileName))
        return *error;
    doc->m_chart = std::make_unique<RoofChart>(doc->m_session.get());
    doc->resize(QSize(1280, 720));
    return doc;
}

ChartDocument::~ChartDocument()
{
    // The chart goes before the session it listens to.
    m_chart.reset();
}

void ChartDocument::resize(QSize size)
{
    m_chart->resize(QSizeF(size));
}

QImage ChartDocument::renderImage(QSize size, qreal devicePixelRatio)
{
    return m_chart->renderImage(size, devicePixelRatio);
}

void ChartDocument::sizeModelMarkers()
{
    Session* session = m_session.get();
    if (!session->modelSetup() || session->modelFirstRow() < 0)
        return;
    // The set-up embeds its model's config: the built-in catalog is enough, and an export does
    // not read the user's model folder from disk again.
    auto* workbench = new ModelWorkbench(session, ModelCatalog::builtin(), session);
    m_chart->setPointShare(
        [workbench](PointRef p) { return workbench->timeShare(p.op, p.hardware); });
}

} // namespace roofscope
