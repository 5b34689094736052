#include "ui/text/measuredratiotext.h"

#include "ui/text/datanames.h"

#include <QLocale>

namespace roofscope {

QString MeasuredRatioText::roof(const RoofRatio& ratio)
{
    const QString name = ratio.compute ? ceilingDisplayName(ratio.ceiling)
                                       : QString::fromStdString(ratio.level).toUpper();
    return tr("%1 %2×", "roof, measured ÷ datasheet")
        .arg(name, QLocale().toString(ratio.ratio(), 'f', 2));
}

QString MeasuredRatioText::summary(const HardwareCatalog& catalog, const Hardware& hw)
{
    const Hardware* datasheet = catalog.datasheetOf(hw);
    if (!datasheet)
        return {};
    const std::vector<RoofRatio> ratios = measuredRatios(hw, *datasheet);
    if (ratios.empty())
        return {};
    QStringList parts;
    for (const RoofRatio& r : ratios)
        parts << roof(r);
    return tr("Measured ÷ datasheet (%1): %2")
        .arg(QString::fromStdString(datasheet->name), parts.join(QStringLiteral(", ")));
}

const RoofRatio* MeasuredRatioText::find(const std::vector<RoofRatio>& ratios,
                                         const Ceiling& ceiling)
{
    for (const RoofRatio& r : ratios) {
        if (r.compute && r.ceiling.precision == ceiling.precision && r.ceiling.unit == ceiling.unit)
            return &r;
    }
    return nullptr;
}

const RoofRatio* MeasuredRatioText::find(const std::vector<RoofRatio>& ratios,
                                         const std::string& level)
{
    for (const RoofRatio& r : ratios) {
        if (!r.compute && r.level == level)
            return &r;
    }
    return nullptr;
}

} // namespace roofscope
