#include "verify/device_tensor.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>

#include "gradlab/half.h"

namespace gradlab::verify {
namespace {

int64_t product(const std::vector<int64_t>& v) {
  int64_t p = 1;
  for (int64_t x : v) p *= x;
  return p;
}

std::vector<int64_t> contiguousStrides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) s[i - 1] = s[i] * std::max<int64_t>(shape[i], 1);
  return s;
}

// A value as an integer of any width: NaN is 0, out-of-range values saturate to int64, and the narrower
// types then wrap (conversions that are all defined, unlike a float cast out of range).
int64_t wholeValue(double value) {
  if (!(value == value)) return 0;
  if (value <= -9.2e18) return std::numeric_limits<int64_t>::min();
  if (value >= 9.2e18) return std::numeric_limits<int64_t>::max();
  return static_cast<int64_t>(value);
}

// Every dtype writes exactly aclDataTypeSize(dtype) bytes (the host buffer holds no more); the few a test
// tensor can hold are converted, any other is zero-filled.
void encode(aclDataType dtype, double value, std::byte* out) {
  switch (dtype) {
    case ACL_FLOAT16: { uint16_t b = floatToHalfBits(static_cast<float>(value)); std::memcpy(out, &b, 2); break; }
    case ACL_BF16: { uint16_t b = floatToBf16Bits(static_cast<float>(value)); std::memcpy(out, &b, 2); break; }
    case ACL_FLOAT: { float f = static_cast<float>(value); std::memcpy(out, &f, 4); break; }
    case ACL_DOUBLE: std::memcpy(out, &value, 8); break;
    case ACL_INT32: { int32_t v = static_cast<int32_t>(wholeValue(value)); std::memcpy(out, &v, 4); break; }
    case ACL_INT64: { int64_t v = wholeValue(value); std::memcpy(out, &v, 8); break; }
    case ACL_INT16: { int16_t v = static_cast<int16_t>(wholeValue(value)); std::memcpy(out, &v, 2); break; }
    case ACL_INT8: { int8_t v = static_cast<int8_t>(wholeValue(value)); std::memcpy(out, &v, 1); break; }
    case ACL_UINT8:
    case ACL_BOOL: { uint8_t v = static_cast<uint8_t>(wholeValue(value)); std::memcpy(out, &v, 1); break; }
    default: std::memset(out, 0, aclDataTypeSize(dtype)); break;
  }
}

double decode(aclDataType dtype, const std::byte* in) {
  switch (dtype) {
    case ACL_FLOAT16: { uint16_t b; std::memcpy(&b, in, 2); return halfBitsToFloat(b); }
    case ACL_BF16: { uint16_t b; std::memcpy(&b, in, 2); return bf16BitsToFloat(b); }
    case ACL_FLOAT: { float f; std::memcpy(&f, in, 4); return f; }
    case ACL_DOUBLE: { double d; std::memcpy(&d, in, 8); return d; }
    case ACL_INT32: { int32_t v; std::memcpy(&v, in, 4); return v; }
    case ACL_INT64: { int64_t v; std::memcpy(&v, in, 8); return static_cast<double>(v); }
    case ACL_INT16: { int16_t v; std::memcpy(&v, in, 2); return v; }
    case ACL_INT8: { int8_t v; std::memcpy(&v, in, 1); return v; }
    case ACL_UINT8:
    case ACL_BOOL: { uint8_t v; std::memcpy(&v, in, 1); return v; }
    default: return 0.0;
  }
}

void check(aclError e, const char* what) {
  if (e != ACL_SUCCESS) throw std::runtime_error(std::string(what) + " failed: " + aclGetRecentErrMsg());
}

// Visits the storage element index of every view cell in row-major order.
template <typename Fn>
void forEachCell(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides, int64_t offset, Fn fn) {
  int64_t n = product(shape);
  std::vector<int64_t> idx(shape.size(), 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t at = offset;
    for (size_t d = 0; d < shape.size(); ++d) at += idx[d] * strides[d];
    fn(i, at);
    for (size_t d = shape.size(); d-- > 0;) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
}

}  // namespace

DeviceTensor::DeviceTensor(const std::vector<int64_t>& shape, aclDataType dtype, const std::vector<float>& values,
                           aclFormat format)
    : DeviceTensor(shape, contiguousStrides(shape), 0, product(shape), dtype, values, format) {}

DeviceTensor::DeviceTensor(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides, int64_t offset,
                           int64_t storageElems, aclDataType dtype, const std::vector<float>& values, aclFormat format,
                           float fill) {
  create(shape, strides, offset, storageElems, dtype, format);
  size_t es = aclDataTypeSize(dtype);
  std::vector<std::byte> host(std::max<int64_t>(storageElems, 1) * es);
  for (int64_t i = 0; i < storageElems; ++i) encode(dtype, fill, host.data() + i * es);
  forEachCell(shape, strides, offset, [&](int64_t i, int64_t at) {
    encode(dtype, i < static_cast<int64_t>(values.size()) ? values[i] : 0.0f, host.data() + at * es);
  });
  if (device_) check(aclrtMemcpy(device_, storageElems * es, host.data(), storageElems * es, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
}

DeviceTensor DeviceTensor::indices(const std::vector<int64_t>& shape, aclDataType dtype, const std::vector<int64_t>& values,
                                   aclFormat format) {
  DeviceTensor t;
  t.create(shape, contiguousStrides(shape), 0, product(shape), dtype, format);
  size_t es = aclDataTypeSize(dtype);
  std::vector<std::byte> host(std::max<int64_t>(t.storageElems_, 1) * es);
  for (int64_t i = 0; i < t.storageElems_; ++i) {
    int64_t v = i < static_cast<int64_t>(values.size()) ? values[i] : 0;
    if (dtype == ACL_INT32) {
      int32_t v32 = static_cast<int32_t>(v);
      std::memcpy(host.data() + i * es, &v32, 4);
    } else {
      std::memcpy(host.data() + i * es, &v, 8);
    }
  }
  if (t.device_) check(aclrtMemcpy(t.device_, host.size(), host.data(), t.storageElems_ * es, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
  return t;
}

void DeviceTensor::create(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides, int64_t offset,
                          int64_t storageElems, aclDataType dtype, aclFormat format) {
  shape_ = shape, strides_ = strides, offset_ = offset, storageElems_ = storageElems, dtype_ = dtype;
  size_t bytes = storageElems * aclDataTypeSize(dtype);
  if (bytes > 0) check(aclrtMalloc(&device_, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  std::vector<int64_t> storageDims{storageElems};
  tensor_ = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), offset, format, storageDims.data(), 1, device_);
  if (!tensor_) throw std::runtime_error(std::string("aclCreateTensor failed: ") + aclGetRecentErrMsg());
}

DeviceTensor::~DeviceTensor() {
  if (tensor_) aclDestroyTensor(tensor_);
  if (device_) aclrtFree(device_);
}

DeviceTensor::DeviceTensor(DeviceTensor&& o) noexcept { *this = std::move(o); }

DeviceTensor& DeviceTensor::operator=(DeviceTensor&& o) noexcept {
  std::swap(shape_, o.shape_);
  std::swap(strides_, o.strides_);
  std::swap(offset_, o.offset_);
  std::swap(storageElems_, o.storageElems_);
  std::swap(dtype_, o.dtype_);
  std::swap(device_, o.device_);
  std::swap(tensor_, o.tensor_);
  return *this;
}

std::vector<float> DeviceTensor::storage() const {
  size_t es = aclDataTypeSize(dtype_);
  std::vector<std::byte> host(std::max<int64_t>(storageElems_, 1) * es);
  if (device_) check(aclrtMemcpy(host.data(), host.size(), device_, storageElems_ * es, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
  std::vector<float> out(storageElems_);
  for (int64_t i = 0; i < storageElems_; ++i) out[i] = static_cast<float>(decode(dtype_, host.data() + i * es));
  return out;
}

std::vector<float> DeviceTensor::values() const {
  size_t es = aclDataTypeSize(dtype_);
  std::vector<std::byte> host(std::max<int64_t>(storageElems_, 1) * es);
  if (device_) check(aclrtMemcpy(host.data(), host.size(), device_, storageElems_ * es, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
  std::vector<float> out(product(shape_));
  forEachCell(shape_, strides_, offset_, [&](int64_t i, int64_t at) { out[i] = static_cast<float>(decode(dtype_, host.data() + at * es)); });
  return out;
}

std::vector<int64_t> DeviceTensor::intValues() const {
  size_t es = aclDataTypeSize(dtype_);
  std::vector<std::byte> host(std::max<int64_t>(storageElems_, 1) * es);
  if (device_) check(aclrtMemcpy(host.data(), host.size(), device_, storageElems_ * es, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
  std::vector<int64_t> out(product(shape_));
  forEachCell(shape_, strides_, offset_, [&](int64_t i, int64_t at) {
    if (dtype_ == ACL_INT32) {
      int32_t v;
      std::memcpy(&v, host.data() + at * es, 4);
      out[i] = v;
    } else {
      std::memcpy(&out[i], host.data() + at * es, 8);
    }
  });
  return out;
}

RuntimeScope& RuntimeScope::shared() {
  static RuntimeScope* scope = new RuntimeScope();
  return *scope;
}

RuntimeScope::RuntimeScope() {
  aclError e = aclInit(nullptr);
  if (e != ACL_SUCCESS && e != ACL_ERROR_REPEAT_INITIALIZE) check(e, "aclInit");
  check(aclrtSetDevice(0), "aclrtSetDevice");
  check(aclrtCreateStream(&stream_), "aclrtCreateStream");
}

void RuntimeScope::setDeterministic(bool on) { check(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, on ? 1 : 0), "aclrtCtxSetSysParamOpt"); }

float roundTo(aclDataType dtype, float value) {
  if (dtype == ACL_FLOAT16) return halfBitsToFloat(floatToHalfBits(value));
  if (dtype == ACL_BF16) return bf16BitsToFloat(floatToBf16Bits(value));
  return value;
}

bool sameBits(float a, float b) {
  if (std::isnan(a) && std::isnan(b)) return true;
  uint32_t x, y;
  std::memcpy(&x, &a, 4);
  std::memcpy(&y, &b, 4);
  return x == y;
}

std::vector<float> roundAll(aclDataType dtype, std::vector<float> values) {
  for (float& v : values) v = roundTo(dtype, v);
  return values;
}

}  // namespace gradlab::verify
