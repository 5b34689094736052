// The manual's slide figure is what its command draws today: the test runs the example as
// docs/cli.md ("Figures for slides") prints it, beside the figure, and compares the picture with
// resources/figure-slide.png, so a change to the chart that is not followed by a new figure fails
// here instead of leaving the manual stale. The README's tour shows the same command.
#include "tests/generated/testpaths.h"

#include <QByteArray>
#include <QColor>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

namespace {

// The example exactly as docs/cli.md and the README's tour show it.
const char* const kExample =
    R"(roofscope plot -o decode.png --theme slide --title "Decode is memory-bound on every GPU")";
const std::string kFigure = std::string(ROOFSCOPE_SOURCE_DIR) + "/resources/figure-slide.png";

} // namespace

TEST(ReadmeFigure, SlideFigureIsWhatItsCommandDrawsToday)
{
    // The page that shows the figure shows its command, and the front page's tour does too.
    QFile page(QString::fromUtf8(ROOFSCOPE_SOURCE_DIR) + QStringLiteral("/docs/cli.md"));
    ASSERT_TRUE(page.open(QIODevice::ReadOnly));
    const QByteArray text = page.readAll();
    ASSERT_TRUE(text.contains(kExample)) << "docs/cli.md no longer shows: " << kExample;
    ASSERT_TRUE(text.contains("](../resources/figure-slide.png)"))
        << "docs/cli.md no longer shows the figure " << kFigure;
    QFile readme(QString::fromUtf8(ROOFSCOPE_SOURCE_DIR) + QStringLiteral("/README.md"));
    ASSERT_TRUE(readme.open(QIODevice::ReadOnly));
    ASSERT_TRUE(readme.readAll().contains(kExample)) << "the README no longer shows: " << kExample;

    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("decode.png"));
    QProcess plot;
    plot.start(QString::fromUtf8(ROOFSCOPE_BINARY),
               {QStringLiteral("plot"), QStringLiteral("-o"), out, QStringLiteral("--theme"),
                QStringLiteral("slide"), QStringLiteral("--title"),
                QStringLiteral("Decode is memory-bound on every GPU")});
    ASSERT_TRUE(plot.waitForFinished(60000));
    ASSERT_EQ(plot.exitCode(), 0) << plot.readAllStandardError().toStdString();

    const QImage now(out);
    const QImage shown(QString::fromStdString(kFigure));
    ASSERT_FALSE(now.isNull());
    ASSERT_FALSE(shown.isNull()) << kFigure;
    ASSERT_EQ(now.size(), shown.size());
    // Anti-aliasing may differ by a shade between machines; a moved label or marker changes
    // thousands of pixels by much more.
    long differing = 0;
    for (int y = 0; y < now.height(); ++y) {
        for (int x = 0; x < now.width(); ++x) {
            const QColor a = now.pixelColor(x, y);
            const QColor b = shown.pixelColor(x, y);
            const int d = std::max({std::abs(a.red() - b.red()), std::abs(a.green() - b.green()),
                                    std::abs(a.blue() - b.blue())});
            differing += d > 48;
        }
    }
    const long allowed = static_cast<long>(now.width()) * now.height() / 1000;
    EXPECT_LE(differing, allowed)
        << differing << " pixels differ: the chart changed since the manual's figure was made. "
        << "Look at the new one (" << out.toStdString() << " is removed with the test's "
        << "directory, so run it yourself) and, if it is right, from the source root:\n  "
        << "build/dev/app/roofscope plot -o resources/figure-slide.png --theme slide --title "
        << "\"Decode is memory-bound on every GPU\"";
}
