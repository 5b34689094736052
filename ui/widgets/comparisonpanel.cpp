#include "ui/widgets/comparisonpanel.h"

#include "core/figure/figure.h"
#include "ui/controls/columnfitter.h"
#include "ui/controls/livelabel.h"
#include "ui/document/session.h"
#include "ui/models/comparisonmodel.h"
#include "ui/text/datanames.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace roofscope {

namespace {

// Shows the rows of the selected operator only when asked to.
class SelectedOperatorFilter : public QSortFilterProxyModel {
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setOnlySelected(bool on)
    {
        m_on = on;
        invalidateFilter();
    }
    void refilter() { invalidateFilter(); }

protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override
    {
        if (!m_on)
            return true;
        return sourceModel()->index(row, 0, parent).data(ComparisonModel::SelectedRole).toBool();
    }

private:
    bool m_on = true;
};

} // namespace

ComparisonPanel::ComparisonPanel(Session* session, ComparisonModel* model, QWidget* parent)
    : QWidget(parent), m_session(session), m_model(model),
      m_proxy(new SelectedOperatorFilter(this)), m_table(new QTableView(this)),
      m_selectedOnly(new QCheckBox(tr("Selected operator only"), this)), m_lesson(new LiveLabel),
      m_lessonScroll(new QScrollArea), m_splitter(new QSplitter(Qt::Vertical, this)),
      m_summaryToggle(new QToolButton(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* top = new QHBoxLayout;
    m_selectedOnly->setChecked(true);
    top->addWidget(m_selectedOnly);
    top->addStretch(1);
    m_summaryToggle->setObjectName(QStringLiteral("comparisonSummaryToggle"));
    m_summaryToggle->setText(tr("Summary"));
    m_summaryToggle->setToolTip(tr("Show or hide the sentences above the table"));
    m_summaryToggle->setCheckable(true);
    m_summaryToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_summaryToggle->setAutoRaise(true);
    top->addWidget(m_summaryToggle);
    layout->addLayout(top);
    m_lesson->setWordWrap(true);
    m_lesson->setTextFormat(Qt::RichText);
    m_lesson->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_lesson->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The sentences scroll inside their own pane: however many accelerators there are, they
    // never push the table out of view (the table keeps most of the height).
    m_lessonScroll->setWidget(m_lesson);
    m_lessonScroll->setWidgetResizable(true);
    m_lessonScroll->setFrameShape(QFrame::NoFrame);
    m_lessonScroll->setFocusPolicy(Qt::NoFocus);
    m_lessonScroll->setMinimumHeight(fontMetrics().height() * 2);
    m_splitter->addWidget(m_lessonScroll);
    m_splitter->addWidget(m_table);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setChildrenCollapsible(true);
    m_splitter->setCollapsible(1, false);
    m_splitter->setSizes({fontMetrics().height() * 4, fontMetrics().height() * 12});
    layout->addWidget(m_splitter, 1);
    const bool summary = QSettings().value(QStringLiteral("comparison/showSummary"), true).toBool();
    m_summaryToggle->setChecked(summary);
    m_lessonScroll->setVisible(summary);
    m_summaryToggle->setArrowType(summary ? Qt::DownArrow : Qt::RightArrow);
    connect(m_summaryToggle, &QToolButton::toggled, this, [this](bool on) {
        m_lessonScroll->setVisible(on);
        m_summaryToggle->setArrowType(on ? Qt::DownArrow : Qt::RightArrow);
        QSettings().setValue(QStringLiteral("comparison/showSummary"), on);
    });

    m_proxy->setSourceModel(model);
    m_proxy->setSortRole(ComparisonModel::SortRole);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    ColumnFitter::install(m_table, m_table->horizontalHeader());
    m_table->setAlternatingRowColors(true);

    connect(m_selectedOnly, &QCheckBox::toggled, this, [this](bool on) {
        static_cast<SelectedOperatorFilter*>(m_proxy)->setOnlySelected(on);
    });
    connect(session, &Session::selectionChanged, this, [this] {
        static_cast<SelectedOperatorFilter*>(m_proxy)->refilter();
        refresh();
    });
    connect(session, &Session::operatorsChanged, this, &ComparisonPanel::refresh);
    connect(session, &Session::hardwareChanged, this, &ComparisonPanel::refresh);
    connect(session, &Session::operatorsReset, this, &ComparisonPanel::refresh);
    refresh();
}

QString ComparisonPanel::lesson() const
{
    return m_lesson->text();
}

void ComparisonPanel::refresh()
{
    const int op = m_session->selectedOperator();
    const int base = m_session->baseline();
    if (op < 0 || base < 0) {
        m_lesson->setText(tr("Select an operator to compare accelerators against the baseline."));
        return;
    }
    const auto& b = m_session->estimate(op, base);
    if (!b) {
        m_lesson->setText(QString());
        return;
    }
    const QString opName =
        operatorDisplayName(m_session->operators()[static_cast<std::size_t>(op)]).toHtmlEscaped();
    QStringList lines;
    for (int hw : m_session->checkedHardware()) {
        if (hw == base)
            continue;
        const auto& e = m_session->estimate(op, hw);
        const auto s = m_session->speedup(op, hw);
        if (!e) {
            // Say why the row is empty: the accelerator lacks the operator's precision.
            const Cost cost = m_session->operators()[static_cast<std::size_t>(op)].cost();
            lines << tr("%1: not compared (no %2 %3 peak)")
                         .arg(m_session->shortName(hw).toHtmlEscaped(),
                              QString::fromUtf8(precisionName(cost.precision)).toUpper(),
                              QString::fromUtf8(computeUnitName(cost.unit)));
            continue;
        }
        if (!s)
            continue;
        // Always read it as "older → newer": from the slower to the faster accelerator.
        const bool faster = *s >= 1.0;
        const auto& from = faster ? *b : *e;
        const auto& to = faster ? *e : *b;
        const QString fromName = m_session->shortName(faster ? base : hw);
        const QString toName = m_session->shortName(faster ? hw : base);
        const double speed = faster ? *s : 1.0 / *s;
        // Like with like: the peak of the precision and unit the operator asks for on both
        // GPUs (core peakRatio), not whatever each fell back to.
        const Cost cost = m_session->operators()[static_cast<std::size_t>(op)].cost();
        const QString precision = QString::fromUtf8(precisionName(cost.precision)).toUpper();
        const QString unit = QString::fromUtf8(computeUnitName(cost.unit));
        const Hardware& fromHw =
            m_session->hardware()[static_cast<std::size_t>(faster ? base : hw)];
        const Hardware& toHw = m_session->hardware()[static_cast<std::size_t>(faster ? hw : base)];
        const PeakRatio peak = peakRatio(fromHw, toHw, cost.precision, cost.unit);
        const QString bandwidth =
            QString::number(to.memory.bytesPerS / from.memory.bytesPerS, 'f', 2);
        if (peak.ratio) {
            lines << tr("%1 → %2: <b>%3× faster</b> while the %4 %5 peak grew %6× and bandwidth "
                        "%7×")
                         .arg(fromName.toHtmlEscaped(), toName.toHtmlEscaped(),
                              QString::number(speed, 'f', 2), precision, unit,
                              QString::number(*peak.ratio, 'f', 2), bandwidth);
        } else {
            const QString missing = m_session->shortName(
                peak.missingOn == &fromHw ? (faster ? base : hw) : (faster ? hw : base));
            lines << tr("%1 → %2: <b>%3× faster</b>, bandwidth grew %4× (no %5 %6 peak on %7)")
                         .arg(fromName.toHtmlEscaped(), toName.toHtmlEscaped(),
                              QString::number(speed, 'f', 2), bandwidth, precision, unit,
                              missing.toHtmlEscaped());
        }
    }
    m_lesson->setText(QStringLiteral("<b>%1</b><br>").arg(opName) +
                      lines.join(QStringLiteral("<br>")));
}

} // namespace roofscope
