#include "ui/widgets/planpanel.h"

#include "core/util/format.h"
#include "ui/document/modelworkbench.h"
#include "ui/document/session.h"
#include "ui/models/planmodel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace roofscope {

PlanPanel::PlanPanel(ModelWorkbench* workbench, QWidget* parent)
    : QWidget(parent), m_workbench(workbench), m_model(new PlanModel(workbench, this)),
      m_caption(new QLabel(this)), m_table(new QTableView(this)),
      m_apply(new QPushButton(tr("Apply Layout"), this)), m_status(new QLabel(this))
{
    m_caption->setWordWrap(true);
    m_caption->setObjectName(QStringLiteral("planCaption"));
    m_table->setModel(m_model);
    m_table->setObjectName(QStringLiteral("planTable"));
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    // The button beside the caption: on a 1366×768 laptop the table needs every line.
    auto* top = new QHBoxLayout;
    m_apply->setObjectName(QStringLiteral("applyLayout"));
    m_apply->setToolTip(tr("Use the selected layout in the Model panel: the chart shows one GPU's "
                           "share (double-clicking a row does the same; undoable)"));
    m_status->setWordWrap(true);
    auto* side = new QVBoxLayout;
    side->addWidget(m_apply);
    side->addWidget(m_status);
    side->addStretch(1);
    top->addWidget(m_caption, 1);
    top->addLayout(side);
    layout->addLayout(top);
    layout->addWidget(m_table, 1);
    connect(m_model, &QAbstractItemModel::modelReset, this, &PlanPanel::refreshCaption);
    connect(m_model, &QAbstractItemModel::modelReset, this, &PlanPanel::refreshApply);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &PlanPanel::refreshApply);
    connect(m_table, &QTableView::doubleClicked, this,
            [this](const QModelIndex& index) { applyRow(index.row()); });
    connect(m_apply, &QPushButton::clicked, this, [this] {
        const QModelIndexList rows = m_table->selectionModel()->selectedRows();
        if (!rows.isEmpty())
            applyRow(rows.front().row());
    });
    refreshCaption();
    refreshApply();
}

void PlanPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    m_model->setActive(isEnabled());
}

void PlanPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::EnabledChange)
        m_model->setActive(isEnabled() && isVisible());
}

void PlanPanel::hideEvent(QHideEvent* event)
{
    QWidget::hideEvent(event);
    m_model->setActive(false);
}

void PlanPanel::applyRow(int row)
{
    if (row < 0 || row >= static_cast<int>(m_model->rows().size()))
        return;
    const Layout layout = m_model->rows()[static_cast<std::size_t>(row)].layout;
    if (auto error = m_workbench->setLayout(layout)) {
        m_status->setText(*error);
        return;
    }
    m_workbench->showOnChart();
    m_status->setText(tr("Model panel: %1").arg(QString::fromStdString(layout.name())));
    refreshApply();
}

void PlanPanel::refreshApply()
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    const bool any =
        !rows.isEmpty() && rows.front().row() < static_cast<int>(m_model->rows().size());
    const bool current =
        any && m_model->rows()[static_cast<std::size_t>(rows.front().row())].layout ==
                   m_workbench->layout();
    m_apply->setEnabled(any && !current);
    m_apply->setText(current ? tr("Layout Applied") : tr("Apply Layout"));
}

QString PlanPanel::caption() const
{
    return m_caption->text();
}

void PlanPanel::refreshCaption()
{
    if (!m_model->problem().isEmpty()) {
        m_caption->setText(m_model->problem());
        return;
    }
    const Session* session = m_workbench->session();
    const int hw = m_model->hardware();
    if (hw < 0)
        return;
    const Hardware& gpu = session->hardware()[static_cast<std::size_t>(hw)];
    const InferenceScenario& s = m_workbench->scenario();
    QString link =
        gpu.interconnect.present()
            ? tr("%1, %2 per direction per GPU, %3 per hop")
                  .arg(QString::fromStdString(gpu.interconnect.name),
                       QString::fromStdString(formatSi(gpu.interconnect.bytesPerS, "B/s")),
                       QString::fromStdString(formatDuration(gpu.interconnect.latencyS)))
            : tr("no interconnect in the catalog: one GPU only");
    m_caption->setText(tr("%1 on up to 8 × %2 (%3), %4, batch %5, context %6 — fastest fitting "
                          "layout first. Link: %7.")
                           .arg(QString::fromStdString(m_workbench->model().name),
                                QString::fromStdString(gpu.name), tr("the baseline"),
                                QString::fromStdString(std::string(phaseName(s.phase))),
                                QString::fromStdString(formatParamNumber(s.batch)),
                                QString::fromStdString(formatParamNumber(s.context)), link));
    m_table->resizeColumnsToContents();
}

} // namespace roofscope
