#include "ui/chart/legendlayout.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {

// Greedy rows for entry widths `w` within `width`: the first entry of each row.
std::vector<std::size_t> rowStarts(const std::vector<qreal>& w, qreal width, qreal spacing)
{
    std::vector<std::size_t> starts;
    qreal x = 0.0;
    for (std::size_t i = 0; i < w.size(); ++i) {
        if (starts.empty() || x + spacing + w[i] > width + 1e-6) {
            starts.push_back(i);
            x = w[i];
        } else {
            x += spacing + w[i];
        }
    }
    return starts;
}

} // namespace

LegendLayout::Result LegendLayout::layout(const QStringList& names, qreal width,
                                          const Params& params)
{
    Result out;
    out.size = QSizeF(0.0, 0.0);
    out.font = params.font;
    if (out.font.pointSizeF() > 0 && out.font.pointSizeF() < params.minPointSize)
        out.font.setPointSizeF(params.minPointSize);
    if (names.isEmpty())
        return out;
    const QFontMetricsF fm(out.font);
    const qreal rowHeight = std::ceil(fm.height()) + 4.0;
    const qreal fixed = params.swatchWidth + params.swatchGap;
    width = std::max(width, fixed + fm.horizontalAdvance(QStringLiteral("W…W")));

    std::vector<qreal> w;
    for (const QString& name : names) {
        QString shown = name;
        qreal tw = fm.horizontalAdvance(name);
        if (fixed + tw > width) {
            shown = fm.elidedText(name, Qt::ElideMiddle, width - fixed);
            tw = fm.horizontalAdvance(shown);
        }
        Entry e;
        e.shownText = shown;
        e.text.setWidth(std::ceil(tw));
        out.entries.push_back(e);
        w.push_back(fixed + std::ceil(tw));
    }

    std::vector<std::size_t> starts = rowStarts(w, width, params.entrySpacing);
    if (params.balance && starts.size() > 1) {
        // The narrowest width that still needs no more rows: rows of even length.
        qreal lo = *std::max_element(w.begin(), w.end());
        qreal hi = width;
        for (int i = 0; i < 30 && hi - lo > 0.5; ++i) {
            const qreal mid = (lo + hi) / 2.0;
            if (rowStarts(w, mid, params.entrySpacing).size() <= starts.size())
                hi = mid;
            else
                lo = mid;
        }
        starts = rowStarts(w, hi, params.entrySpacing);
    }
    starts.push_back(w.size());

    qreal maxRow = 0.0;
    for (std::size_t r = 0; r + 1 < starts.size(); ++r) {
        qreal rowWidth = 0.0;
        for (std::size_t i = starts[r]; i < starts[r + 1]; ++i)
            rowWidth += w[i] + (i > starts[r] ? params.entrySpacing : 0.0);
        maxRow = std::max(maxRow, rowWidth);
        qreal x = params.centre ? std::max<qreal>(0.0, (width - rowWidth) / 2.0) : 0.0;
        const qreal y = static_cast<qreal>(r) * (rowHeight + params.rowSpacing);
        for (std::size_t i = starts[r]; i < starts[r + 1]; ++i) {
            Entry& e = out.entries[i];
            e.row = static_cast<int>(r);
            e.rect = QRectF(x, y, w[i], rowHeight);
            e.swatch = QRectF(x, y, params.swatchWidth, rowHeight);
            e.text = QRectF(x + fixed, y, w[i] - fixed, rowHeight);
            x += w[i] + params.entrySpacing;
        }
    }
    out.rows = static_cast<int>(starts.size() - 1);
    out.size = QSizeF(params.centre ? width : maxRow,
                      out.rows * rowHeight + (out.rows - 1) * params.rowSpacing);
    return out;
}

} // namespace roofscope
