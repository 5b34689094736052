#include "core/probe/vulkanprobe.h"

#include "core/probe/machineinfo.h"

#include <algorithm>
#include <cmath>

#if ROOFSCOPE_HAVE_VULKAN
#define VK_NO_PROTOTYPES
#include <vulkan/vulkan_core.h>

#include <dlfcn.h>

#include <chrono>
#include <cstring>
#include <memory>
#include <stdexcept>
#endif

namespace roofscope::probe {

namespace {

// The FMA shader's chains: 8 vec4 chains per invocation.
constexpr int kChains = 8;
constexpr int kLanes = 4;

} // namespace

bool VulkanCheck::ok() const
{
    if (!std::isfinite(measured))
        return false;
    return std::abs(measured - expected) <= tolerance * std::max(1.0, std::abs(expected));
}

const VulkanPeak* VulkanProbeResult::peak(const std::string& precision) const
{
    for (const VulkanPeak& p : peaks)
        if (p.precision == precision)
            return &p;
    return nullptr;
}

double vulkanFmaReference(std::uint32_t id, std::uint32_t iterations, double multiplier,
                          double addend)
{
    const double start = static_cast<double>(id % 64u) / 64.0;
    double sum = 0.0;
    for (int chain = 0; chain < kChains; ++chain) {
        for (int lane = 0; lane < kLanes; ++lane) {
            double x = start + 0.0078125 * lane + 0.03125 * chain;
            for (std::uint32_t i = 0; i < iterations; ++i)
                x = std::fma(x, multiplier, addend);
            sum += x;
        }
    }
    return sum;
}

#if !ROOFSCOPE_HAVE_VULKAN

bool vulkanProbeBuilt()
{
    return false;
}

Expected<VulkanProbeResult> runVulkanProbe(const VulkanProbeOptions&)
{
    return Error{"this build has no Vulkan probe (built without the Vulkan headers or glslc)"};
}

Expected<std::vector<VulkanDeviceSummary>> listVulkanDevices()
{
    return Error{"this build has no Vulkan probe (built without the Vulkan headers or glslc)"};
}

#else

bool vulkanProbeBuilt()
{
    return true;
}

namespace {

// The SPIR-V of the shaders in probe/shaders/, compiled by glslc at build time.
const std::uint32_t kFmaFp32Spirv[] =
#include "spirv/fma_fp32.spv.inc"
    ;
const std::uint32_t kFmaFp16Spirv[] =
#include "spirv/fma_fp16.spv.inc"
    ;
const std::uint32_t kFmaFp64Spirv[] =
#include "spirv/fma_fp64.spv.inc"
    ;
const std::uint32_t kReadSpirv[] =
#include "spirv/read_vec4.spv.inc"
    ;

// FMA steps per invocation in a timed dispatch, and in the checked one (short, so the value
// still depends on the starting point and the count).
constexpr std::uint32_t kTimedIterations = 1024;
constexpr std::uint32_t kGroupSize = 256; // local_size_x of both shaders
constexpr std::uint32_t kCheckIterations = 7;
constexpr float kMultiplier = 0.75f; // contracting to a/(1-m) = 0.5: no overflow, no denormals
constexpr float kAddend = 0.125f;
// Workgroups per vkCmdDispatch (and so the result buffer's size): larger counts are split.
constexpr std::uint32_t kGroupsPerDispatch = 4096;
// The read kernel: vec4 elements each invocation sums.
constexpr std::uint32_t kReadPerInvocation = 16;
constexpr double kMiB = 1024.0 * 1024.0;
// A fence that has not signalled after this long means a hung device.
constexpr std::uint64_t kFenceTimeoutNs = 20'000'000'000ull;

// A failure inside the probe; caught at its entry and returned as an Error.
struct VulkanFailure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

std::string resultName(VkResult r)
{
    switch (r) {
    case VK_ERROR_OUT_OF_HOST_MEMORY:
        return "VK_ERROR_OUT_OF_HOST_MEMORY";
    case VK_ERROR_OUT_OF_DEVICE_MEMORY:
        return "VK_ERROR_OUT_OF_DEVICE_MEMORY";
    case VK_ERROR_INITIALIZATION_FAILED:
        return "VK_ERROR_INITIALIZATION_FAILED";
    case VK_ERROR_DEVICE_LOST:
        return "VK_ERROR_DEVICE_LOST";
    case VK_ERROR_INCOMPATIBLE_DRIVER:
        return "VK_ERROR_INCOMPATIBLE_DRIVER (no Vulkan driver (ICD) found)";
    case VK_ERROR_FEATURE_NOT_PRESENT:
        return "VK_ERROR_FEATURE_NOT_PRESENT";
    case VK_ERROR_EXTENSION_NOT_PRESENT:
        return "VK_ERROR_EXTENSION_NOT_PRESENT";
    case VK_TIMEOUT:
        return "VK_TIMEOUT (the device did not finish in 20 s)";
    default:
        return "VkResult " + std::to_string(static_cast<int>(r));
    }
}

void check(VkResult r, const std::string& what)
{
    if (r != VK_SUCCESS)
        throw VulkanFailure(what + " failed: " + resultName(r));
}

// The entry points used, loaded from libvulkan.so.1 at run time: a machine without the loader
// still runs every other command.
#define ROOFSCOPE_VK_FUNCTIONS(X)                                                                  \
    X(vkEnumeratePhysicalDevices)                                                                  \
    X(vkGetPhysicalDeviceProperties)                                                               \
    X(vkGetPhysicalDeviceProperties2)                                                              \
    X(vkGetPhysicalDeviceFeatures)                                                                 \
    X(vkGetPhysicalDeviceFeatures2)                                                                \
    X(vkGetPhysicalDeviceQueueFamilyProperties)                                                    \
    X(vkGetPhysicalDeviceMemoryProperties)                                                         \
    X(vkEnumerateDeviceExtensionProperties)                                                        \
    X(vkCreateDevice)                                                                              \
    X(vkDestroyInstance)                                                                           \
    X(vkDestroyDevice)                                                                             \
    X(vkGetDeviceQueue)                                                                            \
    X(vkCreateBuffer)                                                                              \
    X(vkDestroyBuffer)                                                                             \
    X(vkGetBufferMemoryRequirements)                                                               \
    X(vkAllocateMemory)                                                                            \
    X(vkFreeMemory)                                                                                \
    X(vkBindBufferMemory)                                                                          \
    X(vkMapMemory)                                                                                 \
    X(vkUnmapMemory)                                                                               \
    X(vkCreateShaderModule)                                                                        \
    X(vkDestroyShaderModule)                                                                       \
    X(vkCreateDescriptorSetLayout)                                                                 \
    X(vkDestroyDescriptorSetLayout)                                                                \
    X(vkCreatePipelineLayout)                                                                      \
    X(vkDestroyPipelineLayout)                                                                     \
    X(vkCreateComputePipelines)                                                                    \
    X(vkDestroyPipeline)                                                                           \
    X(vkCreateDescriptorPool)                                                                      \
    X(vkDestroyDescriptorPool)                                                                     \
    X(vkAllocateDescriptorSets)                                                                    \
    X(vkUpdateDescriptorSets)                                                                      \
    X(vkCreateCommandPool)                                                                         \
    X(vkDestroyCommandPool)                                                                        \
    X(vkAllocateCommandBuffers)                                                                    \
    X(vkBeginCommandBuffer)                                                                        \
    X(vkEndCommandBuffer)                                                                          \
    X(vkResetCommandBuffer)                                                                        \
    X(vkCmdBindPipeline)                                                                           \
    X(vkCmdBindDescriptorSets)                                                                     \
    X(vkCmdPushConstants)                                                                          \
    X(vkCmdDispatch)                                                                               \
    X(vkCmdWriteTimestamp)                                                                         \
    X(vkCmdResetQueryPool)                                                                         \
    X(vkCmdFillBuffer)                                                                             \
    X(vkCmdPipelineBarrier)                                                                        \
    X(vkCreateQueryPool)                                                                           \
    X(vkDestroyQueryPool)                                                                          \
    X(vkGetQueryPoolResults)                                                                       \
    X(vkCreateFence)                                                                               \
    X(vkDestroyFence)                                                                              \
    X(vkResetFences)                                                                               \
    X(vkWaitForFences)                                                                             \
    X(vkQueueSubmit)                                                                               \
    X(vkDeviceWaitIdle)

struct Vk {
    void* library = nullptr;
    PFN_vkGetInstanceProcAddr getInstanceProcAddr = nullptr;
    PFN_vkCreateInstance vkCreateInstance = nullptr;
    PFN_vkEnumerateInstanceVersion vkEnumerateInstanceVersion = nullptr;
#define ROOFSCOPE_VK_MEMBER(name) PFN_##name name = nullptr;
    ROOFSCOPE_VK_FUNCTIONS(ROOFSCOPE_VK_MEMBER)
#undef ROOFSCOPE_VK_MEMBER

    ~Vk()
    {
        if (library)
            dlclose(library);
    }

    // Opens the loader; an Error names what is missing.
    std::string open()
    {
        for (const char* name : {"libvulkan.so.1", "libvulkan.so"}) {
            library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
            if (library)
                break;
        }
        if (!library)
            return "no Vulkan loader (libvulkan.so.1 not found; install libvulkan1 and a driver, "
                   "e.g. mesa-vulkan-drivers)";
        getInstanceProcAddr =
            reinterpret_cast<PFN_vkGetInstanceProcAddr>(dlsym(library, "vkGetInstanceProcAddr"));
        if (!getInstanceProcAddr)
            return "the Vulkan loader has no vkGetInstanceProcAddr";
        vkCreateInstance = reinterpret_cast<PFN_vkCreateInstance>(
            getInstanceProcAddr(nullptr, "vkCreateInstance"));
        vkEnumerateInstanceVersion = reinterpret_cast<PFN_vkEnumerateInstanceVersion>(
            getInstanceProcAddr(nullptr, "vkEnumerateInstanceVersion"));
        if (!vkCreateInstance)
            return "the Vulkan loader has no vkCreateInstance";
        return {};
    }

    std::string loadInstance(VkInstance instance)
    {
#define ROOFSCOPE_VK_LOAD(name)                                                                    \
    name = reinterpret_cast<PFN_##name>(getInstanceProcAddr(instance, #name));                     \
    if (!name)                                                                                     \
        return "the Vulkan loader has no " #name;
        ROOFSCOPE_VK_FUNCTIONS(ROOFSCOPE_VK_LOAD)
#undef ROOFSCOPE_VK_LOAD
        return {};
    }
};

std::string versionText(std::uint32_t v)
{
    return std::to_string(VK_API_VERSION_MAJOR(v)) + "." + std::to_string(VK_API_VERSION_MINOR(v)) +
           "." + std::to_string(VK_API_VERSION_PATCH(v));
}

std::string deviceTypeName(VkPhysicalDeviceType type)
{
    switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
        return "integrated GPU";
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
        return "discrete GPU";
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
        return "virtual GPU";
    case VK_PHYSICAL_DEVICE_TYPE_CPU:
        return "CPU";
    default:
        return "other";
    }
}

struct Buffer {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    VkDeviceSize bytes = 0;
    void* mapped = nullptr;
};

// One device, its queue and the objects the probe makes; everything is destroyed in order.
class Session {
public:
    Session(Vk& vk, const VulkanProbeOptions& options) : m_vk(vk), m_options(options) {}
    ~Session() { destroy(); }
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    VulkanProbeResult run()
    {
        createInstance();
        pickDevice();
        createDevice();
        createCommon();
        SamplePlan plan = m_options.quick ? SamplePlan{0.03, 0.02, 3} : SamplePlan{0.2, 0.1, 5};
        m_result.plan = plan;
        struct Variant {
            const char* precision;
            const std::uint32_t* code;
            std::size_t bytes;
            bool supported;
            const char* feature;
            double tolerance;
        };
        const Variant variants[] = {
            {"fp32", kFmaFp32Spirv, sizeof(kFmaFp32Spirv), true, "", 1e-5},
            {"fp16", kFmaFp16Spirv, sizeof(kFmaFp16Spirv), m_fp16, "shaderFloat16", 1e-2},
            {"fp64", kFmaFp64Spirv, sizeof(kFmaFp64Spirv), m_fp64, "shaderFloat64", 1e-6},
        };
        for (const Variant& v : variants) {
            VulkanPeak peak;
            peak.precision = v.precision;
            if (!v.supported) {
                peak.notMeasured = std::string("the device has no ") + v.feature;
                m_result.peaks.push_back(peak);
                continue;
            }
            progress(std::string(v.precision) + " FMA chains");
            const VkPipeline pipeline = createPipeline(v.code, v.bytes);
            checkFma(pipeline, v.precision, v.tolerance);
            peak.flopsPerGroup = 2.0 * kChains * kLanes * kTimedIterations * kGroupSize;
            const auto timedRun = [&](std::uint64_t groups) {
                return timeDispatches(pipeline, groups, kTimedIterations);
            };
            peak.stats = sampleRate(timedRun, peak.flopsPerGroup, plan);
            peak.measured = true;
            if (peak.stats.noisy())
                m_result.noisy.push_back(v.precision);
            m_result.peaks.push_back(peak);
        }
        progress("read bandwidth");
        measureRead(plan);
        return std::move(m_result);
    }

private:
    void progress(const std::string& what) const
    {
        if (m_options.progress)
            m_options.progress(what);
    }

    void createInstance()
    {
        std::uint32_t loaderVersion = VK_API_VERSION_1_0;
        if (m_vk.vkEnumerateInstanceVersion)
            m_vk.vkEnumerateInstanceVersion(&loaderVersion);
        if (loaderVersion < VK_API_VERSION_1_1)
            throw VulkanFailure("the Vulkan loader is version " + versionText(loaderVersion) +
                                "; the probe needs 1.1 or later");
        VkApplicationInfo app{};
        app.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO;
        app.pApplicationName = "roofscope probe";
        app.pEngineName = "roofscope";
        app.apiVersion =
            loaderVersion >= VK_API_VERSION_1_2 ? VK_API_VERSION_1_2 : VK_API_VERSION_1_1;
        m_instanceVersion = app.apiVersion;
        VkInstanceCreateInfo info{};
        info.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
        info.pApplicationInfo = &app;
        check(m_vk.vkCreateInstance(&info, nullptr, &m_instance), "vkCreateInstance");
        const std::string missing = m_vk.loadInstance(m_instance);
        if (!missing.empty())
            throw VulkanFailure(missing);
    }

public:
    // Every device the loader lists (listVulkanDevices), without creating one.
    std::vector<VulkanDeviceSummary> listDevices()
    {
        createInstance();
        std::uint32_t count = 0;
        check(m_vk.vkEnumeratePhysicalDevices(m_instance, &count, nullptr),
              "vkEnumeratePhysicalDevices");
        std::vector<VkPhysicalDevice> devices(count);
        if (count > 0)
            check(m_vk.vkEnumeratePhysicalDevices(m_instance, &count, devices.data()),
                  "vkEnumeratePhysicalDevices");
        std::vector<VulkanDeviceSummary> out;
        for (std::uint32_t i = 0; i < count; ++i) {
            VkPhysicalDeviceProperties p{};
            m_vk.vkGetPhysicalDeviceProperties(devices[i], &p);
            out.push_back({static_cast<int>(i), p.deviceName, deviceTypeName(p.deviceType)});
        }
        return out;
    }

private:
    void pickDevice()
    {
        std::uint32_t count = 0;
        check(m_vk.vkEnumeratePhysicalDevices(m_instance, &count, nullptr),
              "vkEnumeratePhysicalDevices");
        if (count == 0)
            throw VulkanFailure("no Vulkan device (the loader found no driver (ICD) with a "
                                "device; on Debian, mesa-vulkan-drivers has a CPU device)");
        std::vector<VkPhysicalDevice> devices(count);
        check(m_vk.vkEnumeratePhysicalDevices(m_instance, &count, devices.data()),
              "vkEnumeratePhysicalDevices");
        devices.resize(count);
        if (m_options.deviceIndex < 0 || m_options.deviceIndex >= static_cast<int>(count)) {
            std::string names;
            for (std::uint32_t i = 0; i < count; ++i) {
                VkPhysicalDeviceProperties p{};
                m_vk.vkGetPhysicalDeviceProperties(devices[i], &p);
                names += (i ? ", " : "") + std::to_string(i) + ": " + p.deviceName;
            }
            throw VulkanFailure("no Vulkan device " + std::to_string(m_options.deviceIndex) +
                                " (this machine has " + std::to_string(count) +
                                (count == 1 ? " device: " : " devices: ") + names + ")");
        }
        m_physical = devices[static_cast<std::size_t>(m_options.deviceIndex)];

        VkPhysicalDeviceProperties props{};
        m_vk.vkGetPhysicalDeviceProperties(m_physical, &props);
        m_limits = props.limits;
        m_result.deviceIndex = m_options.deviceIndex;
        m_result.deviceName = props.deviceName;
        m_result.deviceType = deviceTypeName(props.deviceType);
        m_result.apiVersion = versionText(props.apiVersion);
        m_result.driverVersion = props.driverVersion;
        m_result.vendorId = props.vendorID;
        m_result.deviceId = props.deviceID;
        m_result.timestampPeriodNs = props.limits.timestampPeriod;
        m_result.maxStorageBufferRange = props.limits.maxStorageBufferRange;
        const bool vulkan12 =
            props.apiVersion >= VK_API_VERSION_1_2 && m_instanceVersion >= VK_API_VERSION_1_2;
        if (vulkan12) {
            VkPhysicalDeviceDriverProperties driver{};
            driver.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES;
            VkPhysicalDeviceProperties2 props2{};
            props2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
            props2.pNext = &driver;
            m_vk.vkGetPhysicalDeviceProperties2(m_physical, &props2);
            m_result.driverName = driver.driverName;
            m_result.driverInfo = driver.driverInfo;

            VkPhysicalDeviceShaderFloat16Int8Features f16{};
            f16.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES;
            VkPhysicalDeviceFeatures2 features2{};
            features2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
            features2.pNext = &f16;
            m_vk.vkGetPhysicalDeviceFeatures2(m_physical, &features2);
            m_fp16 = f16.shaderFloat16 == VK_TRUE;
            m_fp64 = features2.features.shaderFloat64 == VK_TRUE;
        } else {
            VkPhysicalDeviceFeatures features{};
            m_vk.vkGetPhysicalDeviceFeatures(m_physical, &features);
            m_fp64 = features.shaderFloat64 == VK_TRUE;
        }

        std::uint32_t families = 0;
        m_vk.vkGetPhysicalDeviceQueueFamilyProperties(m_physical, &families, nullptr);
        std::vector<VkQueueFamilyProperties> queues(families);
        m_vk.vkGetPhysicalDeviceQueueFamilyProperties(m_physical, &families, queues.data());
        // A compute queue, one with timestamps if there is one.
        int best = -1;
        for (std::uint32_t i = 0; i < families; ++i) {
            if (!(queues[i].queueFlags & VK_QUEUE_COMPUTE_BIT))
                continue;
            if (best < 0 || (queues[static_cast<std::size_t>(best)].timestampValidBits == 0 &&
                             queues[i].timestampValidBits > 0))
                best = static_cast<int>(i);
        }
        if (best < 0)
            throw VulkanFailure("Vulkan device " + m_result.deviceName + " has no compute queue");
        m_family = static_cast<std::uint32_t>(best);
        m_timestampBits = queues[m_family].timestampValidBits;
        m_result.gpuTimestamps = m_timestampBits > 0 && props.limits.timestampPeriod > 0.0f;
    }

    void createDevice()
    {
        const float priority = 1.0f;
        VkDeviceQueueCreateInfo queue{};
        queue.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO;
        queue.queueFamilyIndex = m_family;
        queue.queueCount = 1;
        queue.pQueuePriorities = &priority;
        VkPhysicalDeviceShaderFloat16Int8Features f16{};
        f16.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES;
        f16.shaderFloat16 = m_fp16 ? VK_TRUE : VK_FALSE;
        VkPhysicalDeviceFeatures features{};
        features.shaderFloat64 = m_fp64 ? VK_TRUE : VK_FALSE;
        VkDeviceCreateInfo info{};
        info.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO;
        info.pNext = m_fp16 ? &f16 : nullptr;
        info.queueCreateInfoCount = 1;
        info.pQueueCreateInfos = &queue;
        info.pEnabledFeatures = &features;
        check(m_vk.vkCreateDevice(m_physical, &info, nullptr, &m_device), "vkCreateDevice");
        m_vk.vkGetDeviceQueue(m_device, m_family, 0, &m_queue);
    }

    std::uint32_t memoryType(std::uint32_t allowed, VkMemoryPropertyFlags want,
                             VkMemoryPropertyFlags prefer) const
    {
        VkPhysicalDeviceMemoryProperties memory{};
        m_vk.vkGetPhysicalDeviceMemoryProperties(m_physical, &memory);
        int found = -1;
        for (std::uint32_t i = 0; i < memory.memoryTypeCount; ++i) {
            const VkMemoryPropertyFlags flags = memory.memoryTypes[i].propertyFlags;
            if (!(allowed & (1u << i)) || (flags & want) != want)
                continue;
            if ((flags & prefer) == prefer)
                return i;
            if (found < 0)
                found = static_cast<int>(i);
        }
        if (found < 0)
            throw VulkanFailure("Vulkan device " + m_result.deviceName +
                                " has no suitable memory type for a storage buffer");
        return static_cast<std::uint32_t>(found);
    }

    Buffer createBuffer(VkDeviceSize bytes, bool hostVisible)
    {
        Buffer b;
        b.bytes = bytes;
        VkBufferCreateInfo info{};
        info.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
        info.size = bytes;
        info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
        info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
        check(m_vk.vkCreateBuffer(m_device, &info, nullptr, &b.buffer), "vkCreateBuffer");
        m_buffers.push_back(b); // destroyed with the session, even when allocation fails
        VkMemoryRequirements req{};
        m_vk.vkGetBufferMemoryRequirements(m_device, b.buffer, &req);
        VkMemoryAllocateInfo alloc{};
        alloc.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
        alloc.allocationSize = req.size;
        alloc.memoryTypeIndex =
            hostVisible ? memoryType(req.memoryTypeBits,
                                     VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                         VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                                     VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT)
                        : memoryType(req.memoryTypeBits, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
        check(m_vk.vkAllocateMemory(m_device, &alloc, nullptr, &b.memory),
              "vkAllocateMemory of " + std::to_string(bytes >> 20) + " MiB");
        m_buffers.back().memory = b.memory;
        check(m_vk.vkBindBufferMemory(m_device, b.buffer, b.memory, 0), "vkBindBufferMemory");
        if (hostVisible) {
            check(m_vk.vkMapMemory(m_device, b.memory, 0, VK_WHOLE_SIZE, 0, &b.mapped),
                  "vkMapMemory");
            m_buffers.back().mapped = b.mapped;
        }
        return b;
    }

    void createCommon()
    {
        VkDescriptorSetLayoutBinding bindings[2]{};
        for (std::uint32_t i = 0; i < 2; ++i) {
            bindings[i].binding = i;
            bindings[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            bindings[i].descriptorCount = 1;
            bindings[i].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
        }
        VkDescriptorSetLayoutCreateInfo layout{};
        layout.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO;
        layout.bindingCount = 2;
        layout.pBindings = bindings;
        check(m_vk.vkCreateDescriptorSetLayout(m_device, &layout, nullptr, &m_setLayout),
              "vkCreateDescriptorSetLayout");
        VkPushConstantRange push{};
        push.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
        push.size = 3 * 4;
        VkPipelineLayoutCreateInfo pipelineLayout{};
        pipelineLayout.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO;
        pipelineLayout.setLayoutCount = 1;
        pipelineLayout.pSetLayouts = &m_setLayout;
        pipelineLayout.pushConstantRangeCount = 1;
        pipelineLayout.pPushConstantRanges = &push;
        check(m_vk.vkCreatePipelineLayout(m_device, &pipelineLayout, nullptr, &m_pipelineLayout),
              "vkCreatePipelineLayout");

        VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2};
        VkDescriptorPoolCreateInfo pool{};
        pool.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO;
        pool.maxSets = 1;
        pool.poolSizeCount = 1;
        pool.pPoolSizes = &size;
        check(m_vk.vkCreateDescriptorPool(m_device, &pool, nullptr, &m_descriptorPool),
              "vkCreateDescriptorPool");
        VkDescriptorSetAllocateInfo set{};
        set.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO;
        set.descriptorPool = m_descriptorPool;
        set.descriptorSetCount = 1;
        set.pSetLayouts = &m_setLayout;
        check(m_vk.vkAllocateDescriptorSets(m_device, &set, &m_set), "vkAllocateDescriptorSets");

        VkCommandPoolCreateInfo commandPool{};
        commandPool.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
        commandPool.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
        commandPool.queueFamilyIndex = m_family;
        check(m_vk.vkCreateCommandPool(m_device, &commandPool, nullptr, &m_commandPool),
              "vkCreateCommandPool");
        VkCommandBufferAllocateInfo command{};
        command.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
        command.commandPool = m_commandPool;
        command.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
        command.commandBufferCount = 1;
        check(m_vk.vkAllocateCommandBuffers(m_device, &command, &m_command),
              "vkAllocateCommandBuffers");
        VkFenceCreateInfo fence{};
        fence.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO;
        check(m_vk.vkCreateFence(m_device, &fence, nullptr, &m_fence), "vkCreateFence");
        if (m_result.gpuTimestamps) {
            VkQueryPoolCreateInfo query{};
            query.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO;
            query.queryType = VK_QUERY_TYPE_TIMESTAMP;
            query.queryCount = 2;
            check(m_vk.vkCreateQueryPool(m_device, &query, nullptr, &m_queryPool),
                  "vkCreateQueryPool");
        }

        // The result buffer: one float per invocation of the largest single dispatch.
        m_results = createBuffer(VkDeviceSize{kGroupsPerDispatch} * kGroupSize * 4, true);
        // The read kernel's buffer: within maxStorageBufferRange and the allocation limit, a
        // multiple of one workgroup's reads.
        const double cap = m_options.quick ? 64 * kMiB : 256 * kMiB;
        const double unit = double{kGroupSize} * kReadPerInvocation * 16.0;
        double bytes = std::min(cap, static_cast<double>(m_limits.maxStorageBufferRange));
        bytes = std::floor(bytes / unit) * unit;
        if (bytes < unit)
            throw VulkanFailure("Vulkan device " + m_result.deviceName +
                                ": maxStorageBufferRange " +
                                std::to_string(m_limits.maxStorageBufferRange) +
                                " bytes is too small for the read kernel");
        m_readGroups = static_cast<std::uint32_t>(bytes / unit);
        m_perInvocation = kReadPerInvocation;
        // More workgroups than a dispatch may have: each invocation reads more elements.
        while (m_readGroups > std::min(kGroupsPerDispatch, m_limits.maxComputeWorkGroupCount[0]) &&
               m_readGroups % 2 == 0) {
            m_readGroups /= 2;
            m_perInvocation *= 2;
        }
        const std::uint32_t maxGroups =
            std::min(kGroupsPerDispatch, m_limits.maxComputeWorkGroupCount[0]);
        if (m_readGroups > maxGroups) {
            m_readGroups = maxGroups;
            bytes = double{kGroupSize} * m_readGroups * m_perInvocation * 16.0;
        }
        m_data = createBuffer(static_cast<VkDeviceSize>(bytes), false);
        m_result.readBufferBytes = bytes;

        VkDescriptorBufferInfo infos[2] = {{m_results.buffer, 0, VK_WHOLE_SIZE},
                                           {m_data.buffer, 0, VK_WHOLE_SIZE}};
        VkWriteDescriptorSet writes[2]{};
        for (std::uint32_t i = 0; i < 2; ++i) {
            writes[i].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
            writes[i].dstSet = m_set;
            writes[i].dstBinding = i;
            writes[i].descriptorCount = 1;
            writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            writes[i].pBufferInfo = &infos[i];
        }
        m_vk.vkUpdateDescriptorSets(m_device, 2, writes, 0, nullptr);
    }

    VkPipeline createPipeline(const std::uint32_t* code, std::size_t bytes)
    {
        VkShaderModuleCreateInfo module{};
        module.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO;
        module.codeSize = bytes;
        module.pCode = code;
        VkShaderModule shader = VK_NULL_HANDLE;
        check(m_vk.vkCreateShaderModule(m_device, &module, nullptr, &shader),
              "vkCreateShaderModule");
        VkComputePipelineCreateInfo info{};
        info.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO;
        info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
        info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
        info.stage.module = shader;
        info.stage.pName = "main";
        info.layout = m_pipelineLayout;
        VkPipeline pipeline = VK_NULL_HANDLE;
        const VkResult r =
            m_vk.vkCreateComputePipelines(m_device, VK_NULL_HANDLE, 1, &info, nullptr, &pipeline);
        m_vk.vkDestroyShaderModule(m_device, shader, nullptr);
        check(r, "vkCreateComputePipelines");
        m_pipelines.push_back(pipeline);
        return pipeline;
    }

    // Records `record` between two timestamps, submits, waits; the seconds it took.
    template <typename Record> double submitTimed(Record record)
    {
        check(m_vk.vkResetCommandBuffer(m_command, 0), "vkResetCommandBuffer");
        VkCommandBufferBeginInfo begin{};
        begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
        begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
        check(m_vk.vkBeginCommandBuffer(m_command, &begin), "vkBeginCommandBuffer");
        if (m_queryPool) {
            m_vk.vkCmdResetQueryPool(m_command, m_queryPool, 0, 2);
            m_vk.vkCmdWriteTimestamp(m_command, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, m_queryPool, 0);
        }
        record(m_command);
        if (m_queryPool)
            m_vk.vkCmdWriteTimestamp(m_command, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, m_queryPool,
                                     1);
        check(m_vk.vkEndCommandBuffer(m_command), "vkEndCommandBuffer");
        VkSubmitInfo submit{};
        submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
        submit.commandBufferCount = 1;
        submit.pCommandBuffers = &m_command;
        check(m_vk.vkResetFences(m_device, 1, &m_fence), "vkResetFences");
        const auto start = std::chrono::steady_clock::now();
        check(m_vk.vkQueueSubmit(m_queue, 1, &submit, m_fence), "vkQueueSubmit");
        check(m_vk.vkWaitForFences(m_device, 1, &m_fence, VK_TRUE, kFenceTimeoutNs),
              "vkWaitForFences");
        const double hostSeconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (!m_queryPool)
            return hostSeconds;
        std::uint64_t stamps[2] = {};
        check(m_vk.vkGetQueryPoolResults(m_device, m_queryPool, 0, 2, sizeof(stamps), stamps,
                                         sizeof(std::uint64_t),
                                         VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
              "vkGetQueryPoolResults");
        const std::uint64_t mask =
            m_timestampBits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << m_timestampBits) - 1;
        const std::uint64_t ticks = (stamps[1] - stamps[0]) & mask;
        const double gpu = static_cast<double>(ticks) * m_limits.timestampPeriod * 1e-9;
        // A device time longer than the host waited (a counter that wrapped or misbehaves) is
        // not believed: the host's is an upper bound.
        return gpu > 0.0 && gpu <= hostSeconds + 1e-3 ? gpu : hostSeconds;
    }

    void bind(VkCommandBuffer cb, VkPipeline pipeline, const void* push, std::uint32_t pushBytes)
    {
        m_vk.vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
        m_vk.vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, m_pipelineLayout, 0, 1,
                                     &m_set, 0, nullptr);
        m_vk.vkCmdPushConstants(cb, m_pipelineLayout, VK_SHADER_STAGE_COMPUTE_BIT, 0, pushBytes,
                                push);
    }

    // `groups` workgroups of the FMA shader, in dispatches of at most kGroupsPerDispatch.
    PinnedTeam::Times timeDispatches(VkPipeline pipeline, std::uint64_t groups,
                                     std::uint32_t iterations)
    {
        struct {
            std::uint32_t iterations;
            float multiplier;
            float addend;
        } push{iterations, kMultiplier, kAddend};
        const std::uint32_t perDispatch =
            std::min(kGroupsPerDispatch, m_limits.maxComputeWorkGroupCount[0]);
        const double seconds = submitTimed([&](VkCommandBuffer cb) {
            bind(cb, pipeline, &push, sizeof(push));
            for (std::uint64_t left = groups; left > 0;) {
                const auto n =
                    static_cast<std::uint32_t>(std::min<std::uint64_t>(left, perDispatch));
                m_vk.vkCmdDispatch(cb, n, 1, 1);
                left -= n;
            }
        });
        return PinnedTeam::Times{seconds, seconds};
    }

    const float* readResults() const { return static_cast<const float*>(m_results.mapped); }

    void checkFma(VkPipeline pipeline, const std::string& precision, double tolerance)
    {
        constexpr std::uint32_t kCheckGroups = 2;
        timeDispatches(pipeline, kCheckGroups, kCheckIterations);
        const float* out = readResults();
        VulkanCheck c;
        c.kernel = precision + " fma";
        c.tolerance = tolerance;
        double worst = 0.0;
        for (std::uint32_t id = 0; id < kCheckGroups * kGroupSize; ++id) {
            const double want = vulkanFmaReference(id, kCheckIterations, kMultiplier, kAddend);
            c.expected += want;
            c.measured += out[id];
            worst = std::max(worst, std::abs(out[id] - want) / std::max(1.0, std::abs(want)));
            if (!std::isfinite(out[id]))
                worst = INFINITY;
        }
        m_result.checks.push_back(c);
        if (!c.ok() || !(worst <= tolerance))
            throw VulkanFailure("the " + precision + " FMA shader computed wrongly on " +
                                m_result.deviceName + ": checksum " + std::to_string(c.measured) +
                                ", the host's " + std::to_string(c.expected) +
                                " (worst relative error " + std::to_string(worst) + ")");
    }

    void measureRead(const SamplePlan& plan)
    {
        const VkPipeline pipeline = createPipeline(kReadSpirv, sizeof(kReadSpirv));
        // Fill the buffer in 61 stretches, stretch j holding the float (j % 7 + 1) / 8: every
        // invocation's sum then depends on where it reads.
        const VkDeviceSize bytes = m_data.bytes;
        constexpr std::uint32_t kStretches = 61;
        const VkDeviceSize stretch = (bytes / kStretches) & ~VkDeviceSize{3};
        const auto valueOf = [](std::uint64_t j) { return static_cast<float>(j % 7 + 1) / 8.0f; };
        submitTimed([&](VkCommandBuffer cb) {
            for (std::uint32_t j = 0; j < kStretches; ++j) {
                const float v = valueOf(j);
                std::uint32_t bits = 0;
                std::memcpy(&bits, &v, 4);
                const VkDeviceSize offset = stretch * j;
                const VkDeviceSize size = j + 1 == kStretches ? bytes - offset : stretch;
                m_vk.vkCmdFillBuffer(cb, m_data.buffer, offset, size, bits);
            }
            VkMemoryBarrier barrier{};
            barrier.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
            barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
            barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
            m_vk.vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT,
                                      VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &barrier, 0,
                                      nullptr, 0, nullptr);
        });

        const std::uint32_t stride = m_readGroups * kGroupSize;
        struct {
            std::uint32_t perInvocation;
            std::uint32_t stride;
        } push{m_perInvocation, stride};
        const auto timedRun = [&](std::uint64_t reps) {
            const double seconds = submitTimed([&](VkCommandBuffer cb) {
                bind(cb, pipeline, &push, sizeof(push));
                for (std::uint64_t i = 0; i < reps; ++i)
                    m_vk.vkCmdDispatch(cb, m_readGroups, 1, 1);
            });
            return PinnedTeam::Times{seconds, seconds};
        };
        timedRun(1);
        // The sums of the last dispatch against the host's: element e (a float index) lies in
        // stretch min(e·4 / stretch, 60).
        const float* out = readResults();
        VulkanCheck c;
        c.kernel = "read";
        c.tolerance = 1e-6;
        bool each = true;
        for (std::uint32_t id = 0; id < stride; ++id) {
            double want = 0.0;
            for (std::uint32_t i = 0; i < m_perInvocation; ++i) {
                const std::uint64_t element = std::uint64_t{id} + std::uint64_t{i} * stride;
                for (std::uint64_t lane = 0; lane < 4; ++lane) {
                    const std::uint64_t byte = (element * 4 + lane) * 4;
                    want += valueOf(std::min<std::uint64_t>(byte / stretch, kStretches - 1));
                }
            }
            c.expected += want;
            c.measured += out[id];
            each = each && std::abs(out[id] - want) <= 1e-6 * std::max(1.0, want);
        }
        m_result.checks.push_back(c);
        if (!c.ok() || !each)
            throw VulkanFailure("the read shader summed wrongly on " + m_result.deviceName +
                                ": checksum " + std::to_string(c.measured) + ", the host's " +
                                std::to_string(c.expected));
        m_result.readBandwidth = sampleRate(timedRun, static_cast<double>(bytes), plan);
        if (m_result.readBandwidth.noisy())
            m_result.noisy.push_back("read");
    }

    void destroy()
    {
        if (m_device) {
            m_vk.vkDeviceWaitIdle(m_device);
            for (VkPipeline p : m_pipelines)
                m_vk.vkDestroyPipeline(m_device, p, nullptr);
            for (const Buffer& b : m_buffers) {
                if (b.mapped)
                    m_vk.vkUnmapMemory(m_device, b.memory);
                m_vk.vkDestroyBuffer(m_device, b.buffer, nullptr);
                if (b.memory)
                    m_vk.vkFreeMemory(m_device, b.memory, nullptr);
            }
            if (m_queryPool)
                m_vk.vkDestroyQueryPool(m_device, m_queryPool, nullptr);
            if (m_fence)
                m_vk.vkDestroyFence(m_device, m_fence, nullptr);
            if (m_commandPool)
                m_vk.vkDestroyCommandPool(m_device, m_commandPool, nullptr);
            if (m_descriptorPool)
                m_vk.vkDestroyDescriptorPool(m_device, m_descriptorPool, nullptr);
            if (m_pipelineLayout)
                m_vk.vkDestroyPipelineLayout(m_device, m_pipelineLayout, nullptr);
            if (m_setLayout)
                m_vk.vkDestroyDescriptorSetLayout(m_device, m_setLayout, nullptr);
            m_vk.vkDestroyDevice(m_device, nullptr);
        }
        if (m_instance && m_vk.vkDestroyInstance)
            m_vk.vkDestroyInstance(m_instance, nullptr);
    }

    Vk& m_vk;
    const VulkanProbeOptions& m_options;
    VulkanProbeResult m_result;
    std::uint32_t m_instanceVersion = VK_API_VERSION_1_1;
    VkInstance m_instance = VK_NULL_HANDLE;
    VkPhysicalDevice m_physical = VK_NULL_HANDLE;
    VkPhysicalDeviceLimits m_limits{};
    bool m_fp16 = false;
    bool m_fp64 = false;
    std::uint32_t m_family = 0;
    std::uint32_t m_timestampBits = 0;
    VkDevice m_device = VK_NULL_HANDLE;
    VkQueue m_queue = VK_NULL_HANDLE;
    VkDescriptorSetLayout m_setLayout = VK_NULL_HANDLE;
    VkPipelineLayout m_pipelineLayout = VK_NULL_HANDLE;
    VkDescriptorPool m_descriptorPool = VK_NULL_HANDLE;
    VkDescriptorSet m_set = VK_NULL_HANDLE;
    VkCommandPool m_commandPool = VK_NULL_HANDLE;
    VkCommandBuffer m_command = VK_NULL_HANDLE;
    VkFence m_fence = VK_NULL_HANDLE;
    VkQueryPool m_queryPool = VK_NULL_HANDLE;
    std::vector<VkPipeline> m_pipelines;
    std::vector<Buffer> m_buffers;
    Buffer m_results;
    Buffer m_data;
    std::uint32_t m_readGroups = 0;
    std::uint32_t m_perInvocation = 0;
};

} // namespace

Expected<std::vector<VulkanDeviceSummary>> listVulkanDevices()
{
    Vk vk;
    const std::string missing = vk.open();
    if (!missing.empty())
        return Error{missing};
    try {
        const VulkanProbeOptions options;
        Session session(vk, options);
        return session.listDevices();
    } catch (const VulkanFailure& e) {
        return Error{e.what()};
    } catch (const std::bad_alloc&) {
        return Error{"out of memory listing the Vulkan devices"};
    }
}

Expected<VulkanProbeResult> runVulkanProbe(const VulkanProbeOptions& options)
{
    Vk vk;
    const std::string missing = vk.open();
    if (!missing.empty())
        return Error{missing};
    const MachineInfo machine = MachineInfo::current();
    try {
        VulkanProbeResult result;
        {
            Session session(vk, options);
            result = session.run();
        }
        result.quick = options.quick;
        result.host = machine.host;
        result.date = machine.date;
        return result;
    } catch (const VulkanFailure& e) {
        return Error{e.what()};
    } catch (const std::bad_alloc&) {
        return Error{"out of memory in the Vulkan probe"};
    }
}

#endif

} // namespace roofscope::probe
