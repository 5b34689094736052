// The core's English warnings and notes in the interface language (ui/text/coretext.h): every
// warning and kernel note the real profiler exports give comes back exactly in English and
// translated in Chinese, with the names, numbers and commands in it kept; a text no template
// knows stays as it is; the Kernels panel says an import's warnings in Chinese.
#include "core/hardware/catalog.h"
#include "core/measured/devicematch.h"
#include "core/measured/importer.h"
#include "core/measured/kernelanalysis.h"
#include "core/measured/notplacedtally.h"
#include "core/measured/skippednote.h"
#include "importwait.h"
#include "tests/generated/testpaths.h"
#include "ui/models/kernelmodel.h"
#include "ui/text/coretext.h"
#include "ui/text/translation.h"
#include "ui/widgets/kernelspanel.h"
#include "uitestutil.h"

#include <QAbstractItemModel>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTableView>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <utility>
#include <vector>

using namespace roofscope;

namespace {

// The real exports this test needs at the least: a missing one fails it (the corpus folders may
// hold more, which are read too).
const char* const kRequiredFiles[] = {
    "a100_kineto_torchcompile_triton_1kernel.json.gz",
    "a100_ncu_details_printfp_error_preamble_flopcounters.csv",
    "b200_kineto_cupti28_cuda129_eager.json.gz",
    "gtx1080ti_nvprof_gpu_trace_matrixMul.csv",
    "gtx1080ti_nvprof_metrics_all_matrixMul.csv",
    "mi250_kineto_rocm62_minitoy_nestedTensorList.json.gz",
    "mi250x_rocprofv1_pmc_fetchsize_laplacian_1004disp.csv",
    "mi250x_rocprofv1_timestamps_laplacian_1004disp.csv",
    "rtx5090_ncu2025_roofline_chart_body_item_label.csv",
    "v100_kineto_displayTimeUnit_ns_4350kernels.json.gz",
    "v100_kineto_torch19_resnet50_oldcats.json.gz",
    "../h200/h200_kineto_llama31_8b_random_generate_b16_p512_n16.pt.trace.json.gz",
};

std::string corpusPath(const std::string& name)
{
    return std::string(ROOFSCOPE_REAL_CORPUS_DIR) + "/" + name;
}

// Every profiler export of the two corpus folders (their notes and model configs left out).
std::vector<std::string> corpusFiles()
{
    std::vector<std::string> files;
    for (const std::string& dir : {corpusPath(""), corpusPath("../h200")}) {
        for (const auto& entry : std::filesystem::directory_iterator(dir)) {
            const std::string name = entry.path().filename().string();
            if (entry.is_regular_file() && !name.ends_with(".tsv") &&
                !name.ends_with("config.json"))
                files.push_back(entry.path().string());
        }
    }
    return files;
}

// What the window says of one import: its file warnings, the not-placed summary, and each
// kernel's notes and analysis warnings, launch by launch and grouped by name, against the GPU
// the file names and against none.
void collect(const MeasuredImport& imported, const HardwareCatalog& catalog,
             std::set<std::string>& texts)
{
    texts.insert(imported.warnings.begin(), imported.warnings.end());
    for (std::vector<MeasuredKernel> kernels :
         {imported.kernels, groupKernelsByName(imported.kernels)}) {
        if (std::string s = notPlacedSummary(tallyNotPlaced(kernels), imported.withoutFlopsWarned);
            !s.empty())
            texts.insert(std::move(s));
        assignKernelGpus(kernels, catalog.all(), {});
        for (const MeasuredKernel& k : kernels) {
            for (const Hardware* hw : {catalog.find(k.gpu), static_cast<const Hardware*>(nullptr)})
                for (std::string& w : analyseKernel(k, hw).warnings)
                    texts.insert(std::move(w));
        }
    }
}

// Each distinct text importing the corpus gives, read once for every test here.
const std::set<std::string>& corpusTexts()
{
    static const std::set<std::string> texts = [] {
        std::set<std::string> out;
        const HardwareCatalog catalog = HardwareCatalog::builtin();
        for (const std::string& file : corpusFiles()) {
            // A file that is not an import of kernels (a sysinfo.csv, a range-profiler trace) is
            // an error the window shows as one; it has no warnings.
            if (auto imported = importMeasurementFile(file))
                collect(*imported, catalog, out);
        }
        // The rocprof timestamp trace and counters of one run, imported together, are joined.
        std::vector<std::string> notes;
        auto joined = importMeasurementFiles(
            {corpusPath("mi250x_rocprofv1_timestamps_laplacian_1004disp.csv"),
             corpusPath("mi250x_rocprofv1_pmc_fetchsize_laplacian_1004disp.csv")},
            notes);
        if (joined) {
            for (const MeasuredImport& imported : *joined)
                collect(imported, catalog, out);
        }
        out.insert(notes.begin(), notes.end());
        return out;
    }();
    return texts;
}

// Switches the application to a language for one test and always back to English.
class LanguageGuard {
public:
    explicit LanguageGuard(const QString& lang) { m_ok = installTranslator(lang); }
    ~LanguageGuard() { installTranslator(QStringLiteral("en")); }
    LanguageGuard(const LanguageGuard&) = delete;
    LanguageGuard& operator=(const LanguageGuard&) = delete;
    bool ok() const { return m_ok; }

private:
    bool m_ok = false;
};

QSet<QString> glossary()
{
    QFile file(QString::fromUtf8(ROOFSCOPE_SOURCE_DIR) +
               QStringLiteral("/resources/translations/glossary_zh_CN.txt"));
    QSet<QString> terms;
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return terms;
    for (const QByteArray& line : file.readAll().split('\n')) {
        const QString term = QString::fromUtf8(line).trimmed();
        if (!term.isEmpty() && !term.startsWith(QLatin1Char('#')))
            terms.insert(term);
    }
    return terms;
}

// English words of `zh` that are neither the glossary's terms nor the names the warnings quote
// (trace fields, profilers, architectures). Quoted text, ncu's own error line and tokens with
// digits or code punctuation (op and metric names, record_shapes=True, --gpu) are what the
// file and the command line say, kept as they are.
QStringList strayEnglish(QString zh, const QSet<QString>& allowed)
{
    if (const qsizetype ncu = zh.indexOf(QStringLiteral("==ERROR==")); ncu >= 0)
        zh.truncate(ncu);
    // Quoted values, `commands` and an option's on/off ("--timestamp on").
    static const QRegularExpression quoted(
        QStringLiteral("\"[^\"]*\"|`[^`]*`|--[a-z-]+ (on|off)\\b"));
    zh.remove(quoted);
    static const QRegularExpression token(QStringLiteral("[^\\s\\p{Han}，：；（）、]+"));
    static const QRegularExpression code(QStringLiteral("[0-9_:=./<>*`\\-]"));
    static const QRegularExpression word(QStringLiteral("[A-Za-z]+"));
    QStringList stray;
    for (auto t = token.globalMatch(zh); t.hasNext();) {
        const QString tok = t.next().captured();
        if (tok.contains(code))
            continue;
        for (auto w = word.globalMatch(tok); w.hasNext();) {
            const QString english = w.next().captured();
            if (!allowed.contains(english))
                stray << english;
        }
    }
    return stray;
}

const QRegularExpression& han()
{
    static const QRegularExpression re(QStringLiteral("\\p{Han}"));
    return re;
}

} // namespace

TEST(CoreText, CorpusFilesArePresent)
{
    for (const char* name : kRequiredFiles)
        EXPECT_TRUE(std::filesystem::exists(corpusPath(name))) << "missing " << corpusPath(name);
    EXPECT_GE(corpusTexts().size(), 60U);
}

// No template is all placeholders, nor two placeholders side by side: either would match any
// text.
TEST(CoreText, TemplatesHoldEnglishBetweenTheirPlaceholders)
{
    static const QRegularExpression bare(QStringLiteral("^(%\\d\\s*)+$|%\\d%\\d"));
    for (const QString& t : coreTextTemplates())
        EXPECT_FALSE(t.contains(bare)) << t.toStdString();
}

// (a) In English every warning and note of the corpus is the core's text, character for
// character.
TEST(CoreText, EnglishIsTheCoresTextExactly)
{
    ASSERT_FALSE(corpusTexts().empty());
    for (const std::string& text : corpusTexts())
        EXPECT_EQ(coreTextDisplay(text).toStdString(), text);
}

// (b) In Chinese each is translated: Han characters, no English left but the glossary's terms
// and what the file names, and the op names and commands in it as they are.
TEST(CoreText, ChineseTranslatesEveryCorpusText)
{
    QSet<QString> allowed = glossary();
    ASSERT_FALSE(allowed.isEmpty());
    for (const char* name : {"Input",
                             "Dims",
                             "External",
                             "id",
                             "correlation",
                             "ID",
                             "ncu",
                             "nvprof",
                             "rocprof",
                             "trace",
                             "Tensor",
                             "Core",
                             "Volta",
                             "Turing",
                             "CC",
                             "MFMA",
                             "VALU",
                             "PyTorch",
                             "deviceProperties",
                             "pmc",
                             "input",
                             "txt",
                             "Start",
                             "End",
                             "BeginNs",
                             "EndNs"})
        allowed.insert(QString::fromLatin1(name));
    LanguageGuard guard(QStringLiteral("zh_CN"));
    ASSERT_TRUE(guard.ok());
    const std::set<std::string>& texts = corpusTexts();
    for (const std::string& text : texts) {
        const QString zh = coreTextDisplay(text);
        EXPECT_NE(zh.toStdString(), text);
        EXPECT_TRUE(zh.contains(han())) << zh.toStdString();
        const QStringList stray = strayEnglish(zh, allowed);
        EXPECT_TRUE(stray.isEmpty()) << stray.join(QLatin1Char(' ')).toStdString() << " in \""
                                     << zh.toStdString() << "\" (from \"" << text << "\")";
    }
    // The V100 trace's warning: each op's cause translated, its name and the option kept.
    auto found = std::find_if(texts.begin(), texts.end(), [](const std::string& t) {
        return t.find("of aten::convolution_backward: no Input Dims") != std::string::npos;
    });
    ASSERT_NE(found, texts.end());
    const QString zh = coreTextDisplay(*found);
    EXPECT_TRUE(zh.contains(QStringLiteral("aten::convolution_backward"))) << zh.toStdString();
    EXPECT_TRUE(zh.contains(QStringLiteral("aten::cudnn_convolution"))) << zh.toStdString();
    EXPECT_TRUE(zh.contains(QStringLiteral("请用 record_shapes=True 录制"))) << zh.toStdString();
    EXPECT_TRUE(zh.startsWith(QStringLiteral("4350 个内核中有 4350 个"))) << zh.toStdString();
    EXPECT_FALSE(zh.contains(QStringLiteral("; "))) << "the causes are joined with '；'";
    // A kernel's note: the op's name, then why, in Chinese.
    EXPECT_EQ(
        coreTextDisplay("aten::mul: no Input Dims: record with record_shapes=True; time only"),
        QStringLiteral("aten::mul：没有 Input Dims：请用 record_shapes=True 录制；只有时间"));
}

// (c) A text no template knows, or one that only looks like a template's list, comes back as it
// is, and a name holding a placeholder is not substituted again.
TEST(CoreText, UnknownTextStaysAsItIs)
{
    LanguageGuard guard(QStringLiteral("zh_CN"));
    ASSERT_TRUE(guard.ok());
    for (const std::string text :
         {"something the core will say one day", "", "no FLOP model", "gemm; softmax",
          "aten::mul: no Input Dims: record with record_shapes=True"})
        EXPECT_EQ(coreTextDisplay(text).toStdString(), text);
    // A nested text no template knows stays English inside the Chinese, never half-matched.
    EXPECT_EQ(coreTextDisplay("3 rows skipped (a reason of tomorrow)"),
              QStringLiteral("已跳过 3 行（a reason of tomorrow）"));
    EXPECT_EQ(coreTextDisplay("1 kernel of my%2op: no FLOP model for this op"),
              QStringLiteral("my%2op 的 1 个内核：此算子没有 FLOP 模型"));
    // A list of reasons is split only when each part is one: a comma inside a sentence stays.
    EXPECT_EQ(coreTextDisplay("7 of 7 kernels are not on the chart: 6 with zero FLOPs, 1 without "
                              "a time"),
              QStringLiteral("7 个内核中有 7 个不在图上：6 个 FLOP 数为零，1 个没有时间"));
    EXPECT_EQ(coreTextDisplay("2 kernel events skipped (not a complete event, \"ph\": \"X\"; the "
                              "first at /traceEvents/4)"),
              QStringLiteral("已跳过 2 个内核事件（不是完整事件（\"ph\": \"X\"）；第一处在 "
                             "/traceEvents/4）"));
}

// (d) The Kernels panel says a real import's warnings in Chinese, file and op names kept.
TEST(CoreText, KernelsPanelShowsTheWarningsInChinese)
{
    const QString path =
        QString::fromStdString(corpusPath("mi250_kineto_rocm62_minitoy_nestedTensorList.json.gz"));
    ASSERT_TRUE(QFile::exists(path)) << path.toStdString();
    LanguageGuard guard(QStringLiteral("zh_CN"));
    ASSERT_TRUE(guard.ok());
    auto session = test::makeSession();
    KernelsPanel panel(session.get());
    ASSERT_GT(test::importAndWait(panel, path), 0);
    const QStringList warnings = panel.importWarnings();
    ASSERT_FALSE(warnings.isEmpty());
    const auto found = std::find_if(warnings.begin(), warnings.end(), [](const QString& w) {
        return w.contains(QStringLiteral("aten::mse_loss"));
    });
    ASSERT_NE(found, warnings.end()) << warnings.join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(found->startsWith(QStringLiteral("mi250_kineto_rocm62_minitoy_nestedTensorList")))
        << found->toStdString();
    EXPECT_TRUE(found->contains(QStringLiteral("14 个内核中有 3 个"))) << found->toStdString();
    EXPECT_TRUE(found->contains(QStringLiteral("此算子没有 FLOP 模型"))) << found->toStdString();
    EXPECT_FALSE(found->contains(QStringLiteral("no FLOP model"))) << found->toStdString();

    // A kernel's notes in its name's tooltip: "aten::mse_loss：此算子没有 FLOP 模型；只有时间".
    const QAbstractItemModel* model = panel.view()->model();
    QStringList notes;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QString tip =
            model->data(model->index(row, KernelModel::NameColumn), Qt::ToolTipRole).toString();
        if (tip.contains(QStringLiteral("\n• ")))
            notes << tip;
    }
    ASSERT_FALSE(notes.isEmpty());
    EXPECT_TRUE(std::any_of(notes.begin(), notes.end(), [](const QString& tip) {
        return tip.contains(QStringLiteral("aten::mse_loss：此算子没有 FLOP 模型；只有时间"));
    })) << notes.join(QLatin1Char('\n')).toStdString();
    for (const QString& tip : notes)
        EXPECT_FALSE(tip.contains(QStringLiteral("time only"))) << tip.toStdString();
}

// Texts of the core the corpus does not give, as its helpers write them: said in Chinese.
TEST(CoreText, OtherCoreWordingsComeOutInChinese)
{
    LanguageGuard guard(QStringLiteral("zh_CN"));
    ASSERT_TRUE(guard.ok());
    const std::pair<std::string, QString> cases[] = {
        {skippedNote(1, "row", "rows",
                     "line 4: column time_s: expected a number > 0, got \"oops\""),
         QStringLiteral("已跳过 1 行（第 4 行：列 time_s：应为 > 0 的数，实际为 \"oops\"）")},
        {skippedNote(3, "kernel event", "kernel events", "no usable duration",
                     "at /traceEvents/7/dur: expected the kernel's duration in µs, a number >= 0"),
         QStringLiteral(
             "已跳过 3 个内核事件（没有可用的持续时间；第一处在 /traceEvents/7/dur：应为内核的"
             "持续时间（µs），即一个 >= 0 的数）")},
        {skippedNote(2, "line", "lines", "program output, not rows of the table", onLine(3)) +
             "; the device is named there: \"NVIDIA H100\"",
         QStringLiteral(
             "已跳过 2 行（程序输出，不是表格中的行；第一处在第 3 行）；其中给出了设备名称："
             "\"NVIDIA H100\"")},
        {"and " + skippedNote(4, "more metric value", "more metric values", "could not be read"),
         QStringLiteral("另有 4 个指标值无法读取，已跳过")},
        {"not joined a.csv and b.csv: the dispatch sequences differ (12 dispatches against 13)",
         QStringLiteral("未合并 a.csv 与 b.csv：两者的分派序列不同（12 次分派对 13 次）")},
        {"h100-sxm5 has no fp64 tensor roof",
         QStringLiteral("h100-sxm5 没有 fp64 Tensor Core 屋顶")},
        {"attention reads a static KV cache of 528 slots at every decode step, so its key "
         "length is not the context: the 15 decode steps after a prefill take the prompt plus "
         "one token a step",
         QStringLiteral(
             "注意力在每个解码步读取 528 个槽位的静态 KV 缓存，因此其键长度不是上下文长度："
             "预填充之后的 15 个解码步的上下文取提示长度，每步加一个词元")},
        {"a lookup in a [2, 512] table beside the token embedding: token types, as an encoder "
         "(BERT) has; RoofScope reads decoder-only transformers",
         QStringLiteral("词元嵌入旁还查了一张 [2, 512] 的表：这是编码器（BERT）才有的词元类型嵌入；"
                        "RoofScope 只读取仅解码器的 Transformer")},
        {"its attention runs in vllm::unified_attention_with_output, a serving engine's op whose "
         "shapes give no heads: RoofScope reads Hugging Face transformers traces "
         "(model.generate() under torch.profiler with record_shapes=True)",
         QStringLiteral(
             "其注意力在 vllm::unified_attention_with_output 中运行，这是推理服务引擎自己的"
             "操作，其形状读不出注意力头：RoofScope 读取 Hugging Face transformers 的 "
             "trace（在 torch.profiler 下以 record_shapes=True 运行 model.generate()）")},
        {"no attention op after the embedding (scaled_dot_product_*, _cudnn_attention_forward, "
         "_flash_attention_forward) to read the heads from; for eager attention give the "
         "model's config.json",
         QStringLiteral("嵌入之后没有可读出注意力头的注意力操作（scaled_dot_product_*、"
                        "_cudnn_attention_forward、_flash_attention_forward）；eager 注意力请提供"
                        "模型的 config.json")},
        {"attention reads a sliding window of the last 4,096 keys at every decode step, so its "
         "key length is not the context: the 15 decode steps after a prefill take the prompt "
         "plus one token a step, and the model attends to all of it",
         QStringLiteral("注意力在每个解码步只读取滑动窗口内最近的 4,096 个键，因此其键长度不是"
                        "上下文长度：预填充之后的 15 个解码步的上下文取提示长度，每步加一个词元，"
                        "而模型按全部上下文计算注意力")},
        {"the trace's GEMMs are 4096→14336 but llama-3-70b has hidden 8192, intermediate 28672, "
         "64×128 query and 8×128 KV heads, vocabulary 128256: not the model this trace ran (give "
         "its config.json)",
         QStringLiteral(
             "trace 中的 GEMM 为 4096→14336，但 llama-3-70b 的隐藏维度为 8192、中间维度为 "
             "28672、64×128 个查询头与 8×128 个 KV 头、词表 128256：不是此 trace 所运行的"
             "模型（请提供其 config.json）")},
        {"attention has 32 query and 8 KV heads but llama-2-7b has 32 and 32",
         QStringLiteral("注意力有 32 个查询头与 8 个 KV 头，但 llama-2-7b 有 32 个与 32 个")},
    };
    // A pass's sentence, part by part.
    const std::string sentence =
        "decode step 8.089 ms measured, 3.416 ms bound (42.23 %): projections 4.407 ms at 66.1 % "
        "of their bound; 1118 other kernels 3.682 ms where the bound is 476.5 µs — launch-bound: "
        "fuse them (torch.compile, CUDA graphs); launch floor 1.009 ms (1502 kernels at ≥ 672 "
        "ns); 8.089 ms of kernels in 43.24 ms of wall (GPU busy 18.71 %)";
    EXPECT_EQ(
        coreTextListDisplay(sentence),
        QStringLiteral("解码步实测 8.089 ms，界限 3.416 ms（42.23 %）：投影 4.407 ms，达其界限的 "
                       "66.1 %；其余 1118 个内核 3.682 ms，而界限为 476.5 µs——受启动开销限制："
                       "请融合它们（torch.compile、CUDA graphs）；启动下限 1.009 ms（1502 个内核，"
                       "每个 ≥ 672 ns）；墙钟时间 43.24 ms 中内核占 8.089 ms（GPU 忙碌 18.71 %）"));
    installTranslator(QStringLiteral("en"));
    EXPECT_EQ(coreTextListDisplay(sentence).toStdString(), sentence);
    installTranslator(QStringLiteral("zh_CN"));
    for (const auto& [english, chinese] : cases) {
        EXPECT_EQ(coreTextDisplay(english), chinese) << english;
        installTranslator(QStringLiteral("en"));
        EXPECT_EQ(coreTextDisplay(english).toStdString(), english);
        installTranslator(QStringLiteral("zh_CN"));
    }
}
