#pragma once

#include <string>
#include <string_view>

namespace roofscope {

// A readable name for a kernel: "void at::native::vectorized_elementwise_kernel<4, ...>(int,
// ...)" -> "vectorized_elementwise_kernel", "gemm_v0<float>(T1 *, ...)" -> "gemm_v0",
// "Cijk_Ailk_Bljk_HHS_BH_MT128x128 [clone .kd]" -> "Cijk_Ailk_Bljk_HHS_BH_MT128x128". The
// return type, namespaces, template arguments, parameter list and clone suffixes go; a name
// with nothing left to trim comes back unchanged.
std::string shortKernelName(std::string_view fullName);

} // namespace roofscope
