#include "ui/document/operatorlist.h"

#include "core/roofline/sweep.h"
#include "ui/document/acceleratorselection.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {

const Expected<Estimate>& notShown()
{
    static const Expected<Estimate> kNotShown(Error{"not shown"});
    return kNotShown;
}

} // namespace

void OperatorList::reset(std::vector<Operator> operators, int selected,
                         const AcceleratorSelection& gpus)
{
    m_operators = std::move(operators);
    setSelected(selected);
    reestimate(gpus);
}

std::optional<std::pair<int, int>> OperatorList::replace(const std::vector<Operator>& operators,
                                                         const AcceleratorSelection& gpus)
{
    std::optional<std::pair<int, int>> changed;
    const std::size_t rows = std::min(operators.size(), m_operators.size());
    for (std::size_t i = 0; i < rows; ++i) {
        if (operators[i] == m_operators[i])
            continue;
        m_operators[i] = operators[i];
        const int row = static_cast<int>(i);
        estimateRow(row, gpus);
        changed = changed ? std::pair(changed->first, row) : std::pair(row, row);
    }
    return changed;
}

void OperatorList::reestimate(const AcceleratorSelection& gpus)
{
    m_estimates.clear();
    m_estimates.reserve(m_operators.size());
    for (std::size_t i = 0; i < m_operators.size(); ++i) {
        m_estimates.emplace_back(gpus.hardware().size(), notShown());
        estimateRow(static_cast<int>(i), gpus);
    }
}

void OperatorList::estimateRow(int row, const AcceleratorSelection& gpus)
{
    auto& out = m_estimates[static_cast<std::size_t>(row)];
    const Cost cost = m_operators[static_cast<std::size_t>(row)].cost();
    for (int hw : gpus.checked())
        out[static_cast<std::size_t>(hw)] =
            roofscope::estimate(cost, gpus.hardware()[static_cast<std::size_t>(hw)]);
}

const Expected<Estimate>& OperatorList::estimate(int op, int hw) const
{
    if (op < 0 || op >= static_cast<int>(m_estimates.size()))
        return notShown();
    const auto& row = m_estimates[static_cast<std::size_t>(op)];
    if (hw < 0 || hw >= static_cast<int>(row.size()))
        return notShown();
    return row[static_cast<std::size_t>(hw)];
}

std::pair<double, double> OperatorList::paramRange(int row, const std::string& name) const
{
    if (!isValidRow(row))
        return {1.0, 4096.0};
    return parameterRange(m_operators[static_cast<std::size_t>(row)], name);
}

std::optional<double> OperatorList::solveDriving(int row, double ai) const
{
    if (!isValidRow(row))
        return std::nullopt;
    const Operator& op = m_operators[static_cast<std::size_t>(row)];
    const std::string& param = op.definition().drivingParam;
    if (param.empty())
        return std::nullopt;
    const auto [lo, hi] = paramRange(row, param);
    auto solved = solveForIntensity(op, param, ai, lo, hi);
    if (!solved)
        return std::nullopt;
    double value = 0.0;
    if (solved->has_value()) {
        value = **solved;
    } else {
        // Out of reach: the end of the range whose intensity is nearer to the target.
        const double aiLo = op.costWith(param, lo).arithmeticIntensity();
        const double aiHi = op.costWith(param, hi).arithmeticIntensity();
        value = std::abs(std::log(ai / aiLo)) < std::abs(std::log(ai / aiHi)) ? lo : hi;
    }
    const ParamDef* def = op.definition().findParam(param);
    if (!def || def->type == ParamType::Integer)
        value = std::round(value);
    return std::clamp(value, lo, hi);
}

std::optional<FigureSweep> OperatorList::sweep(int row, const Hardware& hw, int hwIndex) const
{
    if (!isValidRow(row))
        return std::nullopt;
    return sweepFor(m_operators[static_cast<std::size_t>(row)], row, hw, hwIndex);
}

std::optional<double> OperatorList::crossing(int row, const Hardware& hw) const
{
    if (!isValidRow(row))
        return std::nullopt;
    const Operator& op = m_operators[static_cast<std::size_t>(row)];
    const std::string& param = op.definition().drivingParam;
    if (param.empty())
        return std::nullopt;
    const auto [lo, hi] = paramRange(row, param);
    auto c = ridgeCrossing(op, param, hw, lo, hi);
    if (!c || !c->has_value())
        return std::nullopt;
    return **c;
}

} // namespace roofscope
