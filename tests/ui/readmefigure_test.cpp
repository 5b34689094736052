// The README's slide figure is what its command draws today: the test runs the example as the
// README prints it and compares the picture with resources/figure-slide.png, so a change to the
// chart that is not followed by a new figure fails here instead of leaving the README stale.
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

// The example exactly as the README shows it.
const char* const kExample =
    R"(roofscope plot -o decode.png --theme slide --title "Decode is memory-bound on every GPU")";
const char* const kFigure = ROOFSCOPE_SOURCE_DIR "/resources/figure-slide.png";

} // namespace

TEST(ReadmeFigure, SlideFigureIsWhatItsCommandDrawsToday)
{
    QFile readme(QStringLiteral(ROOFSCOPE_SOURCE_DIR "/README.md"));
    ASSERT_TRUE(readme.open(QIODevice::ReadOnly));
    ASSERT_TRUE(readme.readAll().contains(kExample)) << "the README no longer shows: " << kExample;

    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("decode.png"));
    QProcess plot;
    plot.start(QStringLiteral(ROOFSCOPE_BINARY),
               {QStringLiteral("plot"), QStringLiteral("-o"), out, QStringLiteral("--theme"),
                QStringLiteral("slide"), QStringLiteral("--title"),
                QStringLiteral("Decode is memory-bound on every GPU")});
    ASSERT_TRUE(plot.waitForFinished(60000));
    ASSERT_EQ(plot.exitCode(), 0) << plot.readAllStandardError().toStdString();

    const QImage now(out);
    const QImage shown(QString::fromUtf8(kFigure));
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
        << differing << " pixels differ: the chart changed since the README's figure was made. "
        << "Look at the new one (" << out.toStdString() << " is removed with the test's "
        << "directory, so run it yourself) and, if it is right, from the source root:\n  "
        << "build/dev/app/roofscope plot -o resources/figure-slide.png --theme slide --title "
        << "\"Decode is memory-bound on every GPU\"";
}
