#include "ui/widgets/operatorpanel.h"

#include "core/roofline/operators.h"
#include "ui/controls/columnfitter.h"
#include "ui/document/session.h"
#include "ui/models/operatormodel.h"
#include "ui/models/paramdelegate.h"
#include "ui/text/datanames.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QMenu>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace roofscope {

OperatorPanel::OperatorPanel(Session* session, OperatorModel* model, QWidget* parent)
    : QWidget(parent), m_session(session), m_model(model), m_view(new QTreeView(this)),
      m_addMenu(new QMenu(tr("Add Operator"), this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* buttons = new QHBoxLayout;
    auto* add = new QToolButton(this);
    add->setText(tr("Add"));
    add->setPopupMode(QToolButton::InstantPopup);
    add->setMenu(m_addMenu);
    add->setToolButtonStyle(Qt::ToolButtonTextOnly);
    buttons->addWidget(add);
    auto makeButton = [&](const QString& text, void (OperatorPanel::*slot)()) {
        auto* b = new QToolButton(this);
        b->setText(text);
        connect(b, &QToolButton::clicked, this, slot);
        buttons->addWidget(b);
    };
    makeButton(tr("Duplicate"), &OperatorPanel::duplicateCurrent);
    makeButton(tr("Rename"), &OperatorPanel::renameCurrent);
    makeButton(tr("Remove"), &OperatorPanel::removeCurrent);
    buttons->addStretch(1);
    layout->addLayout(buttons);

    QMenu* presets = m_addMenu->addMenu(tr("Presets"));
    for (const OperatorPreset& p : operatorPresets()) {
        QAction* a = presets->addAction(presetTitle(p));
        a->setToolTip(QString::fromStdString(p.spec));
        const std::string spec = p.spec;
        const std::string title = presetTitle(p).toStdString();
        connect(a, &QAction::triggered, this, [this, spec, title] {
            auto op = parseOperatorSpec(spec);
            if (!op)
                return;
            op->label = title;
            m_session->insertOperator(static_cast<int>(m_session->operators().size()), *op);
        });
    }
    QMenu* kinds = m_addMenu->addMenu(tr("By Kind"));
    for (const OperatorKind& k : operatorKinds()) {
        QAction* a = kinds->addAction(QString::fromStdString(k.title));
        a->setToolTip(QString::fromStdString(k.description));
        const std::string name = k.name;
        connect(a, &QAction::triggered, this, [this, name] {
            auto op = makeOperator(name, {});
            if (!op)
                return;
            m_session->insertOperator(static_cast<int>(m_session->operators().size()), *op);
        });
    }

    m_view->setModel(model);
    m_view->setItemDelegate(new ParamDelegate(m_view));
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::SelectedClicked);
    m_view->setAlternatingRowColors(true);
    m_view->setUniformRowHeights(true);
    ColumnFitter::install(m_view, m_view->header());
    layout->addWidget(m_view, 1);
    // Delete removes the selected operator while the list has focus (an editor open in it
    // keeps the key for its text).
    auto* removeKey = new QAction(tr("Remove Operator"), m_view);
    removeKey->setShortcut(QKeySequence::Delete);
    removeKey->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(removeKey, &QAction::triggered, this, &OperatorPanel::removeCurrent);
    m_view->addAction(removeKey);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) {
                if (m_syncing || !current.isValid())
                    return;
                m_session->setSelectedOperator(
                    current.data(OperatorModel::OperatorRowRole).toInt());
            });
    // A click on the row already current chooses it again: it takes the read-out back from a
    // selected kernel (currentChanged does not fire for it).
    connect(m_view, &QAbstractItemView::clicked, this, [this](const QModelIndex& index) {
        if (!m_syncing && index.isValid())
            m_session->setSelectedOperator(index.data(OperatorModel::OperatorRowRole).toInt());
    });
    connect(session, &Session::selectionChanged, this, &OperatorPanel::syncFromSession);
    connect(model, &QAbstractItemModel::modelReset, this, &OperatorPanel::syncFromSession);
    syncFromSession();
}

void OperatorPanel::syncFromSession()
{
    const int row = m_session->selectedOperator();
    const QModelIndex current = m_view->currentIndex();
    if (current.isValid() && current.data(OperatorModel::OperatorRowRole).toInt() == row)
        return;
    m_syncing = true;
    if (row >= 0)
        m_view->setCurrentIndex(m_model->index(row, 0));
    else
        m_view->setCurrentIndex({});
    m_syncing = false;
}

void OperatorPanel::removeCurrent()
{
    m_session->removeOperator(m_session->selectedOperator());
}

void OperatorPanel::duplicateCurrent()
{
    m_session->duplicateOperator(m_session->selectedOperator());
}

void OperatorPanel::renameCurrent()
{
    const int row = m_session->selectedOperator();
    if (row < 0)
        return;
    const QModelIndex idx = m_model->index(row, OperatorModel::NameColumn);
    m_view->setCurrentIndex(idx);
    m_view->edit(idx);
}

} // namespace roofscope
