#include "fuzz_state.h"

#include <algorithm>

#include "fuzz_contract.h"

namespace gradlab::fuzz {

using namespace codes;

namespace {

std::span<uint8_t> hostBuffer() {
  static std::vector<uint8_t> buffer(kMaxHarnessAllocation + 64);
  return buffer;
}
size_t g_hostDirty = 0;  // bytes of the host buffer a program may have written, zeroed before the next one

}  // namespace

void State::touchedHost(size_t bytes) { g_hostDirty = std::max(g_hostDirty, std::min(bytes, host.size())); }

State::State(ByteReader& in) : in(in), host(hostBuffer()) {
  std::fill_n(host.data(), g_hostDirty, uint8_t{0});
  g_hostDirty = 0;
}

State::~State() {
  for (aclrtStream s : streams) {
    beginCall();
    expectCode("aclrtSynchronizeStream", aclrtSynchronizeStream(s), {kSuccess, kAicoreException, kInvalidHandle});
    beginCall();
    expectCode("aclrtDestroyStream", aclrtDestroyStream(s), {kSuccess, kInvalidHandle, kUninitialized});
  }
  beginCall();
  expectCode("aclrtSynchronizeStream", aclrtSynchronizeStream(nullptr),
             {kSuccess, kAicoreException, kContextNull, kUninitialized});
  for (aclOpExecutor* e : executors) {
    beginCall();
    expectCode("aclDestroyAclOpExecutor", aclDestroyAclOpExecutor(e), {kSuccess, kParamInvalid});
  }
  for (const Allocation& a : allocations) {
    if (!a.live) continue;
    beginCall();
    expectCode("aclrtFree", aclrtFree(a.ptr), {kSuccess, kInvalidParam, kUninitialized});
  }
  for (const TensorRecord& t : tensors) aclDestroyTensor(t.tensor);
  for (aclIntArray* a : arrays) aclDestroyIntArray(a);
}

void* State::devicePointer() {
  const uint8_t kind = in.pick(10);
  const uint8_t which = in.byte();
  auto nth = [&](bool live) -> const Allocation* {
    std::vector<const Allocation*> pool;
    for (const Allocation& a : allocations) {
      if (a.live == live) pool.push_back(&a);
    }
    return pool.empty() ? nullptr : pool[which % pool.size()];
  };
  switch (kind) {
    case 0: return nullptr;
    case 1: case 2: case 3: {  // live base (most useful, so three choices)
      const Allocation* a = nth(true);
      return a ? a->ptr : nullptr;
    }
    case 4: {  // inside a live allocation
      const Allocation* a = nth(true);
      return a ? static_cast<uint8_t*>(a->ptr) + in.byte() % a->size : nullptr;
    }
    case 5: {  // one past the end
      const Allocation* a = nth(true);
      return a ? static_cast<uint8_t*>(a->ptr) + a->size : nullptr;
    }
    case 6: {  // freed
      const Allocation* a = nth(false);
      return a ? a->ptr : nullptr;
    }
    case 7:
      touchedHost(host.size());  // the library must refuse host memory here; if it wrote, start clean anyway
      return host.data() + in.byte();
    case 8: return &stackMarker_;
    default: return reinterpret_cast<void*>(in.raw<uintptr_t>());
  }
}

void* State::copyPointer(size_t count) {
  void* hostSide = count <= host.size() ? host.data() : nullptr;
  if (hostSide) touchedHost(count);
  if (in.pick(3) == 0) return hostSide;
  void* p = devicePointer();
  if (p == nullptr) return nullptr;
  for (const Allocation& a : allocations) {  // device memory, live or freed: the library classifies it
    const auto* b = static_cast<const uint8_t*>(a.ptr);
    if (p >= a.ptr && static_cast<const uint8_t*>(p) < b + a.size) return p;
  }
  return hostSide;
}

namespace {
constexpr size_t kMaxDead = 16;
}  // namespace

const TensorRecord* State::tensor() {
  const uint8_t b = in.byte();
  if (b >= 248 && b < 255 && !deadTensors.empty()) return &deadTensors[b % deadTensors.size()];
  if (b == 255 || tensors.empty()) return nullptr;
  return &tensors[b % tensors.size()];
}

const aclIntArray* State::array() {
  const uint8_t b = in.byte();
  if (b >= 248 && b < 255 && !deadArrays.empty()) return deadArrays[b % deadArrays.size()];
  if (b == 255 || arrays.empty()) return nullptr;
  return arrays[b % arrays.size()];
}

void State::buryTensor(TensorRecord r) {
  r.destroyed = true;
  if (deadTensors.size() == kMaxDead) deadTensors.erase(deadTensors.begin());
  deadTensors.push_back(r);
}

void State::buryArray(aclIntArray* a) {
  if (deadArrays.size() == kMaxDead) deadArrays.erase(deadArrays.begin());
  deadArrays.push_back(a);
}

bool State::spent(const aclOpExecutor* e) const {
  return e != nullptr && std::find(spentExecutors.begin(), spentExecutors.end(), e) != spentExecutors.end();
}

aclrtStream State::stream() {
  const uint8_t kind = in.pick(6);
  const uint8_t which = in.byte();
  if (kind == 1 && !streams.empty()) return streams[which % streams.size()];
  if (kind == 2 && !deadStreams.empty()) return deadStreams[which % deadStreams.size()];
  if (kind == 3) return &stackMarker_;
  if (kind == 4) return reinterpret_cast<aclrtStream>(in.raw<uintptr_t>());
  return nullptr;
}

void* State::allocate(size_t size) {
  void* p = nullptr;
  beginCall();
  const aclError e = aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST);
  expectCode("aclrtMalloc", e, {kSuccess, kInvalidParam, kUninitialized, kContextNull, kMemoryAllocation});
  if (e != ACL_SUCCESS) {
    if (p != nullptr) violation("aclrtMalloc", "failed but left a pointer in *devPtr");
    return nullptr;
  }
  allocations.push_back({p, size, currentDevice(), true});
  return p;
}

void State::forgetDevice(int32_t device) {
  for (Allocation& a : allocations) {
    if (device < 0 || a.device == device) a.live = false;
  }
}

int32_t State::currentDevice() const {
  int32_t device = -1;
  return aclrtGetDevice(&device) == ACL_SUCCESS ? device : -1;
}

}  // namespace gradlab::fuzz
