#include "ui/chart/chartlayer.h"

#include "ui/chart/layers/analyticpointslayer.h"
#include "ui/chart/layers/communicationlayer.h"
#include "ui/chart/layers/gridaxeslayer.h"
#include "ui/chart/layers/labelslayer.h"
#include "ui/chart/layers/legendlayer.h"
#include "ui/chart/layers/linkslayer.h"
#include "ui/chart/layers/measuredkeylayer.h"
#include "ui/chart/layers/measuredlayer.h"
#include "ui/chart/layers/measuredlevelslayer.h"
#include "ui/chart/layers/measuredpathslayer.h"
#include "ui/chart/layers/passpointslayer.h"
#include "ui/chart/layers/roofslayer.h"
#include "ui/chart/layers/sweepslayer.h"

namespace roofscope {

// The registration list. Order matters twice: layers update in this order (the labels last,
// after every layer has added the boxes they must keep off), and tooltips ask the last first.
std::vector<std::unique_ptr<ChartLayer>> createChartLayers()
{
    std::vector<std::unique_ptr<ChartLayer>> layers;
    layers.push_back(std::make_unique<GridAxesLayer>());
    layers.push_back(std::make_unique<SweepsLayer>());
    layers.push_back(std::make_unique<RoofsLayer>());
    layers.push_back(std::make_unique<MeasuredPathsLayer>());
    layers.push_back(std::make_unique<MeasuredLevelsLayer>());
    layers.push_back(std::make_unique<MeasuredLayer>());
    layers.push_back(std::make_unique<LinksLayer>());
    layers.push_back(std::make_unique<PassPointsLayer>());
    layers.push_back(std::make_unique<CommunicationLayer>());
    layers.push_back(std::make_unique<AnalyticPointsLayer>());
    layers.push_back(std::make_unique<LegendLayer>());
    layers.push_back(std::make_unique<MeasuredKeyLayer>());
    layers.push_back(std::make_unique<LabelsLayer>());
    return layers;
}

} // namespace roofscope
