#include "ui/text/humanformat.h"

#include <QLocale>

#include <cmath>

namespace roofscope {

namespace {

QLocale displayLocale()
{
    QLocale locale;
    // The C locale groups nothing; a person still reads 2,621,440 more easily than 2621440.
    if (locale.language() == QLocale::C)
        locale = QLocale(QLocale::English, QLocale::UnitedStates);
    locale.setNumberOptions(QLocale::DefaultNumberOptions);
    return locale;
}

} // namespace

QString HumanFormat::count(double value, int significant)
{
    const QLocale locale = displayLocale();
    if (std::isfinite(value) && value == std::floor(value) && std::abs(value) < 1e15)
        return locale.toString(static_cast<qlonglong>(value));
    if (!std::isfinite(value))
        return QStringLiteral("—");
    // Significant digits without an exponent: 2.22, 0.0123, 1,234.5.
    const int magnitude =
        value == 0.0 ? 0 : static_cast<int>(std::floor(std::log10(std::abs(value))));
    const int decimals = std::max(0, significant - 1 - magnitude);
    return locale.toString(value, 'f', decimals);
}

QString HumanFormat::excess(double ratio, bool* isPercent)
{
    const QLocale locale = displayLocale();
    *isPercent = ratio < 1.095;
    if (*isPercent) {
        const double percent = (ratio - 1.0) * 100.0;
        return locale.toString(percent, 'f', percent < 1.0 ? 2 : 1);
    }
    return count(ratio, 3);
}

} // namespace roofscope
