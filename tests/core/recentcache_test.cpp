#include "core/util/recentcache.h"

#include <gtest/gtest.h>

#include <string>

namespace roofscope {
namespace {

// A probe that views its argument, and a key that owns a copy: the cache builds keys only on a
// miss, which is what makes a hit free of copies.
struct Probe {
    const std::string& text;
};

int keysBuilt = 0;

struct Key {
    std::string text;
    explicit Key(const Probe& p) : text(p.text) { ++keysBuilt; }
    bool operator==(const Probe& p) const { return text == p.text; }
};

TEST(RecentCache, AHitSharesTheResultAndNeitherComputesNorCopies)
{
    keysBuilt = 0;
    RecentCache<Key, std::string, 2> cache;
    int computed = 0;
    const std::string a = "a";
    auto first = cache.get(Probe{a}, [&] {
        ++computed;
        return std::string("A");
    });
    auto again = cache.get(Probe{a}, [&] {
        ++computed;
        return std::string("other");
    });
    EXPECT_EQ(*first, "A");
    EXPECT_EQ(first.get(), again.get());
    EXPECT_EQ(computed, 1);
    EXPECT_EQ(keysBuilt, 1);
}

TEST(RecentCache, KeepsTheLastUsedAndForgetsTheOldest)
{
    RecentCache<Key, int, 2> cache;
    int computed = 0;
    const std::string a = "a", b = "b", c = "c";
    auto value = [&](int v) {
        return [&computed, v] {
            ++computed;
            return v;
        };
    };
    cache.get(Probe{a}, value(1));
    cache.get(Probe{b}, value(2));
    cache.get(Probe{a}, value(1)); // a is now the most recent
    cache.get(Probe{c}, value(3)); // evicts b, the least recent
    EXPECT_EQ(computed, 3);
    EXPECT_EQ(cache.size(), 2u);
    EXPECT_EQ(*cache.get(Probe{a}, value(-1)), 1);
    EXPECT_EQ(computed, 3);
    EXPECT_EQ(*cache.get(Probe{b}, value(20)), 20);
    EXPECT_EQ(computed, 4);
}

TEST(RecentCache, AResultOutlivesItsEviction)
{
    RecentCache<Key, std::string, 1> cache;
    const std::string a = "a", b = "b";
    auto kept = cache.get(Probe{a}, [] { return std::string("first"); });
    cache.get(Probe{b}, [] { return std::string("second"); });
    EXPECT_EQ(*kept, "first");
}

} // namespace
} // namespace roofscope
