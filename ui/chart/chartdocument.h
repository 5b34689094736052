#pragma once

#include "core/catalog.h"
#include "core/expected.h"
#include "core/scenario.h"

#include <QImage>
#include <QSize>
#include <QString>

#include <memory>

class QGraphicsScene;

namespace roofscope {

class ComparisonModel;
class HardwareModel;
class RoofChart;
class Session;

// A chart without a window: a session, its models and the chart in a bare QGraphicsScene,
// built from a scenario and a catalog alone. The headless renderer (`roofscope plot
// --scenario`) and the window's export draw the same scene the same way. Needs a
// QApplication (Qt Charts items are widgets of the graphics scene).
class ChartDocument {
public:
    static Expected<std::unique_ptr<ChartDocument>>
    fromScenario(const Scenario& scenario, HardwareCatalog catalog, const QString& fileName);
    ~ChartDocument();

    Session* session() const { return m_session.get(); }
    RoofChart* chart() const { return m_chart; }
    // Lays the chart out at `size` (logical pixels).
    void resize(QSize size);
    QImage renderImage(QSize size, qreal devicePixelRatio = 1.0);

private:
    ChartDocument() = default;
    std::unique_ptr<Session> m_session;
    std::unique_ptr<HardwareModel> m_hardware;
    std::unique_ptr<ComparisonModel> m_comparison;
    std::unique_ptr<QGraphicsScene> m_scene;
    RoofChart* m_chart = nullptr; // owned by the scene
};

// Renders any chart's scene into an image of `size` logical pixels at `dpr`: the one export
// path (QChartView::render magnifies and clips on high-dpr images).
QImage renderChart(RoofChart* chart, QSize size, qreal devicePixelRatio);

} // namespace roofscope
