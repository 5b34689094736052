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
    QSizeF size() const;

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option,
               QWidget* widget = nullptr) override;

private:
    QList<Entry> m_entries;
    QFont m_font;
    QColor m_text;
    qreal m_lineWidth = 2.0;
};

} // namespace roofscope
