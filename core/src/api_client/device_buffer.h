// A runner-owned device tensor: one aclrtMalloc'd storage and the aclTensor view over it, filled from
// host values and read back as host values. Failures come back as status + message, never throws.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "gradlab/refusal_facts.h"
#include "api_client/tensor_layout.h"
#include "gradlab/no_copy.h"

namespace gradlab::runner {

struct Failure {
  int status = 0;
  std::string message;
  RefusalFacts refusal;  // lastRefusalFacts() of a failed library call
  bool failed() const { return status != 0; }
};

class DeviceBuffer : NoCopy {
 public:
  DeviceBuffer() = default;
  ~DeviceBuffer();

  // Allocates the storage, fills every byte with 0xFF (NaN for every float dtype, -1 for integers), and
  // creates the view. `format` is the aclFormat of the view. `filledInPlace`: the caller writes every cell
  // through cellsInPlace() at once, so storage that offers them is not filled first (a 4 GiB input's 0xFF
  // pass, overwritten at once, was a tenth of a large call's wall time).
  Failure create(const TensorLayout& layout, aclDataType dtype, aclFormat format, bool filledInPlace = false);
  // Writes the view's cells (row-major) from fp32 values (rounded once to fp16/bf16) or integers.
  Failure upload(std::span<const float> values);
  Failure uploadInts(std::span<const int64_t> values);
  // Reads the view's cells back; `untouched` (optional) becomes false when any storage byte outside the
  // view lost its 0xFF fill (an op wrote where it must not).
  Failure download(std::vector<float>* values, std::vector<int64_t>* ints, bool* untouched) const;

  // FLOAT cells in contiguous storage, used in place by the host (the emulator's device memory is host
  // memory): a large input is made there and a large output read there, with no host copy. Empty for other
  // dtypes and layouts. keepCells() holds their pages, even after this buffer frees them.
  std::span<float> cellsInPlace() const;
  std::shared_ptr<const void> keepCells() const;

  aclTensor* tensor() const { return tensor_; }
  void* data() const { return device_; }  // start of the storage (nullptr when empty)
  const TensorLayout& layout() const { return layout_; }
  aclDataType dtype() const { return dtype_; }

 private:
  Failure copyIn(const std::vector<std::byte>& host);
  Failure copyOut(std::vector<std::byte>* host) const;

  // FLOAT cells in contiguous storage: what cellsInPlace() hands out once the storage is there.
  bool offersCells() const { return dtype_ == ACL_FLOAT && layout_.dense(); }

  TensorLayout layout_;
  aclDataType dtype_ = ACL_FLOAT;
  size_t elementSize_ = 4;
  void* device_ = nullptr;
  aclTensor* tensor_ = nullptr;
};

// "" when every finite value stays finite in `dtype`; else "[i] = v is outside FLOAT16's finite range ..."
// for the first that would round to infinity (FLOAT16 and BF16 hold less than fp32).
std::string rangeProblem(aclDataType dtype, std::span<const float> values);

// fp32 <-> one element of `dtype` (FLOAT, FLOAT16, BF16, INT32, INT64), little-endian host bytes.
void encodeFloat(aclDataType dtype, float value, std::byte* out);
float decodeFloat(aclDataType dtype, const std::byte* in);
bool isIntegerType(aclDataType dtype);

}  // namespace gradlab::runner
