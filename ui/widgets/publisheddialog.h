#pragma once

#include <QDialog>

class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace roofscope {

class HardwareCatalog;
class ModelCatalog;
class PublishedModel;

// Help ▸ Published Measurements…: the bundled published measurements with RoofScope's bound
// and the ratio beside each, sortable; Ctrl+C copies the selected rows as tab-separated text,
// as the table shows them; activating a source opens it in the browser.
class PublishedDialog : public QDialog {
    Q_OBJECT
public:
    PublishedDialog(const ModelCatalog& models, const HardwareCatalog& hardware,
                    QWidget* parent = nullptr);

    PublishedModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    // The selected rows as copyRows() puts them on the clipboard: what the table shows, in the
    // order it shows them (sorted as the user sorted), under a header row of its column titles,
    // and each source's link last (the Source column shows only its short name).
    QString selectedRowsText() const;
    void copyRows();

private:
    PublishedModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    QLabel* m_summary;
};

} // namespace roofscope
