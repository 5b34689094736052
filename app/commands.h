#pragma once

#include "core/hardware/catalog.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace roofscope::cli {

// Each subcommand takes the tokens after its name and returns the process exit code.
// Usage mistakes are thrown as UsageError (exit code 2, one line on stderr).
int runGpus(const std::vector<std::string>& args);
int runOps(const std::vector<std::string>& args);
int runAnalyze(const std::vector<std::string>& args);
int runSweep(const std::vector<std::string>& args);
void printHelp(std::ostream& out);
// `roofscope COMMAND --help` (or `roofscope help COMMAND`): the command's usage, its options
// and an example. False when there is no such command.
bool printCommandHelp(const std::string& command, std::ostream& out);

// The catalog a command works with: built-in, then the user directory (a broken file there is
// a warning on stderr), then each --catalog FILE (a broken one is a UsageError).
HardwareCatalog loadCatalog(const std::vector<std::string>& catalogFiles);
// The hardware for "--gpu a,b,c", or a UsageError naming the unknown id and the nearest one.
std::vector<const Hardware*> resolveGpus(const HardwareCatalog& catalog, const std::string& list);

} // namespace roofscope::cli
