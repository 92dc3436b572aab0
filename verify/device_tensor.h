// Test helper: a tensor on the emulated device built from host fp32 values, with any dtype, shape,
// strides and offset, read back as fp32.
#pragma once

#include <cstdint>
#include <vector>

#include "acl/acl.h"
#include "gradlab/no_copy.h"

namespace gradlab::verify {

class DeviceTensor : NoCopy {
 public:
  DeviceTensor() = default;
  // Contiguous tensor holding `values` (converted to dtype: fp16/bf16 round to nearest even; INT32/INT64 truncate).
  DeviceTensor(const std::vector<int64_t>& shape, aclDataType dtype, const std::vector<float>& values,
               aclFormat format = ACL_FORMAT_ND);
  // Strided view inside a larger storage of `storageElems` elements; cells outside the view hold `fill`.
  DeviceTensor(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides, int64_t offset,
               int64_t storageElems, aclDataType dtype, const std::vector<float>& values, aclFormat format = ACL_FORMAT_ND,
               float fill = -777.0f);
  // Integer tensor (INT32 or INT64) holding `values`.
  static DeviceTensor indices(const std::vector<int64_t>& shape, aclDataType dtype, const std::vector<int64_t>& values,
                              aclFormat format = ACL_FORMAT_ND);
  ~DeviceTensor();
  DeviceTensor(DeviceTensor&& other) noexcept;
  DeviceTensor& operator=(DeviceTensor&& other) noexcept;

  aclTensor* get() const { return tensor_; }
  operator aclTensor*() const { return tensor_; }
  void* data() const { return device_; }
  // The view's values in row-major order, as fp32 (fp16/bf16 widened exactly).
  std::vector<float> values() const;
  std::vector<int64_t> intValues() const;
  // The whole storage, as fp32 (to check that nothing outside the view was touched).
  std::vector<float> storage() const;

 private:
  void create(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides, int64_t offset,
              int64_t storageElems, aclDataType dtype, aclFormat format);
  std::vector<int64_t> shape_, strides_;
  int64_t offset_ = 0, storageElems_ = 0;
  aclDataType dtype_ = ACL_FLOAT;
  void* device_ = nullptr;
  aclTensor* tensor_ = nullptr;
};

// RAII aclInit + aclrtSetDevice(0) + a stream; tears down in reverse. One per test binary is enough:
// use RuntimeScope::shared().
class RuntimeScope {
 public:
  static RuntimeScope& shared();
  aclrtStream stream() const { return stream_; }
  void setDeterministic(bool on);

 private:
  RuntimeScope();
  aclrtStream stream_ = nullptr;
};

// Rounds fp32 to the dtype and back (identity for FLOAT).
float roundTo(aclDataType dtype, float value);
std::vector<float> roundAll(aclDataType dtype, std::vector<float> values);

// Same bit pattern, or both NaN (the NaN payload is not part of the contract).
bool sameBits(float a, float b);

}  // namespace gradlab::verify
