#pragma once

#include <QString>

#include <string>

namespace roofscope {

// What a person calls a model's operator rows. The core names each row of an expansion with a
// key ("q_proj", "shared_gate_up_proj", "attn_qk"): ids that files, the CLI and the tests keep.
// The window shows a short name in the interface language instead ("Q projection"): chart
// labels and list entries, so a few words (at most 22 characters in English); the row's long
// description (WorkloadOp::name) is its tooltip.
class ModelRowNames {
public:
    // The name of `key`. A key without one of its own reads as words ("foo_bar" → "Foo bar"),
    // so the window never shows an id, even for a row the core gains later.
    static QString name(const std::string& key);
    // Whether `key` has a name of its own (a test walks every key the built-in models make).
    static bool isKnown(const std::string& key);
};

} // namespace roofscope
