#include "common/device.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <utility>

#include "gradlab/half.h"

namespace gradlab::bench {

void require(int status, const char* what) {
  if (status == 0) return;
  std::fprintf(stderr, "gradlab bench: %s failed with %d: %s\n", what, status, aclGetRecentErrMsg());
  std::exit(1);
}

Runtime::Runtime() {
  require(aclInit(nullptr), "aclInit");
  require(aclrtSetDevice(0), "aclrtSetDevice");
  require(aclrtCreateStream(&stream_), "aclrtCreateStream");
}

Runtime& Runtime::shared() {
  static Runtime* runtime = new Runtime();  // never torn down: benchmarks may run until exit
  return *runtime;
}

void Runtime::setDeterministic(bool on) {
  shared();
  require(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, on ? 1 : 0), "aclrtCtxSetSysParamOpt");
}

DeviceBuffer::DeviceBuffer(size_t bytes) { reserve(bytes); }

DeviceBuffer::~DeviceBuffer() {
  if (data_) aclrtFree(data_);
}

DeviceBuffer::DeviceBuffer(DeviceBuffer&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept {
  std::swap(data_, other.data_);
  std::swap(bytes_, other.bytes_);
  return *this;
}

void DeviceBuffer::reserve(size_t bytes) {
  if (bytes <= bytes_) return;
  Runtime::shared();
  if (data_) aclrtFree(data_);
  data_ = nullptr;
  require(aclrtMalloc(&data_, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  bytes_ = bytes;
}

Tensor::Tensor(std::vector<int64_t> shape, aclDataType dtype, aclFormat format)
    : shape_(std::move(shape)), dtype_(dtype), buffer_(std::max<uint64_t>(1, bytes())) {
  std::vector<int64_t> strides(shape_.size(), 1);
  for (size_t d = shape_.size(); d-- > 1;) strides[d - 1] = strides[d] * shape_[d];
  tensor_ = aclCreateTensor(shape_.data(), shape_.size(), dtype_, strides.data(), 0, format, shape_.data(),
                            shape_.size(), buffer_.data());
  if (tensor_ == nullptr) require(-1, "aclCreateTensor");
}

Tensor::~Tensor() {
  if (tensor_) aclDestroyTensor(tensor_);
}

Tensor::Tensor(Tensor&& other) noexcept
    : shape_(std::move(other.shape_)), dtype_(other.dtype_), buffer_(std::move(other.buffer_)),
      tensor_(std::exchange(other.tensor_, nullptr)) {}

Tensor& Tensor::operator=(Tensor&& other) noexcept {
  std::swap(shape_, other.shape_);
  std::swap(dtype_, other.dtype_);
  std::swap(buffer_, other.buffer_);
  std::swap(tensor_, other.tensor_);
  return *this;
}

int64_t Tensor::numel() const {
  int64_t n = 1;
  for (int64_t d : shape_) n *= d;
  return n;
}

void Tensor::fillRandom(uint32_t seed) {
  const size_t n = static_cast<size_t>(numel());
  std::vector<float> values(n);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  for (float& v : values) v = dist(rng);
  std::vector<uint16_t> half;
  const void* src = values.data();
  if (dtype_ == ACL_FLOAT16 || dtype_ == ACL_BF16) {
    half.resize(n);
    if (dtype_ == ACL_FLOAT16) floatToHalf(values.data(), half.data(), n);
    else floatToBf16(values.data(), half.data(), n);
    src = half.data();
  }
  if (n > 0) require(aclrtMemcpy(data(), bytes(), src, bytes(), ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
}

IntArray::IntArray(std::vector<int64_t> values) : array_(aclCreateIntArray(values.data(), values.size())) {
  if (array_ == nullptr) require(-1, "aclCreateIntArray");
}

IntArray::~IntArray() { aclDestroyIntArray(array_); }

const char* dtypeLabel(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT16: return "fp16";
    case ACL_BF16: return "bf16";
    default: return "fp32";
  }
}

std::string shapeLabel(const std::vector<int64_t>& shape) {
  std::string s;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i > 0) s.push_back('x');
    s.append(std::to_string(shape[i]));
  }
  return s;
}

}  // namespace gradlab::bench
