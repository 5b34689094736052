// Command-line arguments of the headless subcommands (all but `plot`, which needs Qt): the
// input is split at newlines into argv tokens. Every run either succeeds or throws the one-line
// UsageError main() prints; what it prints never holds an infinity or a NaN.
#include "app/arguments.h"
#include "app/commands.h"
#include "app/modelcommands.h"
#include "app/parallelcommands.h"
#include "app/servecommand.h"
#include "fuzzcheck.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

using namespace roofscope;

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    // Hermetic: no user catalogs or models from the machine running the fuzzer.
    setenv("ROOFSCOPE_CATALOG_DIR", "/nonexistent/roofscope-fuzz/hardware", 1);
    setenv("ROOFSCOPE_MODEL_DIR", "/nonexistent/roofscope-fuzz/models", 1);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string input(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> tokens;
    std::string token;
    for (char c : input) {
        if (c == '\n') {
            tokens.push_back(token);
            token.clear();
        } else {
            token += c;
        }
    }
    tokens.push_back(token);
    if (tokens.empty() || tokens.size() > 64)
        return 0;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        // Files are fair game, but devices (/dev/stdin would wait for the fuzzer's own input)
        // and huge sweeps only slow the search down.
        if (tokens[i].find("/dev") != std::string::npos ||
            tokens[i].find("/proc") != std::string::npos ||
            tokens[i].find("/sys") != std::string::npos)
            return 0;
        if (tokens[i].find("steps") != std::string::npos && i + 1 < tokens.size() &&
            tokens[i + 1].size() > 3)
            return 0;
    }
    using Command = int (*)(const std::vector<std::string>&);
    Command command = nullptr;
    const std::string& name = tokens[0];
    if (name == "gpus")
        command = cli::runGpus;
    else if (name == "ops")
        command = cli::runOps;
    else if (name == "analyze")
        command = cli::runAnalyze;
    else if (name == "sweep")
        command = cli::runSweep;
    else if (name == "models")
        command = cli::runModels;
    else if (name == "model")
        command = cli::runModel;
    else if (name == "plan")
        command = cli::runPlan;
    else if (name == "serve")
        command = cli::runServe;
    if (!command)
        return 0;

    std::ostringstream out;
    std::ostringstream err;
    auto* oldOut = std::cout.rdbuf(out.rdbuf());
    auto* oldErr = std::cerr.rdbuf(err.rdbuf());
    int code = 0;
    std::string usage;
    try {
        code = command(std::vector<std::string>(tokens.begin() + 1, tokens.end()));
    } catch (const cli::UsageError& e) {
        code = 2;
        usage = e.what();
    }
    std::cout.rdbuf(oldOut);
    std::cerr.rdbuf(oldErr);
    if (code == 2) {
        fuzz::requireOneLine(usage);
        return 0;
    }
    fuzz::require(code == 0, "a command returns 0 or throws a UsageError");
    // Labels are the user's text; a label saying "inf" is not a finding.
    static const std::regex nonFinite(R"((^|[^A-Za-z_])(-?inf|nan|NaN|∞)([^A-Za-z_]|$))");
    if (!std::regex_search(input, nonFinite))
        fuzz::require(!std::regex_search(out.str(), nonFinite), "no inf or NaN in the output",
                      out.str().substr(0, 2000));
    return 0;
}
