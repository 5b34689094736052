#pragma once

#include "ui/chart/legendlayout.h"

#include <QColor>
#include <QFont>
#include <QGraphicsItem>
#include <QList>
#include <QString>

namespace roofscope {

// Coloured line swatches and names (the accelerators), laid out by LegendLayout: as many rows as
// the width needs, never a font below the minimum. Drawn once into a pixmap.
class ChartLegend : public QGraphicsItem {
public:
    struct Entry {
        QColor color;
        QString text;
    };

    explicit ChartLegend(QGraphicsItem* parent = nullptr);

    void setEntries(QList<Entry> entries, const QFont& font, const QColor& text, qreal lineWidth);
    const QList<Entry>& entries() const { return m_entries; }
    // The width the legend may take (the plot's).
    void setMaxWidth(qreal width);
    QSizeF size() const { return m_layout.size; }
    const LegendLayout::Result& layout() const { return m_layout; }
    // The layout `entries` would get in `width` (for the space the chart keeps above the plot).
    static LegendLayout::Result layoutFor(const QStringList& names, const QFont& font, qreal width);

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option,
               QWidget* widget = nullptr) override;

private:
    void relayout();

    QList<Entry> m_entries;
    qreal m_maxWidth = 0.0; // 0: unlimited
    QFont m_font;
    QColor m_text;
    qreal m_lineWidth = 2.0;
    LegendLayout::Result m_layout;
};

} // namespace roofscope
