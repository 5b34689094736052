#pragma once

#include "core/hardware/hardware.h"
#include "core/measured/measuredkernel.h"

#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// The catalog id a profiler's device name refers to, or "" when none fits.
// "NVIDIA A100-SXM4-80GB" -> "a100-sxm4-80gb", "NVIDIA H100 80GB HBM3" -> "h100-sxm5",
// "AMD Instinct MI300X" -> "mi300x", "NVIDIA GeForce RTX 4090" -> "rtx-4090". An entry fits
// when every part of its id (split at '-') is a word of the device name; the entry with the
// most matching parts wins, so "a100-sxm4-80gb" beats a hypothetical "a100".
std::string matchDeviceToCatalog(std::string_view deviceName,
                                 const std::vector<Hardware>& hardware);

// For a profile that names no device: the first of `candidates` (indices into `hardware`)
// whose model number the file's name mentions as a word — "a100" of "a100-sxm4-80gb", "4090"
// of "rtx-4090", "mi300x" — or -1. "ncu-details-a100-gemm.csv" → the checked A100.
int gpuMentionedInFileName(std::string_view fileName, const std::vector<Hardware>& hardware,
                           const std::vector<int>& candidates);

// The vendor a device name or the profiler that wrote a file implies: "NVIDIA" (Tesla,
// GeForce, Quadro, RTX; ncu and nvprof files), "AMD" (Radeon, Instinct, gfx…; rocprof and
// omniperf files), "Intel" (Gaudi, Arc), or "" when nothing says.
std::string impliedVendor(std::string_view deviceName, std::string_view source);

// For a file whose kernels have no catalog GPU, the entry to offer first (an index into
// `hardware`, -1 for an empty catalog): the one the file's name mentions (checked entries
// first), else the baseline when it is of the implied vendor, else the first checked entry
// of that vendor, else its first entry in the catalog, else the baseline. An Nsight file is
// never offered an AMD baseline while the catalog has an NVIDIA GPU.
int suggestedGpu(std::string_view fileName, std::string_view deviceName, std::string_view source,
                 const std::vector<Hardware>& hardware, const std::vector<int>& checked,
                 int baseline);

// The catalog entries that fit what a file states of its device without naming it: the CUDA
// compute capability ("9.0") and the SM count (132) → H100 SXM5, H100 NVL and H200 SXM. Each
// stated fact must equal the entry's (an entry that does not state it does not fit); a fact the
// file does not state ("" or 0) is not asked. Indices into `hardware`, in catalog order; empty
// when the file states neither.
std::vector<int> gpusFittingDevice(const std::vector<Hardware>& hardware,
                                   std::string_view computeCapability, int smCount);

// The order a GPU question offers `choices` (indices into a catalog) in: those in `fitting`
// first, then the rest, each part in the order of `choices`.
std::vector<int> fittingFirst(const std::vector<int>& choices, const std::vector<int>& fitting);

// "CC 9.0, 132 SMs", "CC 9.0", "132 SMs" or "": what a file states of its device, in words.
std::string deviceFactsText(std::string_view computeCapability, int smCount);

// Sets each kernel's `gpu`: `overrideId` when given, else its device name when that is a
// catalog id, else the entry matchDeviceToCatalog finds ("" when none).
void assignKernelGpus(std::vector<MeasuredKernel>& kernels, const std::vector<Hardware>& hardware,
                      std::string_view overrideId = {});

} // namespace roofscope
