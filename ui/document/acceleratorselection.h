#pragma once

#include "core/document/scenario.h"
#include "core/figure/palette.h"
#include "core/hardware/catalog.h"

#include <QString>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// The document's accelerators: the catalog, the checked ones with their colours, and the
// baseline. One part of the document; it knows nothing of undo or signals. Each edit is first
// computed as the next State (withChecked, withBaseline), which the document pushes as one undo
// step and applies with setState; so checking a GPU and undoing it restore the same colours.
class AcceleratorSelection {
public:
    // The checked set, its colours and the baseline: what one undo step of the accelerator
    // list restores.
    struct State {
        std::vector<int> checked; // indices into hardware(), ascending
        std::map<int, int> colorSlots;
        int baseline = -1;
        bool operator==(const State&) const = default;
    };

    AcceleratorSelection(HardwareCatalog catalog, ColorOverrides colors);

    const HardwareCatalog& catalog() const { return m_catalog; }
    const std::vector<Hardware>& hardware() const { return m_catalog.all(); }
    bool isValidIndex(int hw) const { return hw >= 0 && hw < static_cast<int>(hardware().size()); }
    // The index of accelerator `id` in hardware(), or -1.
    int indexOf(std::string_view id) const;

    const std::vector<int>& checked() const { return m_state.checked; }
    bool isChecked(int hw) const;
    // Always a checked accelerator, or -1 when none is checked.
    int baseline() const { return m_state.baseline; }
    const State& state() const { return m_state; }

    // The palette slot of an accelerator: given when it is checked (core assignColors, first
    // come first served) and kept while it stays checked, so checking another never recolours
    // it; the window's exports draw the same (Session::figure).
    int colorSlot(int hw) const;
    // The colour the user chose for it in the settings, if any (0xRRGGBB).
    std::optional<std::uint32_t> colorOverride(int hw) const;
    const ColorOverrides& colorOverrides() const { return m_colorOverrides; }
    void setColorOverrides(ColorOverrides colors) { m_colorOverrides = std::move(colors); }
    // "H100 SXM5 80GB" for "NVIDIA H100 SXM5 80GB": the vendor is shown elsewhere.
    QString shortName(int hw) const;

    // The state after checking or unchecking `hw`: a new baseline when the set had none or lost
    // it, colours for the new set. The current state when nothing would change.
    State withChecked(int hw, bool checked) const;
    // The state with `hw` as the baseline, checked if it was not.
    State withBaseline(int hw) const;
    void setState(State state) { m_state = std::move(state); }

    // Replaces the catalog (a user catalog added, an accelerator edited or removed, and their
    // undo) with `state`, less the accelerators it no longer has; entries keep their index when
    // the new catalog keeps them in place (merge does).
    void setCatalog(HardwareCatalog catalog, State state);
    // An opened document's selection: the ids checked, its baseline (empty: the first
    // checked) and the colours it saved (an id without one takes a free one), in `catalog`,
    // which holds them all.
    void reset(HardwareCatalog catalog, const std::vector<std::string>& checkedIds,
               const std::string& baselineId, const ScenarioPalette& palette = {});
    // The checked accelerators' colours by id, as a document saves them.
    ScenarioPalette palette() const;

private:
    std::map<int, int> colorSlotsFor(const std::vector<int>& checked) const;

    HardwareCatalog m_catalog;
    ColorOverrides m_colorOverrides;
    State m_state;
};

} // namespace roofscope
