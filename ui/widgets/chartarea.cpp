#include "ui/widgets/chartarea.h"

#include <QSplitter>
#include <QStackedLayout>
#include <QTabWidget>

namespace roofscope {

ChartArea::ChartArea(QWidget* roofline, QWidget* serving, QWidget* parent)
    : QWidget(parent), m_roofline(roofline), m_serving(serving)
{
    setObjectName(QStringLiteral("chartArea"));
    m_split = new QSplitter(Qt::Horizontal, this);
    m_split->setObjectName(QStringLiteral("centralSplit"));
    m_split->setChildrenCollapsible(false);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("centralTabs"));
    m_tabs->setDocumentMode(true);
    m_stack = new QStackedLayout(this);
    m_stack->setContentsMargins(0, 0, 0, 0);
    m_stack->addWidget(m_split);
    m_stack->addWidget(m_tabs);
    m_split->addWidget(m_roofline);
    m_split->addWidget(m_serving);
    m_split->setStretchFactor(0, 3);
    m_split->setStretchFactor(1, 2);
    m_serving->hide();
}

void ChartArea::setServingShown(bool on)
{
    m_servingShown = on;
    arrange();
    if (on && !m_sideBySide)
        m_tabs->setCurrentWidget(m_serving);
}

void ChartArea::setSideBySide(bool on)
{
    if (m_sideBySide == on)
        return;
    m_sideBySide = on;
    arrange();
}

void ChartArea::arrange()
{
    const bool tabbed = m_servingShown && !m_sideBySide;
    if (tabbed && m_tabs->count() == 0) {
        m_tabs->addTab(m_roofline, tr("Roofline"));
        m_tabs->addTab(m_serving, tr("Serving"));
        m_serving->show();
    } else if (!tabbed && m_tabs->count() > 0) {
        // Back into the splitter, roofline first (a widget added to another parent leaves the
        // tabs on its own).
        m_tabs->clear();
        m_split->insertWidget(0, m_roofline);
        m_split->insertWidget(1, m_serving);
        m_roofline->show();
    }
    m_stack->setCurrentWidget(tabbed ? static_cast<QWidget*>(m_tabs) : m_split);
    if (!tabbed)
        m_serving->setVisible(m_servingShown);
}

} // namespace roofscope
