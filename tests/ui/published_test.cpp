// The published measurements in the window: the expected real range under Model Totals,
// Help ▸ Published Measurements… (its table model against comparePublished), and a quantized
// Hugging Face checkpoint setting the Model panel's weights.
#include "core/serving/publishedresult.h"
#include "modelwindow.h"
#include "tests/generated/testpaths.h"
#include "ui/document/modelworkbench.h"
#include "ui/models/modeltotalsmodel.h"
#include "ui/models/publishedmodel.h"
#include "ui/text/humanformat.h"
#include "ui/widgets/modeltotalspanel.h"
#include "ui/widgets/publisheddialog.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QTableView>

#include <gtest/gtest.h>

using namespace roofscope;

namespace {

constexpr auto kFatal = QAbstractItemModelTester::FailureReportingMode::Fatal;

// The bundled rows against the built-in catalogs, computed here from the core alone.
std::vector<PublishedComparison> coreComparison()
{
    auto rows = builtinPublishedResults();
    EXPECT_TRUE(rows.ok());
    auto compared = comparePublished(*rows, ModelCatalog::builtin(), HardwareCatalog::builtin());
    EXPECT_TRUE(compared.ok()) << compared.error().message;
    return compared ? *compared : std::vector<PublishedComparison>{};
}

} // namespace

// Tokens/s × the ratio spread of the 47 published rows, per checked accelerator, following the
// step as it changes.
TEST(PublishedInTheWindow, ModelTotalsShowTheExpectedRealRangeUnderEachBound)
{
    roofscope::test::ModelWindow f;
    QAbstractItemModelTester tester(f.totals, kFatal);
    const auto spread = expectedRealRange(coreComparison());
    ASSERT_TRUE(spread.has_value());
    EXPECT_EQ(spread->count, 47u);
    EXPECT_NEAR(spread->min, 0.16, 0.005);
    EXPECT_NEAR(spread->median, 0.51, 0.005);
    EXPECT_NEAR(spread->max, 0.80, 0.005);
    ASSERT_TRUE(f.totals->publishedBand().has_value());
    EXPECT_EQ(f.totals->publishedBand()->sources, 5u);
    EXPECT_EQ(f.totals->publishedBand()->spread.min, spread->min);

    for (double batch : {1.0, 64.0}) {
        InferenceScenario s = f.workbench->scenario();
        s.batch = batch;
        ASSERT_FALSE(f.workbench->setScenario(s).has_value());
        const double tokens = f.total(f.h100(), ModelTotalsModel::TokensColumn).toDouble();
        ASSERT_GT(tokens, 0.0);
        EXPECT_DOUBLE_EQ(f.total(f.h100(), ModelTotalsModel::PublishedRangeColumn).toDouble(),
                         tokens * spread->min);
        EXPECT_EQ(
            f.total(f.h100(), ModelTotalsModel::PublishedRangeColumn, Qt::DisplayRole).toString(),
            HumanFormat::count(tokens * spread->min) + QStringLiteral("–") +
                HumanFormat::count(tokens * spread->max));
        const QString tip =
            f.total(f.h100(), ModelTotalsModel::PublishedRangeColumn, Qt::ToolTipRole).toString();
        EXPECT_TRUE(tip.contains(QStringLiteral("not a prediction"))) << tip.toStdString();

        // The line under the table: the baseline (H100 SXM5) named with its range.
        const QString line = f.totalsPanel->publishedLabel()->text();
        EXPECT_EQ(line,
                  QStringLiteral("Published measurements (47 rows, 5 sources) reached "
                                 "%1–%2 of the bound (median %3): on %4 expect %5–%6 "
                                 "tokens/s (median %7)")
                      .arg(QLocale().toString(spread->min, 'f', 2),
                           QLocale().toString(spread->max, 'f', 2),
                           QLocale().toString(spread->median, 'f', 2),
                           f.session->shortName(f.h100()), HumanFormat::count(tokens * spread->min),
                           HumanFormat::count(tokens * spread->max),
                           HumanFormat::count(tokens * spread->median)))
            << line.toStdString();
    }
    EXPECT_EQ(f.totals->headerData(ModelTotalsModel::PublishedRangeColumn, Qt::Horizontal),
              QStringLiteral("Published range, tokens/s"));
}

// Help ▸ Published Measurements…: one row per bundled measurement, its bound and ratio those of
// comparePublished.
TEST(PublishedInTheWindow, TableModelRowsEqualTheCoresComparison)
{
    PublishedModel model;
    QAbstractItemModelTester tester(&model, kFatal);
    model.evaluate(ModelCatalog::builtin(), HardwareCatalog::builtin());
    const std::vector<PublishedComparison> core = coreComparison();
    ASSERT_EQ(model.rowCount(), 47);
    ASSERT_EQ(core.size(), 47u);
    // gpt-fast, Llama-2-7B in BF16 on one A100 SXM4 80GB, batch 1, 5 in / 200 out: 104.9 tokens/s.
    auto cell = [&](int column, int role = PublishedModel::SortRole) {
        return model.index(0, column).data(role);
    };
    EXPECT_EQ(cell(PublishedModel::SourceColumn, Qt::DisplayRole).toString(),
              QStringLiteral("gpt-fast README.md"));
    EXPECT_EQ(cell(PublishedModel::SourceColumn, PublishedModel::UrlRole).toString(),
              QStringLiteral("https://github.com/pytorch-labs/gpt-fast/blob/"
                             "32971d3129541c5bfb4f715abc33d1c5f408d204/README.md"));
    // The GPU by its name, as the rest of the window names it, never its id.
    EXPECT_EQ(cell(PublishedModel::GpuColumn, Qt::DisplayRole).toString(),
              QStringLiteral("A100 SXM4 80GB"));
    EXPECT_EQ(cell(PublishedModel::MeasuredColumn).toDouble(), 104.9);
    EXPECT_EQ(cell(PublishedModel::MeasuredColumn, Qt::DisplayRole).toString(),
              QStringLiteral("104.9"));
    EXPECT_EQ(cell(PublishedModel::BoundColumn).toDouble(), core[0].bound.bound);
    EXPECT_EQ(cell(PublishedModel::RatioColumn).toDouble(), core[0].bound.ratio);
    EXPECT_EQ(cell(PublishedModel::RatioColumn).toDouble(), 104.9 / core[0].bound.bound);
    EXPECT_EQ(cell(PublishedModel::RatioColumn, Qt::DisplayRole).toString(),
              QLocale().toString(core[0].bound.ratio, 'f', 2));
    for (int r = 0; r < model.rowCount(); ++r) {
        EXPECT_EQ(model.index(r, PublishedModel::BoundColumn).data(PublishedModel::SortRole),
                  core[static_cast<std::size_t>(r)].bound.bound);
        EXPECT_LE(
            model.index(r, PublishedModel::RatioColumn).data(PublishedModel::SortRole).toDouble(),
            1.0);
    }

    // A row the catalogs cannot evaluate says why.
    std::vector<PublishedRowBound> rows = model.rows();
    PublishedResult unknown = rows.front().result;
    unknown.id = "x";
    unknown.gpu = "h100";
    rows.push_back({unknown, std::nullopt, "published result \"x\": unknown GPU \"h100\""});
    model.setRows(rows);
    ASSERT_EQ(model.rowCount(), 48);
    EXPECT_EQ(model.index(47, PublishedModel::BoundColumn).data().toString(), QStringLiteral("—"));
    EXPECT_EQ(model.index(47, PublishedModel::RatioColumn).data().toString(),
              QStringLiteral("not evaluated: published result \"x\": unknown GPU \"h100\""));
    EXPECT_FALSE(
        model.index(47, PublishedModel::RatioColumn).data(PublishedModel::SortRole).isValid());
}

TEST(PublishedInTheWindow, DialogSortsAndCopiesTheSelectedRows)
{
    auto window = roofscope::test::makeWindow();
    QAction* open = nullptr;
    for (QAction* a : window->findChild<QMenu*>(QStringLiteral("helpMenu"))->actions())
        if (a->text() == QStringLiteral("Published &Measurements…"))
            open = a;
    ASSERT_NE(open, nullptr);
    open->trigger();
    auto* dialog = window->findChild<PublishedDialog*>();
    ASSERT_NE(dialog, nullptr);
    ASSERT_EQ(dialog->model()->rowCount(), 47);

    QTableView* table = dialog->table();
    table->sortByColumn(PublishedModel::RatioColumn, Qt::AscendingOrder);
    const std::vector<PublishedComparison> core = coreComparison();
    double lowest = 1.0;
    for (const PublishedComparison& c : core)
        lowest = std::min(lowest, c.bound.ratio);
    EXPECT_EQ(table->model()->index(0, PublishedModel::RatioColumn).data(PublishedModel::SortRole),
              lowest);

    // Two rows of the sorted view, the lower one selected first: the copy is what the table
    // shows, in the order it shows it, under the table's own column titles.
    table->selectRow(1);
    table->selectionModel()->select(table->model()->index(0, 0),
                                    QItemSelectionModel::Select | QItemSelectionModel::Rows);
    const QString text = dialog->selectedRowsText();
    const QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 3) << text.toStdString();
    EXPECT_EQ(lines[0],
              QStringLiteral("Source\tFramework\tModel\tGPU\tBatch\tInput / output\tMetric\t"
                             "Measured\tRoofScope's bound\tRatio\tLink"));
    for (int row = 0; row < 2; ++row) {
        const QStringList cells = lines[row + 1].split(QLatin1Char('\t'));
        ASSERT_EQ(cells.size(), 11) << lines[row + 1].toStdString();
        for (int column = 0; column < PublishedModel::ColumnCount; ++column)
            EXPECT_EQ(cells[column], table->model()->index(row, column).data().toString())
                << "row " << row << ", column " << column;
        EXPECT_TRUE(cells[10].startsWith(QStringLiteral("https://"))) << cells[10].toStdString();
        // A GPU name, never an id such as "a100-sxm4-80gb".
        EXPECT_FALSE(cells[PublishedModel::GpuColumn].contains(
            QRegularExpression(QStringLiteral("^[a-z0-9]+(-[a-z0-9]+)+"))))
            << cells[PublishedModel::GpuColumn].toStdString();
    }
    // The first line after the header is the lowest ratio: the order shown, not the dataset's.
    EXPECT_EQ(lines[1].split(QLatin1Char('\t'))[PublishedModel::RatioColumn],
              QLocale().toString(lowest, 'f', 2));
    dialog->copyRows();
    EXPECT_EQ(QApplication::clipboard()->text(), text);
}

// TheBloke/Llama-2-7B-GPTQ's config.json picked in the Model panel: INT4 weights in groups of
// 128 (4.125 bits each); an FP16 model picked after it goes back to FP16.
TEST(PublishedInTheWindow, AQuantizedCheckpointSetsTheModelsWeights)
{
    roofscope::test::ModelWindow f;
    auto loaded =
        f.workbench->loadModelFile(QString::fromUtf8(ROOFSCOPE_TEST_DATA_DIR) +
                                   QStringLiteral("/models/hf/llama-2-7b-gptq/config.json"));
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    ASSERT_EQ(loaded->size(), 1u);
    ASSERT_FALSE(f.workbench->setModel(loaded->front()).has_value());
    EXPECT_EQ(f.workbench->scenario().weights, Precision::INT4);
    EXPECT_EQ(f.workbench->scenario().weightGroupSize, 128.0);
    const Expected<WorkloadTotals>* t = f.workbench->totals(f.h100());
    ASSERT_TRUE(t && t->ok());
    EXPECT_EQ((*t)->weightsBytes, 3864010752.0);
    EXPECT_TRUE(f.totalsPanel->caption().contains(QStringLiteral("weights INT4")));

    ASSERT_FALSE(f.workbench->setModel("llama-2-7b").has_value());
    EXPECT_EQ(f.workbench->scenario().weights, Precision::FP16);
    EXPECT_EQ(f.workbench->scenario().weightGroupSize, 0.0);
}
