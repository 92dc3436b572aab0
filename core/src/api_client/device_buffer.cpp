#include "api_client/device_buffer.h"

#include <algorithm>
#include <cstring>
#include <cmath>
#include <limits>
#include <fmt/format.h>

#include "gradlab/half.h"
#include "runtime/device_malloc.h"
#include "runtime/memory.h"

namespace gradlab::runner {
namespace {

Failure aclFailure(int status, const std::string& what) {
  return Failure{status, what + ": " + aclGetRecentErrMsg(), lastRefusalFacts()};
}

// float -> integer without undefined behaviour for NaN or out-of-range values (they become 0 / the bound).
template <typename Int>
Int toInt(float value) {
  if (!(value == value)) return 0;
  const double lo = static_cast<double>(std::numeric_limits<Int>::min());
  const double hi = static_cast<double>(std::numeric_limits<Int>::max());
  const double d = value;
  if (d <= lo) return std::numeric_limits<Int>::min();
  if (d >= hi) return std::numeric_limits<Int>::max();
  return static_cast<Int>(d);
}

}  // namespace

bool isIntegerType(aclDataType dtype) { return dtype == ACL_INT32 || dtype == ACL_INT64; }

void encodeFloat(aclDataType dtype, float value, std::byte* out) {
  switch (dtype) {
    case ACL_FLOAT16: {
      uint16_t b = floatToHalfBits(value);
      std::memcpy(out, &b, 2);
      break;
    }
    case ACL_BF16: {
      uint16_t b = floatToBf16Bits(value);
      std::memcpy(out, &b, 2);
      break;
    }
    case ACL_INT32: {
      int32_t v = toInt<int32_t>(value);
      std::memcpy(out, &v, 4);
      break;
    }
    case ACL_INT64: {
      int64_t v = toInt<int64_t>(value);
      std::memcpy(out, &v, 8);
      break;
    }
    case ACL_DOUBLE: {
      double d = value;
      std::memcpy(out, &d, 8);
      break;
    }
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_BOOL: {
      auto b = static_cast<unsigned char>(toInt<int16_t>(value));
      std::memcpy(out, &b, 1);
      break;
    }
    case ACL_INT16: {
      int16_t v = toInt<int16_t>(value);
      std::memcpy(out, &v, 2);
      break;
    }
    case ACL_FLOAT:
      std::memcpy(out, &value, 4);
      break;
    default:  // other dtypes only reach an operator to be refused by its checks
      std::memset(out, 0, aclDataTypeSize(dtype));
      break;
  }
}

float decodeFloat(aclDataType dtype, const std::byte* in) {
  switch (dtype) {
    case ACL_FLOAT16: {
      uint16_t b;
      std::memcpy(&b, in, 2);
      return halfBitsToFloat(b);
    }
    case ACL_BF16: {
      uint16_t b;
      std::memcpy(&b, in, 2);
      return bf16BitsToFloat(b);
    }
    case ACL_INT32: {
      int32_t v;
      std::memcpy(&v, in, 4);
      return static_cast<float>(v);
    }
    case ACL_INT64: {
      int64_t v;
      std::memcpy(&v, in, 8);
      return static_cast<float>(v);
    }
    case ACL_DOUBLE: {
      double d;
      std::memcpy(&d, in, 8);
      return static_cast<float>(d);
    }
    case ACL_INT8: return static_cast<float>(static_cast<int8_t>(in[0]));
    case ACL_UINT8:
    case ACL_BOOL: return static_cast<float>(static_cast<uint8_t>(in[0]));
    case ACL_INT16: {
      int16_t v;
      std::memcpy(&v, in, 2);
      return v;
    }
    case ACL_FLOAT: {
      float f;
      std::memcpy(&f, in, 4);
      return f;
    }
    default: return 0.0f;
  }
}

DeviceBuffer::~DeviceBuffer() {
  if (tensor_) aclDestroyTensor(tensor_);
  if (device_) aclrtFree(device_);
}

Failure DeviceBuffer::create(const TensorLayout& layout, aclDataType dtype, aclFormat format, bool filledInPlace) {
  layout_ = layout;
  dtype_ = dtype;
  elementSize_ = aclDataTypeSize(dtype);
  const size_t bytes = static_cast<size_t>(layout.storageElems) * elementSize_;
  if (bytes > 0) {
    // aclrtMalloc's blocks already read 0xFF (the emulator's fresh memory).
    const auto fill = filledInPlace && offersCells() ? rt::DeviceMemory::Fill::kUnfilled : rt::DeviceMemory::Fill::kFresh;
    if (aclError e = rt::mallocOnDevice(&device_, bytes, ACL_MEM_MALLOC_HUGE_FIRST, fill); e != ACL_SUCCESS) {
      device_ = nullptr;
      return aclFailure(e, "aclrtMalloc");
    }
  }
  std::vector<int64_t> storageDims{layout.storageElems};
  tensor_ = aclCreateTensor(layout.shape.data(), layout.shape.size(), dtype, layout.strides.data(), layout.offset,
                            format, storageDims.data(), storageDims.size(), device_);
  if (tensor_ == nullptr) return aclFailure(ACLNN_ERR_PARAM_INVALID, "aclCreateTensor");
  return {};
}

std::span<float> DeviceBuffer::cellsInPlace() const {
  if (!offersCells() || device_ == nullptr) return {};
  return {static_cast<float*>(device_), static_cast<size_t>(layout_.numel())};
}

std::shared_ptr<const void> DeviceBuffer::keepCells() const {
  rt::AllocationRef pin;
  if (device_ == nullptr) return nullptr;
  rt::DeviceMemory::instance().checkRange(device_, 1, "the runner's buffer", &pin);
  return pin;
}

Failure DeviceBuffer::copyIn(const std::vector<std::byte>& host) {
  if (host.empty()) return {};
  aclError e = aclrtMemcpy(device_, host.size(), host.data(), host.size(), ACL_MEMCPY_HOST_TO_DEVICE);
  return e == ACL_SUCCESS ? Failure{} : aclFailure(e, "aclrtMemcpy (host to device)");
}

Failure DeviceBuffer::copyOut(std::vector<std::byte>* host) const {
  host->assign(static_cast<size_t>(layout_.storageElems) * elementSize_, std::byte{0});
  if (host->empty()) return {};
  aclError e = aclrtMemcpy(host->data(), host->size(), device_, host->size(), ACL_MEMCPY_DEVICE_TO_HOST);
  return e == ACL_SUCCESS ? Failure{} : aclFailure(e, "aclrtMemcpy (device to host)");
}

Failure DeviceBuffer::upload(std::span<const float> values) {
  const int64_t n = layout_.numel();
  // Dense fp32 cells are the device bytes already: copied straight, without a staging copy on the host.
  if (layout_.dense() && dtype_ == ACL_FLOAT && static_cast<int64_t>(values.size()) >= n) {
    if (n == 0) return {};
    const size_t bytes = static_cast<size_t>(n) * 4;
    aclError e = aclrtMemcpy(device_, bytes, values.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    return e == ACL_SUCCESS ? Failure{} : aclFailure(e, "aclrtMemcpy (host to device)");
  }
  std::vector<std::byte> host(static_cast<size_t>(layout_.storageElems) * elementSize_, std::byte{0xFF});
  if (layout_.dense() && static_cast<int64_t>(values.size()) >= n &&
      (dtype_ == ACL_FLOAT || dtype_ == ACL_FLOAT16 || dtype_ == ACL_BF16)) {
    if (dtype_ == ACL_FLOAT) {
      if (n > 0) std::memcpy(host.data(), values.data(), static_cast<size_t>(n) * 4);
    } else {
      auto* out = reinterpret_cast<uint16_t*>(host.data());
      dtype_ == ACL_FLOAT16 ? floatToHalf(values.data(), out, n) : floatToBf16(values.data(), out, n);
    }
    return copyIn(host);
  }
  layout_.forEachCell([&](int64_t i, int64_t at) {
    encodeFloat(dtype_, i < static_cast<int64_t>(values.size()) ? values[i] : 0.0f, host.data() + at * elementSize_);
  });
  return copyIn(host);
}

Failure DeviceBuffer::uploadInts(std::span<const int64_t> values) {
  // A value INT32 cannot hold is refused, never truncated: 2^32 + 5 would land in cell 5.
  if (dtype_ == ACL_INT32) {
    for (size_t i = 0; i < values.size(); ++i) {
      if (values[i] < std::numeric_limits<int32_t>::min() || values[i] > std::numeric_limits<int32_t>::max()) {
        return {ACLNN_ERR_PARAM_INVALID, "element " + std::to_string(i) + " = " + std::to_string(values[i]) +
                                             " is outside INT32's range [-2147483648, 2147483647] (INT64 holds it)",
                {}};
      }
    }
  }
  std::vector<std::byte> host(static_cast<size_t>(layout_.storageElems) * elementSize_, std::byte{0xFF});
  layout_.forEachCell([&](int64_t i, int64_t at) {
    const int64_t v = i < static_cast<int64_t>(values.size()) ? values[i] : 0;
    std::byte* p = host.data() + at * elementSize_;
    if (dtype_ == ACL_INT32) {
      const int32_t v32 = static_cast<int32_t>(v);
      std::memcpy(p, &v32, 4);
    } else if (dtype_ == ACL_INT64) {
      std::memcpy(p, &v, 8);
    } else {
      encodeFloat(dtype_, static_cast<float>(v), p);
    }
  });
  return copyIn(host);
}

Failure DeviceBuffer::download(std::vector<float>* values, std::vector<int64_t>* ints, bool* untouched) const {
  // Dense fp32 storage is the cells and nothing else: read straight into the values.
  if (values && layout_.dense() && dtype_ == ACL_FLOAT) {
    const int64_t n = layout_.numel();
    values->resize(static_cast<size_t>(std::max<int64_t>(n, 0)));
    if (untouched) *untouched = true;
    if (n == 0) return {};
    const size_t bytes = static_cast<size_t>(n) * 4;
    aclError e = aclrtMemcpy(values->data(), bytes, device_, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
    return e == ACL_SUCCESS ? Failure{} : aclFailure(e, "aclrtMemcpy (device to host)");
  }
  std::vector<std::byte> host;
  if (Failure f = copyOut(&host); f.failed()) return f;
  const int64_t n = layout_.numel();
  const bool dense = layout_.dense();
  if (values) {
    values->resize(static_cast<size_t>(std::max<int64_t>(n, 0)));
    if (dense && n > 0 && dtype_ == ACL_FLOAT) {
      std::memcpy(values->data(), host.data(), static_cast<size_t>(n) * 4);
    } else if (dense && n > 0 && (dtype_ == ACL_FLOAT16 || dtype_ == ACL_BF16)) {
      const auto* in = reinterpret_cast<const uint16_t*>(host.data());
      dtype_ == ACL_FLOAT16 ? halfToFloat(in, values->data(), n) : bf16ToFloat(in, values->data(), n);
    } else {
      layout_.forEachCell([&](int64_t i, int64_t at) { (*values)[i] = decodeFloat(dtype_, host.data() + at * elementSize_); });
    }
  }
  if (ints && isIntegerType(dtype_)) {
    ints->resize(static_cast<size_t>(std::max<int64_t>(n, 0)));
    layout_.forEachCell([&](int64_t i, int64_t at) {
      const std::byte* p = host.data() + at * elementSize_;
      if (dtype_ == ACL_INT32) {
        int32_t v;
        std::memcpy(&v, p, 4);
        (*ints)[i] = v;
      } else {
        std::memcpy(&(*ints)[i], p, 8);
      }
    });
  }
  if (untouched) {
    *untouched = true;
    if (n != layout_.storageElems) {
      std::vector<uint8_t> inView(static_cast<size_t>(layout_.storageElems), 0);
      layout_.forEachCell([&](int64_t, int64_t at) { inView[at] = 1; });
      for (int64_t e = 0; e < layout_.storageElems && *untouched; ++e) {
        if (inView[e]) continue;
        for (size_t b = 0; b < elementSize_; ++b) {
          if (host[e * elementSize_ + b] != std::byte{0xFF}) *untouched = false;
        }
      }
    }
  }
  return {};
}

std::string rangeProblem(aclDataType dtype, std::span<const float> values) {
  // The largest finite value plus half its ulp rounds to infinity (ties go to the even infinity).
  float overflow = 0.0f;
  const char* name = nullptr;
  if (dtype == ACL_FLOAT16) overflow = 65520.0f, name = "FLOAT16's finite range (|v| <= 65504)";
  if (dtype == ACL_BF16) overflow = 0x1.ffp127f, name = "BF16's finite range (|v| <= 3.3895e38)";
  if (name == nullptr) return {};
  for (size_t i = 0; i < values.size(); ++i) {
    if (std::isfinite(values[i]) && std::fabs(values[i]) >= overflow) {
      return fmt::format("[{}] = {:.9g} is outside {}", i, values[i], name);
    }
  }
  return {};
}

}  // namespace gradlab::runner
