// The streaming PyTorch trace reader (core/measured/torchtrace): what it keeps of an op's
// inputs for the cost models (sizes, TensorList members, Concrete Inputs) and of the
// recording options in the header.
#include "core/measured/torchtrace.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace roofscope;

namespace {

// What one event held, copied out of the reader's buffers.
struct Input {
    std::vector<double> sizes;
    std::vector<std::vector<double>> members;
    bool list = false, unknown = false, invalid = false;
};

class Collect : public TraceSink {
public:
    void event(const TraceEvent& e) override
    {
        std::vector<Input> inputs;
        for (const TraceShape& d : e.dims) {
            Input in{d.sizes, {}, d.list, d.unknown, d.invalid};
            for (std::size_t i = 0; i < d.members(); ++i)
                in.members.emplace_back(d.member(i).begin(), d.member(i).end());
            inputs.push_back(std::move(in));
        }
        dims.push_back(std::move(inputs));
        concrete.emplace_back(e.concrete.begin(), e.concrete.end());
    }
    void notAnObject(std::size_t) override {}

    std::vector<std::vector<Input>> dims;
    std::vector<std::vector<std::string>> concrete;
};

} // namespace

TEST(TorchTrace, TensorListKeepsItsMembers)
{
    const std::string text = R"({"record_shapes": 1, "with_flops": true, "traceEvents": [
      {"ph": "X", "cat": "cpu_op", "name": "aten::cat", "args": {"Input Dims": [[[0], [16, 8, 512, 128]], []], "Concrete Inputs": ["", "-2"]}},
      {"ph": "X", "cat": "cpu_op", "name": "aten::add", "args": {"Input Dims": [[4, 2], [], [[[1]]], [2, [3]], [[2], 3]], "Concrete Inputs": ["", 1, "[-1]"]}},
      {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "args": {"Input Dims": [[8, 16], [16, 4]]}}
    ]})";
    Collect sink;
    const Expected<TraceHeader> header = readTraceEvents(text, "t.json", sink);
    ASSERT_TRUE(header.ok()) << header.error().message;
    EXPECT_EQ(header->recordShapes, true);
    EXPECT_EQ(header->withFlops, true);
    ASSERT_EQ(sink.dims.size(), 3u);

    const std::vector<Input>& cat = sink.dims[0];
    ASSERT_EQ(cat.size(), 2u);
    EXPECT_TRUE(cat[0].list);
    EXPECT_FALSE(cat[0].unknown);
    EXPECT_EQ(cat[0].members, (std::vector<std::vector<double>>{{0}, {16, 8, 512, 128}}));
    EXPECT_TRUE(cat[1].sizes.empty());
    EXPECT_FALSE(cat[1].list);
    EXPECT_EQ(sink.concrete[0], (std::vector<std::string>{"", "-2"}));

    // The buffers are reused from event to event: nothing of the list is left over.
    const std::vector<Input>& add = sink.dims[1];
    ASSERT_EQ(add.size(), 5u);
    EXPECT_EQ(add[0].sizes, (std::vector<double>{4, 2}));
    EXPECT_FALSE(add[0].list);
    EXPECT_TRUE(add[0].members.empty());
    EXPECT_TRUE(add[1].sizes.empty());
    EXPECT_TRUE(add[2].unknown); // a list of lists of lists
    EXPECT_TRUE(add[3].unknown); // sizes, then a list
    EXPECT_TRUE(add[4].unknown); // a list, then a size
    // A value that is not a string reads as "".
    EXPECT_EQ(sink.concrete[1], (std::vector<std::string>{"", "", "[-1]"}));

    // No Concrete Inputs: none, not the last event's.
    EXPECT_TRUE(sink.concrete[2].empty());
    EXPECT_EQ(sink.dims[2][1].sizes, (std::vector<double>{16, 4}));
}

TEST(TorchTrace, RecordingOptionsAbsentOrOff)
{
    Collect sink;
    Expected<TraceHeader> header = readTraceEvents(R"({"traceEvents": []})", "t.json", sink);
    ASSERT_TRUE(header.ok());
    EXPECT_FALSE(header->recordShapes.has_value());
    EXPECT_FALSE(header->withFlops.has_value());
    header = readTraceEvents(R"({"record_shapes": 0, "with_flops": false, "traceEvents": []})",
                             "t.json", sink);
    ASSERT_TRUE(header.ok());
    EXPECT_EQ(header->recordShapes, false);
    EXPECT_EQ(header->withFlops, false);
}
