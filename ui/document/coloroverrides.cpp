#include "ui/document/coloroverrides.h"

#include <QSettings>

namespace roofscope {

ColorOverrides colorOverridesFromSettings()
{
    ColorOverrides out;
    QSettings settings;
    settings.beginGroup(QStringLiteral("colors"));
    const QStringList ids = settings.childKeys();
    for (const QString& id : ids) {
        // Only the documented "#rrggbb", read by hand: QColor would also take colour names and
        // other forms that the settings file does not promise.
        const QString text = settings.value(id).toString().trimmed();
        bool ok = false;
        const uint rgb = text.mid(1).toUInt(&ok, 16);
        if (text.size() == 7 && text.startsWith(QLatin1Char('#')) && ok)
            out[id.toStdString()] = static_cast<std::uint32_t>(rgb);
    }
    return out;
}

} // namespace roofscope
