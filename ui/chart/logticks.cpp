#include "ui/chart/logticks.h"

#include "core/util/format.h"
#include "core/util/numbers.h"
#include "ui/chart/chartgeometry.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace roofscope {

namespace {

constexpr double kEps = 1e-9; // in decades: a tick on the range's end stays in

// Mantissas of the finer steps, coarsest first.
const std::vector<std::vector<double>>& mantissaLevels()
{
    static const std::vector<std::vector<double>> levels = {
        {1, 2, 5},
        {1, 2, 3, 4, 5, 6, 7, 8, 9},
        {1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 9},
        {1,   1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9, 2, 2.2, 2.4, 2.6, 2.8, 3,
         3.2, 3.4, 3.6, 3.8, 4,   4.5, 5,   5.5, 6,   6.5, 7, 7.5, 8,   8.5, 9,   9.5},
    };
    return levels;
}

// How round a mantissa is: decades first, then 5, then 2, then the rest (label priority).
int roundness(double mantissa)
{
    if (std::abs(mantissa - 1.0) < 1e-9)
        return 0;
    if (std::abs(mantissa - 5.0) < 1e-9)
        return 1;
    if (std::abs(mantissa - 2.0) < 1e-9)
        return 2;
    if (std::abs(mantissa - std::round(mantissa)) < 1e-9)
        return 3;
    return 4;
}

struct Candidate {
    double value;
    double mantissa;
    int exponent;
};

std::vector<Candidate> candidates(double lo, double hi, const std::vector<double>& mantissas)
{
    std::vector<Candidate> out;
    const double a = std::log10(lo);
    const double b = std::log10(hi);
    for (int e = static_cast<int>(std::floor(a)) - 1; e <= static_cast<int>(std::ceil(b)); ++e) {
        for (double m : mantissas) {
            const double l = std::log10(m) + e;
            if (l >= a - kEps && l <= b + kEps)
                out.push_back({m * std::pow(10.0, e), m, e});
        }
    }
    return out;
}

// Tick numbers in printf's %g style with 6 significant digits, but always with a decimal point:
// snprintf follows LC_NUMERIC, which Qt sets from the desktop ("2,5" on a German one), while the SI
// labels of the other axis come from the core and never do.
QString plainNumber(double v)
{
    return QString::fromStdString(significantNumber(v, 6));
}

QString superscriptTimesTen(double mantissa, int exponent)
{
    return plainNumber(mantissa) + QChar(u'×') + geometry::powerOfTenLabel(exponent);
}

} // namespace

QString LogTicks::label(double value, Format format, const QString& unit, bool plainNumbers)
{
    if (format == Format::Si) {
        QString s = QString::fromStdString(formatSi(value, unit.toStdString(), 3));
        return unit.isEmpty() ? s.remove(QChar(u' ')) : s;
    }
    const int exponent = static_cast<int>(std::floor(std::log10(value) + kEps));
    const double mantissa = value / std::pow(10.0, exponent);
    if (plainNumbers)
        return plainNumber(value);
    if (std::abs(mantissa - 1.0) < 1e-6)
        return geometry::powerOfTenLabel(exponent);
    if (exponent == 0 || exponent == 1)
        return plainNumber(value);
    return superscriptTimesTen(std::round(mantissa * 100.0) / 100.0, exponent);
}

std::vector<LogTicks::Tick> LogTicks::compute(const Request& r)
{
    std::vector<Tick> ticks;
    if (!(r.min > 0.0) || !(r.max > r.min) || !std::isfinite(r.max))
        return ticks;
    const double decades = std::log10(r.max) - std::log10(r.min);
    const double pxPerDecade = r.pixelLength > 0.0 ? r.pixelLength / decades : 1.0;
    auto pixel = [&](double v) { return (std::log10(v) - std::log10(r.min)) * pxPerDecade; };

    if (decades >= 2.0 - kEps) {
        // Powers of ten, labelled every `step` decades so that labels keep their distance;
        // the 2…9 minor grid only where a decade is tall enough to show it.
        const std::vector<int> exps = geometry::decadeExponents(r.min, r.max);
        int step = 1;
        for (int s : {1, 2, 3, 5, 10, 20, 50, 100}) {
            step = s;
            if (s * pxPerDecade >= r.labelSpacing)
                break;
        }
        int labelled = 0;
        for (int e : exps)
            labelled += e % step == 0 ? 1 : 0;
        const bool minor = pxPerDecade >= 40.0;
        for (const Candidate& c : candidates(r.min, r.max, {1, 2, 3, 4, 5, 6, 7, 8, 9})) {
            const bool decade = c.mantissa == 1.0;
            if (!decade && !minor)
                continue;
            Tick t{c.value, {}, decade};
            // Fewer than two multiples of `step` in range: label the first and last decade.
            const bool show =
                decade &&
                (labelled >= 2 ? c.exponent % step == 0
                               : (c.exponent == exps.front() || c.exponent == exps.back()));
            if (show)
                t.label = label(c.value, r.format, r.unit, false);
            ticks.push_back(std::move(t));
        }
        return ticks;
    }

    // Inside a decade: the finest mantissa level with no more ticks than the axis holds
    // comfortably (a label every 2.5 label spacings), but at least the coarsest level that puts
    // two ticks in range.
    const double target = std::max(2.0, r.pixelLength / (r.labelSpacing * 2.5));
    std::vector<Candidate> cands;
    for (const auto& level : mantissaLevels()) {
        std::vector<Candidate> c = candidates(r.min, r.max, level);
        if (c.size() < 2)
            continue;
        if (cands.empty() || static_cast<double>(c.size()) <= target)
            cands = std::move(c);
        else
            break;
    }
    // Labels by roundness (decades, 5s, 2s, …), each kept only clear of those kept before.
    std::vector<std::size_t> order(cands.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return roundness(cands[a].mantissa) < roundness(cands[b].mantissa);
    });
    std::vector<bool> show(cands.size(), false);
    std::vector<double> shown;
    for (std::size_t i : order) {
        const double p = pixel(cands[i].value);
        const bool clear = std::all_of(shown.begin(), shown.end(),
                                       [&](double q) { return std::abs(p - q) >= r.labelSpacing; });
        if (clear) {
            show[i] = true;
            shown.push_back(p);
        }
    }
    if (cands.size() < 2) {
        // Narrower than any step (a factor below 1.1): the range's own ends, so the axis
        // still reads.
        for (double v : {r.min, r.max})
            ticks.push_back({v, label(v, r.format, r.unit, r.format == Format::PowerOfTen), false});
        return ticks;
    }
    if (shown.size() < 2) {
        show.front() = true; // the ends: crowded beats unreadable
        show.back() = true;
    }
    // Plain numbers when every label is short that way (AI 0.5 … 500), else 2×10³ style.
    const bool plain = r.format == Format::PowerOfTen &&
                       std::all_of(cands.begin(), cands.end(), [](const Candidate& c) {
                           return c.value >= 0.01 - 1e-12 && c.value < 10000.0;
                       });
    for (std::size_t i = 0; i < cands.size(); ++i) {
        Tick t{cands[i].value, {}, cands[i].mantissa == 1.0};
        if (show[i])
            t.label = label(cands[i].value, r.format, r.unit, plain);
        ticks.push_back(std::move(t));
    }
    return ticks;
}

} // namespace roofscope
