#pragma once

#include <QObject>

class QAbstractItemView;
class QHeaderView;

namespace roofscope {

// Makes a table's columns readable at any window size: sized to their contents whenever the
// rows change, resizable by the user in between, long values elided in the middle, and the
// full text of an elided cell in its tooltip (with the model's own tooltip below it).
class ColumnFitter : public QObject {
    Q_OBJECT
public:
    // `fit` false: the header keeps its own resize mode; only eliding and tooltips are added.
    // Installing again on the same view with `fit` true turns fitting on.
    static void install(QAbstractItemView* view, QHeaderView* header, bool fit = true);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    ColumnFitter(QAbstractItemView* view, QHeaderView* header, bool fit);
    void fit();
    // True when `column` shows numbers (they are never cut).
    bool showsNumbers(int column) const;
    void startFitting();

    QAbstractItemView* m_view;
    QHeaderView* m_header;
    bool m_fitting = false;
    bool m_userSized = false;
    bool m_fit = false;
};

} // namespace roofscope
