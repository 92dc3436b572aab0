// The AscendCL runtime entry points: thin guards in front of context, memory and streams.
#include <algorithm>
#include <cstring>
#include <optional>

#include "acl/acl.h"
#include "runtime/context.h"
#include "runtime/device_malloc.h"
#include "runtime/error.h"
#include "runtime/fill_bytes.h"
#include "runtime/memory.h"
#include "runtime/raw_enum.h"

using namespace gradlab::rt;

namespace {

bool validMemcpyKind(int64_t kind) { return kind >= ACL_MEMCPY_HOST_TO_HOST && kind <= ACL_MEMCPY_DEFAULT; }

const char* kindName(aclrtMemcpyKind kind) {
  switch (kind) {
    case ACL_MEMCPY_HOST_TO_HOST: return "ACL_MEMCPY_HOST_TO_HOST";
    case ACL_MEMCPY_HOST_TO_DEVICE: return "ACL_MEMCPY_HOST_TO_DEVICE";
    case ACL_MEMCPY_DEVICE_TO_HOST: return "ACL_MEMCPY_DEVICE_TO_HOST";
    case ACL_MEMCPY_DEVICE_TO_DEVICE: return "ACL_MEMCPY_DEVICE_TO_DEVICE";
    default: return "ACL_MEMCPY_DEFAULT";
  }
}

// Checks one side of a copy in one look-up of `p`: a device side must lie inside a live allocation, and
// `pin` then holds it until the copy is done (a racing aclrtFree leaves the pages mapped till then); a host
// side must not be device memory (nor freed device memory). `device` unset (ACL_MEMCPY_DEFAULT): the
// side is device memory when `p` lies in a live allocation.
std::string checkSide(const void* p, size_t count, std::optional<bool> device, const char* name, aclrtMemcpyKind kind,
                      AllocationRef* pin) {
  PointerInfo info = DeviceMemory::instance().lookup(p);
  if (device.value_or(info.alloc != nullptr)) {
    if (info.alloc && count <= info.alloc->size - info.offset) {
      *pin = std::move(info.alloc);
      return {};
    }
    return DeviceMemory::rangeProblem(p, count, info, cat(name, " (", kindName(kind), ")"));
  }
  if (info.alloc || info.freed) {
    return cat(name, " ", formatPointer(p), " is ", info.freed ? "freed " : "", "device memory but ", kindName(kind),
               " expects host memory there");
  }
  return {};
}

}  // namespace

aclError gradlab::rt::mallocOnDevice(void** devPtr, size_t size, int64_t rawPolicy, DeviceMemory::Fill fill) {
  if (devPtr == nullptr) return fail(ACL_ERROR_INVALID_PARAM, "aclrtMalloc: devPtr is a null pointer");
  *devPtr = nullptr;
  if (size == 0) return fail(ACL_ERROR_INVALID_PARAM, "aclrtMalloc: size is 0");
  if (rawPolicy < ACL_MEM_MALLOC_HUGE_FIRST || rawPolicy > ACL_MEM_MALLOC_NORMAL_ONLY_P2P) {
    return fail(ACL_ERROR_INVALID_PARAM, cat("aclrtMalloc: policy ", rawPolicy, " is not a valid aclrtMemMallocPolicy"));
  }
  int32_t device = -1;
  if (aclError e = requireDevice("aclrtMalloc", &device)) return e;
  DeviceMemory& mem = DeviceMemory::instance();
  std::string refusal;
  *devPtr = mem.allocate(size, device, &refusal, fill);
  if (*devPtr == nullptr) {
    return fail(ACL_ERROR_RT_MEMORY_ALLOCATION, cat("aclrtMalloc: cannot allocate ", size, " bytes on device ", device, refusal));
  }
  return ACL_SUCCESS;
}

extern "C" {

aclError aclInit(const char* /*configPath: gradlab reads no config file*/) { return init(); }
aclError aclFinalize(void) { return finalize(); }
aclError aclrtSetDevice(int32_t deviceId) { return setDevice(deviceId); }
aclError aclrtResetDevice(int32_t deviceId) { return resetDevice(deviceId); }

aclError aclrtGetDevice(int32_t* deviceId) {
  if (deviceId == nullptr) return fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDevice: deviceId is a null pointer");
  return requireDevice("aclrtGetDevice", deviceId);
}

aclError aclrtGetDeviceCount(uint32_t* count) {
  if (count == nullptr) return fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount: count is a null pointer");
  if (aclError e = requireInit("aclrtGetDeviceCount")) return e;
  *count = kDeviceCount;
  return ACL_SUCCESS;
}

aclError aclrtCreateStream(aclrtStream* stream) { return createStream(stream); }
aclError aclrtDestroyStream(aclrtStream stream) { return destroyStream(stream); }

aclError aclrtSynchronizeStream(aclrtStream stream) {
  if (aclError e = requireInit("aclrtSynchronizeStream")) return e;
  // The default stream (nullptr) needs a device: same code as every other call without one.
  if (int32_t device = -1; stream == nullptr) {
    if (aclError e = requireDevice("aclrtSynchronizeStream", &device)) return e;
  }
  aclError code = ACL_SUCCESS;
  auto s = resolveStream(stream, "aclrtSynchronizeStream", &code);
  if (!s) return code;
  TaskResult result = s->synchronize();
  if (result.code != 0) {
    return refuse(result.code, std::move(result.facts), cat("aclrtSynchronizeStream: ", result.message));
  }
  return ACL_SUCCESS;
}

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  return mallocOnDevice(devPtr, size, rawEnum(policy), DeviceMemory::Fill::kFresh);
}

aclError aclrtFree(void* devPtr) {
  if (aclError e = requireInit("aclrtFree")) return e;
  if (devPtr == nullptr) return fail(ACL_ERROR_INVALID_PARAM, "aclrtFree: devPtr is a null pointer");
  switch (DeviceMemory::instance().release(devPtr)) {
    case DeviceMemory::FreeResult::kOk: return ACL_SUCCESS;
    case DeviceMemory::FreeResult::kAlreadyFreed:
      return fail(ACL_ERROR_INVALID_PARAM, cat("aclrtFree: devPtr ", formatPointer(devPtr), " was already freed"));
    case DeviceMemory::FreeResult::kNotBase:
      return fail(ACL_ERROR_INVALID_PARAM, cat("aclrtFree: devPtr ", formatPointer(devPtr),
                                               " points inside an allocation; pass the pointer aclrtMalloc returned"));
    case DeviceMemory::FreeResult::kLent:
      return fail(ACL_ERROR_INVALID_PARAM, cat("aclrtFree: devPtr ", formatPointer(devPtr),
                                               " is host memory lent to the device, not device memory from aclrtMalloc"));
    default:
      return fail(ACL_ERROR_INVALID_PARAM,
                  cat("aclrtFree: devPtr ", formatPointer(devPtr), " is not device memory from aclrtMalloc"));
  }
}

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind) {
  if (aclError e = requireInit("aclrtMemcpy")) return e;
  if (dst == nullptr || src == nullptr) {
    return fail(ACL_ERROR_INVALID_PARAM, cat("aclrtMemcpy: ", dst == nullptr ? "dst" : "src", " is a null pointer"));
  }
  if (const int64_t rawKind = rawEnum(kind); !validMemcpyKind(rawKind)) {
    return fail(ACL_ERROR_INVALID_PARAM, cat("aclrtMemcpy: kind ", rawKind, " is not a valid aclrtMemcpyKind"));
  }
  if (count > destMax) {
    return fail(ACL_ERROR_INVALID_PARAM, cat("aclrtMemcpy: count ", count, " is larger than destMax ", destMax));
  }
  if (count == 0) return ACL_SUCCESS;
  std::optional<bool> dstDevice, srcDevice;  // unset: ACL_MEMCPY_DEFAULT asks the memory table
  if (kind != ACL_MEMCPY_DEFAULT) {
    dstDevice = kind == ACL_MEMCPY_HOST_TO_DEVICE || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
    srcDevice = kind == ACL_MEMCPY_DEVICE_TO_HOST || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
  }
  AllocationRef dstPin, srcPin;
  std::string problem = checkSide(dst, count, dstDevice, "dst", kind, &dstPin);
  if (problem.empty()) problem = checkSide(src, count, srcDevice, "src", kind, &srcPin);
  if (!problem.empty()) return fail(ACL_ERROR_INVALID_PARAM, cat("aclrtMemcpy: ", problem));
  std::memmove(dst, src, count);
  return ACL_SUCCESS;
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
  if (aclError e = requireInit("aclrtMemset")) return e;
  if (count > maxCount) {
    return fail(ACL_ERROR_INVALID_PARAM, cat("aclrtMemset: count ", count, " is larger than maxCount ", maxCount));
  }
  if (count == 0) return ACL_SUCCESS;
  AllocationRef pin;  // keeps the pages mapped until the memset is done, whoever frees them meanwhile
  std::string problem = DeviceMemory::instance().checkRange(devPtr, count, "devPtr", &pin);
  if (!problem.empty()) return fail(ACL_ERROR_INVALID_PARAM, cat("aclrtMemset: ", problem));
  fillBytes(devPtr, value, count);
  return ACL_SUCCESS;
}

aclError aclrtCtxSetSysParamOpt(aclSysParamOpt opt, int64_t value) {
  if (const int64_t rawOpt = rawEnum(opt); rawOpt != ACL_OPT_DETERMINISTIC) {
    if (aclError e = requireInit("aclrtCtxSetSysParamOpt")) return e;
    if (rawOpt == ACL_OPT_ENABLE_DEBUG_KERNEL) return ACL_SUCCESS;  // accepted; the emulator always checks
    return fail(ACL_ERROR_INVALID_PARAM, cat("aclrtCtxSetSysParamOpt: opt ", rawOpt, " is not supported"));
  }
  return setDeterministic(value);
}

aclError aclrtCtxGetSysParamOpt(aclSysParamOpt opt, int64_t* value) {
  if (const int64_t rawOpt = rawEnum(opt); rawOpt != ACL_OPT_DETERMINISTIC) {
    return fail(ACL_ERROR_INVALID_PARAM, cat("aclrtCtxGetSysParamOpt: opt ", rawOpt, " is not supported"));
  }
  return getDeterministic(value);
}

}  // extern "C"
