// The Kernels table at the scale of a serving run's trace imported launch by launch: sort by
// time and by name, filter by name and clear the filter, on N rows (default 1,000,000), through
// the panel's own model and proxy. Target: each <= 100 ms. Not a test: timings are reported,
// never pass/fail.
//   cmake --build build/dev --target roofscope_bench_kernel_table &&
//   build/dev/tests/bench/roofscope_bench_kernel_table [ROWS]
#include "core/document/scenario.h"
#include "core/hardware/catalog.h"
#include "ui/document/session.h"
#include "ui/models/kernelmodel.h"
#include "ui/widgets/kernelspanel.h"

#include "ui/models/kerneltableproxy.h"
#include <QApplication>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QLineEdit>
#include <QTableView>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace roofscope;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

template <typename F> double timeMs(F&& f)
{
    QElapsedTimer t;
    t.start();
    f();
    return static_cast<double>(t.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const long rows = argc > 1 ? std::atol(argv[1]) : 1000000;
    Session session(HardwareCatalog::builtin());
    session.applyScenario(defaultScenario(), QStringLiteral("bench"));
    MeasurementSet set;
    set.file = "serving.pt.trace.json.gz";
    set.kernels.reserve(static_cast<std::size_t>(rows));
    for (long i = 0; i < rows; ++i) {
        MeasuredKernel k;
        k.name = "void at::native::kernel_" + std::to_string(i % 997) + "<float, 4>(float*, int)";
        k.shortName = "kernel_" + std::to_string(i % 997);
        k.source = "torch";
        k.file = set.file;
        k.launchId = std::to_string(i);
        k.timeS = 1e-6 * static_cast<double>(1 + (i * 7919) % 5003);
        k.flops = 1e9 * static_cast<double>(1 + i % 13);
        k.setBytes(MemLevel::Dram, 1e7 * static_cast<double>(1 + i % 7));
        k.gpu = "h100-sxm5";
        set.kernels.push_back(std::move(k));
    }
    KernelsPanel panel(&session);
    panel.resize(900, 700);
    double importMs =
        timeMs([&] { session.measurementStore()->importMeasurements(std::move(set)); });
    std::printf("%ld rows: model reset after import %.0f ms\n", rows, importMs);
    auto* filter = panel.findChild<QLineEdit*>();
    std::vector<double> sortTime, sortName, filterOn, filterOff;
    int left = 0;
    for (int run = 0; run < 3; ++run) {
        // As a click on the header does it (QTableView::sortByColumn sorts twice in Qt 6.4:
        // once through the indicator's signal, once more because the indicator now matches).
        QHeaderView* header = panel.view()->horizontalHeader();
        const Qt::SortOrder order = run % 2 ? Qt::AscendingOrder : Qt::DescendingOrder;
        sortTime.push_back(timeMs([&] { header->setSortIndicator(4, order); }));
        sortName.push_back(timeMs([&] { header->setSortIndicator(0, order); }));
        filterOn.push_back(timeMs([&] { filter->setText(QStringLiteral("kernel_99")); }));
        left = panel.proxy()->rowCount();
        filterOff.push_back(timeMs([&] { filter->clear(); }));
    }
    std::vector<double> keysOnly;
    for (int run = 0; run < 3; ++run)
        keysOnly.push_back(timeMs([&] { (void)panel.model()->sortKeys(4); }));
    std::printf("of which the model's sort keys (time): median %.1f ms\n", median(keysOnly));
    std::vector<double> proxyOnly;
    for (int run = 0; run < 3; ++run)
        proxyOnly.push_back(timeMs(
            [&] { panel.proxy()->sort(4, run % 2 ? Qt::AscendingOrder : Qt::DescendingOrder); }));
    std::printf("the proxy's sort alone (time): median %.1f ms\n", median(proxyOnly));
    std::printf("sort by time: median %.1f ms\nsort by name: median %.1f ms\n"
                "filter \"kernel_99\" (%d rows left): median %.1f ms\nclear the filter: median "
                "%.1f ms\n",
                median(sortTime), median(sortName), left, median(filterOn), median(filterOff));
    return 0;
}
