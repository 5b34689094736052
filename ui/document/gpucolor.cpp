#include "ui/document/gpucolor.h"

#include "ui/document/session.h"
#include "ui/style/chartstyle.h"

namespace roofscope {

QColor gpuColor(const Session& session, int hardware)
{
    if (auto rgb = session.colorOverride(hardware))
        return QColor::fromRgb(static_cast<QRgb>(*rgb));
    return hardwareColor(session.colorSlot(hardware), session.viewSettings()->theme());
}

} // namespace roofscope
