#pragma once

#include <QColor>
#include <QFont>
#include <QGraphicsItem>
#include <QString>

namespace roofscope {

// A text label on the chart with a translucent background (readable over grid and roofs) and
// an optional leader line to the point it names when placed away from it. The leader is a child
// item outside the label's cached picture: a slider step re-places labels around points that
// moved, and with the leader in the picture nearly every label's text was laid out and painted
// again on every step.
class ChartLabel : public QGraphicsItem {
public:
    explicit ChartLabel(QGraphicsItem* parent = nullptr);

    void setText(const QString& text);
    QString text() const { return m_text; }
    void setFont(const QFont& font);
    void setColor(const QColor& color);
    void setBackground(const QColor& color);
    // Size the text needs, including padding.
    QSizeF textSize() const { return sizeFor(m_text, m_font); }
    // The size a label of `text` in `font` takes, without making one. Measured once per text and
    // font: a model's slider step asks for every label again, and shaping them took a fifth of it.
    static QSizeF sizeFor(const QString& text, const QFont& font);
    // Puts the label's box at `box` (item coordinates of the parent) with a leader to `anchor`
    // when the box is more than a marker away from it.
    void place(const QRectF& box, QPointF anchor);
    // The label's box in the parent's coordinates.
    QRectF box() const { return m_box.translated(pos()); }

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option,
               QWidget* widget = nullptr) override;

private:
    QString m_text;
    QFont m_font;
    QColor m_color;
    QColor m_background;
    void updateLeader();

    QRectF m_box;
    QPointF m_anchor;
    bool m_leader = false;
    QGraphicsItem* m_leaderItem = nullptr; // a LeaderLine (chartlabel.cpp), behind the label
};

} // namespace roofscope
