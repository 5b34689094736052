#include "ui/text/advicetext.h"

#include <QCoreApplication>

#include <string>

namespace roofscope {

namespace {

constexpr const char* kContext = "roofscope::AdviceText";

struct AdviceSource {
    Advice advice;
    const char* text;
};

// The sentences of core/advice.cpp, listed here so that lupdate sees them and zh_CN translates
// them; at run time the core's own text is what gets translated.
constexpr AdviceSource kSources[] = {
    {Advice::CutBytesFirst,
     QT_TRANSLATE_NOOP("roofscope::AdviceText",
                       "Bandwidth-bound: cut bytes first (quantize weights), then fuse operators, "
                       "then raise the batch so more work shares each weight read.")},
    {Advice::FuseAndTile,
     QT_TRANSLATE_NOOP("roofscope::AdviceText",
                       "Bandwidth-bound: fuse operators, change the loop order, tile for reuse.")},
    {Advice::MeasureNearRidge,
     QT_TRANSLATE_NOOP("roofscope::AdviceText",
                       "Balanced near the ridge: either side can pay off; measure how far the "
                       "kernel is from the roof.")},
    {Advice::ReduceFlops,
     QT_TRANSLATE_NOOP("roofscope::AdviceText",
                       "Compute-bound: reduce the FLOPs (distillation, pruning) and make sure the "
                       "work runs on the tensor cores.")},
    {Advice::LowerPrecision,
     QT_TRANSLATE_NOOP("roofscope::AdviceText",
                       "Strongly compute-bound: use a lower precision (FP8/FP4) or hardware with "
                       "more compute.")},
    {Advice::FuseStreamingKernel,
     QT_TRANSLATE_NOOP("roofscope::AdviceText",
                       "Bandwidth-bound by its formula (a bigger batch does not change its "
                       "intensity): fuse it into the neighbouring kernel so its tensor is not "
                       "written and read again, and stream a narrower dtype.")},
    {Advice::CheaperVectorMath,
     QT_TRANSLATE_NOOP("roofscope::AdviceText",
                       "Compute-bound on the vector units: use cheaper math (an approximate "
                       "activation, fused multiply-adds) or fold the work into a tensor-core "
                       "kernel.")},
    {Advice::FuseMoreMath,
     QT_TRANSLATE_NOOP("roofscope::AdviceText",
                       "Near the vector roof: more math fused into this pass is almost free; "
                       "measure how far the kernel is from the roof.")},
    {Advice::ShrinkKvCache,
     QT_TRANSLATE_NOOP("roofscope::AdviceText",
                       "Bandwidth-bound on the KV cache, which each sequence reads for itself (a "
                       "bigger batch does not help): shrink the cache (FP8 KV, fewer KV heads) "
                       "and use a fused flash or paged attention kernel.")},
    {Advice::FlashAttentionKernel,
     QT_TRANSLATE_NOOP("roofscope::AdviceText",
                       "Compute-bound attention: use a flash-attention kernel on the tensor "
                       "cores, FP8 attention, and skip fully masked blocks.")},
};

} // namespace

QString adviceDisplayText(Advice advice)
{
    const std::string english(adviceText(advice));
    return QCoreApplication::translate(kContext, english.c_str());
}

const char* adviceSourceText(Advice advice)
{
    for (const AdviceSource& s : kSources) {
        if (s.advice == advice)
            return s.text;
    }
    return nullptr;
}

} // namespace roofscope
