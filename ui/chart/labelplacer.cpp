#include "ui/chart/labelplacer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <optional>

namespace roofscope {

namespace {

constexpr qreal kCell = 32.0;
constexpr int kRings = 10;

// Boxes already taken, bucketed by 32-px cells so that a candidate is checked only against
// its neighbours (200 labels × 64 candidates against hundreds of markers, every repaint).
class RectGrid {
public:
    explicit RectGrid(const QRectF& area) : m_area(area)
    {
        m_cols = std::max(1, static_cast<int>(std::ceil(area.width() / kCell)));
        m_rows = std::max(1, static_cast<int>(std::ceil(area.height() / kCell)));
        m_cells.resize(static_cast<std::size_t>(m_cols) * m_rows);
    }

    void add(const QRectF& r)
    {
        const int id = static_cast<int>(m_rects.size());
        m_rects.push_back(r);
        m_seen.push_back(0);
        const Span s = span(r);
        for (int y = s.r0; y <= s.r1; ++y) {
            for (int x = s.c0; x <= s.c1; ++x)
                m_cells[static_cast<std::size_t>(y) * m_cols + x].push_back(id);
        }
    }

    bool collides(const QRectF& r) const
    {
        ++m_query;
        const Span s = span(r);
        for (int y = s.r0; y <= s.r1; ++y) {
            for (int x = s.c0; x <= s.c1; ++x) {
                for (int id : m_cells[static_cast<std::size_t>(y) * m_cols + x]) {
                    const auto k = static_cast<std::size_t>(id);
                    if (m_seen[k] == m_query)
                        continue; // a box spanning several cells is checked once
                    m_seen[k] = m_query;
                    if (m_rects[k].intersects(r))
                        return true;
                }
            }
        }
        return false;
    }

    // Whether the segment passes through any box (Liang–Barsky against each nearby box).
    bool crosses(const QLineF& line) const
    {
        ++m_query;
        const QRectF box = QRectF(line.p1(), line.p2()).normalized();
        const Span s = span(box);
        for (int y = s.r0; y <= s.r1; ++y) {
            for (int x = s.c0; x <= s.c1; ++x) {
                for (int id : m_cells[static_cast<std::size_t>(y) * m_cols + x]) {
                    const auto k = static_cast<std::size_t>(id);
                    if (m_seen[k] == m_query)
                        continue;
                    m_seen[k] = m_query;
                    if (segmentHitsRect(line, m_rects[k]))
                        return true;
                }
            }
        }
        return false;
    }

private:
    static bool segmentHitsRect(const QLineF& l, const QRectF& r)
    {
        const double dx = l.dx();
        const double dy = l.dy();
        double t0 = 0.0;
        double t1 = 1.0;
        const double p[] = {-dx, dx, -dy, dy};
        const double q[] = {l.x1() - r.left(), r.right() - l.x1(), l.y1() - r.top(),
                            r.bottom() - l.y1()};
        for (int i = 0; i < 4; ++i) {
            if (p[i] == 0.0) {
                if (q[i] <= 0.0)
                    return false;
                continue;
            }
            const double t = q[i] / p[i];
            if (p[i] < 0.0)
                t0 = std::max(t0, t);
            else
                t1 = std::min(t1, t);
            if (t0 >= t1)
                return false;
        }
        return true;
    }

    struct Span {
        int c0, c1, r0, r1;
    };
    Span span(const QRectF& r) const
    {
        auto col = [&](qreal x) {
            return std::clamp(static_cast<int>(std::floor((x - m_area.left()) / kCell)), 0,
                              m_cols - 1);
        };
        auto row = [&](qreal y) {
            return std::clamp(static_cast<int>(std::floor((y - m_area.top()) / kCell)), 0,
                              m_rows - 1);
        };
        return {col(r.left()), col(r.right()), row(r.top()), row(r.bottom())};
    }

    QRectF m_area;
    int m_cols = 1;
    int m_rows = 1;
    std::vector<std::vector<int>> m_cells;
    std::vector<QRectF> m_rects;
    mutable std::vector<unsigned> m_seen;
    mutable unsigned m_query = 0;
};

QPointF nearestOnRect(const QRectF& r, QPointF p)
{
    return {std::clamp(p.x(), r.left(), r.right()), std::clamp(p.y(), r.top(), r.bottom())};
}

bool sameValue(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
}

} // namespace

LabelPlacer::Result LabelPlacer::place(const std::vector<Request>& requests) const
{
    Result out;
    // One label per (text, value): the first request of each group stands for the others.
    std::vector<int> groupOf(requests.size(), -1);
    std::vector<std::vector<int>> groups;
    std::map<QString, std::vector<int>> byText; // group ids with that text
    for (std::size_t i = 0; i < requests.size(); ++i) {
        const Request& r = requests[i];
        if (std::isfinite(r.value)) {
            for (int g : byText[r.text]) {
                if (sameValue(requests[static_cast<std::size_t>(groups[g].front())].value,
                              r.value)) {
                    groupOf[i] = g;
                    break;
                }
            }
        }
        if (groupOf[i] < 0) {
            groupOf[i] = static_cast<int>(groups.size());
            groups.emplace_back();
            if (std::isfinite(r.value))
                byText[r.text].push_back(groupOf[i]);
        }
        groups[static_cast<std::size_t>(groupOf[i])].push_back(static_cast<int>(i));
    }

    // Pinned labels first (the user put them there), then by priority, then input order.
    auto pinnedOf = [&](const Request& r) { return !r.key.isEmpty() && m_pinned.contains(r.key); };
    std::vector<std::size_t> order(groups.size());
    for (std::size_t g = 0; g < order.size(); ++g)
        order[g] = g;
    auto lead = [&](std::size_t g) -> const Request& {
        return requests[static_cast<std::size_t>(groups[g].front())];
    };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const bool pa = pinnedOf(lead(a));
        const bool pb = pinnedOf(lead(b));
        if (pa != pb)
            return pa;
        return lead(a).priority > lead(b).priority;
    });

    RectGrid taken(m_bounds);
    RectGrid obstacles(m_bounds);
    for (const QRectF& o : m_obstacles)
        obstacles.add(o);

    auto finish = [&](std::size_t g, const QRectF& rect, bool pinned) {
        const Request& r = lead(g);
        Placed p;
        p.request = groups[g].front();
        p.merged = groups[g];
        p.rect = rect;
        p.anchor = r.anchor;
        p.pinned = pinned;
        const QPointF end = nearestOnRect(rect, r.anchor);
        p.leader = std::hypot(end.x() - r.anchor.x(), end.y() - r.anchor.y()) > m_leaderThreshold;
        if (p.leader)
            p.leaderLine = QLineF(r.anchor, end);
        taken.add(rect);
        out.labels.push_back(std::move(p));
    };

    // A leader (if the box is far enough to need one) must not run through another label: it
    // would seem to point there.
    auto leaderClear = [&](const QRectF& c, QPointF a) {
        const QPointF end = nearestOnRect(c, a);
        return std::hypot(end.x() - a.x(), end.y() - a.y()) <= m_leaderThreshold ||
               !taken.crosses(QLineF(a, end));
    };

    // First what has a place already: labels off the plot, the user's pins, and the preferred
    // boxes that fit (all of them before any label is placed afresh, which could take one).
    std::vector<char> placed(groups.size(), 0);
    for (std::size_t g : order) {
        const Request& r = lead(g);
        const QPointF a = r.anchor;
        if (!m_bounds.adjusted(-0.5, -0.5, 0.5, 0.5).contains(a)) {
            out.offPlot.insert(out.offPlot.end(), groups[g].begin(), groups[g].end());
            placed[g] = 1;
        } else if (pinnedOf(r)) {
            // Where the user put it, moved back inside the plot if a zoom pushed it out.
            QRectF rect(a + m_pinned.value(r.key), r.size);
            rect.moveLeft(
                std::clamp(rect.left(), m_bounds.left(), m_bounds.right() - r.size.width()));
            rect.moveTop(
                std::clamp(rect.top(), m_bounds.top(), m_bounds.bottom() - r.size.height()));
            finish(g, rect, true);
            placed[g] = 1;
        }
    }
    for (std::size_t g : order) {
        const Request& r = lead(g);
        if (placed[g] || r.key.isEmpty() || !m_preferred.contains(r.key))
            continue;
        const QRectF preferred(r.anchor + m_preferred.value(r.key), r.size);
        const bool free = m_bounds.contains(preferred) && !taken.collides(preferred) &&
                          !obstacles.collides(preferred);
        if (free && (m_keepPreferred || leaderClear(preferred, r.anchor))) {
            finish(g, preferred, false);
            placed[g] = 1;
        }
    }

    // Every ring's boxes of one label; one buffer for all labels (placement runs on every
    // slider step).
    std::vector<QRectF> candidates;
    candidates.reserve(static_cast<std::size_t>(kRings) * 16);
    for (std::size_t g : order) {
        if (placed[g])
            continue;
        const Request& r = lead(g);
        const qreal w = r.size.width();
        const qreal h = r.size.height();
        const QPointF a = r.anchor;
        const qreal step = std::max<qreal>(h * 0.9, 8.0);
        const qreal s = std::min<qreal>(6.0, w / 4.0); // slid boxes still reach the anchor
        // The boxes of one ring, `d` from the anchor: right, above, below, left (each centred,
        // then slid along its side), then the diagonals: reading order first, labels to the
        // right of what they name.
        auto ring = [&](int i) {
            const qreal d = m_gap + i * step;
            const qreal e = d * 0.7071;
            return std::array<QRectF, 16>{
                QRectF(a.x() + d, a.y() - h / 2.0, w, h),
                QRectF(a.x() - w / 2.0, a.y() - d - h, w, h),
                QRectF(a.x() - w / 2.0, a.y() + d, w, h),
                QRectF(a.x() + d, a.y() - h, w, h),
                QRectF(a.x() + d, a.y(), w, h),
                QRectF(a.x() - s, a.y() - d - h, w, h),
                QRectF(a.x() - s, a.y() + d, w, h),
                QRectF(a.x() + e, a.y() - e - h, w, h),
                QRectF(a.x() + e, a.y() + e, w, h),
                QRectF(a.x() - d - w, a.y() - h / 2.0, w, h),
                QRectF(a.x() + s - w, a.y() - d - h, w, h),
                QRectF(a.x() + s - w, a.y() + d, w, h),
                QRectF(a.x() - d - w, a.y() - h, w, h),
                QRectF(a.x() - d - w, a.y(), w, h),
                QRectF(a.x() - e - w, a.y() - e - h, w, h),
                QRectF(a.x() - e - w, a.y() + e, w, h),
            };
        };
        candidates.clear();
        for (int i = 0; i < kRings; ++i) {
            const auto boxes = ring(i);
            candidates.insert(candidates.end(), boxes.begin(), boxes.end());
        }
        // A label whose preferred box did not fit goes to the nearest box that does: on the
        // same side of its point as in the layout it follows, when there is room there.
        if (!r.key.isEmpty() && m_preferred.contains(r.key)) {
            const QPointF want = a + m_preferred.value(r.key) + QPointF(w / 2.0, h / 2.0);
            auto distance = [&](const QRectF& c) {
                const QPointF v = c.center() - want;
                return v.x() * v.x() + v.y() * v.y();
            };
            std::stable_sort(
                candidates.begin(), candidates.end(),
                [&](const QRectF& x, const QRectF& y) { return distance(x) < distance(y); });
        }
        bool done = false;
        // A box whose only fault is a leader through another label: used when nothing better
        // is found, since a crossing leader is better than a missing label.
        std::optional<QRectF> fallback;
        for (const QRectF& c : candidates) {
            if (!m_bounds.contains(c) || taken.collides(c) || obstacles.collides(c))
                continue;
            if (!leaderClear(c, a)) {
                if (!fallback)
                    fallback = c;
                continue;
            }
            finish(g, c, false);
            done = true;
            break;
        }
        if (!done && fallback) {
            finish(g, *fallback, false);
            done = true;
        }
        if (!done)
            out.hidden.insert(out.hidden.end(), groups[g].begin(), groups[g].end());
    }
    std::sort(out.hidden.begin(), out.hidden.end());
    std::sort(out.offPlot.begin(), out.offPlot.end());
    return out;
}

int LabelPlacer::labelAt(const Result& result, QPointF pos)
{
    for (int i = static_cast<int>(result.labels.size()) - 1; i >= 0; --i) {
        if (result.labels[static_cast<std::size_t>(i)].rect.contains(pos))
            return i;
    }
    return -1;
}

} // namespace roofscope
