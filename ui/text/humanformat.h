#pragma once

#include <QString>

namespace roofscope {

// Numbers as a person reads them in the window (files and the CLI keep C-locale numbers):
// digit grouping from the interface locale, never an exponent.
class HumanFormat {
public:
    // Whole numbers with separators ("2,621,440"); others to `significant` digits ("2.22").
    static QString count(double value, int significant = 3);
    // A ratio above 1 for "needs N× more": "3.2×", or a percentage when it is within 10 % of 1
    // ("0.1 %"), where "1×" would say nothing. `isPercent` tells which one came back.
    static QString excess(double ratio, bool* isPercent);
};

} // namespace roofscope
