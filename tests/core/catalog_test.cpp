#include "core/hardware/catalog.h"
#include "core/measured/hardwarefiles.h"
#include "core/util/idlookup.h"
#include "core/util/jsonreader.h"
#include "tests/common/scratchdir.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include <unistd.h>

using namespace roofscope;

namespace {

// A valid one-entry catalog with a slot for breaking one thing at a time.
std::string
entry(const std::string& id, const std::string& extra = {},
      const std::string& ceilings =
          R"([{"precision": "bf16", "unit": "tensor", "flops_per_s": 1e15, "source": "s"}])",
      const std::string& memory = R"([{"level": "hbm", "bytes_per_s": 2e12, "source": "s"}])")
{
    return R"({"id": ")" + id + R"(", "name": "Test )" + id + R"(", "vendor": "NVIDIA", )" + extra +
           R"("ceilings": )" + ceilings + R"(, "memory": )" + memory + "}";
}

std::string catalogText(const std::string& entries)
{
    return R"({"format": "roofscope-hardware", "version": 1, "hardware": [)" + entries + "]}";
}

// The error message of parsing `text` as "my.json"; "" when it parses.
std::string errorOf(const std::string& text)
{
    auto result = parseHardwareCatalog(text, "my.json");
    return result ? std::string() : result.error().message;
}

double ridge(const Hardware& h, Precision p)
{
    const Ceiling* c = h.findCeiling(p, ComputeUnit::Tensor);
    const MemoryLevel* m = h.mainMemory();
    return c && m ? c->flopsPerS / m->bytesPerS : 0.0;
}

// Sets an environment variable for one scope and restores it after.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const std::string& value) : m_name(name)
    {
        if (const char* old = std::getenv(name))
            m_old = old;
        setenv(name, value.c_str(), 1);
    }
    ~ScopedEnv()
    {
        if (m_old)
            setenv(m_name, m_old->c_str(), 1);
        else
            unsetenv(m_name);
    }

private:
    const char* m_name;
    std::optional<std::string> m_old;
};

} // namespace

// ---- The built-in catalog -------------------------------------------------------------------

TEST(CatalogBuiltin, ParsesWithoutErrors)
{
    auto parsed = parseHardwareCatalog(builtinHardwareJson(), "hardware.json");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    EXPECT_EQ(parsed->size(), HardwareCatalog::builtin().all().size());
}

TEST(CatalogBuiltin, HasEveryVettedAccelerator)
{
    const HardwareCatalog catalog = HardwareCatalog::builtin();
    for (const char* id : {"v100-sxm2", "a100-pcie-40gb", "a100-sxm4-80gb", "a100-pcie-80gb",
                           "h100-pcie", "h100-sxm5",      "h100-nvl",       "h200-sxm",
                           "b200-sxm",  "gb200",          "l40s",           "l4",
                           "rtx-4090",  "rtx-5090",       "mi250x",         "mi300x",
                           "mi325x",    "gaudi2",         "gaudi3",         "tpu-v4",
                           "tpu-v5e",   "tpu-v5p",        "tpu-v6e"}) {
        EXPECT_NE(catalog.find(id), nullptr) << id;
    }
    EXPECT_EQ(catalog.all().size(), 23u);
}

// The A100 80GB PCIe: the SXM4 module's peaks on a 300 W card with slower HBM2e (datasheet:
// 1,935 GB/s), so its ridge moves from 153 to 312 / 1.935 = 161 FLOP/byte.
TEST(CatalogBuiltin, A100PcieEightyGigabytesHasTheSxmPeaksAndItsOwnBandwidth)
{
    const HardwareCatalog catalog = HardwareCatalog::builtin();
    const Hardware* pcie = catalog.find("a100-pcie-80gb");
    const Hardware* sxm = catalog.find("a100-sxm4-80gb");
    ASSERT_NE(pcie, nullptr);
    ASSERT_NE(sxm, nullptr);
    EXPECT_DOUBLE_EQ(pcie->memoryBytes, 80e9);
    ASSERT_NE(pcie->findMemory("hbm"), nullptr);
    EXPECT_DOUBLE_EQ(pcie->findMemory("hbm")->bytesPerS, 1.935e12);
    EXPECT_EQ(pcie->ceilings, sxm->ceilings);
    EXPECT_DOUBLE_EQ(pcie->ceilingFor(Precision::FP16, ComputeUnit::Tensor)->flopsPerS, 312e12);
    EXPECT_DOUBLE_EQ(pcie->ceilingFor(Precision::FP64, ComputeUnit::Tensor)->flopsPerS, 19.5e12);
    EXPECT_EQ(pcie->interconnect.link, "pcie");
    EXPECT_DOUBLE_EQ(pcie->interconnect.bytesPerS, 32e9); // 64 GB/s bidirectional, halved
    EXPECT_NE(pcie->notes.find("300 W"), std::string::npos);
}

// docs/cli.md "Reference figures" (each entry's "source" in resources/hardware.json names the
// datasheet): A100 80GB ridge is 153 at 2.039 TB/s, not 156; the other three seed GPUs.
TEST(CatalogBuiltin, SeedGpuRidgePoints)
{
    const HardwareCatalog catalog = HardwareCatalog::builtin();
    const struct {
        const char* id;
        double ridge;
    } expected[] = {
        {"a100-sxm4-80gb", 153.0}, {"h100-sxm5", 295.3}, {"h200-sxm", 206.1}, {"b200-sxm", 281.25}};
    for (const auto& e : expected) {
        const Hardware* h = catalog.find(e.id);
        ASSERT_NE(h, nullptr) << e.id;
        ASSERT_NE(h->findMemory("hbm"), nullptr) << e.id;
        EXPECT_NEAR(ridge(*h, Precision::BF16), e.ridge, 0.5) << e.id;
    }
}

// NVIDIA B200 datasheet (resources/hardware.json "source"): 2250 TF is dense BF16; FP4 dense
// is 9000 TF.
TEST(CatalogBuiltin, B200Fp4AndBf16AreLabelledCorrectly)
{
    const HardwareCatalog catalog = HardwareCatalog::builtin();
    const Hardware* b200 = catalog.find("b200-sxm");
    ASSERT_NE(b200, nullptr);
    const Ceiling* fp4 = b200->findCeiling(Precision::FP4, ComputeUnit::Tensor);
    const Ceiling* bf16 = b200->findCeiling(Precision::BF16, ComputeUnit::Tensor);
    ASSERT_NE(fp4, nullptr);
    ASSERT_NE(bf16, nullptr);
    EXPECT_DOUBLE_EQ(fp4->flopsPerS, 9e15);
    EXPECT_DOUBLE_EQ(bf16->flopsPerS, 2.25e15);
    EXPECT_DOUBLE_EQ(b200->mainMemory()->bytesPerS, 8.0e12);
    EXPECT_NE(b200->notes.find("7.7"), std::string::npos);
}

TEST(CatalogBuiltin, EveryFigureHasASource)
{
    const HardwareCatalog catalog = HardwareCatalog::builtin();
    for (const Hardware& h : catalog.all()) {
        EXPECT_FALSE(h.name.empty()) << h.id;
        EXPECT_TRUE(std::set<std::string>({"NVIDIA", "AMD", "Intel", "Google"}).count(h.vendor))
            << h.id;
        EXPECT_FALSE(h.ceilings.empty()) << h.id;
        EXPECT_FALSE(h.memory.empty()) << h.id;
        EXPECT_GT(h.memoryBytes, 0.0) << h.id;
        EXPECT_FALSE(h.memorySource.empty()) << h.id;
        EXPECT_NE(h.mainMemory(), nullptr) << h.id;
        for (const Ceiling& c : h.ceilings)
            EXPECT_FALSE(c.source.empty()) << h.id << " " << precisionName(c.precision);
        for (const MemoryLevel& m : h.memory)
            EXPECT_FALSE(m.source.empty()) << h.id << " " << m.level;
    }
}

// Elementwise kernels are held to the vector peak, not the tensor peak (Williams et al.,
// "Roofline", CACM 2009: one ceiling per kind of unit the kernel can use).
TEST(CatalogBuiltin, H100VectorCeilings)
{
    const HardwareCatalog catalog = HardwareCatalog::builtin();
    const Hardware* h100 = catalog.find("h100-sxm5");
    ASSERT_NE(h100, nullptr);
    EXPECT_DOUBLE_EQ(h100->ceilingFor(Precision::FP32, ComputeUnit::Vector)->flopsPerS, 67e12);
    EXPECT_DOUBLE_EQ(h100->ceilingFor(Precision::FP16, ComputeUnit::Vector)->flopsPerS, 133.8e12);
    EXPECT_DOUBLE_EQ(h100->ceilingFor(Precision::BF16, ComputeUnit::Tensor)->flopsPerS, 989.4e12);
    EXPECT_DOUBLE_EQ(h100->memoryBytes, 80e9);
}

TEST(CatalogBuiltin, VectorFp16FallsBackToFp32)
{
    // The L40S publishes only an FP32 vector peak.
    const HardwareCatalog catalog = HardwareCatalog::builtin();
    const Hardware* l40s = catalog.find("l40s");
    ASSERT_NE(l40s, nullptr);
    ASSERT_EQ(l40s->findCeiling(Precision::FP16, ComputeUnit::Vector), nullptr);
    const Ceiling* c = l40s->ceilingFor(Precision::FP16, ComputeUnit::Vector);
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->precision, Precision::FP32);
    EXPECT_DOUBLE_EQ(c->flopsPerS, 91.6e12);

    auto parsed = parseHardwareCatalog(
        catalogText(entry(
            "x", {},
            R"([{"precision": "fp32", "unit": "vector", "flops_per_s": 5e13, "source": "s"}])")),
        "t.json");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    const Ceiling* fallback = parsed->front().ceilingFor(Precision::FP16, ComputeUnit::Vector);
    ASSERT_NE(fallback, nullptr);
    EXPECT_EQ(fallback->precision, Precision::FP32);
    EXPECT_EQ(parsed->front().ceilingFor(Precision::FP16, ComputeUnit::Tensor), nullptr);
}

TEST(CatalogBuiltin, EstimatesAndOnChipLevels)
{
    const HardwareCatalog catalog = HardwareCatalog::builtin();
    const Ceiling* fp64 =
        catalog.find("rtx-4090")->findCeiling(Precision::FP64, ComputeUnit::Vector);
    ASSERT_NE(fp64, nullptr);
    EXPECT_TRUE(fp64->estimate);
    EXPECT_FALSE(catalog.find("h100-sxm5")->ceilings.front().estimate);
    const MemoryLevel* sram = catalog.find("gaudi3")->findMemory("sram");
    ASSERT_NE(sram, nullptr);
    EXPECT_DOUBLE_EQ(sram->bytesPerS, 12.8e12);
    EXPECT_EQ(catalog.find("gaudi3")->mainMemory()->level, "hbm");
    EXPECT_EQ(catalog.find("rtx-4090")->mainMemory()->level, "dram");
}

// The catalog's one writer and one reader agree on every field of an accelerator: a field added
// to Hardware (its operator== is defaulted) and left out of either fails here.
TEST(CatalogJson, EveryFieldOfAnAcceleratorRoundTrips)
{
    Hardware hw;
    hw.id = "test-gpu";
    hw.name = "Test GPU 96GB";
    hw.vendor = "Test";
    hw.ceilings = {{Precision::BF16, ComputeUnit::Tensor, 9.89e14, "datasheet", true, "fp32"},
                   {Precision::FP32, ComputeUnit::Vector, 6.7e13, "whitepaper", false, ""}};
    hw.alternateCeilings = {
        {Precision::FP16, ComputeUnit::Tensor, 1.9e15, "FP16 accumulate", true, "fp16"}};
    hw.memory = {{"hbm", 3.35e12, "datasheet", false}, {"l2", 1.2e13, "microbenchmark", true}};
    hw.memoryBytes = 9.6e10;
    hw.memorySource = "datasheet, 96 GB";
    hw.notes = "every field set";
    hw.measuredOf = "h100-sxm5";
    hw.kind = "accelerator";
    hw.interconnect = {"nvlink", "NVLink 4", 4.5e11, "datasheet", 2e-6, "measured hop", false};
    const auto parsed = parseHardwareCatalog(hardwareCatalogToJson({hw}), "every-field.json");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    ASSERT_EQ(parsed->size(), 1u);
    EXPECT_EQ(parsed->front(), hw) << hardwareCatalogToJson({hw});
}

TEST(CatalogBuiltin, RoundTripsThroughJson)
{
    const HardwareCatalog catalog = HardwareCatalog::builtin();
    const auto& original = catalog.all();
    const std::string json = hardwareCatalogToJson(original);
    auto parsed = parseHardwareCatalog(json, "roundtrip.json");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    ASSERT_EQ(parsed->size(), original.size());
    for (std::size_t i = 0; i < original.size(); ++i) {
        const Hardware& a = original[i];
        const Hardware& b = (*parsed)[i];
        EXPECT_EQ(a.id, b.id);
        EXPECT_EQ(a.name, b.name);
        EXPECT_EQ(a.vendor, b.vendor);
        EXPECT_EQ(a.memoryBytes, b.memoryBytes);
        EXPECT_EQ(a.memorySource, b.memorySource);
        EXPECT_EQ(a.notes, b.notes);
        ASSERT_EQ(a.ceilings.size(), b.ceilings.size()) << a.id;
        for (std::size_t j = 0; j < a.ceilings.size(); ++j) {
            EXPECT_EQ(a.ceilings[j].precision, b.ceilings[j].precision);
            EXPECT_EQ(a.ceilings[j].unit, b.ceilings[j].unit);
            EXPECT_EQ(a.ceilings[j].flopsPerS, b.ceilings[j].flopsPerS); // exact: shortest repr
            EXPECT_EQ(a.ceilings[j].source, b.ceilings[j].source);
            EXPECT_EQ(a.ceilings[j].estimate, b.ceilings[j].estimate);
        }
        ASSERT_EQ(a.memory.size(), b.memory.size()) << a.id;
        for (std::size_t j = 0; j < a.memory.size(); ++j) {
            EXPECT_EQ(a.memory[j].level, b.memory[j].level);
            EXPECT_EQ(a.memory[j].bytesPerS, b.memory[j].bytesPerS);
            EXPECT_EQ(a.memory[j].source, b.memory[j].source);
            EXPECT_EQ(a.memory[j].estimate, b.memory[j].estimate);
        }
    }
    EXPECT_EQ(hardwareCatalogToJson(*parsed), json);
    EXPECT_TRUE(*parsed == original); // every field, the ones not listed above included
}

// Every field of Hardware set to something other than its default, through the one writer and back:
// the reader must give the same entries (Hardware::operator== compares every field).
TEST(CatalogJson, WriterOutputReadsBackWithEveryField)
{
    Hardware full;
    full.id = "full-gpu";
    full.name = "Full GPU \"quoted\" 80GB";
    full.vendor = "Vendor";
    full.memoryBytes = 80e9 + 1;
    full.memorySource = "datasheet p. 3";
    full.notes = "note, with a comma";
    full.ceilings = {
        {Precision::BF16, ComputeUnit::Tensor, 0.1 + 0.2, "whitepaper", false, "fp32"},
        {Precision::FP32, ComputeUnit::Vector, 6.7e13, "derived", true},
    };
    full.alternateCeilings = {
        {Precision::FP16, ComputeUnit::Tensor, 3.3e14, "fp16 acc", true, "fp16"}};
    full.memory = {{"hbm", 3.35e12, "datasheet", false}, {"l2", 1.1e13, "measured", true}};
    full.interconnect = {"nvlink", "NVLink 4",   4.5e11, "half of 900 GB/s",
                         3e-6,     "nccl-tests", false};

    // An entry whose link gives no latency reads back with its link type's assumption.
    Hardware assumedLatency = full;
    assumedLatency.id = "assumed-latency";
    const HopLatency assumed = defaultHopLatency("pcie");
    assumedLatency.interconnect = {"pcie",          "PCIe Gen4 x16", 3.2e10, "half of 64 GB/s",
                                   assumed.seconds, assumed.basis,   true};
    Hardware minimal;
    minimal.id = "minimal";
    minimal.name = "Minimal";
    minimal.vendor = "V";
    minimal.ceilings = {{Precision::FP8, ComputeUnit::Tensor, 1e15, "s"}};
    minimal.memory = {{"dram", 1e12, "s"}};

    const std::vector<Hardware> original = {full, assumedLatency, minimal};
    auto parsed = parseHardwareCatalog(hardwareCatalogToJson(original), "written.json");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    ASSERT_EQ(parsed->size(), original.size());
    for (std::size_t i = 0; i < original.size(); ++i)
        EXPECT_TRUE((*parsed)[i] == original[i]) << original[i].id;
    EXPECT_EQ((*parsed)[0].ceilings[0].flopsPerS, 0.1 + 0.2); // exact: shortest round-trip form
    EXPECT_EQ((*parsed)[0].interconnect.latencySource, "nccl-tests");
}

// ---- Validation messages: FILE: POINTER: PROBLEM --------------------------------------------

TEST(CatalogJson, MinimalFileWithoutFormatOrVersionParses)
{
    auto parsed = parseHardwareCatalog(R"({"hardware": [)" + entry("my-gpu") + "]}", "my.json");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    ASSERT_EQ(parsed->size(), 1u);
    EXPECT_EQ(parsed->front().id, "my-gpu");
    EXPECT_EQ(parsed->front().memoryBytes, 0.0);
    EXPECT_FALSE(parsed->front().ceilings.front().estimate);
}

TEST(CatalogJson, SyntaxErrorNamesLineAndColumn)
{
    const std::string text = "{\n  \"hardware\": [\n    {\"id\": }\n  ]\n}\n";
    const std::string message = errorOf(text);
    EXPECT_TRUE(message.starts_with("my.json: line 3, column 12: syntax error: ")) << message;
}

TEST(CatalogJson, SyntaxErrorColumnCountsCharactersNotBytes)
{
    const std::string text = "{\"hardware\": [], \"é\" 1}";
    const std::string message = errorOf(text);
    EXPECT_TRUE(message.starts_with("my.json: line 1, column 22: syntax error: ")) << message;
}

TEST(CatalogJson, EmptyFileIsASyntaxError)
{
    EXPECT_TRUE(errorOf("").starts_with("my.json: line 1, column 1: syntax error: "))
        << errorOf("");
}

TEST(CatalogJson, NanLiteralIsASyntaxError)
{
    const std::string message = errorOf(catalogText(
        entry("x", {},
              R"([{"precision": "bf16", "unit": "tensor", "flops_per_s": NaN, "source": "s"}])")));
    EXPECT_NE(message.find(": syntax error: "), std::string::npos) << message;
}

TEST(CatalogJson, OverflowingNumberIsRejected)
{
    EXPECT_EQ(
        errorOf(catalogText(entry(
            "x", {},
            R"([{"precision": "bf16", "unit": "tensor", "flops_per_s": 1e400, "source": "s"}])"))),
        "my.json: /hardware/0/ceilings/0/flops_per_s: must be a finite number, got 1e400 (too "
        "large)");
    EXPECT_EQ(errorOf(catalogText(entry("x") + "," + entry("y", R"("memory_bytes": -2e999, )"))),
              "my.json: /hardware/1/memory_bytes: must be a finite number, got -2e999 (too large)");
    EXPECT_EQ(errorOf(R"({"hardware": [1, 2, 3e400]})"),
              "my.json: /hardware/2: must be a finite number, got 3e400 (too large)");
}

// Finite, positive, and still unusable: a ridge of 1e15 FLOP/s over 1e-300 B/s is infinite, and
// `roofscope gpus` printed "∞". Every rate, capacity and latency stays within 1e-30 … 1e30.
TEST(CatalogJson, FiguresThatWouldOverflowARidgeAreRefused)
{
    EXPECT_EQ(
        errorOf(catalogText(entry(
            "x", {},
            R"([{"precision": "bf16", "unit": "tensor", "flops_per_s": 1e15, "source": "s"}])",
            R"([{"level": "hbm", "bytes_per_s": 1e-300, "source": "s"}])"))),
        "my.json: /hardware/0/memory/0/bytes_per_s: must be a number from 1e-30 to 1e+30 (a "
        "ridge or a time computed from it would overflow), got 1e-300");
    EXPECT_EQ(errorOf(catalogText(entry("x", R"("memory_bytes": 2e31, )"))),
              "my.json: /hardware/0/memory_bytes: must be a number from 1e-30 to 1e+30 (a ridge or "
              "a time computed from it would overflow), got 2e+31");
    EXPECT_EQ(
        errorOf(catalogText(entry(
            "x", {},
            R"([{"precision": "bf16", "unit": "tensor", "flops_per_s": 1e300, "source": "s"}])"))),
        "my.json: /hardware/0/ceilings/0/flops_per_s: must be a number from 1e-30 to 1e+30 (a "
        "ridge or a time computed from it would overflow), got 1e+300");
    EXPECT_EQ(
        errorOf(catalogText(entry(
            "x",
            R"("interconnect": {"link": "nvlink", "name": "n", "bytes_per_s": 4.5e11, "source": "s", "latency_s": 1e-40}, )"))),
        "my.json: /hardware/0/interconnect/latency_s: must be a number from 1e-30 to 1e+30 (a "
        "ridge or a time computed from it would overflow), got 1e-40");
    EXPECT_EQ(errorOf(catalogText(entry("x", R"("memory_bytes": 1e30, )"))), ""); // the limit is in
}

TEST(CatalogJson, ZeroBandwidth)
{
    EXPECT_EQ(
        errorOf(catalogText(
            entry("a") + "," + entry("b") + "," + entry("c") + "," +
            entry(
                "d", {},
                R"([{"precision": "bf16", "unit": "tensor", "flops_per_s": 1e15, "source": "s"}])",
                R"([{"level": "hbm", "bytes_per_s": 0, "source": "s"}])"))),
        "my.json: /hardware/3/memory/0/bytes_per_s: must be a finite number > 0, got 0");
}

TEST(CatalogJson, NegativePeak)
{
    EXPECT_EQ(
        errorOf(catalogText(entry(
            "x", {},
            R"([{"precision": "bf16", "unit": "tensor", "flops_per_s": -1.5, "source": "s"}])"))),
        "my.json: /hardware/0/ceilings/0/flops_per_s: must be a finite number > 0, got -1.5");
}

TEST(CatalogJson, NumberGivenAsString)
{
    EXPECT_EQ(errorOf(catalogText(entry("x", R"("memory_bytes": "80 GB", )"))),
              "my.json: /hardware/0/memory_bytes: expected a number, got string");
}

TEST(CatalogJson, UnknownKey)
{
    EXPECT_EQ(errorOf(catalogText(entry("x", R"("colour": "green", )"))),
              "my.json: /hardware/0/colour: unknown key (expected one of: id, name, vendor, "
              "ceilings, memory, memory_bytes, memory_source, notes, measured_of, "
              "kind, interconnect, compute_capability, sm_count, device_source)");
}

TEST(CatalogJson, UnknownTopLevelKey)
{
    EXPECT_EQ(errorOf(R"({"hardware": [], "models": []})"),
              "my.json: /models: unknown key (expected one of: hardware, format, version)");
}

TEST(CatalogJson, MissingKey)
{
    const std::string noMemory =
        R"({"id": "c", "name": "C", "vendor": "AMD", "ceilings": [)"
        R"({"precision": "fp32", "unit": "vector", "flops_per_s": 1e13, "source": "s"}]})";
    EXPECT_EQ(errorOf(catalogText(entry("a") + "," + entry("b") + "," + noMemory)),
              "my.json: /hardware/2: missing required key \"memory\"");
}

TEST(CatalogJson, MissingHardwareList)
{
    EXPECT_EQ(errorOf(R"({"version": 1})"), "my.json: (root): missing required key \"hardware\"");
}

TEST(CatalogJson, WrongType)
{
    EXPECT_EQ(errorOf(catalogText(
                  R"({"id": "x", "name": 5, "vendor": "NVIDIA", "ceilings": [], "memory": []})")),
              "my.json: /hardware/0/name: expected a string, got number");
}

TEST(CatalogJson, RootMustBeAnObject)
{
    EXPECT_EQ(errorOf("[]"), "my.json: (root): expected an object, got array");
}

TEST(CatalogJson, HardwareMustBeAnArray)
{
    EXPECT_EQ(errorOf(R"({"hardware": {}})"), "my.json: /hardware: expected an array, got object");
}

TEST(CatalogJson, EstimateMustBeBoolean)
{
    EXPECT_EQ(
        errorOf(catalogText(entry(
            "x", {},
            R"([{"precision": "bf16", "unit": "tensor", "flops_per_s": 1e15, "source": "s", "estimate": "yes"}])"))),
        "my.json: /hardware/0/ceilings/0/estimate: expected true or false, got string");
}

TEST(CatalogJson, DuplicateId)
{
    EXPECT_EQ(errorOf(catalogText(entry("a100") + "," + entry("h100-sxm5") + "," + entry("b") +
                                  "," + entry("c") + "," + entry("d") + "," + entry("h100-sxm5"))),
              "my.json: /hardware/5/id: duplicate id \"h100-sxm5\" (first at /hardware/1)");
}

TEST(CatalogJson, DuplicateKeyInOneObject)
{
    EXPECT_EQ(errorOf(catalogText(entry("x", R"("name": "again", )"))),
              "my.json: /hardware/0/name: duplicate key (each key may appear only once in an "
              "object)");
}

TEST(CatalogJson, UnknownPrecision)
{
    const std::string ceilings =
        R"([{"precision": "bf16", "unit": "tensor", "flops_per_s": 1e15, "source": "s"},)"
        R"( {"precision": "fp32", "unit": "vector", "flops_per_s": 1e13, "source": "s"},)"
        R"( {"precision": "fp12", "unit": "tensor", "flops_per_s": 1e15, "source": "s"}])";
    EXPECT_EQ(errorOf(catalogText(entry("x", {}, ceilings))),
              "my.json: /hardware/0/ceilings/2/precision: unknown precision \"fp12\" (expected "
              "one of: fp64, fp32, tf32, bf16, fp16, fp8, int8, int4, fp4)");
}

TEST(CatalogJson, UnknownUnit)
{
    EXPECT_EQ(
        errorOf(catalogText(entry(
            "x", {},
            R"([{"precision": "bf16", "unit": "matrix", "flops_per_s": 1e15, "source": "s"}])"))),
        "my.json: /hardware/0/ceilings/0/unit: unknown unit \"matrix\" (expected one of: tensor, "
        "vector)");
}

TEST(CatalogJson, UnknownMemoryLevel)
{
    EXPECT_EQ(
        errorOf(catalogText(entry(
            "x", {},
            R"([{"precision": "bf16", "unit": "tensor", "flops_per_s": 1e15, "source": "s"}])",
            R"([{"level": "hmb", "bytes_per_s": 2e12, "source": "s"}])"))),
        "my.json: /hardware/0/memory/0/level: unknown memory level \"hmb\" (expected one "
        "of: hbm, dram, l4, l3, l2, sram, l1)");
}

TEST(CatalogJson, DuplicateCeiling)
{
    const std::string ceilings =
        R"([{"precision": "bf16", "unit": "tensor", "flops_per_s": 1e15, "source": "s"},)"
        R"( {"precision": "bf16", "unit": "tensor", "flops_per_s": 2e15, "source": "s"}])";
    EXPECT_EQ(errorOf(catalogText(entry("x", {}, ceilings))),
              "my.json: /hardware/0/ceilings/1: duplicate ceiling bf16 tensor (first at "
              "/hardware/0/ceilings/0)");
}

TEST(CatalogJson, EmptyId)
{
    EXPECT_EQ(errorOf(catalogText(entry(""))), "my.json: /hardware/0/id: must not be empty");
}

TEST(CatalogJson, IdMustBeALowercaseSlug)
{
    EXPECT_EQ(errorOf(catalogText(entry("H100 SXM"))),
              "my.json: /hardware/0/id: must be a lowercase slug of a-z, 0-9 and single hyphens, "
              "like \"h100-sxm5\", got \"H100 SXM\"");
}

TEST(CatalogJson, EmptySource)
{
    EXPECT_EQ(
        errorOf(catalogText(entry(
            "x", {},
            R"([{"precision": "bf16", "unit": "tensor", "flops_per_s": 1e15, "source": ""}])"))),
        "my.json: /hardware/0/ceilings/0/source: must not be empty");
}

TEST(CatalogJson, NoCeiling)
{
    EXPECT_EQ(errorOf(catalogText(entry("x", {}, "[]"))),
              "my.json: /hardware/0/ceilings: must list at least one ceiling");
}

TEST(CatalogJson, NoMemoryLevel)
{
    EXPECT_EQ(
        errorOf(catalogText(entry(
            "x", {},
            R"([{"precision": "bf16", "unit": "tensor", "flops_per_s": 1e15, "source": "s"}])",
            "[]"))),
        "my.json: /hardware/0/memory: must list at least one memory level");
}

TEST(CatalogJson, NewerVersion)
{
    EXPECT_EQ(errorOf(R"({"format": "roofscope-hardware", "version": 2, "hardware": []})"),
              "my.json: /version: written by a newer RoofScope (format version 2; this build "
              "reads version 1)");
}

TEST(CatalogJson, BadVersion)
{
    EXPECT_EQ(errorOf(R"({"version": 0.5, "hardware": []})"),
              "my.json: /version: must be a whole number >= 1, got 0.5");
}

TEST(CatalogJson, WrongFormat)
{
    EXPECT_EQ(errorOf(R"({"format": "roofscope-models", "models": []})"),
              "my.json: /format: expected \"roofscope-hardware\" (a hardware catalog), got "
              "\"roofscope-models\"");
}

TEST(JsonReader, PointersEscapeSlashAndTilde)
{
    EXPECT_EQ(JsonReader::child("/a", "b/c~d"), "/a/b~1c~0d");
    EXPECT_EQ(JsonReader::child("", std::size_t{3}), "/3");
    EXPECT_EQ(JsonReader::display(""), "(root)");
}

// ---- Merging user files ---------------------------------------------------------------------

TEST(CatalogMerge, UserFileOverridesBuiltinInPlace)
{
    const roofscope::test::ScratchDir dir("catalog");
    HardwareCatalog catalog = HardwareCatalog::builtin();
    const std::size_t count = catalog.all().size();
    std::size_t index = 0;
    while (catalog.all()[index].id != "h100-sxm5")
        ++index;

    const std::string path = dir.write(
        "mine.json",
        catalogText(entry(
            "h100-sxm5", {},
            R"([{"precision": "bf16", "unit": "tensor", "flops_per_s": 7e14, "source": "measured"}])")));
    const auto loaded = loadHardwareFile(catalog, path);
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    EXPECT_EQ(catalog.all().size(), count);
    EXPECT_EQ(catalog.all()[index].id, "h100-sxm5");
    EXPECT_EQ(catalog.all()[index].name, "Test h100-sxm5");
    EXPECT_DOUBLE_EQ(
        catalog.find("h100-sxm5")->findCeiling(Precision::BF16, ComputeUnit::Tensor)->flopsPerS,
        7e14);
}

TEST(CatalogMerge, UserFileAddsNewEntriesAtTheEnd)
{
    HardwareCatalog catalog = HardwareCatalog::builtin();
    const std::size_t count = catalog.all().size();
    auto parsed = parseHardwareCatalog(catalogText(entry("my-asic")), "t.json");
    ASSERT_TRUE(parsed.ok());
    catalog.merge(*parsed);
    ASSERT_EQ(catalog.all().size(), count + 1);
    EXPECT_EQ(catalog.all().back().id, "my-asic");
}

TEST(CatalogMerge, BrokenUserFileLeavesBuiltinsIntact)
{
    const roofscope::test::ScratchDir dir("catalog");
    HardwareCatalog catalog = HardwareCatalog::builtin();
    const std::size_t count = catalog.all().size();
    const std::string path =
        dir.write("broken.json",
                  catalogText(entry("h100-sxm5") + "," + entry("new-one", R"("colour": 1, )")));
    const auto loaded = loadHardwareFile(catalog, path);
    ASSERT_FALSE(loaded.ok());
    EXPECT_EQ(loaded.error().message, path +
                                          ": /hardware/1/colour: unknown key (expected one of: id, "
                                          "name, vendor, ceilings, memory, memory_bytes, "
                                          "memory_source, notes, measured_of, kind, interconnect, "
                                          "compute_capability, sm_count, device_source)");
    // Nothing of the broken file is merged, not even its valid first entry.
    EXPECT_EQ(catalog.all().size(), count);
    EXPECT_EQ(catalog.find("h100-sxm5")->name, "NVIDIA H100 SXM5 80GB");
    EXPECT_EQ(catalog.find("new-one"), nullptr);
}

TEST(CatalogMerge, MissingFileNamesThePath)
{
    HardwareCatalog catalog;
    const auto loaded = loadHardwareFile(catalog, "/nonexistent/dir/hw.json");
    ASSERT_FALSE(loaded.ok());
    EXPECT_TRUE(loaded.error().message.starts_with("/nonexistent/dir/hw.json: cannot open: "))
        << loaded.error().message;
}

TEST(CatalogMerge, LoadUserDirectoryMergesGoodAndReportsBroken)
{
    const roofscope::test::ScratchDir dir("catalog");
    dir.write("a-good.json",
              catalogText(entry("my-asic") + "," + entry("l4", R"("notes": "mine", )")));
    const std::string broken =
        dir.write("b-broken.json", "{\"hardware\": [\n  {\"id\": \"x\",}\n]}");
    dir.write("ignored.txt", "not a catalog");
    ScopedEnv env("ROOFSCOPE_CATALOG_DIR", dir.dir().string());
    EXPECT_EQ(userCatalogDirectory(), dir.dir().string());

    HardwareCatalog catalog = HardwareCatalog::builtin();
    const std::size_t count = catalog.all().size();
    const std::vector<Error> errors = loadUserHardwareDirectory(catalog);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_TRUE(errors.front().message.starts_with(broken + ": line 2, column 14: syntax error: "))
        << errors.front().message;
    EXPECT_EQ(catalog.all().size(), count + 1);
    ASSERT_NE(catalog.find("my-asic"), nullptr);
    EXPECT_EQ(catalog.find("l4")->notes, "mine");
}

TEST(CatalogMerge, MissingUserDirectoryIsNotAnError)
{
    ScopedEnv env("ROOFSCOPE_CATALOG_DIR", "/nonexistent/roofscope-catalog");
    HardwareCatalog catalog = HardwareCatalog::builtin();
    EXPECT_TRUE(loadUserHardwareDirectory(catalog).empty());
    EXPECT_EQ(catalog.all().size(), HardwareCatalog::builtin().all().size());
}

TEST(CatalogMerge, UserDirectoryFollowsXdg)
{
    ScopedEnv unset("ROOFSCOPE_CATALOG_DIR", "");
    ScopedEnv xdg("XDG_CONFIG_HOME", "/tmp/xdg");
    EXPECT_EQ(userCatalogDirectory(), "/tmp/xdg/roofscope/hardware");
    ScopedEnv noXdg("XDG_CONFIG_HOME", "");
    ScopedEnv home("HOME", "/home/someone");
    EXPECT_EQ(userCatalogDirectory(), "/home/someone/.config/roofscope/hardware");
}

// ---- Suggestions ----------------------------------------------------------------------------

TEST(CatalogClosestId, SuggestsNearIds)
{
    const HardwareCatalog catalog = HardwareCatalog::builtin();
    EXPECT_EQ(catalog.closestId("h100-sxm"), "h100-sxm5");
    EXPECT_EQ(catalog.closestId("H100-SXM5"), "h100-sxm5");
    EXPECT_EQ(catalog.closestId("mi300"), "mi300x");
    // A truncated id beats one a letter away: "b200" is not "gb200".
    EXPECT_EQ(catalog.closestId("b200"), "b200-sxm");
    EXPECT_EQ(catalog.closestId("4090"), "rtx-4090");
    EXPECT_EQ(catalog.closestId("h100-sxm6"), "h100-sxm5");
    EXPECT_EQ(catalog.closestId("a100-sxm-80gb"), "a100-sxm4-80gb");
    EXPECT_EQ(catalog.closestId("quantum-annealer"), "");
    EXPECT_EQ(catalog.closestId(""), "");
}

TEST(CatalogClosestId, EditDistance)
{
    EXPECT_EQ(editDistance("", ""), 0u);
    EXPECT_EQ(editDistance("kitten", "sitting"), 3u);
    EXPECT_EQ(editDistance("h100-sxm", "h100-sxm5"), 1u);
    EXPECT_EQ(editDistance("abc", ""), 3u);
}

// One accumulate convention (FP32) for every tensor ceiling; GeForce FP16-accumulate rates kept
// apart, labelled, and never used for an operator.
TEST(CatalogBuiltin, GeForceTensorCeilingsUseFp32Accumulate)
{
    const HardwareCatalog catalog = HardwareCatalog::builtin();
    const Hardware* rtx4090 = catalog.find("rtx-4090");
    const Hardware* rtx5090 = catalog.find("rtx-5090");
    ASSERT_NE(rtx4090, nullptr);
    ASSERT_NE(rtx5090, nullptr);
    EXPECT_DOUBLE_EQ(rtx4090->ceilingFor(Precision::FP16, ComputeUnit::Tensor)->flopsPerS,
                     165.2e12);
    EXPECT_DOUBLE_EQ(rtx4090->ceilingFor(Precision::BF16, ComputeUnit::Tensor)->flopsPerS,
                     165.2e12);
    const Ceiling* c5090 = rtx5090->ceilingFor(Precision::BF16, ComputeUnit::Tensor);
    EXPECT_DOUBLE_EQ(c5090->flopsPerS, 209.5e12);
    EXPECT_EQ(c5090->accumulate, "fp32");
    EXPECT_TRUE(c5090->estimate);
    EXPECT_DOUBLE_EQ(rtx5090->ceilingFor(Precision::FP8, ComputeUnit::Tensor)->flopsPerS, 419e12);
    // The FP16-accumulate figures the whitepapers give, labelled.
    ASSERT_EQ(rtx4090->alternateCeilings.size(), 2u);
    EXPECT_DOUBLE_EQ(rtx4090->alternateCeilings[0].flopsPerS, 330.3e12);
    EXPECT_EQ(rtx4090->alternateCeilings[0].accumulate, "fp16");
    ASSERT_EQ(rtx5090->alternateCeilings.size(), 2u);
    EXPECT_DOUBLE_EQ(rtx5090->alternateCeilings[0].flopsPerS, 419e12);
    EXPECT_DOUBLE_EQ(rtx5090->alternateCeilings[1].flopsPerS, 838e12);
    // The 5090 : 4090 ratio is now like for like: 209.5 / 165.2 = 1.27.
    EXPECT_NEAR(c5090->flopsPerS / 165.2e12, 1.268, 0.001);
    for (const Hardware& hw : catalog.all())
        for (const Ceiling& c : hw.ceilings)
            EXPECT_NE(c.accumulate, "fp16") << hw.id;
}

TEST(CatalogJson, AccumulateIsValidatedAndRoundTrips)
{
    const auto doc = [](const std::string& ceiling) {
        return R"({"format": "roofscope-hardware", "version": 1, "hardware": [
          {"id": "g", "name": "G", "vendor": "V",
           "ceilings": [{"precision": "fp16", "unit": "tensor", "flops_per_s": 1e14, "source": "x"},
                        )" +
               ceiling + R"(],
           "memory": [{"level": "hbm", "bytes_per_s": 1e12, "source": "x"}]}]})";
    };
    auto bad = parseHardwareCatalog(doc(R"({"precision": "fp16", "unit": "tensor",
        "flops_per_s": 2e14, "source": "x", "accumulate": "fp8"})"),
                                    "g.json");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().message, "g.json: /hardware/0/ceilings/1/accumulate: unknown accumulate "
                                   "precision \"fp8\" (expected one of: fp32, fp16)");
    auto good = parseHardwareCatalog(doc(R"({"precision": "fp16", "unit": "tensor",
        "flops_per_s": 2e14, "source": "x", "accumulate": "fp16"})"),
                                     "g.json");
    ASSERT_TRUE(good) << good.error().message;
    EXPECT_EQ(good->front().ceilings.size(), 1u);
    EXPECT_DOUBLE_EQ(good->front().ceilingFor(Precision::FP16, ComputeUnit::Tensor)->flopsPerS,
                     1e14);
    auto again = parseHardwareCatalog(hardwareCatalogToJson(*good), "again.json");
    ASSERT_TRUE(again);
    ASSERT_EQ(again->front().alternateCeilings.size(), 1u);
    EXPECT_DOUBLE_EQ(again->front().alternateCeilings[0].flopsPerS, 2e14);
}
