#include "ui/widgets/publisheddialog.h"

#include "ui/models/publishedmodel.h"

#include <QAction>
#include <QClipboard>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QScreen>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace roofscope {

PublishedDialog::PublishedDialog(const ModelCatalog& models, const HardwareCatalog& hardware,
                                 QWidget* parent)
    : QDialog(parent), m_model(new PublishedModel(this)), m_proxy(new QSortFilterProxyModel(this)),
      m_table(new QTableView(this)), m_summary(new QLabel(this))
{
    setWindowTitle(tr("Published Measurements"));
    setObjectName(QStringLiteral("publishedDialog"));
    m_model->evaluate(models, hardware);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(PublishedModel::SortRole);

    const auto band = publishedBand(m_model->rows());
    const long long failed = std::count_if(m_model->rows().begin(), m_model->rows().end(),
                                           [](const PublishedRowBound& r) { return !r.bound; });
    QString summary =
        band ? tr("%1 published measurements from %2 sources, each beside RoofScope's bound for "
                  "its own set-up: measured ÷ bound (bound ÷ measured for a time) ran from %3 to "
                  "%4, median %5. Measurements of real systems, never a prediction.")
                   .arg(m_model->rowCount())
                   .arg(band->sources)
                   .arg(QLocale().toString(band->spread.min, 'f', 2),
                        QLocale().toString(band->spread.max, 'f', 2),
                        QLocale().toString(band->spread.median, 'f', 2))
             : tr("No published measurement could be evaluated.");
    if (failed > 0)
        summary += QLatin1Char(' ') + tr("%n row(s) could not be evaluated (see the Ratio column).",
                                         nullptr, static_cast<int>(failed));
    m_summary->setText(summary);
    m_summary->setWordWrap(true);

    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // the dataset's order until a header is clicked
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->resizeColumnsToContents();
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex& index) {
        if (index.column() != PublishedModel::SourceColumn)
            return;
        const QUrl url(index.data(PublishedModel::UrlRole).toString());
        if (url.isValid() && !url.scheme().isEmpty())
            QDesktopServices::openUrl(url);
    });

    auto* copy = new QAction(tr("Copy"), this);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copy, &QAction::triggered, this, &PublishedDialog::copyRows);
    m_table->addAction(copy);
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    // Wide enough for the measured value, the bound and the ratio beside the set-up.
    const QSize wanted(1440, 600);
    resize(screen() ? wanted.boundedTo(screen()->availableSize()) : wanted);
}

QString PublishedDialog::selectedRowsText() const
{
    std::vector<int> rows; // the view's rows, top to bottom
    for (const QModelIndex& index : m_table->selectionModel()->selectedRows())
        rows.push_back(index.row());
    if (rows.empty())
        return {};
    std::sort(rows.begin(), rows.end());
    // The columns in the order the header shows them, hidden ones left out.
    const QHeaderView* header = m_table->horizontalHeader();
    std::vector<int> columns;
    for (int visual = 0; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (!header->isSectionHidden(logical))
            columns.push_back(logical);
    }
    // Tabs and line breaks inside a cell would split it.
    auto clean = [](QString text) {
        return text.replace(QLatin1Char('\t'), QLatin1Char(' '))
            .replace(QLatin1Char('\n'), QLatin1Char(' '));
    };
    QStringList lines;
    QStringList titles;
    for (int column : columns)
        titles << clean(m_proxy->headerData(column, Qt::Horizontal).toString());
    titles << tr("Link");
    lines << titles.join(QLatin1Char('\t'));
    for (int row : rows) {
        QStringList cells;
        for (int column : columns)
            cells << clean(m_proxy->index(row, column).data().toString());
        cells << clean(m_proxy->index(row, PublishedModel::SourceColumn)
                           .data(PublishedModel::UrlRole)
                           .toString());
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void PublishedDialog::copyRows()
{
    const QString text = selectedRowsText();
    if (!text.isEmpty())
        QGuiApplication::clipboard()->setText(text);
}

} // namespace roofscope
