// Dragged label positions in the scenario document (issue 10 item 18): stable keys, a round
// trip, and every malformed entry named by file, JSON pointer and problem.
#include "core/labelkeys.h"
#include "core/scenario.h"

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
