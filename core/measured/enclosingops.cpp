#include "core/measured/enclosingops.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {

// Ops looked at backwards from a launch for one that encloses it: the launching op starts just
// before its call (its own finished children lie between), so a trace whose nearest enclosing
// op is further back than this has none worth naming.
constexpr std::size_t kLookBack = 4096;
// Attention ops nest only in each other (scaled_dot_product_flash_attention around
// _flash_attention_forward): an op inside one is inside one of the last few starting before it.
constexpr std::size_t kAttentionNesting = 8;

} // namespace

std::uint32_t EnclosingOps::threadIndex(std::int64_t thread)
{
    const auto it = std::find(m_threads.begin(), m_threads.end(), thread);
    if (it != m_threads.end())
        return static_cast<std::uint32_t>(it - m_threads.begin());
    m_threads.push_back(thread);
    return static_cast<std::uint32_t>(m_threads.size() - 1);
}

void EnclosingOps::addOp(std::int64_t thread, double startUs, double durUs, std::int64_t externalId)
{
    if (!std::isfinite(startUs) || !std::isfinite(durUs) || durUs < 0.0)
        return;
    m_spans.push_back({startUs, externalId, static_cast<float>(durUs), threadIndex(thread)});
    m_launchesReady = m_attentionReady = false;
}

void EnclosingOps::addAttention(std::int64_t thread, double startUs, double durUs,
                                std::int64_t externalId)
{
    if (!std::isfinite(startUs) || !std::isfinite(durUs) || durUs < 0.0)
        return;
    m_attention.push_back({startUs, externalId, static_cast<float>(durUs), threadIndex(thread)});
    m_launchesReady = m_attentionReady = false;
}

void EnclosingOps::addLaunch(std::int64_t thread, double tsUs, std::int64_t correlation)
{
    if (!std::isfinite(tsUs))
        return;
    m_launches.push_back({correlation, tsUs, threadIndex(thread)});
    m_launchesReady = m_attentionReady = false;
}

namespace {

// By thread, then start; of two ops starting together the longer (the outer) first, so that the
// innermost is the last one that encloses a time.
bool byStart(const EnclosingOps::Span& a, const EnclosingOps::Span& b)
{
    if (a.thread != b.thread)
        return a.thread < b.thread;
    if (a.startUs != b.startUs)
        return a.startUs < b.startUs;
    return a.durUs > b.durUs;
}

} // namespace

void EnclosingOps::sortForLaunches()
{
    std::sort(m_spans.begin(), m_spans.end(), byStart);
    std::sort(m_launches.begin(), m_launches.end(),
              [](const Launch& a, const Launch& b) { return a.correlation < b.correlation; });
    m_launchesReady = true;
}

void EnclosingOps::sortForAttention()
{
    // One pass over the ops against the attention ops (a few per layer, sorted): each op inside
    // one is noted with it, and a kernel's question is then a lookup among those few.
    std::sort(m_attention.begin(), m_attention.end(), byStart);
    m_insideAttention.clear();
    for (const Span& op : m_spans)
        if (const auto around =
                innermost(m_attention, op.thread, op.startUs, op.externalId, kAttentionNesting))
            m_insideAttention.emplace_back(op.externalId, *around);
    std::sort(m_insideAttention.begin(), m_insideAttention.end());
    m_attentionReady = true;
}

std::optional<std::int64_t> EnclosingOps::innermost(const std::vector<Span>& spans,
                                                    std::uint32_t thread, double timeUs,
                                                    std::int64_t except, std::size_t lookBack)
{
    // The last op of the thread starting at or before the time, then back to the first that
    // still runs then: nested ops start after their parents, so that is the innermost.
    auto it = std::upper_bound(spans.begin(), spans.end(), std::pair{thread, timeUs},
                               [](const std::pair<std::uint32_t, double>& at, const Span& s) {
                                   return at.first != s.thread ? at.first < s.thread
                                                               : at.second < s.startUs;
                               });
    for (std::size_t n = 0; n < lookBack && it != spans.begin(); ++n) {
        --it;
        if (it->thread != thread)
            break;
        if (it->externalId != except && it->startUs + double(it->durUs) >= timeUs)
            return it->externalId;
    }
    return std::nullopt;
}

std::optional<std::int64_t> EnclosingOps::launcherOf(std::int64_t correlation)
{
    if (m_launches.empty())
        return std::nullopt;
    if (!m_launchesReady)
        sortForLaunches();
    const auto launch =
        std::lower_bound(m_launches.begin(), m_launches.end(), correlation,
                         [](const Launch& l, std::int64_t c) { return l.correlation < c; });
    if (launch == m_launches.end() || launch->correlation != correlation)
        return std::nullopt;
    return innermost(m_spans, launch->thread, launch->tsUs, -1, kLookBack);
}

std::optional<std::int64_t> EnclosingOps::attentionAround(std::int64_t externalId)
{
    if (m_attention.empty())
        return std::nullopt;
    if (!m_attentionReady)
        sortForAttention();
    const auto at = std::lower_bound(m_insideAttention.begin(), m_insideAttention.end(), externalId,
                                     [](const std::pair<std::int64_t, std::int64_t>& e,
                                        std::int64_t id) { return e.first < id; });
    if (at == m_insideAttention.end() || at->first != externalId)
        return std::nullopt;
    return at->second;
}

void EnclosingOps::release()
{
    std::vector<Span>().swap(m_spans);
    std::vector<Span>().swap(m_attention);
    std::vector<Launch>().swap(m_launches);
    std::vector<std::pair<std::int64_t, std::int64_t>>().swap(m_insideAttention);
    m_threads.clear();
}

} // namespace roofscope
