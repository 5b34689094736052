// The Vulkan probe's bandwidth kernel: each invocation sums `perInvocation` vec4 elements
// `stride` apart (neighbouring invocations read neighbouring elements: coalesced), so one
// dispatch reads the whole buffer once; it writes its sum, which the host checks.
#version 450

layout(local_size_x = 256) in;
layout(std430, set = 0, binding = 0) writeonly buffer Result { float result[]; };
layout(std430, set = 0, binding = 1) readonly buffer Data { vec4 data[]; };
layout(push_constant) uniform Params {
    uint perInvocation;
    uint stride;
} params;

void main()
{
    const uint id = gl_GlobalInvocationID.x;
    vec4 sum = vec4(0.0);
    for (uint i = 0u; i < params.perInvocation; ++i)
        sum += data[id + i * params.stride];
    result[id] = (sum.x + sum.y) + (sum.z + sum.w);
}
