#pragma once

#include "core/figure/figure.h"
#include "core/roofline/operators.h"
#include "core/roofline/roofline.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roofscope {

class AcceleratorSelection;

// The document's operators, the selected one, and the core's estimate of every operator on
// every checked accelerator, recomputed only for what an edit touched. One part of the
// document; it knows nothing of undo or signals (the document's operator edits are commands
// that end in replace() or reset()).
class OperatorList {
public:
    const std::vector<Operator>& operators() const { return m_operators; }
    int size() const { return static_cast<int>(m_operators.size()); }
    bool isValidRow(int row) const { return row >= 0 && row < size(); }
    int selected() const { return m_selected; }
    // Out of range: none (-1).
    void setSelected(int row) { m_selected = isValidRow(row) ? row : -1; }

    // New rows: every estimate is computed again.
    void reset(std::vector<Operator> operators, int selected, const AcceleratorSelection& gpus);
    // The same number of rows: only the rows that differ are replaced and re-estimated. Returns
    // the first and last row that changed, nullopt when none did.
    std::optional<std::pair<int, int>> replace(const std::vector<Operator>& operators,
                                               const AcceleratorSelection& gpus);
    // The accelerators checked or the catalog changed.
    void reestimate(const AcceleratorSelection& gpus);

    // The core's verdict for operator `op` on accelerator `hw` ("not shown" when `hw` is not
    // checked).
    const Expected<Estimate>& estimate(int op, int hw) const;

    // The slider / drag range of a numeric parameter (core parameterRange).
    std::pair<double, double> paramRange(int row, const std::string& name) const;
    // Solves for the driving parameter giving `ai` (snapped to whole numbers, clamped to
    // paramRange); nullopt when the operator has no driving parameter.
    std::optional<double> solveDriving(int row, double ai) const;
    // Operator `row`'s driving parameter swept over its range on accelerator `hw` (index
    // `hwIndex`), and the crossing value (the seed's B*): the core's sweepFor.
    std::optional<FigureSweep> sweep(int row, const Hardware& hw, int hwIndex) const;
    // Only the crossing value of the driving parameter (nullopt: never crosses in range).
    std::optional<double> crossing(int row, const Hardware& hw) const;

private:
    void estimateRow(int row, const AcceleratorSelection& gpus);

    std::vector<Operator> m_operators;
    int m_selected = -1;
    // m_estimates[op][hardware index], filled for checked accelerators only.
    std::vector<std::vector<Expected<Estimate>>> m_estimates;
};

} // namespace roofscope
