#include "ui/widgets/modeltotalspanel.h"

#include "core/util/format.h"
#include "ui/controls/columnfitter.h"
#include "ui/controls/livelabel.h"
#include "ui/document/modelworkbench.h"
#include "ui/document/session.h"
#include "ui/models/modeltotalsmodel.h"
#include "ui/text/humanformat.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace roofscope {

ModelTotalsPanel::ModelTotalsPanel(ModelWorkbench* workbench, QWidget* parent)
    : QWidget(parent), m_workbench(workbench), m_model(new ModelTotalsModel(workbench, this)),
      m_caption(new LiveLabel(this)), m_table(new QTableView(this)),
      m_published(new LiveLabel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_caption->setTextFormat(Qt::RichText);
    m_caption->setWordWrap(true);
    layout->addWidget(m_caption);
    layout->addWidget(m_table, 1);
    m_published->setObjectName(QStringLiteral("publishedRangeLine"));
    m_published->setWordWrap(true);
    m_published->setToolTip(
        tr("The bundled published measurements (Help ▸ Published Measurements…) held against "
           "RoofScope's bound for each one's own set-up: measured ÷ bound ran from the low to the "
           "high figure. Multiplied into this step's tokens/s they show where real systems have "
           "landed under such a bound. Past measurements, never a prediction."));
    layout->addWidget(m_published);
    m_table->setModel(m_model);
    // One column per meaning: the memory-bound share is in the Memory-bound time's parentheses
    // ("229.7 ms (83 %)"); a "Mem-bound 83 %" column beside it said it twice. The model keeps it
    // for sorting and for the tests of the share itself.
    m_table->setColumnHidden(ModelTotalsModel::MemoryBoundColumn, true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    ColumnFitter::install(m_table, m_table->horizontalHeader(), false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    connect(workbench, &ModelWorkbench::changed, this, &ModelTotalsPanel::refresh);
    refresh();
}

QString ModelTotalsPanel::caption() const
{
    const InferenceScenario& s = m_workbench->scenario();
    const bool decode = s.phase == Phase::Decode;
    auto upper = [](Precision p) { return QString::fromUtf8(precisionName(p)).toUpper(); };
    const QString what = decode ? tr("decode, batch %1, context %2").arg(s.batch).arg(s.context)
                                : tr("prefill, batch %1, prompt %2").arg(s.batch).arg(s.context);
    QString text = tr("<b>%1</b>: %2 · weights %3, activations %4, KV %5 · %6")
                       .arg(QString::fromStdString(m_workbench->model().name).toHtmlEscaped(), what,
                            upper(s.weights), upper(s.activations), upper(s.kvCache),
                            s.fused ? tr("fused") : tr("unfused"));
    const Layout& layout = m_workbench->layout();
    if (layout != Layout{})
        text += QStringLiteral(" · <b>") +
                tr("%1 on %2 GPUs").arg(QString::fromStdString(layout.name())).arg(layout.gpus()) +
                QStringLiteral("</b>");
    if (!m_workbench->isShown())
        text += QStringLiteral(" · <i>") + tr("not on the chart") + QStringLiteral("</i>");
    return text;
}

QString ModelTotalsPanel::publishedLine() const
{
    const Session* session = m_workbench->session();
    const std::vector<int>& checked = session->checkedHardware();
    if (checked.empty())
        return {};
    const bool baselineChecked =
        std::find(checked.begin(), checked.end(), session->baseline()) != checked.end();
    const int hw = baselineChecked ? session->baseline() : checked.front();
    const std::optional<RealRange> range = m_model->publishedRange(hw);
    if (!range)
        return {};
    return tr("%1: on %2 expect %3–%4 tokens/s (median %5)")
        .arg(m_model->publishedBandText(), session->shortName(hw),
             HumanFormat::count(range->low, 3), HumanFormat::count(range->high, 3),
             HumanFormat::count(range->median, 3));
}

void ModelTotalsPanel::refresh()
{
    m_caption->setText(caption());
    const QString line = publishedLine();
    m_published->setText(line);
    m_published->setVisible(!line.isEmpty());
}

} // namespace roofscope
