#include "core/util/keyorder.h"

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <thread>

namespace roofscope {

namespace {

// A double's bits as an unsigned number of the same order: negative numbers have every bit
// flipped, others only the sign bit.
std::uint64_t orderedBits(double key)
{
    const auto bits = std::bit_cast<std::uint64_t>(key == 0.0 ? 0.0 : key);
    return (bits >> 63) != 0 ? ~bits : bits | (std::uint64_t{1} << 63);
}

// Six passes of 11 bits: few enough buckets for the scatter to stay in cache, few enough
// passes for a million rows to take tens of milliseconds.
constexpr int kBits = 11;
constexpr int kPasses = (64 + kBits - 1) / kBits;
constexpr std::size_t kBuckets = std::size_t{1} << kBits;
// From this many rows on, two halves are sorted on two threads and merged.
constexpr std::size_t kParallelRows = 200000;

std::size_t digit(std::uint64_t key, int pass)
{
    return static_cast<std::size_t>(key >> (kBits * pass)) & (kBuckets - 1);
}

// Rows [from, to) sorted: their keys in `key`, the rows in `row` (both of to - from elements,
// left in sorted order).
void radixSort(const std::vector<double>& keys, bool descending, std::size_t from, std::size_t to,
               std::unique_ptr<std::uint64_t[]>& key, std::unique_ptr<int[]>& row)
{
    const std::size_t n = to - from;
    // Scratch arrays are left uninitialised: every element is written before it is read.
    key.reset(new std::uint64_t[n]);
    row.reset(new int[n]);
    std::unique_ptr<std::uint64_t[]> keyOut(new std::uint64_t[n]);
    std::unique_ptr<int[]> rowOut(new int[n]);
    auto counts = std::make_unique<std::array<std::array<std::size_t, kBuckets>, kPasses>>();
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t bits = orderedBits(keys[from + i]);
        const std::uint64_t k = descending ? ~bits : bits;
        key[i] = k;
        row[i] = static_cast<int>(from + i);
        for (int d = 0; d < kPasses; ++d)
            ++(*counts)[d][digit(k, d)];
    }
    for (int d = 0; d < kPasses; ++d) {
        std::array<std::size_t, kBuckets>& count = (*counts)[d];
        // A digit every key shares (the high bits of small ranks, of times of one magnitude)
        // orders nothing: the pass is skipped.
        if (n == 0 || count[digit(key[0], d)] == n)
            continue;
        std::size_t offset = 0;
        for (std::size_t& c : count) {
            const std::size_t here = c;
            c = offset;
            offset += here;
        }
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t at = count[digit(key[i], d)]++;
            keyOut[at] = key[i];
            rowOut[at] = row[i];
        }
        key.swap(keyOut);
        row.swap(rowOut);
    }
}

} // namespace

std::vector<int> stableKeyOrder(const std::vector<double>& keys, bool descending)
{
    const std::size_t n = keys.size();
    std::unique_ptr<std::uint64_t[]> keyA, keyB;
    std::unique_ptr<int[]> rowA, rowB;
    if (n < kParallelRows) {
        radixSort(keys, descending, 0, n, keyA, rowA);
        return std::vector<int>(rowA.get(), rowA.get() + n);
    }
    const std::size_t half = n / 2;
    std::thread second([&] { radixSort(keys, descending, half, n, keyB, rowB); });
    radixSort(keys, descending, 0, half, keyA, rowA);
    second.join();
    // A stable merge: on equal keys the first half's rows, which come first, go first.
    std::vector<int> order(n);
    std::size_t a = 0, b = 0, out = 0;
    const std::size_t nb = n - half;
    while (a < half && b < nb)
        order[out++] = keyB[b] < keyA[a] ? rowB[b++] : rowA[a++];
    while (a < half)
        order[out++] = rowA[a++];
    while (b < nb)
        order[out++] = rowB[b++];
    return order;
}

} // namespace roofscope
