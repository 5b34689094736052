// Dragged label positions in the scenario document: stable keys, a round trip, and every malformed
// entry named by file, JSON pointer and problem.
#include "core/document/labelkeys.h"
#include "core/document/scenario.h"

#include <gtest/gtest.h>

using namespace roofscope;

namespace {

std::string errorOf(const std::string& pins)
{
    const std::string text =
        R"({"format":"roofscope-scenario","version":1,"label_positions":)" + pins + "}";
    auto s = parseScenario(text, "s.roofscope.json");
    return s.ok() ? std::string("(no error)") : s.error().message;
}

} // namespace

TEST(LabelKeys, StableForms)
{
    EXPECT_EQ(ridgeLabelKey("h100-sxm5"), "ridge:h100-sxm5");
    EXPECT_EQ(roofLabelKey("FP16 tensor", 989.4e12), "roof:FP16 tensor@9.89e+14");
    // A repeated operator name gets a number, so two labels never share a pin by accident.
    EXPECT_EQ(operatorLabelKeys({"Add", "Decode matmul", "Add", "Add"}),
              (std::vector<std::string>{"op:Add", "op:Decode matmul", "op:Add#2", "op:Add#3"}));
    EXPECT_TRUE(isLabelKey("op:Add"));
    EXPECT_TRUE(isLabelKey("roof:FP16/BF16 tensor@9.89e+14"));
    EXPECT_FALSE(isLabelKey("op:"));
    EXPECT_FALSE(isLabelKey("point:Add"));
    EXPECT_FALSE(isLabelKey(""));
}

TEST(LabelPositions, RoundTripThroughTheDocument)
{
    Scenario s = defaultScenario();
    s.labelPositions["op:Decode matmul"] = {120.5, -42.0};
    s.labelPositions["roof:FP16/BF16 tensor@9.89e+14"] = {-300.0, 18.25};
    const std::string json = scenarioToJson(s);
    EXPECT_NE(json.find("\"label_positions\""), std::string::npos);
    EXPECT_NE(json.find("\"op:Decode matmul\""), std::string::npos);
    auto back = parseScenario(json, "s.roofscope.json");
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->labelPositions, s.labelPositions);
    EXPECT_EQ(back->labelPositions.at("op:Decode matmul").dx, 120.5);
    EXPECT_EQ(back->labelPositions.at("op:Decode matmul").dy, -42.0);
    EXPECT_EQ(*back, s);
}

TEST(LabelPositions, AbsentWhenNoneAreDragged)
{
    EXPECT_EQ(scenarioToJson(defaultScenario()).find("label_positions"), std::string::npos);
}

TEST(LabelPositions, BadEntriesNameTheirPointer)
{
    EXPECT_EQ(errorOf("[]"), "s.roofscope.json: /label_positions: expected an object, got array");
    EXPECT_EQ(errorOf(R"({"point:x":{"dx":1,"dy":2}})"),
              "s.roofscope.json: /label_positions/point:x: unknown label; expected \"op:NAME\", "
              "\"ridge:GPU\" or \"roof:NAME@VALUE\"");
    EXPECT_EQ(errorOf(R"({"op:Add":5})"), "s.roofscope.json: /label_positions/op:Add: expected "
                                          "an object with \"dx\" and \"dy\", got number");
    EXPECT_EQ(errorOf(R"({"op:Add":{"dx":1}})"),
              "s.roofscope.json: /label_positions/op:Add/dy: missing");
    EXPECT_EQ(errorOf(R"({"op:Add":{"dx":"1","dy":2}})"),
              "s.roofscope.json: /label_positions/op:Add/dx: expected a number, got string");
    EXPECT_EQ(errorOf(R"({"op:Add":{"dx":1,"dy":2,"dz":3}})"),
              "s.roofscope.json: /label_positions/op:Add/dz: unknown key");
    EXPECT_EQ(errorOf(R"({"op:Add":{"dx":1e6,"dy":2}})"),
              "s.roofscope.json: /label_positions/op:Add/dx: must be a number from -10000 to "
              "10000 (pixels)");
    // A "/" in a key is escaped as the JSON pointer standard says.
    EXPECT_EQ(errorOf(R"({"roof:FP16/BF16 tensor@1e+15":{"dx":true,"dy":0}})"),
              "s.roofscope.json: /label_positions/roof:FP16~1BF16 tensor@1e+15/dx: expected a "
              "number, got boolean");
}

// A renamed operator keeps its pin: the pin moves to the key of its new name (the window's
// rename and parameter edits push this with the operator edit, one undo step).
TEST(FollowOperatorLabels, RenameMovesThePinAndLeavesTheOthers)
{
    LabelPositions pins{{"op:Add", {10.0, -5.0}},
                        {"op:Decode matmul", {1.0, 2.0}},
                        {"ridge:h100-sxm5", {3.0, 4.0}},
                        {"op:Gone", {7.0, 7.0}}};
    const LabelPositions after = followOperatorLabels(pins, {"Add", "Decode matmul"},
                                                      {"Residual add", "Decode matmul"}, {0, 1});
    EXPECT_EQ(after, (LabelPositions{{"op:Residual add", {10.0, -5.0}},
                                     {"op:Decode matmul", {1.0, 2.0}},
                                     {"ridge:h100-sxm5", {3.0, 4.0}},
                                     {"op:Gone", {7.0, 7.0}}}));
    // Nothing renamed, nothing moved.
    EXPECT_EQ(
        followOperatorLabels(pins, {"Add", "Decode matmul"}, {"Add", "Decode matmul"}, {0, 1}),
        pins);
}

TEST(FollowOperatorLabels, RepeatedNamesRenumberAndKeepTheirOwnPins)
{
    // Three "Add"s, the second pinned ("op:Add#2"). Renaming the first makes the second the
    // plain "op:Add" and the third "op:Add#2": the pin goes with the second, and the third,
    // unpinned, does not inherit it.
    const LabelPositions pins{{"op:Add#2", {20.0, 30.0}}};
    EXPECT_EQ(followOperatorLabels(pins, {"Add", "Add", "Add"}, {"Scale", "Add", "Add"}, {0, 1, 2}),
              (LabelPositions{{"op:Add", {20.0, 30.0}}}));
    // Renamed to a name another operator has: it becomes the "#2" of that name, with its pin.
    EXPECT_EQ(followOperatorLabels({{"op:Add", {1.0, 1.0}}, {"op:Scale", {2.0, 2.0}}},
                                   {"Add", "Scale"}, {"Add", "Add"}, {0, 1}),
              (LabelPositions{{"op:Add", {1.0, 1.0}}, {"op:Add#2", {2.0, 2.0}}}));
    // An unpinned operator renamed onto a stale pin (of an operator removed earlier) does not
    // jump to it.
    EXPECT_EQ(followOperatorLabels({{"op:Old", {5.0, 5.0}}}, {"Add"}, {"Old"}, {0}),
              LabelPositions{});
}

TEST(FollowOperatorLabels, InsertedAndRemovedNamesakesDoNotStealPins)
{
    // Removing the first of two "Add"s: the second becomes "op:Add" and keeps its own pin,
    // not the removed one's.
    const LabelPositions two{{"op:Add", {1.0, 1.0}}, {"op:Add#2", {2.0, 2.0}}};
    EXPECT_EQ(followOperatorLabels(two, {"Add", "Add"}, {"Add"}, {1}),
              (LabelPositions{{"op:Add", {2.0, 2.0}}}));
    // Inserting a new "Add" in front: the pinned one becomes "#2", the new one is free.
    EXPECT_EQ(followOperatorLabels({{"op:Add", {1.0, 1.0}}}, {"Add"}, {"Add", "Add"}, {-1, 0}),
              (LabelPositions{{"op:Add#2", {1.0, 1.0}}}));
    // A mapping that does not fit the lists changes nothing.
    EXPECT_EQ(followOperatorLabels(two, {"Add", "Add"}, {"X"}, {}), two);
}
