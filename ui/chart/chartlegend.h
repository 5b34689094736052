#pragma once

#include <QColor>
#include <QFont>
#include <QGraphicsItem>
#include <QList>
#include <QString>

namespace roofscope {

// One row of coloured line swatches and names (the accelerators), drawn once into a pixmap.
class ChartLegend : public QGraphicsItem {
public:
    struct Entry {
        QColor color;
        QString text;
    };

    explicit ChartLegend(QGraphicsItem* parent = nullptr);

    void setEntries(QList<Entry> entries, const QFont& font, const QColor& text, qreal lineWidth);
    const QList<Entry>& entries() const { return m_entries; }
    // The width the legend may take (the plot's): when the names do not fit, the whole row is
    // scaled down rather than cut off, so every accelerator stays named.
    void setMaxWidth(qreal width);
    QSizeF size() const;

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option,
               QWidget* widget = nullptr) override;

private:
    QSizeF naturalSize() const;
    qreal scale() const;

    QList<Entry> m_entries;
    qreal m_maxWidth = 0.0; // 0: unlimited
    QFont m_font;
    QColor m_text;
    qreal m_lineWidth = 2.0;
};

} // namespace roofscope
