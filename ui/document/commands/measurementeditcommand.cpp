#include "ui/document/commands/measurementeditcommand.h"

#include "ui/document/measurementstore.h"

namespace roofscope {

MeasurementEditCommand::MeasurementEditCommand(MeasurementStore* store, const QString& text,
                                               Kind kind, int index,
                                               std::optional<MeasurementSet> set,
                                               std::vector<KernelLink> linksBefore,
                                               std::vector<KernelLink> linksAfter,
                                               std::optional<Relabel> relabel)
    : QUndoCommand(text), m_store(store), m_kind(kind), m_index(index), m_set(std::move(set)),
      m_linksBefore(std::move(linksBefore)), m_linksAfter(std::move(linksAfter)),
      m_relabel(std::move(relabel))
{
}

void MeasurementEditCommand::add()
{
    if (m_set) {
        m_store->insertMeasurementSetInternal(m_index, std::move(*m_set));
        m_set.reset();
    }
}

void MeasurementEditCommand::take()
{
    m_set = m_store->takeMeasurementSetInternal(m_index);
}

void MeasurementEditCommand::redo()
{
    if (m_relabel)
        m_store->setMeasurementLabelInternal(m_relabel->set, m_relabel->after);
    if (m_kind == Kind::Import)
        add();
    else if (m_kind == Kind::Remove)
        take();
    m_store->setKernelLinksInternal(m_linksAfter);
}

void MeasurementEditCommand::undo()
{
    if (m_kind == Kind::Import)
        take();
    else if (m_kind == Kind::Remove)
        add();
    if (m_relabel)
        m_store->setMeasurementLabelInternal(m_relabel->set, m_relabel->before);
    m_store->setKernelLinksInternal(m_linksBefore);
}

} // namespace roofscope
