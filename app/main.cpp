// roofscope: with no subcommand the window, with one the headless tools. The headless paths
// never create a QApplication, so they run without a display; `plot` alone creates one, on the
// offscreen platform unless another is set.
#include "app/arguments.h"
#include "app/commands.h"
#include "app/measuredcommand.h"
#include "app/modelcommands.h"
#include "app/parallelcommands.h"
#include "app/probecommand.h"
#include "app/servecommand.h"

#ifdef ROOFSCOPE_WITH_GUI
#include "app/plotcommand.h"
#include "ui/guimain.h"
#endif

#include <filesystem>
#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace {

using Command = std::function<int(const std::vector<std::string>&)>;

const std::map<std::string, Command>& commands()
{
    using namespace roofscope::cli;
    static const std::map<std::string, Command> table = {
        {"gpus", runGpus},     {"ops", runOps},     {"analyze", runAnalyze},   {"sweep", runSweep},
        {"models", runModels}, {"model", runModel}, {"measured", runMeasured}, {"plan", runPlan},
        {"probe", runProbe},   {"serve", runServe},
#ifdef ROOFSCOPE_WITH_GUI
        {"plot", runPlot},
#endif
    };
    return table;
}

// The window: no arguments, Qt's or the window's options, or files to open (what a file
// manager's "Open With" passes: `roofscope doc.roofscope.json`). A word without a dot or a
// slash that is no command is a mistyped command, not a file.
bool opensWindow(const std::vector<std::string>& args)
{
    if (args.empty() || args.front().rfind("-", 0) == 0)
        return true;
    const std::string& first = args.front();
    return commands().count(first) == 0 &&
           (first.find('.') != std::string::npos || first.find('/') != std::string::npos ||
            std::filesystem::exists(first));
}

} // namespace

int main(int argc, char** argv)
{
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && (args[0] == "help" || args[0] == "--help" || args[0] == "-h")) {
        if (args.size() > 1 && commands().count(args[1])) {
            roofscope::cli::printCommandHelp(args[1], std::cout);
            return 0;
        }
        roofscope::cli::printHelp(std::cout);
        return 0;
    }
    // `roofscope model --help`: help wherever it is asked for, before any other check.
    if (!args.empty() && commands().count(args[0])) {
        for (std::size_t i = 1; i < args.size(); ++i) {
            if (args[i] == "--help" || args[i] == "-h") {
                roofscope::cli::printCommandHelp(args[0], std::cout);
                return 0;
            }
        }
    }
    if (opensWindow(args)) {
#ifdef ROOFSCOPE_WITH_GUI
        return roofscope::runGui(argc, argv);
#else
        roofscope::cli::printHelp(std::cout);
        return 0;
#endif
    }
    const auto it = commands().find(args[0]);
    if (it == commands().end()) {
        std::cerr << "roofscope: unknown command \"" << args[0]
                  << "\" (expected one of: gpus, ops, analyze, sweep, models, model, plan, "
                     "serve, measured, probe, plot, help)\n";
        return 2;
    }
    try {
        return it->second(std::vector<std::string>(args.begin() + 1, args.end()));
    } catch (const roofscope::cli::UsageError& e) {
        std::cerr << "roofscope: " << e.what() << "\n";
        return 2;
    }
}
