#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
#include <vector>

namespace roofscope {

// The last few results of an expensive pure function, the last used first. A model's slider
// step asks for the same expansion and the same totals several times (once per GPU, again for
// the chart's rows and collectives); a handful of entries catches every repeat.
//
// Results are shared, never copied: a `ParallelTotals` of DeepSeek-V3 holds every operator of
// its stage, and copying it into and out of the cache cost more than computing it.
//
// `Key` is built from a `Probe` (a view of the arguments, usually references) only on a miss,
// and compared with it by `Key::operator==(const Probe&)`, so a hit copies nothing. Not
// thread-safe: callers keep one per thread (`thread_local`).
template <typename Key, typename Value, std::size_t Capacity> class RecentCache {
public:
    template <typename Probe, typename Compute>
    std::shared_ptr<const Value> get(const Probe& probe, Compute&& compute)
    {
        const auto it = std::find_if(m_entries.begin(), m_entries.end(),
                                     [&](const Entry& e) { return e.key == probe; });
        if (it != m_entries.end()) {
            std::rotate(m_entries.begin(), it, it + 1);
            return m_entries.front().value;
        }
        auto value = std::make_shared<const Value>(compute());
        if (m_entries.size() == Capacity)
            m_entries.pop_back();
        m_entries.insert(m_entries.begin(), Entry{Key(probe), value});
        return value;
    }

    std::size_t size() const { return m_entries.size(); }

private:
    struct Entry {
        Key key;
        std::shared_ptr<const Value> value;
    };
    std::vector<Entry> m_entries;
};

} // namespace roofscope
