// FMA chains for the Vulkan probe: 8 independent vec4 chains x = fma(x, m, a) per invocation,
// `iterations` times. m and a come from push constants, so the chain cannot be folded; every
// chain feeds the one value each invocation writes. Built three times: FMA_FP32, FMA_FP16,
// FMA_FP64 (the host checks the written values against its own computation of the chain).
#version 450
#if defined(FMA_FP16)
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#define VEC f16vec4
#define SCALAR float16_t
#elif defined(FMA_FP64)
#define VEC dvec4
#define SCALAR double
#else
#define VEC vec4
#define SCALAR float
#endif

layout(local_size_x = 256) in;
layout(std430, set = 0, binding = 0) writeonly buffer Result { float result[]; };
layout(push_constant) uniform Params {
    uint iterations;
    float multiplier;
    float addend;
} params;

void main()
{
    const uint id = gl_GlobalInvocationID.x;
    // Starting values the host can repeat: k/64 plus a step per chain and lane (exact in fp16).
    const SCALAR start = SCALAR(float(id % 64u) / 64.0);
    const VEC lanes = VEC(SCALAR(0.0), SCALAR(0.0078125), SCALAR(0.015625), SCALAR(0.0234375));
    const VEC m = VEC(SCALAR(params.multiplier));
    const VEC a = VEC(SCALAR(params.addend));
    VEC x0 = VEC(start) + lanes;
    VEC x1 = x0 + VEC(SCALAR(0.03125));
    VEC x2 = x0 + VEC(SCALAR(0.0625));
    VEC x3 = x0 + VEC(SCALAR(0.09375));
    VEC x4 = x0 + VEC(SCALAR(0.125));
    VEC x5 = x0 + VEC(SCALAR(0.15625));
    VEC x6 = x0 + VEC(SCALAR(0.1875));
    VEC x7 = x0 + VEC(SCALAR(0.21875));
    for (uint i = 0u; i < params.iterations; ++i) {
        x0 = fma(x0, m, a);
        x1 = fma(x1, m, a);
        x2 = fma(x2, m, a);
        x3 = fma(x3, m, a);
        x4 = fma(x4, m, a);
        x5 = fma(x5, m, a);
        x6 = fma(x6, m, a);
        x7 = fma(x7, m, a);
    }
    const VEC s = ((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7));
    result[id] = float(s.x) + float(s.y) + float(s.z) + float(s.w);
}
