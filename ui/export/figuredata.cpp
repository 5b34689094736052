#include "ui/export/figuredata.h"

#include "ui/document/session.h"

namespace roofscope {

FigureData figureDataOf(const Session& session, const ViewRange& view)
{
    return FigureData::collect(session.figure(), session.hardware(), session.measurements(), view);
}

} // namespace roofscope
