// The bad-input corpus: every case must exit with code 2, print exactly one line on stderr that
// names the file, option or token and what was expected, print nothing on stdout, leave every file
// in its directory untouched (inputs and pre-existing outputs), finish within the timeout and stay
// within a memory bound. Under the asan preset the binary is sanitized, so a sanitizer report
// breaks the one-line rule and fails the case.
#include "tests/generated/testpaths.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct BadInput {
    std::string name;
    std::string args;                  // "@D" is the case's directory
    std::vector<std::string> expected; // substrings of the one stderr line ("@D" as above)
};

void PrintTo(const BadInput& c, std::ostream* os)
{
    *os << c.name;
}

std::string replaceAll(std::string text, const std::string& from, const std::string& to)
{
    for (std::size_t pos = text.find(from); pos != std::string::npos;
         pos = text.find(from, pos + to.size()))
        text.replace(pos, from.size(), to);
    return text;
}

void write(const fs::path& path, const std::string& content)
{
    std::ofstream(path, std::ios::binary) << content;
}

const std::string kGoodHardware =
    R"({"format": "roofscope-hardware", "version": 1, "hardware": [{"id": "my-accel",
 "name": "Mine", "vendor": "Me", "memory_bytes": 64e9,
 "ceilings": [{"precision": "bf16", "unit": "tensor", "flops_per_s": 2e14, "source": "t"},
              {"precision": "fp16", "unit": "tensor", "flops_per_s": 2e14, "source": "t"},
              {"precision": "fp16", "unit": "vector", "flops_per_s": 2e13, "source": "t"}],
 "memory": [{"level": "hbm", "bytes_per_s": 2e12, "source": "t"}]}]})";
const std::string kGoodScenario =
    R"({"format": "roofscope-scenario", "version": 1, "gpus": ["h100-sxm5"],
 "operators": [{"spec": "decode_matmul"}]})";
const std::string kGoodModels = R"({"format": "roofscope-models", "version": 1, "models": [
 {"id": "toy", "name": "Toy", "hidden_size": 2048, "intermediate_size": 8192,
  "num_hidden_layers": 16, "num_attention_heads": 16, "num_key_value_heads": 4,
  "vocab_size": 32000}]})";

// The same bad-file classes for every loader.
void writeBadFiles(const fs::path& d, const std::string& kind, const std::string& good,
                   const fs::path& huge)
{
    const fs::path k = d / kind;
    fs::create_directories(k);
    write(k / "empty.json", "");
    write(k / "truncated.json", good.substr(0, good.size() / 2));
    std::string utf16 = "\xff\xfe";
    for (char c : good)
        utf16 += std::string{c, '\0'};
    write(k / "utf16.json", utf16);
    write(k / "nul.json", std::string("{\"format\"\0: 1}", 14));
    write(k / "deep.json", std::string(200000, '[') + std::string(200000, ']'));
    // One 20 MB file, linked under each kind's name: three copies per test process filled the disk.
    fs::create_hard_link(huge, k / "huge.json");
    fs::create_directories(k / "directory.json");
    write(k / "newer.json", replaceAll(good, "\"version\": 1", "\"version\": 7"));
    write(k / "duplicate.json",
          replaceAll(good, "\"version\": 1", "\"version\": 1, \"version\": 1"));
    write(k / "overflow.json", replaceAll(good, "{\"format\"", "{\"x\": 1e309, \"format\""));
    write(k / "array.json", "[" + good + "]");
}

fs::path scratch()
{
    static const fs::path dir = [] {
        char pattern[] = "/tmp/roofscope-badinput-XXXXXX";
        const fs::path d = mkdtemp(pattern);
        // Every test runs in its own process and each one builds this directory: remove it on
        // exit, or a suite run leaves gigabytes in /tmp.
        static const fs::path removeAtExit = d;
        std::atexit([] {
            std::error_code ignored;
            fs::remove_all(removeAtExit, ignored);
        });
        const fs::path huge = d / "huge-source.json";
        write(huge, std::string(20u * 1024u * 1024u, ' '));
        writeBadFiles(d, "hw", kGoodHardware, huge);
        writeBadFiles(d, "scenario", kGoodScenario, huge);
        writeBadFiles(d, "models", kGoodModels, huge);
        write(d / "good-hw.json", kGoodHardware);
        write(d / "good.roofscope.json", kGoodScenario);
        write(d / "models.json", kGoodModels);
        write(d / "keep.png", "the user's figure, not to be replaced");
        write(d / "keep.csv", "the user's data");
        fs::create_directories(d / "cfg");
        write(d / "extreme-hw.json",
              replaceAll(kGoodHardware, "\"bytes_per_s\": 2e12", "\"bytes_per_s\": 1e-300"));
        write(d / "tiny-peak-hw.json", replaceAll(kGoodHardware, "2e14", "5e-324"));
        write(d / "hf-bert.json",
              R"({"architectures": ["BertForMaskedLM"], "model_type": "bert",
                  "hidden_size": 768, "intermediate_size": 3072, "num_hidden_layers": 12,
                  "num_attention_heads": 12, "vocab_size": 30522})");
        write(d / "hf-gpt2.json", R"({"architectures": ["GPT2LMHeadModel"], "model_type": "gpt2",
                  "n_embd": 768, "n_head": 12, "n_layer": 12, "vocab_size": 50257})");
        write(d / "hf-mamba.json", R"({"architectures": ["MambaForCausalLM"],
                  "model_type": "mamba", "hidden_size": 2560, "num_hidden_layers": 64})");
        write(d / "hf-huge.json", R"({"model_type": "llama", "hidden_size": 1000000000,
                  "intermediate_size": 1000000000, "num_hidden_layers": 1000000,
                  "num_attention_heads": 1, "vocab_size": 1000000000})");
        return d;
    }();
    return dir;
}

struct FileState {
    std::uintmax_t size = 0;
    ino_t inode = 0;
    std::int64_t mtime = 0;
    bool operator==(const FileState&) const = default;
};

std::map<std::string, FileState> snapshot(const fs::path& dir)
{
    std::map<std::string, FileState> files;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
        // Files only: a directory's mtime changes with the runner's own stdout/stderr files.
        struct stat st {};
        if (stat(entry.path().c_str(), &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        files[entry.path().string()] = FileState{
            static_cast<std::uintmax_t>(st.st_size), st.st_ino,
            static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec};
    }
    return files;
}

struct RunResult {
    int exitCode = -1;
    std::string out;
    std::string err;
    long maxRssKb = 0;
};

std::string slurp(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Runs roofscope hermetically (own config, catalog and model directories) with a 60 s timeout
// and measures the peak resident memory of that one process.
RunResult run(const fs::path& dir, const std::string& args)
{
    const fs::path out = dir / "cfg" / "stdout";
    const fs::path err = dir / "cfg" / "stderr";
    const std::string command =
        "cd '" + dir.string() + "' && HOME='" + dir.string() + "/cfg' XDG_CONFIG_HOME='" +
        dir.string() + "/cfg' ROOFSCOPE_CATALOG_DIR='" + dir.string() +
        "/cfg/hw' ROOFSCOPE_MODEL_DIR='" + dir.string() + "/cfg/models' exec timeout 60 '" +
        ROOFSCOPE_BINARY + "' " + args + " >'" + out.string() + "' 2>'" + err.string() + "'";
    RunResult r;
    const pid_t pid = fork();
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    int status = 0;
    struct rusage usage {};
    wait4(pid, &status, 0, &usage);
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.maxRssKb = usage.ru_maxrss;
    r.out = slurp(out);
    r.err = slurp(err);
    fs::remove(out);
    fs::remove(err);
    return r;
}

class BadInputCorpus : public ::testing::TestWithParam<BadInput> {};

TEST_P(BadInputCorpus, ExitsWithCode2AndOneLineNamingTheCulpritAndChangesNothing)
{
    const fs::path dir = scratch();
    const BadInput& c = GetParam();
    const auto before = snapshot(dir);
    const RunResult r = run(dir, replaceAll(c.args, "@D", dir.string()));
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out.substr(0, 300);
    ASSERT_FALSE(r.err.empty());
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "not one line:\n" << r.err.substr(0, 2000);
    EXPECT_EQ(r.err.rfind("roofscope: ", 0), 0u) << r.err;
    for (const std::string& e : c.expected) {
        const std::string want = replaceAll(e, "@D", dir.string());
        EXPECT_NE(r.err.find(want), std::string::npos) << "missing \"" << want << "\" in " << r.err;
    }
    // Sanitized builds use several times the memory; the bound is about what a runaway read
    // or a held-in-memory sweep would need (GBs), not a tight budget.
    EXPECT_LT(r.maxRssKb, 1024L * 1024L) << "peak RSS " << r.maxRssKb << " kB";
    auto after = snapshot(dir);
    after.erase((dir / "cfg" / "stdout").string());
    after.erase((dir / "cfg" / "stderr").string());
    EXPECT_TRUE(after == before) << "files in the case directory changed";
}

std::vector<BadInput> corpus()
{
    std::vector<BadInput> cases;
    const auto add = [&](std::string name, std::string args, std::vector<std::string> expected) {
        cases.push_back(BadInput{std::move(name), std::move(args), std::move(expected)});
    };

    // ---- one bad file of each class through each loader ------------------------------------
    struct Loader {
        std::string kind;
        std::string prefix; // the command line up to the file
        std::string suffix;
        std::string option;
    };
    const std::vector<Loader> loaders = {
        {"hw", "gpus --catalog ", "", "--catalog "},
        {"scenario", "plot --scenario ", " -o @D/keep.png", "--scenario "},
        {"models", "model --phase decode --batch 1 --context 1 --gpu h100-sxm5 --model ", "",
         "--model "},
    };
    for (const Loader& l : loaders) {
        const std::string f = "@D/" + l.kind + "/";
        const auto file = [&](const std::string& name, std::vector<std::string> expected) {
            std::string id = name.substr(0, name.find('.'));
            if (name.find('/') != std::string::npos)
                id = "path_below_a_file";
            add(l.kind + "_" + id, l.prefix + f + name + l.suffix, std::move(expected));
        };
        file("empty.json", {l.option + f + "empty.json: line 1, column 1: syntax error"});
        file("truncated.json", {l.option + f + "truncated.json: line ", "syntax error"});
        file("utf16.json", {l.option + f + "utf16.json: line 1, column 1: syntax error"});
        file("nul.json", {l.option + f + "nul.json: line 1, column ", "syntax error"});
        file("deep.json", {l.option + f + "deep.json: /0/0/0", "nested deeper than 64 levels"});
        file("huge.json", {l.option + f + "huge.json: too large (more than 16777216 bytes"});
        file("directory.json", {l.option + f + "directory.json: is a directory, not a file"});
        file("missing.json", {l.option + f + "missing.json: cannot open: No such file"});
        file("empty.json/below-a-file.json",
             {l.option + f + "empty.json/below-a-file.json: cannot open: Not a directory"});
        file("duplicate.json", {l.option + f + "duplicate.json: /version: duplicate key"});
        file("overflow.json", {l.option + f +
                               "overflow.json: /x: must be a finite number, got "
                               "1e309 (too large)"});
        file("array.json", {l.option + f + "array.json: ", "object, got array"});
        file("newer.json", {l.option + f + "newer.json: /version: written by a newer RoofScope"});
    }
    add("hw_dev_zero", "gpus --catalog /dev/zero",
        {"--catalog /dev/zero: too large (more than 16777216 bytes"});
    add("scenario_dev_zero", "plot --scenario /dev/zero -o @D/keep.png",
        {"--scenario /dev/zero: too large (more than 16777216 bytes"});
    add("models_dev_zero",
        "model --model /dev/zero --phase decode --batch 1 --context 1 --gpu h100-sxm5",
        {"--model /dev/zero: too large"});

    // ---- wrong document types ------------------------------------------------------------
    add("hw_is_a_model_catalog", "gpus --catalog @D/models.json",
        {"--catalog @D/models.json: /format: expected \"roofscope-hardware\""});
    add("hw_is_a_scenario", "gpus --catalog @D/good.roofscope.json",
        {"--catalog @D/good.roofscope.json: /format: expected \"roofscope-hardware\""});
    add("scenario_is_a_catalog", "plot --scenario @D/good-hw.json -o @D/keep.png",
        {"--scenario @D/good-hw.json: /format: expected \"roofscope-scenario\""});
    add("model_is_a_catalog",
        "model --model @D/good-hw.json --phase decode --batch 1 --context 1 --gpu h100-sxm5",
        {"--model @D/good-hw.json: /format: expected \"roofscope-models\""});
    add("model_is_bert",
        "model --model @D/hf-bert.json --phase decode --batch 1 --context 1 --gpu h100-sxm5",
        {"@D/hf-bert.json: /model_type: \"bert\" is an encoder (BERT)"});
    add("model_is_gpt2",
        "model --model @D/hf-gpt2.json --phase decode --batch 1 --context 1 --gpu h100-sxm5",
        {"@D/hf-gpt2.json: /model_type: \"gpt2\" is not a model family RoofScope describes"});
    add("model_is_mamba",
        "model --model @D/hf-mamba.json --phase decode --batch 1 --context 1 --gpu h100-sxm5",
        {"@D/hf-mamba.json: /model_type: \"mamba\" is a state-space model (Mamba)"});

    // ---- absurd numbers ---------------------------------------------------------------------
    add("hw_extreme_bandwidth_analyze",
        "analyze --catalog @D/extreme-hw.json --gpu my-accel --op decode_matmul",
        {"extreme-hw.json: /hardware/0/memory/0/bytes_per_s: must be a number from 1e-30 to "
         "1e+30",
         "got 1e-300"});
    add("hw_tiny_peak_analyze",
        "analyze --catalog @D/tiny-peak-hw.json --gpu my-accel --op decode_matmul",
        {"tiny-peak-hw.json: /hardware/0/ceilings/0/flops_per_s: must be a number from 1e-30 to "
         "1e+30",
         "got 5e-324"});
    add("model_huge_gpus_needed",
        "model --model @D/hf-huge.json --phase decode --batch 1 --context 1 --gpu h100-sxm5",
        {"need more than 1000000000 GPUs of h100-sxm5"});

    // ---- operator specs ---------------------------------------------------------------------
    const std::vector<std::pair<std::string, std::vector<std::string>>> specs = {
        {"frobnicate", {"--op frobnicate: unknown operator kind \"frobnicate\" (expected one of"}},
        {"matmul:m=abc", {"--op matmul:m=abc: matmul: m=abc: not a number"}},
        {"matmul:m=-1", {"matmul: m=-1: expected a whole number >= 1"}},
        {"matmul:m=1.5", {"matmul: m=1.5: expected a whole number >= 1"}},
        {"matmul:m=1e309", {"matmul: m=1e309: not a number"}},
        {"matmul:m=inf", {"matmul: m=inf: not a number"}},
        {"matmul:m=nan", {"matmul: m=nan: not a number"}},
        {"matmul:m=0x10", {"matmul: m=0x10: not a number"}},
        {"matmul:m=1e13", {"matmul: m=1e13: expected a whole number >= 1 and <= 1000000000000"}},
        {"matmul:dtype=fp12", {"matmul: dtype=fp12: unknown precision (expected one of"}},
        {"matmul:q=1", {"matmul: unknown parameter \"q\" (expected one of"}},
        {"matmul:m=1,m=2", {"matmul: parameter \"m\" given twice"}},
        {"matmul:m", {"matmul: \"m\": expected key=value"}},
        {"matmul:=4", {"matmul: \"=4\": expected key=value"}},
        {":m=1", {"missing kind (expected kind:key=value,...)"}},
        {"activation:fn=tanh", {"activation: fn=tanh: expected one of: relu, gelu, silu"}},
        {"attention_prefill:causal=maybe", {"causal=maybe: expected one of: true, false"}},
        {"elementwise:inputs=17",
         {"elementwise: inputs=17: expected a whole number >= 1 and <= 16"}},
        {"elementwise:flops_per_element=1,5", {"elementwise: \"5\": expected key=value"}},
        {"decode_matmul:batch=0", {"decode_matmul: batch=0: expected a whole number >= 1"}},
        {"softmax:rows=", {"softmax: rows=: not a number"}},
    };
    int n = 0;
    for (const auto& [spec, expected] : specs)
        add("op_" + std::to_string(n++), "analyze --gpu h100-sxm5 --op '" + spec + "'", expected);

    // ---- options of every subcommand --------------------------------------------------------
    add("unknown_command", "frobnicate", {"unknown command \"frobnicate\" (expected one of"});
    add("gpus_unknown_option", "gpus --colour", {"gpus: unknown option \"--colour\""});
    add("gpus_bad_format", "gpus --format xml", {"--format xml: expected one of: table, json"});
    add("gpus_catalog_missing_value", "gpus --catalog", {"option --catalog needs a value"});
    add("ops_bad_format", "ops --format yaml", {"--format yaml: expected one of: table, json"});
    add("ops_stray_argument", "ops extra", {"ops: unexpected argument \"extra\""});
    add("analyze_no_gpu", "analyze --op add", {"missing required option --gpu"});
    add("analyze_no_op", "analyze --gpu h100-sxm5", {"missing required option --op"});
    add("analyze_unknown_gpu", "analyze --gpu h100 --op add",
        {"--gpu h100: unknown GPU id", "did you mean"});
    add("analyze_empty_gpu_list", "analyze --gpu , --op add", {"--gpu: expected one or more"});
    add("analyze_bad_format", "analyze --gpu h100-sxm5 --op add --format xml",
        {"--format xml: expected one of: table, json, csv"});
    add("analyze_flag_value", "analyze --gpu=h100-sxm5 --op=add --format",
        {"--format needs a value"});
    add("analyze_no_ceiling", "analyze --gpu tpu-v5e --op matmul:dtype=fp64",
        {"tpu-v5e", "has no fp64 tensor ceiling"});
    add("analyze_broken_catalog", "analyze --catalog @D/hw/truncated.json --gpu h100-sxm5 --op add",
        {"--catalog @D/hw/truncated.json"});
    add("analyze_invalid_utf8_is_fine_but_bad_kind",
        "analyze --gpu h100-sxm5 --op \"$(printf 'caf\\351')\"", {"unknown operator kind \"caf"});
    add("analyze_newline_in_spec", "analyze --gpu h100-sxm5 --op \"$(printf 'matmul:m=1\\n2')\"",
        {"matmul: m=1\\n2: not a number"});
    const std::string sweep = "sweep --gpu h100-sxm5 --op decode_matmul ";
    add("sweep_no_range", sweep, {"missing required option --range"});
    add("sweep_range_one_value", sweep + "--range 5", {"--range 5: expected FROM:TO"});
    add("sweep_range_text", sweep + "--range a:b", {"--range a: expected a number > 0"});
    add("sweep_range_reversed", sweep + "--range 10:1", {"--range 10:1: FROM must not exceed TO"});
    add("sweep_range_zero", sweep + "--range 0:10", {"--range 0: expected a number > 0"});
    add("sweep_range_beyond_param", sweep + "--range 1:1e9",
        {"--range 1:1e9: batch must stay within 1..10000000"});
    add("sweep_range_comma", sweep + "--range 1,5:10", {"--range 1,5: expected a number > 0"});
    add("sweep_steps_zero", sweep + "--range 1:10 --steps 0",
        {"--steps 0: expected a whole number from 1 to 100000"});
    add("sweep_steps_fraction", sweep + "--range 1:10 --steps 2.5",
        {"--steps 2.5: expected a whole number from 1 to 100000"});
    add("sweep_steps_too_many", sweep + "--range 1:10 --steps 100001",
        {"--steps 100001: expected a whole number from 1 to 100000"});
    add("sweep_table_too_long",
        "sweep --gpu h100-sxm5,h200-sxm,b200-sxm --op decode_matmul --range 1:1e7 --steps 6000",
        {"sweep: 3 GPUs × ",
         "steps is more than the table limit of 10000 rows; use --format csv or json"});
    add("sweep_two_ops", sweep + "--op add --range 1:10", {"sweep: expected exactly one --op"});
    add("sweep_param_unknown", sweep + "--param colour --range 1:10",
        {"--param colour: not a numeric parameter of decode_matmul"});
    add("sweep_param_not_numeric", sweep + "--param dtype --range 1:10",
        {"--param dtype: not a numeric parameter"});
    add("sweep_no_driving_param", "sweep --gpu h100-sxm5 --op add --range 1:10",
        {"--param is required for elementwise"});
    add("models_bad_format", "models --format csv", {"--format csv: expected one of: table, json"});
    add("models_broken_catalog", "models --catalog @D/hw/empty.json",
        {"--catalog @D/hw/empty.json: line 1, column 1"});
    const std::string model = "model --model llama-2-7b --gpu h100-sxm5 ";
    add("model_unknown_id",
        "model --model llama-9 --phase decode --batch 1 --context 1 --gpu h100-sxm5",
        {"--model llama-9: unknown model id"});
    add("model_no_phase", model + "--batch 1 --context 1", {"missing required option --phase"});
    add("model_bad_phase", model + "--phase train --batch 1 --context 1",
        {"--phase train: expected one of: decode, prefill"});
    add("model_batch_zero", model + "--phase decode --batch 0 --context 1",
        {"--batch 0: expected a whole number from 1 to 1000000"});
    add("model_batch_negative", model + "--phase decode --batch -4 --context 1",
        {"--batch -4: expected a whole number from 1 to 1000000"});
    add("model_batch_fraction", model + "--phase decode --batch 1.5 --context 1",
        {"--batch 1.5: expected a whole number"});
    add("model_batch_too_big", model + "--phase decode --batch 1e7 --context 1",
        {"--batch 1e7: expected a whole number from 1 to 1000000"});
    add("model_batch_comma", model + "--phase decode --batch 1,5 --context 1",
        {"--batch 1,5: expected a whole number"});
    add("model_context_text", model + "--phase decode --batch 1 --context many",
        {"--context many: expected a whole number from 1 to 10000000"});
    add("model_context_too_big", model + "--phase decode --batch 1 --context 1e8",
        {"--context 1e8: expected a whole number from 1 to 10000000"});
    add("model_prefill_tokens", model + "--phase prefill --batch 1000000 --context 10000000",
        {"--batch 1000000 × --context 10000000: a prefill step of 10000000000000 tokens; the limit "
         "is 10000000 tokens per step (batch × context)"});
    add("model_weights_unknown", model + "--phase decode --batch 1 --context 1 --weights int3",
        {"--weights int3: expected one of: fp16, bf16, fp8, int8, int4, fp4"});
    add("model_weights_wider",
        model + "--phase decode --batch 1 --context 1 --activations fp8 --weights fp16",
        {"--weights fp16 is wider than --activations fp8"});
    add("model_kv_unknown", model + "--phase decode --batch 1 --context 1 --kv int4",
        {"--kv int4: expected one of"});
    add("model_top_zero", model + "--phase decode --batch 1 --context 1 --top 0",
        {"--top 0: expected a whole number from 1 to 1000"});
    add("model_fused_value", model + "--phase decode --batch 1 --context 1 --fused=yes",
        {"option --fused takes no value"});
    add("model_tpu_fp16",
        "model --model llama-2-7b --gpu tpu-v5e --phase decode --batch 1 --context 1",
        {"model llama-2-7b: embedding on tpu-v5e: tpu-v5e has no fp16 vector ceiling"});
    const std::string plot = "plot -o @D/keep.png ";
    add("plot_no_output", "plot --theme dark", {"missing required option --output"});
    add("plot_bad_extension", "plot -o @D/keep.gif", {"-o @D/keep.gif: expected a file ending in"});
    add("plot_output_dir_missing", "plot -o @D/no/such/dir/x.png", {"@D/no/such/dir/x.png"});
    add("plot_output_is_directory", "plot -o @D/hw/directory.json", {"@D/hw/directory.json"});
    add("plot_output_is_scenario",
        "plot --scenario @D/good.roofscope.json -o @D/good.roofscope.json",
        {"-o @D/good.roofscope.json: is the same file as --scenario @D/good.roofscope.json"});
    add("plot_output_is_catalog", "plot --catalog @D/good-hw.json -o @D/good-hw.json",
        {"-o @D/good-hw.json: is the same file as --catalog @D/good-hw.json"});
    add("plot_output_is_catalog_via_dots",
        "plot --catalog @D/good-hw.json -o @D/hw/../good-hw.json",
        {"is the same file as --catalog @D/good-hw.json"});
    add("plot_size_small", plot + "--size 8x8", {"--size 8x8: expected WIDTHxHEIGHT, 16..16384"});
    add("plot_size_text", plot + "--size big", {"--size big: expected WIDTHxHEIGHT"});
    add("plot_size_huge", plot + "--size 100000x100", {"--size 100000x100: expected WIDTHxHEIGHT"});
    add("plot_size_fraction", plot + "--size 1920.5x1080", {"--size 1920.5x1080"});
    add("plot_pixels", plot + "--size 16384x16384 --scale 4",
        {"--size 16384x16384 at --scale 4: 4294967296 pixels, more than the limit of 268435456"});
    add("plot_scale_big", plot + "--scale 5", {"--scale 5: expected a number from 1 to 4"});
    add("plot_scale_comma", plot + "--scale 1,5", {"--scale 1,5: expected a number from 1 to 4"});
    add("plot_scale_svg", "plot -o @D/x.svg --scale 2", {"--scale applies to PNG output only"});
    add("plot_transparent_pdf", "plot -o @D/x.pdf --transparent",
        {"--transparent applies to PNG output only"});
    add("plot_theme", plot + "--theme neon", {"--theme neon: expected one of: light, dark, slide"});
    add("plot_lang", plot + "--lang fr", {"--lang fr: expected one of: en, zh_CN"});
    add("plot_unknown_gpu", plot + "--gpu h100", {"--gpu h100: unknown GPU id"});
    add("plot_bad_op", plot + "--op matmul:m=0", {"--op matmul:m=0: matmul: m=0"});
    add("plot_csv_bad_op", "plot -o @D/keep.csv --op 'softmax:cols=x'",
        {"softmax: cols=x: not a number"});
    std::string manyGpus = "h100-sxm5";
    for (int i = 0; i < 64; ++i)
        manyGpus += ",a100-sxm4-80gb";
    add("analyze_too_many_gpus", "analyze --op add --gpu " + manyGpus,
        {"--gpu: 65 GPU ids; the limit is 64"});
    std::string manyOps;
    for (int i = 0; i < 1001; ++i)
        manyOps += " --op add";
    add("analyze_too_many_ops", "analyze --gpu h100-sxm5" + manyOps,
        {"--op: given 1001 times; the limit is 1000"});
    add("plot_too_many_ops", "plot -o @D/keep.csv" + manyOps,
        {"--op: given 1001 times; the limit is 1000"});
    return cases;
}

INSTANTIATE_TEST_SUITE_P(Cases, BadInputCorpus, ::testing::ValuesIn(corpus()),
                         [](const ::testing::TestParamInfo<BadInput>& info) {
                             return info.param.name;
                         });

TEST(BadInputCorpusSize, HasAtLeastAHundredCases)
{
    EXPECT_GE(corpus().size(), 100u);
}

} // namespace
