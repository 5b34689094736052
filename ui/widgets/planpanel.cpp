#include "ui/widgets/planpanel.h"

#include "core/format.h"
#include "ui/models/planmodel.h"
#include "ui/modelworkbench.h"
#include "ui/session.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace roofscope {

PlanPanel::PlanPanel(ModelWorkbench* workbench, QWidget* parent)
    : QWidget(parent), m_workbench(workbench), m_model(new PlanModel(workbench, this)),
      m_caption(new QLabel(this)), m_table(new QTableView(this))
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
    layout->addWidget(m_caption);
    layout->addWidget(m_table, 1);
    connect(m_model, &QAbstractItemModel::modelReset, this, &PlanPanel::refreshCaption);
    refreshCaption();
}

void PlanPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    m_model->setActive(true);
}

void PlanPanel::hideEvent(QHideEvent* event)
{
    QWidget::hideEvent(event);
    m_model->setActive(false);
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
