// Steps that drive the runtime: device memory, streams, devices, options and queries.
#include <algorithm>
#include <limits>

#include "fuzz_contract.h"
#include "fuzz_steps.h"
#include "fuzz_values.h"

namespace gradlab::fuzz {

using namespace codes;

namespace {


// Device ids: mostly valid ones, then the edges.
int32_t readDeviceId(ByteReader& in) {
  static const int32_t ids[] = {0, 0, 0, 1, 2, 7, 8, -1, std::numeric_limits<int32_t>::min(),
                                std::numeric_limits<int32_t>::max()};
  return ids[in.pick(sizeof ids / sizeof ids[0])];
}

// After a reset the harness cannot tell whether that was the device's last reference; a one-byte memset
// asks the runtime which allocations are still live.
void refreshLiveness(State& s) {
  for (Allocation& a : s.allocations) {
    if (a.live) a.live = aclrtMemset(a.ptr, 1, 0, 1) == ACL_SUCCESS;
  }
}

}  // namespace

void startRuntime() {
  static const DeviceProfile initial = activeProfile();  // GRADLAB_DEVICE or the default; programs may change it
  beginCall();
  expectCode("setActiveProfile", setActiveProfile(initial), {kSuccess});
  beginCall();
  expectCode("aclFinalize", aclFinalize(), {kSuccess, kRepeatFinalize});
  beginCall();
  expectCode("aclInit", aclInit(nullptr), {kSuccess});
  beginCall();
  expectCode("aclrtSetDevice", aclrtSetDevice(0), {kSuccess});
}

void stepMalloc(State& s) {
  const uint64_t size = readBytes(s.in);
  // Sizes between what the harness keeps small and the device capacity are legal but would really be
  // allocated and filled; sizes beyond the capacity must be refused.
  if (size > kMaxHarnessAllocation && size <= kDeviceCapacity) return;
  if (s.in.pick(8) == 0) {  // a null devPtr or a bad policy
    beginCall();
    expectCode("aclrtMalloc", aclrtMalloc(nullptr, size, ACL_MEM_MALLOC_HUGE_FIRST), {kInvalidParam, kUninitialized});
    void* p = reinterpret_cast<void*>(1);
    beginCall();
    const aclError e = aclrtMalloc(&p, size, static_cast<aclrtMemMallocPolicy>(s.in.raw<int8_t>() % 9 - 1));
    expectCode("aclrtMalloc", e, {kSuccess, kInvalidParam, kUninitialized, kContextNull, kMemoryAllocation});
    if (e == ACL_SUCCESS) s.allocations.push_back({p, static_cast<size_t>(size), s.currentDevice(), true});
    return;
  }
  s.allocate(size);
}

void stepFree(State& s) {
  void* p = s.devicePointer();
  beginCall();
  const aclError e = aclrtFree(p);
  expectCode("aclrtFree", e, {kSuccess, kInvalidParam, kUninitialized});
  if (e != ACL_SUCCESS) return;
  bool known = false;
  for (Allocation& a : s.allocations) {
    if (a.live && a.ptr == p) {
      a.live = false;
      known = true;
    }
  }
  if (!known) violation("aclrtFree", "freed a pointer that is not a live allocation of this program");
}

void stepMemcpy(State& s) {
  ByteReader& in = s.in;
  static const int32_t kinds[] = {ACL_MEMCPY_HOST_TO_HOST,   ACL_MEMCPY_HOST_TO_DEVICE, ACL_MEMCPY_DEVICE_TO_HOST,
                                  ACL_MEMCPY_DEVICE_TO_DEVICE, ACL_MEMCPY_DEFAULT,      -1, 5, 99};
  const int32_t kind = kinds[in.pick(8)];
  const uint64_t count = readBytes(in);
  uint64_t destMax = count;
  switch (in.pick(4)) {
    case 0: destMax = readBytes(in); break;
    case 1: destMax = count > 0 ? count - 1 : 0; break;
    default: break;
  }
  void* dst = s.copyPointer(count);
  void* src = s.copyPointer(count);
  beginCall();
  expectCode("aclrtMemcpy", aclrtMemcpy(dst, destMax, src, count, asEnum<aclrtMemcpyKind>(kind)), {kSuccess, kInvalidParam, kUninitialized});
}

void stepMemset(State& s) {
  ByteReader& in = s.in;
  void* p = s.devicePointer();
  const uint64_t maxCount = readBytes(in);
  const uint64_t count = in.pick(2) ? maxCount : readBytes(in);
  beginCall();
  expectCode("aclrtMemset", aclrtMemset(p, maxCount, in.raw<int32_t>(), count), {kSuccess, kInvalidParam, kUninitialized});
}

void stepSynchronize(State& s) {
  aclrtStream stream = s.stream();
  beginCall();
  expectCode("aclrtSynchronizeStream", aclrtSynchronizeStream(stream),
             {kSuccess, kAicoreException, kRtInternal, kInvalidHandle, kContextNull, kUninitialized});
}

void stepCreateStream(State& s) {
  if (s.in.pick(8) == 0) {
    beginCall();
    expectCode("aclrtCreateStream", aclrtCreateStream(nullptr), {kInvalidParam});
    return;
  }
  if (s.streams.size() >= 4) return;  // each stream is a host thread
  aclrtStream stream = nullptr;
  beginCall();
  const aclError e = aclrtCreateStream(&stream);
  expectCode("aclrtCreateStream", e, {kSuccess, kContextNull, kUninitialized});
  if (e == ACL_SUCCESS) s.streams.push_back(stream);
}

void stepDestroyStream(State& s) {
  // Destroying with queued work is legal: the work finishes first, its errors go with the stream.
  aclrtStream stream = s.stream();
  beginCall();
  const aclError e = aclrtDestroyStream(stream);
  expectCode("aclrtDestroyStream", e, {kSuccess, kInvalidParam, kInvalidHandle, kUninitialized});
  if (e == ACL_SUCCESS) {
    auto it = std::find(s.streams.begin(), s.streams.end(), stream);
    if (it == s.streams.end()) violation("aclrtDestroyStream", "destroyed a handle this program never created");
    s.streams.erase(it);
    if (s.deadStreams.size() < 8) s.deadStreams.push_back(stream);
  }
}

void stepDeterministic(State& s) {
  ByteReader& in = s.in;
  static const int64_t values[] = {0, 1, 1, 2, -1, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()};
  static const int32_t options[] = {ACL_OPT_DETERMINISTIC, ACL_OPT_DETERMINISTIC, ACL_OPT_ENABLE_DEBUG_KERNEL, 2, -1, 99};
  const int32_t opt = options[in.pick(6)];
  const int64_t value = values[in.pick(7)];
  beginCall();
  expectCode("aclrtCtxSetSysParamOpt", aclrtCtxSetSysParamOpt(asEnum<aclSysParamOpt>(opt), value),
             {kSuccess, kInvalidParam, kContextNull, kUninitialized});
  int64_t got = -7;
  beginCall();
  const aclError e = aclrtCtxGetSysParamOpt(asEnum<aclSysParamOpt>(opt), in.pick(4) == 0 ? nullptr : &got);
  expectCode("aclrtCtxGetSysParamOpt", e, {kSuccess, kInvalidParam, kContextNull, kUninitialized});
  if (e == ACL_SUCCESS && got != 0 && got != 1) violation("aclrtCtxGetSysParamOpt", "reported a value other than 0 or 1");
}

void stepQueries(State& s) {
  ByteReader& in = s.in;
  const bool nulls = in.pick(4) == 0;
  int32_t device = -1;
  uint32_t count = 0;
  beginCall();
  expectCode("aclrtGetDevice", aclrtGetDevice(nulls ? nullptr : &device),
             {kSuccess, kInvalidParam, kContextNull, kUninitialized});
  beginCall();
  expectCode("aclrtGetDeviceCount", aclrtGetDeviceCount(nulls ? nullptr : &count),
             {kSuccess, kInvalidParam, kUninitialized});
  const TensorRecord* t = s.tensor();
  int64_t* dims = nullptr;
  uint64_t rank = 0;
  beginCall();
  const bool dead = t != nullptr && t->destroyed;
  const aclnnStatus v = aclGetViewShape(t ? t->tensor : nullptr, nulls ? nullptr : &dims, &rank);
  expectCode("aclGetViewShape", v, {kSuccess, kNullptr, kParamInvalid});
  if (dead && v == ACLNN_SUCCESS) violation("aclGetViewShape", "read a destroyed tensor");
  delete[] dims;
  aclDataType dtype;
  aclFormat format;
  beginCall();
  const aclnnStatus d = aclGetDataType(t ? t->tensor : nullptr, &dtype);
  expectCode("aclGetDataType", d, {kSuccess, kNullptr, kParamInvalid});
  if (dead && d == ACLNN_SUCCESS) violation("aclGetDataType", "read a destroyed tensor");
  beginCall();
  expectCode("aclGetFormat", aclGetFormat(t ? t->tensor : nullptr, nulls ? nullptr : &format),
             {kSuccess, kNullptr, kParamInvalid});
  uint64_t size = 0;
  const aclIntArray* array = s.array();
  beginCall();
  const aclnnStatus a = aclGetIntArraySize(array, &size);
  expectCode("aclGetIntArraySize", a, {kSuccess, kNullptr, kParamInvalid});
  if (a == ACLNN_SUCCESS && std::find(s.deadArrays.begin(), s.deadArrays.end(), array) != s.deadArrays.end())
    violation("aclGetIntArraySize", "read a destroyed array");
  (void)aclDataTypeSize(asEnum<aclDataType>(readDtype(in)));
  if (aclGetRecentErrMsg() == nullptr) violation("aclGetRecentErrMsg", "returned NULL");
}

void stepSetDevice(State& s) {
  const int32_t id = readDeviceId(s.in);
  beginCall();
  const aclError e = aclrtSetDevice(id);
  expectCode("aclrtSetDevice", e, {kSuccess, kInvalidDeviceId, kUninitialized});
  if (e == ACL_SUCCESS && (id < 0 || id >= 8)) violation("aclrtSetDevice", "accepted a device id outside [0, 8)");
}

void stepResetDevice(State& s) {
  const int32_t id = readDeviceId(s.in);
  beginCall();
  const aclError e = aclrtResetDevice(id);
  expectCode("aclrtResetDevice", e, {kSuccess, kInvalidDeviceId, kInvalidDevice, kUninitialized});
  if (e == ACL_SUCCESS) refreshLiveness(s);
}

void stepFinalizeAndInit(State& s) {
  // With live allocations, executors and streams with queued work: all are released, none leaks.
  beginCall();
  expectCode("aclFinalize", aclFinalize(), {kSuccess, kRepeatFinalize});
  s.forgetDevice(-1);
  for (aclrtStream stream : s.streams) {
    if (s.deadStreams.size() < 8) s.deadStreams.push_back(stream);
  }
  s.streams.clear();
  if (s.in.pick(4) == 0) {  // every call before aclInit is refused with 100001
    void* p = nullptr;
    beginCall();
    expectCode("aclrtMalloc", aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), {kUninitialized});
    stepSynchronize(s);
    stepMemcpy(s);
    stepOperator(s);
  }
  beginCall();
  expectCode("aclInit", aclInit(nullptr), {kSuccess});
  beginCall();
  expectCode("aclrtSetDevice", aclrtSetDevice(0), {kSuccess});
}

}  // namespace gradlab::fuzz
