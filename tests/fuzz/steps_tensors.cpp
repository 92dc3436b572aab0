// Steps that make tensor and integer-array descriptors: any rank, dims, strides, offset, dtype and
// format, over freshly allocated and filled device memory or over any pointer at all.
#include <algorithm>
#include <limits>

#include "fuzz_contract.h"
#include "fuzz_steps.h"
#include "fuzz_values.h"

namespace gradlab::fuzz {

using namespace codes;

namespace {

constexpr size_t kMaxTensors = 12;
constexpr size_t kMaxArrays = 8;

// The last element a view reaches (offset + sum (dim - 1) * stride); -1 for an empty view or when the
// sum leaves int64 (no memory can back such a view anyway).
__int128 lastElement(const std::vector<int64_t>& dims, const int64_t* strides, int64_t offset) {
  __int128 last = offset;
  std::vector<int64_t> contiguous(dims.size(), 1);
  for (size_t i = dims.size(); i-- > 1;) {
    const __int128 next = __int128{contiguous[i]} * std::max<int64_t>(dims[i], 1);
    contiguous[i - 1] = next > std::numeric_limits<int64_t>::max() ? std::numeric_limits<int64_t>::max()
                                                                   : static_cast<int64_t>(next);
  }
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] == 0) return -1;
    last += (__int128{dims[i]} - 1) * (strides ? strides[i] : contiguous[i]);
    if (last > std::numeric_limits<int64_t>::max() || last < std::numeric_limits<int64_t>::min()) return -1;
  }
  return last;
}

// Device memory for a view: index-like values in [lo, hi) with some edge values mixed in, float ramps,
// zeros, or the fresh 0xFF fill (NaN) left as it is.
void fill(State& s, void* p, size_t bytes) {
  ByteReader& in = s.in;
  const uint8_t mode = in.pick(6);
  if (mode == 0) return;
  static const int64_t his[] = {1, 2, 4, 6, 9, 12, 16, 20, 64, 100};
  static const int64_t edges[] = {-1, std::numeric_limits<int64_t>::min(), std::numeric_limits<int32_t>::max(),
                                  std::numeric_limits<int32_t>::min(), int64_t{1} << 32, 12};
  const int64_t hi = his[in.pick(10)];
  const uint32_t badEvery = in.pick(2) ? 0 : 1 + in.byte();
  uint32_t lcg = in.byte() * 2654435761u + 1;
  const std::span<uint8_t> h = s.host;
  s.touchedHost(bytes);
  std::fill(h.begin(), h.begin() + static_cast<std::ptrdiff_t>(bytes), 0);
  for (size_t i = 0; mode >= 2 && i < bytes / 4; ++i) {
    lcg = lcg * 1664525u + 1013904223u;
    int64_t v = static_cast<int64_t>((lcg >> 8) % static_cast<uint32_t>(hi));
    if (badEvery && i % badEvery == badEvery - 1) v = edges[(lcg >> 4) % 6];
    if (mode == 2 && i < bytes / 8) {  // int64 indices
      std::memcpy(h.data() + i * 8, &v, 8);
    } else if (mode == 3) {  // int32 indices
      const auto v32 = static_cast<int32_t>(v);
      std::memcpy(h.data() + i * 4, &v32, 4);
    } else if (mode == 4) {  // floats, with negative zero, infinities and NaN now and then
      float f = static_cast<float>(v) - 0.5f * static_cast<float>(hi);
      if (badEvery && i % badEvery == 0) f = (lcg & 1) ? std::numeric_limits<float>::infinity() : -0.0f;
      std::memcpy(h.data() + i * 4, &f, 4);
    } else if (mode == 5) {  // half-precision bit patterns, every one possible
      const uint32_t two = lcg;
      std::memcpy(h.data() + i * 4, &two, 4);
    }
  }
  beginCall();
  expectCode("aclrtMemcpy", aclrtMemcpy(p, bytes, h.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE),
             {kSuccess, kInvalidParam, kUninitialized});
}

}  // namespace

void stepCreateTensor(State& s) {
  ByteReader& in = s.in;
  const uint8_t shape = in.byte();  // bit 0: strides given, 1: storage dims given, 2: own memory, 3: null dims
  uint64_t rank = in.pick(6);
  if ((shape & 0xF0) == 0xF0) rank = static_cast<uint64_t>(readSize(in));  // 9, 2^62, -1 as uint64, ...
  const size_t stored = static_cast<size_t>(std::min<uint64_t>(rank, 16));  // the library must not read past 8
  std::vector<int64_t> dims(stored), strides(stored);
  for (int64_t& d : dims) d = readSize(in);
  if (shape & 1) {
    for (int64_t& st : strides) st = readSize(in);
  }
  const int64_t offset = in.pick(4) ? in.pick(4) : readSize(in);
  const int32_t dtype = readDtype(in);
  const int32_t format = readFormat(in);
  const size_t elementSize = aclDataTypeSize(asEnum<aclDataType>(dtype));

  const __int128 last = rank <= 8 ? lastElement(dims, (shape & 1) ? strides.data() : nullptr, offset) : -1;
  std::vector<int64_t> storage = {static_cast<int64_t>(std::clamp<__int128>(last + 1, 0, std::numeric_limits<int64_t>::max()))};
  if (shape & 2) {
    storage.resize(in.pick(6));
    for (int64_t& d : storage) d = readSize(in);
  }
  void* data = nullptr;
  const __int128 reachBytes = (last + 1) * static_cast<__int128>(elementSize);
  if ((shape & 4) && last >= 0 && reachBytes > 0 && reachBytes <= static_cast<__int128>(kMaxHarnessAllocation)) {
    data = s.allocate(static_cast<size_t>(reachBytes));
    if (data) fill(s, data, static_cast<size_t>(reachBytes));
  } else {
    data = s.devicePointer();
  }

  const bool nullDims = (shape & 8) && (shape & 0x30) == 0x30;
  beginCall();
  aclTensor* t = aclCreateTensor(nullDims ? nullptr : dims.data(), rank, asEnum<aclDataType>(dtype),
                                 (shape & 1) ? strides.data() : nullptr, offset, asEnum<aclFormat>(format), storage.data(), storage.size(), data);
  expectObjectOrReason("aclCreateTensor", t);
  if (t == nullptr) return;

  TensorRecord r{t, 1, false};
  __int128 elements = 1;
  for (size_t i = 0; i < rank; ++i) {
    if (dims[i] < 0) violation("aclCreateTensor", "accepted a negative dimension");
    elements *= dims[i];
    if (elements > std::numeric_limits<int64_t>::max()) {
      violation("aclCreateTensor", "accepted a view whose element count overflows int64");
    }
  }
  r.elements = static_cast<int64_t>(elements);
  r.largerThanDevice = elements * static_cast<__int128>(elementSize) > static_cast<__int128>(kDeviceCapacity);
  if (s.tensors.size() < kMaxTensors) {
    s.tensors.push_back(r);
  } else {
    TensorRecord& slot = s.tensors[in.pick(kMaxTensors)];
    beginCall();
    expectCode("aclDestroyTensor", aclDestroyTensor(slot.tensor), {kSuccess});
    s.buryTensor(slot);
    slot = r;
  }
}

// Destroys a live tensor, or destroys again a tensor or integer array already destroyed (refused, never
// freed twice), or destroys a live integer array.
void stepDestroyTensor(State& s) {
  const uint8_t which = s.in.pick(8);
  if (which == 0 && !s.deadTensors.empty()) {
    const TensorRecord& dead = s.deadTensors[s.in.pick(static_cast<uint32_t>(s.deadTensors.size()))];
    beginCall();
    expectCode("aclDestroyTensor", aclDestroyTensor(dead.tensor), {kParamInvalid});
    return;
  }
  if (which == 1 && !s.deadArrays.empty()) {
    beginCall();
    expectCode("aclDestroyIntArray", aclDestroyIntArray(s.deadArrays[s.in.pick(static_cast<uint32_t>(s.deadArrays.size()))]),
               {kParamInvalid});
    return;
  }
  if (which == 2 && !s.arrays.empty()) {
    const size_t i = s.in.pick(static_cast<uint32_t>(s.arrays.size()));
    beginCall();
    expectCode("aclDestroyIntArray", aclDestroyIntArray(s.arrays[i]), {kSuccess});
    s.buryArray(s.arrays[i]);
    s.arrays.erase(s.arrays.begin() + static_cast<std::ptrdiff_t>(i));
    return;
  }
  if (s.tensors.empty()) {
    beginCall();
    expectCode("aclDestroyTensor", aclDestroyTensor(nullptr), {kSuccess, kNullptr});
    return;
  }
  const size_t i = s.in.pick(static_cast<uint32_t>(s.tensors.size()));
  beginCall();
  expectCode("aclDestroyTensor", aclDestroyTensor(s.tensors[i].tensor), {kSuccess});
  s.buryTensor(s.tensors[i]);
  s.tensors.erase(s.tensors.begin() + static_cast<std::ptrdiff_t>(i));
}

void stepCreateIntArray(State& s) {
  ByteReader& in = s.in;
  const uint8_t mode = in.byte();
  uint64_t size = mode % 6;
  std::vector<int64_t> values(size);
  for (int64_t& v : values) v = readSize(in);
  const int64_t* pointer = values.data();
  if (mode >= 240) {  // null values, or a size the caller's buffer does not back (the library may not read)
    pointer = nullptr;
    size = static_cast<uint64_t>(readSize(in));
  }
  if (size == 0 && (mode & 0x40)) pointer = nullptr;  // an empty array from a null pointer is fine
  beginCall();
  aclIntArray* a = aclCreateIntArray(pointer, size);
  expectObjectOrReason("aclCreateIntArray", a);
  if (a == nullptr) return;
  if (s.arrays.size() < kMaxArrays) {
    s.arrays.push_back(a);
  } else {
    aclIntArray*& slot = s.arrays[in.pick(kMaxArrays)];
    beginCall();
    expectCode("aclDestroyIntArray", aclDestroyIntArray(slot), {kSuccess});
    s.buryArray(slot);
    slot = a;
  }
}

}  // namespace gradlab::fuzz
