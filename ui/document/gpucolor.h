#pragma once

#include <QColor>

namespace roofscope {

class Session;

// An accelerator's colour in a session: the user's override, else its palette slot on the
// session's theme. Kept beside the document (not in ui/style) because it reads the session.
QColor gpuColor(const Session& session, int hardware);

} // namespace roofscope
