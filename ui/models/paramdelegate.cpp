#include "ui/models/paramdelegate.h"

#include "core/roofline/operators.h"
#include "ui/models/operatormodel.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QKeyEvent>
#include <QSpinBox>

#include <algorithm>
#include <climits>

namespace roofscope {

QWidget* ParamDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                                     const QModelIndex& index) const
{
    if (!index.data(OperatorModel::IsParamRole).toBool())
        return QStyledItemDelegate::createEditor(parent, option, index);
    const auto type = static_cast<ParamType>(index.data(OperatorModel::ParamTypeRole).toInt());
    const double min = index.data(OperatorModel::ParamMinRole).toDouble();
    const double max = index.data(OperatorModel::ParamMaxRole).toDouble();
    switch (type) {
    case ParamType::Integer:
        if (max <= INT_MAX) {
            auto* spin = new QSpinBox(parent);
            spin->setRange(static_cast<int>(min), static_cast<int>(max));
            spin->setGroupSeparatorShown(true);
            spin->setFrame(false);
            return spin;
        } else {
            auto* spin = new QDoubleSpinBox(parent);
            spin->setDecimals(0);
            spin->setRange(min, max);
            spin->setGroupSeparatorShown(true);
            spin->setFrame(false);
            return spin;
        }
    case ParamType::Real: {
        auto* spin = new QDoubleSpinBox(parent);
        spin->setDecimals(4);
        spin->setRange(min, max);
        spin->setFrame(false);
        return spin;
    }
    case ParamType::Precision:
    case ParamType::Choice: {
        auto* combo = new QComboBox(parent);
        combo->addItems(index.data(OperatorModel::ParamChoicesRole).toStringList());
        combo->setFrame(false);
        return combo;
    }
    }
    return QStyledItemDelegate::createEditor(parent, option, index);
}

void ParamDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const
{
    const QVariant value = index.data(Qt::EditRole);
    if (auto* spin = qobject_cast<QSpinBox*>(editor)) {
        spin->setValue(value.toInt());
    } else if (auto* dspin = qobject_cast<QDoubleSpinBox*>(editor)) {
        dspin->setValue(value.toDouble());
    } else if (auto* combo = qobject_cast<QComboBox*>(editor)) {
        combo->setCurrentText(value.toString());
    } else {
        QStyledItemDelegate::setEditorData(editor, index);
    }
}

void ParamDelegate::setModelData(QWidget* editor, QAbstractItemModel* model,
                                 const QModelIndex& index) const
{
    if (auto* spin = qobject_cast<QSpinBox*>(editor)) {
        spin->interpretText();
        model->setData(index, static_cast<double>(spin->value()));
    } else if (auto* dspin = qobject_cast<QDoubleSpinBox*>(editor)) {
        dspin->interpretText();
        model->setData(index, dspin->value());
    } else if (auto* combo = qobject_cast<QComboBox*>(editor)) {
        model->setData(index, combo->currentText());
    } else {
        QStyledItemDelegate::setModelData(editor, model, index);
    }
}

bool ParamDelegate::eventFilter(QObject* object, QEvent* event)
{
    auto* editor = qobject_cast<QWidget*>(object);
    if (editor && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if (key->key() == Qt::Key_Tab || key->key() == Qt::Key_Backtab) {
            emit commitData(editor);
            emit closeEditor(editor, QAbstractItemDelegate::NoHint);
            // The view does not walk its cells on Tab (MainWindow::setUpTabOrder): the same key,
            // given to it, moves the focus to the next panel.
            if (auto* view = qobject_cast<QWidget*>(parent())) {
                QCoreApplication::postEvent(
                    view, new QKeyEvent(QEvent::KeyPress, key->key(), key->modifiers()));
            }
            return true;
        }
    }
    return QStyledItemDelegate::eventFilter(object, event);
}

} // namespace roofscope
