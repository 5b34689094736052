#pragma once

#include <QWidget>

class QLabel;

namespace roofscope {

class Session;

// What the roofline says about the hovered point (or the selected operator on the baseline):
// intensity, attainable performance, share of the peak, bound, time, distance to the ridge,
// the crossing value of the driving parameter and the seed's advice for that region. While a
// measured kernel is the selected item (and no point is hovered), a sentence explaining it
// and one for its link to an operator (kernelsentence.h) take their place.
class ReadoutPanel : public QWidget {
    Q_OBJECT
public:
    explicit ReadoutPanel(Session* session, QWidget* parent = nullptr);

    // Field values by key ("kernel", "link", "operator", "hardware", "ai", "attainable", "peak",
    // "bound", "time", "ridge", "crossing", "advice"), for tests.
    QString field(const QString& key) const;
    // Whether the row of `key` is shown, for tests.
    bool isFieldShown(const QString& key) const;

public slots:
    void refresh();
    void refreshKernel();

private:
    QLabel* addRow(const QString& key, const QString& title);

    Session* m_session;
    QList<QPair<QString, QLabel*>> m_fields;
};

} // namespace roofscope
