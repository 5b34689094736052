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
};

} // namespace roofscope
