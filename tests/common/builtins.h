#pragma once

#include "core/hardware/catalog.h"
#include "core/models/modelconfig.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace roofscope::test {

// A model of the built-in presets (resources/models.json). A missing id fails the test and
// gives an empty model rather than a null reference.
inline const ModelConfig& builtinModel(std::string_view id)
{
    static const ModelCatalog catalog = ModelCatalog::builtin();
    static const ModelConfig none;
    const ModelConfig* m = catalog.find(id);
    if (!m) {
        ADD_FAILURE() << "no built-in model " << id;
        return none;
    }
    return *m;
}

// An accelerator of the built-in catalog (resources/hardware.json), likewise.
inline const Hardware& builtinGpu(std::string_view id)
{
    static const HardwareCatalog catalog = HardwareCatalog::builtin();
    static const Hardware none;
    const Hardware* hw = catalog.find(id);
    if (!hw) {
        ADD_FAILURE() << "no built-in GPU " << id;
        return none;
    }
    return *hw;
}

} // namespace roofscope::test
