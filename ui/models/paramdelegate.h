#pragma once

#include <QStyledItemDelegate>

namespace roofscope {

// Editors for operator parameters in the operator tree: a spin box within the parameter's
// limits for sizes, a combo box for precisions and choices, a line edit for names.
class ParamDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model,
                      const QModelIndex& index) const override;

protected:
    // Tab and Shift+Tab in an editor commit it and leave the list, as they do from the list
    // itself (the default opened the next row's editor: Tab walked down the rows and stuck on
    // the last one).
    bool eventFilter(QObject* object, QEvent* event) override;
};

} // namespace roofscope
