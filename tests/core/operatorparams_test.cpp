// Typed parameters: every kind's cost formula reads only parameters its kind declares. Reading
// anything else is a programming error (std::logic_error), found here by walking every kind with
// every choice and precision, not a silent 0 or FP16 at run time.
#include "core/hardware/precision.h"
#include "core/roofline/operators.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace roofscope {
namespace {

std::string valueText(const ParamValue& v)
{
    if (const double* d = std::get_if<double>(&v))
        return formatParamNumber(*d);
    return std::get<std::string>(v);
}

// Every kind with its defaults, then each word parameter at each of its values.
TEST(TypedParams, EveryKindReadsOnlyDeclaredParameters)
{
    int costs = 0;
    for (const OperatorKind& kind : operatorKinds()) {
        std::vector<Assignments> variants = {{}};
        for (const ParamDef& def : kind.params) {
            std::vector<std::string> values = def.choices;
            if (def.type == ParamType::Precision) {
                for (Precision p : kAllPrecisions)
                    values.emplace_back(precisionName(p));
            }
            if (def.type == ParamType::Integer || def.type == ParamType::Real)
                values = {formatParamNumber(std::max(def.min, 1.0))};
            for (const std::string& v : values)
                variants.push_back({{def.name, v}});
        }
        for (const Assignments& a : variants) {
            auto op = makeOperator(kind.name, a);
            if (!op)
                continue; // a combination the kind rejects (say, int4 activations)
            EXPECT_NO_THROW(op->cost()) << kind.name << " " << (a.empty() ? "" : a[0].first) << "="
                                        << (a.empty() ? "" : a[0].second);
            ++costs;
        }
        // Every declared parameter is filled: nothing a formula may read is missing.
        auto op = makeOperator(kind.name, {});
        ASSERT_TRUE(op) << kind.name;
        for (const ParamDef& def : kind.params) {
            ASSERT_TRUE(op->params.has(def.name)) << kind.name << "." << def.name;
            EXPECT_FALSE(valueText(op->params.values().at(def.name)).empty());
        }
    }
    EXPECT_GT(costs, static_cast<int>(operatorKinds().size()) * 3);
}

TEST(TypedParams, UndeclaredNameIsAnErrorNotZero)
{
    auto op = makeOperator("matmul", {});
    ASSERT_TRUE(op);
    EXPECT_THROW(op->params.number("batch"), std::logic_error); // matmul has m, not batch
    EXPECT_THROW(op->params.precision("kv_dtype"), std::logic_error);
    EXPECT_THROW(op->params.number("dtype"), std::logic_error); // a word read as a number
    EXPECT_DOUBLE_EQ(op->params.number("m"), 1.0);
}

// Every kind, not just matmul: a name no kind declares is caught by each typed reader, and a
// declared name read as the wrong type is caught too.
TEST(TypedParams, EveryKindCatchesAnUndeclaredName)
{
    for (const OperatorKind& kind : operatorKinds()) {
        auto op = makeOperator(kind.name, {});
        ASSERT_TRUE(op) << kind.name;
        EXPECT_FALSE(op->params.has("not_a_parameter")) << kind.name;
        EXPECT_THROW(op->params.number("not_a_parameter"), std::logic_error) << kind.name;
        EXPECT_THROW(op->params.text("not_a_parameter"), std::logic_error) << kind.name;
        EXPECT_THROW(op->params.precision("not_a_parameter"), std::logic_error) << kind.name;
        for (const ParamDef& def : kind.params) {
            if (def.type == ParamType::Integer || def.type == ParamType::Real)
                EXPECT_THROW(op->params.text(def.name), std::logic_error)
                    << kind.name << "." << def.name;
            else
                EXPECT_THROW(op->params.number(def.name), std::logic_error)
                    << kind.name << "." << def.name;
        }
    }
}

TEST(TypedParams, UnknownKindDoesNotFallBackToTheFirstKind)
{
    Operator op;
    op.kind = "nonexistent";
    EXPECT_THROW(op.definition(), std::logic_error);
    EXPECT_FALSE(makeOperator("nonexistent", {}));
}

} // namespace
} // namespace roofscope
