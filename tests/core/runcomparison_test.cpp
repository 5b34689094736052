// Before/after runs compared: kernels pair by full name, then by short name; what pairs, what
// does not, the whole run's speedup and runs on different GPUs, in one sentence.
#include "core/measured/kernelname.h"
#include "core/measured/runcomparison.h"
#include "tests/common/measuredkernels.h"

#include <gtest/gtest.h>

using namespace roofscope;
using roofscope::test::csvKernel;

namespace {

// A kernel named exactly `name`, with the short name the importers give it.
MeasuredKernel named(const std::string& name, double timeS,
                     const std::string& gpu = "a100-sxm4-80gb")
{
    MeasuredKernel k = csvKernel("x", timeS, 1e9, 1e9);
    k.name = name;
    k.shortName = shortKernelName(name);
    k.gpu = gpu;
    return k;
}

MeasurementSet runOf(const std::string& file, std::vector<MeasuredKernel> kernels)
{
    MeasurementSet s;
    s.file = file;
    s.kernels = std::move(kernels);
    return s;
}

std::string sentenceOf(const RunComparison& c, const GpuNamer& namer = {})
{
    return comparisonSentence(comparisonParts(c, namer));
}

} // namespace

TEST(RunComparison, TemplatedNamesPairByShortNameAndTheRestIsListed)
{
    const MeasurementSet before = runOf(
        "before.csv", {named("void gemm_kernel<128, 64>(float*, int)", 0.010),
                       named("void softmax<float>(float*)", 0.002), named("layernorm", 0.003)});
    const MeasurementSet after =
        runOf("after.csv", {named("void gemm_kernel<256, 128>(float*, int)", 0.004),
                            named("fused_softmax_kernel", 0.001), named("layernorm", 0.0035)});
    const RunComparison c = compareRuns(before, after);
    ASSERT_EQ(c.pairs.size(), 2u);
    const KernelSpeedup& gemm = c.pairs[0];
    EXPECT_EQ(gemm.match, KernelMatch::ShortName);
    EXPECT_EQ(gemm.shortName, "gemm_kernel");
    EXPECT_EQ(gemm.name, "void gemm_kernel<128, 64>(float*, int)");
    EXPECT_EQ(gemm.afterName, "void gemm_kernel<256, 128>(float*, int)");
    EXPECT_EQ(gemm.beforeKernel, 0);
    EXPECT_EQ(gemm.afterKernel, 0);
    EXPECT_DOUBLE_EQ(*gemm.speedup, 2.5);
    EXPECT_EQ(c.pairs[1].match, KernelMatch::FullName);
    EXPECT_EQ(c.pairs[1].afterName, "layernorm");
    // softmax and fused_softmax_kernel are different kernels: neither is guessed into a pair.
    ASSERT_EQ(c.onlyBefore.size(), 1u);
    EXPECT_EQ(c.onlyBefore[0].shortName, "softmax");
    EXPECT_EQ(c.onlyBefore[0].kernel, 1);
    ASSERT_EQ(c.onlyAfter.size(), 1u);
    EXPECT_EQ(c.onlyAfter[0].shortName, "fused_softmax_kernel");
    EXPECT_EQ(c.beforePair, (std::vector<int>{0, -1, 1}));
    EXPECT_EQ(c.afterPair, (std::vector<int>{0, -1, 1}));
    EXPECT_EQ(c.kernelCount(), 4);
    EXPECT_EQ(c.pairedByShortName(), 1);
    // Every kernel of both runs: 15 ms before, 8.5 ms after.
    EXPECT_DOUBLE_EQ(c.beforeS, 0.015);
    EXPECT_DOUBLE_EQ(c.afterS, 0.0085);
    EXPECT_DOUBLE_EQ(*c.speedup, 0.015 / 0.0085);
    EXPECT_FALSE(c.differentGpus);
    EXPECT_EQ(sentenceOf(c), "before.csv → after.csv · 2 of 4 kernels paired (1 by short name) · "
                             "1 only before: softmax · 1 only after: fused_softmax_kernel · "
                             "whole run 1.76× faster");
    // kernelSpeedups, which the figure's arrows use, is the same pairing.
    ASSERT_EQ(kernelSpeedups(before, after).size(), 2u);
    EXPECT_EQ(kernelSpeedups(before, after)[0].afterKernel, 0);
}

TEST(RunComparison, ExactNamesWinOverShortNames)
{
    // gemm<2> is in both runs: it pairs with itself, and only then gemm<1> meets gemm<3>.
    const MeasurementSet before =
        runOf("", {named("gemm<1>", 4.0), named("gemm<2>", 2.0), named("gemm<1>", 2.0)});
    const MeasurementSet after = runOf("", {named("gemm<3>", 3.0), named("gemm<2>", 1.0)});
    const RunComparison c = compareRuns(before, after);
    ASSERT_EQ(c.pairs.size(), 2u);
    EXPECT_EQ(c.pairs[0].match, KernelMatch::ShortName);
    EXPECT_EQ(c.pairs[0].name, "gemm<1>");
    EXPECT_EQ(c.pairs[0].afterName, "gemm<3>");
    EXPECT_DOUBLE_EQ(c.pairs[0].beforeS, 6.0); // both launches of gemm<1>
    EXPECT_DOUBLE_EQ(*c.pairs[0].speedup, 2.0);
    EXPECT_EQ(c.pairs[1].match, KernelMatch::FullName);
    EXPECT_EQ(c.pairs[1].name, "gemm<2>");
    EXPECT_EQ(c.pairs[1].afterName, "gemm<2>");
    EXPECT_DOUBLE_EQ(*c.pairs[1].speedup, 2.0);
    EXPECT_EQ(c.beforePair, (std::vector<int>{0, 1, 0}));
    EXPECT_EQ(c.afterPair, (std::vector<int>{0, 1}));
    EXPECT_TRUE(c.onlyBefore.empty());
    EXPECT_TRUE(c.onlyAfter.empty());
    // No file names: no "a → b" part.
    EXPECT_EQ(sentenceOf(c), "2 of 2 kernels paired (1 by short name) · whole run 2× faster");

    // A short name left on one side once its full name paired is unpaired, not folded in.
    const RunComparison d = compareRuns(before, runOf("", {named("gemm<2>", 1.0)}));
    ASSERT_EQ(d.pairs.size(), 1u);
    EXPECT_EQ(d.pairs[0].match, KernelMatch::FullName);
    ASSERT_EQ(d.onlyBefore.size(), 1u);
    EXPECT_EQ(d.onlyBefore[0].name, "gemm<1>");
    EXPECT_DOUBLE_EQ(d.onlyBefore[0].timeS, 6.0);
    EXPECT_EQ(sentenceOf(d), "1 of 2 kernels paired · 1 only before: gemm · whole run 8× faster");
}

TEST(RunComparison, AtMostThreeNamesThenHowManyMoreAndSlower)
{
    const MeasurementSet before =
        runOf("a.csv", {named("k", 1.0), named("a", 0.1), named("b", 0.1), named("c", 0.1),
                        named("d", 0.1), named("e", 0.1)});
    const MeasurementSet after = runOf("b.csv", {named("k", 1.5), named("z", 0.375)});
    const RunComparison c = compareRuns(before, after);
    EXPECT_DOUBLE_EQ(*c.speedup, 1.5 / 1.875);
    EXPECT_EQ(sentenceOf(c), "a.csv → b.csv · 1 of 7 kernels paired · 5 only before: a, b, c and "
                             "2 more · 1 only after: z · whole run 1.25× slower");
}

TEST(RunComparison, RunsOnDifferentGpusAreSaidToBeNotLikeForLike)
{
    const MeasurementSet before = runOf("a100.csv", {named("gemm", 2.0, "a100-sxm4-80gb")});
    const MeasurementSet after = runOf("h100.csv", {named("gemm", 1.0, "h100-sxm5")});
    const RunComparison c = compareRuns(before, after);
    EXPECT_TRUE(c.differentGpus);
    EXPECT_EQ(c.beforeGpus, (std::vector<std::string>{"a100-sxm4-80gb"}));
    EXPECT_EQ(c.afterGpus, (std::vector<std::string>{"h100-sxm5"}));
    EXPECT_EQ(sentenceOf(c), "a100.csv → h100.csv · 1 of 1 kernels paired · whole run 2× faster · "
                             "runs on different GPUs (a100-sxm4-80gb / h100-sxm5): times are not "
                             "like for like");
    const GpuNamer namer = [](const std::string& id) {
        return id == "h100-sxm5" ? std::string("H100 SXM5") : id;
    };
    EXPECT_NE(sentenceOf(c, namer).find("(a100-sxm4-80gb / H100 SXM5)"), std::string::npos);

    // The same GPU, or a run whose GPU is unknown, gets no note.
    EXPECT_FALSE(
        compareRuns(before, runOf("", {named("gemm", 1.0, "a100-sxm4-80gb")})).differentGpus);
    EXPECT_FALSE(compareRuns(before, runOf("", {named("gemm", 1.0, "")})).differentGpus);
    // Without a catalog id, the file's device name tells the GPUs apart.
    MeasuredKernel onDevice = named("gemm", 1.0, "");
    onDevice.device = "NVIDIA GH200";
    EXPECT_TRUE(compareRuns(before, runOf("", {onDevice})).differentGpus);
}

TEST(RunComparison, JsonHasTheCountsNamesAndSentence)
{
    const RunComparison c =
        compareRuns(runOf("b.csv", {named("gemm<1>", 2.0), named("softmax", 1.0)}),
                    runOf("a.csv", {named("gemm<2>", 1.0), named("fused_softmax_kernel", 1.0)}));
    const auto j = runComparisonJson(c);
    EXPECT_EQ(j["before"], "b.csv");
    EXPECT_EQ(j["after"], "a.csv");
    EXPECT_EQ(j["kernels"], 3);
    EXPECT_EQ(j["paired"], 1);
    EXPECT_EQ(j["paired_by_short_name"], 1);
    ASSERT_EQ(j["only_before"].size(), 1u);
    EXPECT_EQ(j["only_before"][0]["short_name"], "softmax");
    EXPECT_EQ(j["only_after"][0]["short_name"], "fused_softmax_kernel");
    EXPECT_DOUBLE_EQ(j["speedup"].get<double>(), 1.5);
    EXPECT_EQ(j["different_gpus"], false);
    EXPECT_EQ(j["pairs"][0]["before"], "gemm<1>");
    EXPECT_EQ(j["pairs"][0]["after"], "gemm<2>");
    EXPECT_EQ(j["pairs"][0]["matched_by"], "short_name");
    EXPECT_DOUBLE_EQ(j["pairs"][0]["speedup"].get<double>(), 2.0);
    EXPECT_EQ(j["sentence"], "b.csv → a.csv · 1 of 3 kernels paired (1 by short name) · 1 only "
                             "before: softmax · 1 only after: fused_softmax_kernel · whole run "
                             "1.5× faster");
}

TEST(RunComparison, HandPairsComeFirstAndTheSentenceCountsThem)
{
    const MeasurementSet before = runOf(
        "before.csv", {named("void gemm_kernel<128, 64>(float*, int)", 0.010),
                       named("void softmax<float>(float*)", 0.002), named("layernorm", 0.003)});
    const MeasurementSet after =
        runOf("after.csv", {named("void gemm_kernel<256, 128>(float*, int)", 0.004),
                            named("fused_softmax_kernel", 0.001), named("layernorm", 0.0035)});
    // softmax was rewritten as fused_softmax_kernel: no name says so, the user does.
    const std::vector<KernelPairing> hand{{"softmax", "fused_softmax_kernel", false}};
    const RunComparison c = compareRuns(before, after, hand);
    ASSERT_EQ(c.pairs.size(), 3u);
    const KernelSpeedup& softmax = c.pairs[1];
    EXPECT_EQ(softmax.match, KernelMatch::Hand);
    EXPECT_EQ(softmax.pairing, 0);
    EXPECT_EQ(softmax.name, "void softmax<float>(float*)");
    EXPECT_EQ(softmax.afterName, "fused_softmax_kernel");
    EXPECT_EQ(softmax.beforeKernel, 1);
    EXPECT_EQ(softmax.afterKernel, 1);
    EXPECT_DOUBLE_EQ(*softmax.speedup, 2.0);
    EXPECT_EQ(c.pairs[0].match, KernelMatch::ShortName);
    EXPECT_EQ(c.pairs[0].pairing, -1);
    EXPECT_EQ(c.pairs[2].match, KernelMatch::FullName);
    EXPECT_EQ(c.beforePair, (std::vector<int>{0, 1, 2}));
    EXPECT_EQ(c.afterPair, (std::vector<int>{0, 1, 2}));
    EXPECT_TRUE(c.onlyBefore.empty());
    EXPECT_TRUE(c.onlyAfter.empty());
    EXPECT_EQ(c.pairedByHand(), 1);
    EXPECT_EQ(sentenceOf(c), "before.csv → after.csv · 3 of 3 kernels paired (1 by short name, 1 "
                             "by hand) · whole run 1.76× faster");
    EXPECT_EQ(runComparisonJson(c)["paired_by_hand"], 1);
    EXPECT_EQ(runComparisonJson(c)["pairs"][1]["matched_by"], "hand");

    // By full name too; a hand pair takes a kernel before the automatic pairing can: layernorm
    // before with fused_softmax_kernel after leaves softmax and layernorm after unpaired.
    const RunComparison d = compareRuns(
        before, after, {{"layernorm", "fused_softmax_kernel", false}, {"gemm_kernel", "x", false}});
    ASSERT_EQ(d.pairs.size(), 2u);
    EXPECT_EQ(d.pairs[1].match, KernelMatch::Hand);
    EXPECT_EQ(d.pairs[1].pairing, 0);
    EXPECT_DOUBLE_EQ(*d.pairs[1].speedup, 3.0);
    EXPECT_EQ(sentenceOf(d), "before.csv → after.csv · 2 of 4 kernels paired (1 by short name, 1 "
                             "by hand) · 1 only before: softmax · 1 only after: layernorm · whole "
                             "run 1.76× faster");

    // A second pairing of a kernel already paired does nothing.
    const RunComparison e =
        compareRuns(before, after,
                    {{"softmax", "fused_softmax_kernel", false}, {"softmax", "layernorm", false}});
    EXPECT_EQ(e.pairedByHand(), 1);
    EXPECT_EQ(e.pairs[2].match, KernelMatch::FullName);
}

TEST(RunComparison, AnUnpairingUndoesAnAutomaticPair)
{
    const MeasurementSet before =
        runOf("b.csv", {named("gemm<1>", 4.0), named("layernorm", 1.0), named("softmax", 1.0)});
    const MeasurementSet after =
        runOf("a.csv", {named("gemm<2>", 2.0), named("layernorm", 1.0), named("softmax", 0.5)});
    EXPECT_EQ(compareRuns(before, after).pairs.size(), 3u);
    // layernorm by full name, gemm by short name: neither pairs again by the other rule.
    const RunComparison c =
        compareRuns(before, after, {{"layernorm", "layernorm", true}, {"gemm", "gemm", true}});
    ASSERT_EQ(c.pairs.size(), 1u);
    EXPECT_EQ(c.pairs[0].name, "softmax");
    EXPECT_EQ(c.pairs[0].match, KernelMatch::FullName);
    EXPECT_EQ(c.beforePair, (std::vector<int>{-1, -1, 0}));
    ASSERT_EQ(c.onlyBefore.size(), 2u);
    EXPECT_EQ(c.onlyBefore[0].shortName, "gemm");
    EXPECT_EQ(c.onlyBefore[1].shortName, "layernorm");
    ASSERT_EQ(c.onlyAfter.size(), 2u);
    EXPECT_EQ(sentenceOf(c), "b.csv → a.csv · 1 of 5 kernels paired · 2 only before: gemm, "
                             "layernorm · 2 only after: gemm, layernorm · whole run 1.71× faster");
    // An unpairing of names the runs do not pair changes nothing.
    EXPECT_EQ(compareRuns(before, after, {{"softmax", "layernorm", true}}).pairs.size(), 3u);
    // A hand pair wins over an unpairing of the same kernels.
    const RunComparison d = compareRuns(
        before, after, {{"layernorm", "layernorm", true}, {"layernorm", "layernorm", false}});
    ASSERT_EQ(d.pairs.size(), 3u);
    EXPECT_EQ(d.pairs[1].match, KernelMatch::Hand);
}

TEST(RunComparison, TheUserChoosesTwoOfThreeRuns)
{
    Measurements m;
    m.sets = {runOf("a.csv", {named("gemm", 3.0), named("softmax", 1.0)}),
              runOf("b.csv", {named("gemm", 2.0), named("softmax", 1.0)}),
              runOf("c.csv", {named("gemm", 1.0), named("fused_softmax", 1.0)})};
    EXPECT_FALSE(compareMeasurements(Measurements{}).has_value());
    // No choice made: the first two, and the third is said to be left out.
    auto c = compareMeasurements(m);
    ASSERT_TRUE(c.has_value());
    EXPECT_EQ(c->beforeSet, 0);
    EXPECT_EQ(c->afterSet, 1);
    EXPECT_EQ(c->otherRuns, (std::vector<std::string>{"c.csv"}));
    EXPECT_EQ(sentenceOf(*c), "a.csv → b.csv · 1 more run not compared: c.csv · 2 of 2 kernels "
                              "paired · whole run 1.33× faster");
    EXPECT_EQ(runComparisonJson(*c)["other_runs"], (std::vector<std::string>{"c.csv"}));

    // The user's choice is the runs' labels: runs 1 and 3, with the document's hand pairing.
    m.sets[0].label = "before";
    m.sets[2].label = "after";
    m.pairings = {{"softmax", "fused_softmax", false}};
    c = compareMeasurements(m);
    ASSERT_TRUE(c.has_value());
    EXPECT_EQ(c->beforeSet, 0);
    EXPECT_EQ(c->afterSet, 2);
    EXPECT_EQ(c->pairedByHand(), 1);
    EXPECT_EQ(sentenceOf(*c), "a.csv → c.csv · 1 more run not compared: b.csv · 2 of 2 kernels "
                              "paired (1 by hand) · whole run 2× faster");
    // After before before: the labels say which is which, not the order.
    m.sets[0].label = "after";
    m.sets[2].label = "before";
    c = compareMeasurements(m);
    EXPECT_EQ(c->beforeSet, 2);
    EXPECT_EQ(c->afterSet, 0);

    // The after run removed: the before run keeps its side against the first other run.
    Measurements lone = m;
    lone.sets.erase(lone.sets.begin());
    EXPECT_EQ(beforeAfterSets(lone), std::make_pair(1, 0));
    lone.sets[1].label.clear();
    // No labels left: b.csv and c.csv share 1 of their 3 kernel names, so they are not one
    // program and nothing is compared until the user asks; one program is compared as it was.
    EXPECT_EQ(beforeAfterSets(lone), std::nullopt);
    lone.sets[1] = runOf("c.csv", {named("gemm", 1.0), named("softmax", 1.0)});
    EXPECT_EQ(beforeAfterSets(lone), std::make_pair(0, 1));

    m.sets.push_back(runOf("d.csv", {named("gemm", 1.0)}));
    EXPECT_EQ(comparisonParts(*compareMeasurements(m))[1].phrase, ComparisonPhrase::OtherRuns);
    EXPECT_NE(sentenceOf(*compareMeasurements(m)).find("2 more runs not compared: b.csv, d.csv"),
              std::string::npos);
}

TEST(RunComparison, PairingsAreSavedWithTheMeasurements)
{
    Measurements m;
    m.sets = {runOf("a.csv", {named("softmax", 1.0)}), runOf("b.csv", {named("fused", 1.0)})};
    m.pairings = {{"softmax", "fused", false}, {"gemm<1>", "gemm<2>", true}};
    const auto json = measurementsToJson(m);
    EXPECT_EQ(json["pairings"].dump(), R"([{"before":"softmax","after":"fused"},)"
                                       R"({"before":"gemm<1>","after":"gemm<2>","unpair":true}])");
    const auto back = measurementsFromJson(json, "s.roofscope.json", 0);
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->pairings, m.pairings);
    // Without pairings the section is as it was.
    m.pairings.clear();
    EXPECT_FALSE(measurementsToJson(m).contains("pairings"));

    auto bad = json;
    bad["pairings"][1]["unpair"] = "yes";
    EXPECT_EQ(measurementsFromJson(bad, "s.roofscope.json", 0).error().message,
              "s.roofscope.json: /measurements/pairings/1/unpair: expected true or false, got "
              "string");
    bad = json;
    bad["pairings"][0].erase("after");
    EXPECT_EQ(measurementsFromJson(bad, "s.roofscope.json", 0).error().message,
              "s.roofscope.json: /measurements/pairings/0/after: missing: a kernel's full or "
              "short name");
}
