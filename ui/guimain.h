#pragma once

namespace roofscope {

// Runs the window. Accepts Qt's own options and `--catalog FILE` (repeatable): extra hardware
// catalogs merged over the built-in one and the user directory.
int runGui(int argc, char** argv);

} // namespace roofscope
