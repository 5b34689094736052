#include "ui/widgets/hardwarepanel.h"

#include "ui/controls/columnfitter.h"
#include "ui/controls/searchfieldundo.h"
#include "ui/document/session.h"
#include "ui/models/hardwaremodel.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace roofscope {

HardwarePanel::HardwarePanel(Session* session, HardwareModel* model, QWidget* parent)
    : QWidget(parent), m_session(session), m_model(model), m_search(new QLineEdit(this)),
      m_proxy(new QSortFilterProxyModel(this)), m_view(new QTreeView(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_search->setPlaceholderText(tr("Filter by name, vendor or id"));
    m_search->setClearButtonEnabled(true);
    layout->addWidget(m_search);

    m_proxy->setSourceModel(model);
    m_proxy->setFilterRole(HardwareModel::FilterRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setSortRole(HardwareModel::SortRole);
    m_proxy->setFilterKeyColumn(HardwareModel::NameColumn);
    m_view->setModel(m_proxy);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1, Qt::AscendingOrder);
    m_view->setAlternatingRowColors(true);
    ColumnFitter::install(m_view, m_view->header());
    m_view->header()->setStretchLastSection(false);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);
    layout->addWidget(m_view, 1);

    auto* baseline = new QAction(tr("Make Baseline"), this);
    baseline->setToolTip(tr("Measure speedups against this accelerator"));
    m_view->addAction(baseline);
    connect(baseline, &QAction::triggered, this, &HardwarePanel::makeCurrentBaseline);
    auto* buttons = new QHBoxLayout;
    auto* button = new QPushButton(tr("Make Baseline"), this);
    button->setObjectName(QStringLiteral("makeBaseline"));
    buttons->addWidget(button);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    connect(button, &QPushButton::clicked, this, &HardwarePanel::makeCurrentBaseline);
    SearchFieldUndo::install(m_search);
    connect(m_search, &QLineEdit::textChanged, m_proxy,
            &QSortFilterProxyModel::setFilterFixedString);
}

int HardwarePanel::currentHardware() const
{
    const QModelIndex current = m_view->currentIndex();
    return current.isValid() ? current.data(HardwareModel::HardwareIndexRole).toInt() : -1;
}

void HardwarePanel::addContextActions(const QList<QAction*>& actions)
{
    m_view->addActions(actions);
}

void HardwarePanel::makeCurrentBaseline()
{
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid())
        return;
    m_proxy->setData(current.siblingAtColumn(HardwareModel::NameColumn), true,
                     HardwareModel::BaselineRole);
}

} // namespace roofscope
