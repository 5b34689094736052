// stableKeyOrder against a comparison sort of (key, row) pairs, which the Kernels table used
// before: the same order for keys of every sign and magnitude, equal keys and both zeros.
#include "core/util/keyorder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

using namespace roofscope;

namespace {

std::vector<int> referenceOrder(const std::vector<double>& keys, bool descending)
{
    std::vector<int> rows(keys.size());
    std::iota(rows.begin(), rows.end(), 0);
    std::stable_sort(rows.begin(), rows.end(), [&](int a, int b) {
        return descending ? keys[a] > keys[b] : keys[a] < keys[b];
    });
    return rows;
}

} // namespace

TEST(KeyOrder, EqualsAStableComparisonSortInBothDirections)
{
    std::mt19937_64 random(7);
    std::vector<double> keys;
    const double special[] = {0.0,
                              -0.0,
                              1.0,
                              -1.0,
                              1e-300,
                              -1e-300,
                              1e300,
                              -1e300,
                              std::numeric_limits<double>::infinity(),
                              -std::numeric_limits<double>::infinity(),
                              3.5e-6,
                              2.0};
    for (int i = 0; i < 5000; ++i) {
        switch (random() % 4) {
        case 0:
            keys.push_back(special[random() % std::size(special)]);
            break;
        case 1:
            keys.push_back(static_cast<double>(random() % 7)); // ranks: many equal keys
            break;
        default:
            keys.push_back(std::ldexp(static_cast<double>(random() % 1000000) - 500000.0,
                                      static_cast<int>(random() % 80) - 60));
        }
    }
    EXPECT_EQ(stableKeyOrder(keys, false), referenceOrder(keys, false));
    EXPECT_EQ(stableKeyOrder(keys, true), referenceOrder(keys, true));
}

TEST(KeyOrder, SmallCases)
{
    EXPECT_EQ(stableKeyOrder({}, false), std::vector<int>{});
    EXPECT_EQ(stableKeyOrder({4.0}, true), std::vector<int>{0});
    // Both zeros are one key: row order is kept between them, either way.
    EXPECT_EQ(stableKeyOrder({0.0, -0.0, -2.0, 0.0}, false), (std::vector<int>{2, 0, 1, 3}));
    EXPECT_EQ(stableKeyOrder({0.0, -0.0, -2.0, 0.0}, true), (std::vector<int>{0, 1, 3, 2}));
    EXPECT_EQ(stableKeyOrder({5.0, 5.0, 5.0}, false), (std::vector<int>{0, 1, 2}));
}
