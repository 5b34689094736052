#pragma once

#include <QFont>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <vector>

namespace roofscope {

// Where the legend's entries (a swatch and a name each) go in a given width: as many rows as
// needed, balanced so the last row is not a lone straggler, the font never below the theme's
// minimum (six GPUs shrank the legend to ~8 px). Only a name wider than a whole row is shortened,
// in the middle ("NVIDIA H100 … 80GB"), never dropped.
class LegendLayout {
public:
    struct Params {
        QFont font;
        qreal minPointSize = 9.0; // a smaller font is raised to this
        qreal swatchWidth = 22.0;
        qreal swatchGap = 6.0;     // swatch to text
        qreal entrySpacing = 18.0; // entry to entry
        qreal rowSpacing = 2.0;
        bool centre = false; // rows centred in the width (else left-aligned)
        bool balance = true; // even out the rows' lengths
    };
    struct Entry {
        QRectF rect;   // swatch and text together
        QRectF swatch; // where the line or marker sample goes
        QRectF text;
        QString shownText; // the name, shortened only when wider than a row
        int row = 0;
    };
    struct Result {
        std::vector<Entry> entries; // in the order of the names
        QSizeF size;                // the rows' extent; height is what the legend takes
        int rows = 0;
        QFont font; // the font to draw with (the given one, raised to the minimum)
    };

    static Result layout(const QStringList& names, qreal width, const Params& params);
};

} // namespace roofscope
