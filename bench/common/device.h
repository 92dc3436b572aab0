// The emulated device as a benchmark sees it: one runtime (aclInit, device 0, a stream) for the whole
// binary, device buffers and tensors allocated once outside the timed loops, like a real program does.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "gradlab/no_copy.h"

namespace gradlab::bench {

// Aborts the benchmark binary with the library's recent error message when `status` is not 0.
void require(int status, const char* what);

class Runtime {
 public:
  static Runtime& shared();  // aclInit + aclrtSetDevice(0) + one stream, on first use
  aclrtStream stream() const { return stream_; }
  // ACL_OPT_DETERMINISTIC for device 0 (affects the plans of later GetWorkspaceSize calls).
  static void setDeterministic(bool on);

 private:
  Runtime();
  aclrtStream stream_ = nullptr;
};

// One aclrtMalloc block, freed on destruction.
class DeviceBuffer : NoCopy {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(size_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(DeviceBuffer&& other) noexcept;
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;

  void* data() const { return data_; }
  size_t bytes() const { return bytes_; }
  // Grows to at least `bytes` (contents are not kept).
  void reserve(size_t bytes);

 private:
  void* data_ = nullptr;
  size_t bytes_ = 0;
};

// A contiguous tensor in a buffer of its own.
class Tensor : NoCopy {
 public:
  Tensor() = default;
  Tensor(std::vector<int64_t> shape, aclDataType dtype, aclFormat format = ACL_FORMAT_ND);
  ~Tensor();
  Tensor(Tensor&& other) noexcept;
  Tensor& operator=(Tensor&& other) noexcept;

  aclTensor* get() const { return tensor_; }
  operator aclTensor*() const { return tensor_; }
  void* data() const { return buffer_.data(); }
  aclDataType dtype() const { return dtype_; }
  int64_t numel() const;
  uint64_t bytes() const { return static_cast<uint64_t>(numel()) * aclDataTypeSize(dtype_); }
  const std::vector<int64_t>& shape() const { return shape_; }

  // Fills the tensor with reproducible pseudo-random values in [-1, 1) (rounded to the dtype).
  void fillRandom(uint32_t seed);

 private:
  std::vector<int64_t> shape_;
  aclDataType dtype_ = ACL_FLOAT;
  DeviceBuffer buffer_;
  aclTensor* tensor_ = nullptr;
};

class IntArray : NoCopy {
 public:
  explicit IntArray(std::vector<int64_t> values);
  ~IntArray();
  aclIntArray* get() const { return array_; }
  operator aclIntArray*() const { return array_; }

 private:
  aclIntArray* array_ = nullptr;
};

const char* dtypeLabel(aclDataType dtype);  // "fp32", "fp16", "bf16"
std::string shapeLabel(const std::vector<int64_t>& shape);  // "8x64x256x256"

}  // namespace gradlab::bench
