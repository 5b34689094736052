#pragma once

#include <QString>

#include <vector>

namespace roofscope {

// Ticks of one log axis: which values get a grid line and which of them a label. Over many
// decades the labels sit on powers of ten (every 2nd, 3rd, 5th … decade when they would crowd
// the axis); over less than two decades they step 1-2-5 inside the decade, or 1…9 (then finer)
// where the axis is long enough or the range too narrow for 1-2-5, so a zoomed-in axis still
// reads. There are always at least two labelled ticks.
class LogTicks {
public:
    enum class Format {
        PowerOfTen, // "10³", "1", "10", and "2×10³" or plain "200" inside a decade
        Si,         // "100 TFLOP/s", "200 GFLOP/s" (core formatSi, 3 significant digits)
    };
    struct Tick {
        double value = 0.0;
        QString label;      // empty: a grid line only
        bool major = false; // a power of ten (a stronger grid line)
    };
    struct Request {
        double min = 1.0;
        double max = 10.0;
        double pixelLength = 500.0; // the axis' length on screen
        double labelSpacing = 40.0; // least distance between two labels' centres, pixels
        Format format = Format::PowerOfTen;
        QString unit; // Si only, e.g. "FLOP/s"
    };

    // Ticks in ascending order of value, every one within [min, max].
    static std::vector<Tick> compute(const Request& request);
    // One value's label as `compute` writes it (decade or not).
    static QString label(double value, Format format, const QString& unit, bool plainNumbers);
};

} // namespace roofscope
