#pragma once

#include "core/document/scenario.h"
#include "core/hardware/catalog.h"
#include "core/util/expected.h"

#include <QImage>
#include <QSize>
#include <QString>

#include <memory>

namespace roofscope {

class RoofChart;
class Session;

// A chart without a window: a session and the chart, built from a scenario and a
// catalog alone. The headless renderer (`roofscope plot --scenario`) and the window's export
// draw it the same way (RoofChart::render). Needs a QApplication (the chart's items are
// graphics widgets).
class ChartDocument {
public:
    static Expected<std::unique_ptr<ChartDocument>>
    fromScenario(Scenario scenario, HardwareCatalog catalog, const QString& fileName);
    ~ChartDocument();

    Session* session() const { return m_session.get(); }
    RoofChart* chart() const { return m_chart.get(); }
    // Lays the chart out at `size` (logical pixels).
    void resize(QSize size);
    QImage renderImage(QSize size, qreal devicePixelRatio = 1.0);
    // Draws a model's operators as the window does: markers sized by their share of the step
    // time. For a document of its own (plot, figure export); the window's chart gets its shares
    // from the window's workbench. The workbench made here lives as long as the session and
    // reads no model folder.
    void sizeModelMarkers();

private:
    ChartDocument() = default;
    std::unique_ptr<Session> m_session;
    std::unique_ptr<RoofChart> m_chart; // goes before the session it listens to
};

} // namespace roofscope
