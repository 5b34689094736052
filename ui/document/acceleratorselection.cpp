#include "ui/document/acceleratorselection.h"

#include "core/figure/paletteassignment.h"

#include <algorithm>
#include <utility>

namespace roofscope {

AcceleratorSelection::AcceleratorSelection(HardwareCatalog catalog, ColorOverrides colors)
    : m_catalog(std::move(catalog)), m_colorOverrides(std::move(colors))
{
}

int AcceleratorSelection::indexOf(std::string_view id) const
{
    const auto& all = hardware();
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (all[i].id == id)
            return static_cast<int>(i);
    }
    return -1;
}

bool AcceleratorSelection::isChecked(int hw) const
{
    return std::find(checked().begin(), checked().end(), hw) != checked().end();
}

int AcceleratorSelection::colorSlot(int hw) const
{
    const auto it = m_state.colorSlots.find(hw);
    if (it != m_state.colorSlots.end())
        return it->second;
    return isValidIndex(hw) ? preferredColorSlot(hardware()[static_cast<std::size_t>(hw)].id) : 0;
}

std::optional<std::uint32_t> AcceleratorSelection::colorOverride(int hw) const
{
    if (!isValidIndex(hw))
        return std::nullopt;
    const auto it = m_colorOverrides.find(hardware()[static_cast<std::size_t>(hw)].id);
    return it == m_colorOverrides.end() ? std::nullopt : std::optional(it->second);
}

QString AcceleratorSelection::shortName(int hw) const
{
    if (!isValidIndex(hw))
        return {};
    const Hardware& h = hardware()[static_cast<std::size_t>(hw)];
    std::string name = h.name;
    if (!h.vendor.empty() && name.rfind(h.vendor + ' ', 0) == 0)
        name = name.substr(h.vendor.size() + 1);
    return QString::fromStdString(name);
}

std::map<int, int> AcceleratorSelection::colorSlotsFor(const std::vector<int>& checked) const
{
    // The colours given so far stay (core assignColors): checking another accelerator never
    // recolours one, and a newcomer takes a hue no checked one has.
    std::vector<std::string> ids;
    PaletteAssignment kept;
    ids.reserve(checked.size());
    for (int hw : checked) {
        const std::string& id = hardware()[static_cast<std::size_t>(hw)].id;
        ids.push_back(id);
        if (const auto it = m_state.colorSlots.find(hw); it != m_state.colorSlots.end())
            kept[id] = it->second;
    }
    const PaletteAssignment assigned = assignColors(kept, ids);
    std::map<int, int> slotOf;
    for (std::size_t i = 0; i < checked.size(); ++i)
        slotOf[checked[i]] = assigned.at(ids[i]);
    return slotOf;
}

AcceleratorSelection::State AcceleratorSelection::withChecked(int hw, bool checked) const
{
    State next = m_state;
    if (!isValidIndex(hw) || isChecked(hw) == checked)
        return next;
    if (checked) {
        next.checked.push_back(hw);
        std::sort(next.checked.begin(), next.checked.end());
        if (next.baseline < 0)
            next.baseline = hw;
    } else {
        std::erase(next.checked, hw);
        if (next.baseline == hw)
            next.baseline = next.checked.empty() ? -1 : next.checked.front();
    }
    next.colorSlots = colorSlotsFor(next.checked);
    return next;
}

AcceleratorSelection::State AcceleratorSelection::withBaseline(int hw) const
{
    State next = m_state;
    if (!isValidIndex(hw))
        return next;
    if (!isChecked(hw)) {
        next.checked.push_back(hw);
        std::sort(next.checked.begin(), next.checked.end());
        next.colorSlots = colorSlotsFor(next.checked);
    }
    next.baseline = hw;
    return next;
}

void AcceleratorSelection::setCatalog(HardwareCatalog catalog, State state)
{
    m_catalog = std::move(catalog);
    const int count = static_cast<int>(hardware().size());
    std::erase_if(state.checked, [count](int hw) { return hw < 0 || hw >= count; });
    std::erase_if(state.colorSlots, [count](const auto& slot) { return slot.first >= count; });
    if (state.baseline >= count || (state.baseline < 0 && !state.checked.empty()))
        state.baseline = state.checked.empty() ? -1 : state.checked.front();
    // The state's own colours are the ones kept (an undo brings its colours back).
    m_state = std::move(state);
    m_state.colorSlots = colorSlotsFor(m_state.checked);
}

void AcceleratorSelection::reset(HardwareCatalog catalog,
                                 const std::vector<std::string>& checkedIds,
                                 const std::string& baselineId, const ScenarioPalette& palette)
{
    m_catalog = std::move(catalog);
    State state;
    for (const std::string& id : checkedIds)
        state.checked.push_back(indexOf(id));
    std::sort(state.checked.begin(), state.checked.end());
    state.baseline = baselineId.empty() ? (state.checked.empty() ? -1 : state.checked.front())
                                        : indexOf(baselineId);
    // An opened document's colours are the ones it saved; those it has none for are given in
    // catalog order, as buildFigure gives them.
    for (int hw : state.checked) {
        if (const auto it = palette.find(hardware()[static_cast<std::size_t>(hw)].id);
            it != palette.end())
            state.colorSlots[hw] = it->second;
    }
    m_state = std::move(state);
    m_state.colorSlots = colorSlotsFor(m_state.checked);
}

ScenarioPalette AcceleratorSelection::palette() const
{
    ScenarioPalette out;
    for (int hw : m_state.checked)
        out[hardware()[static_cast<std::size_t>(hw)].id] = colorSlot(hw);
    return out;
}

} // namespace roofscope
