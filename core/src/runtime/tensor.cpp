#include "runtime/tensor.h"

#include <limits>

#include "runtime/error.h"
#include "runtime/live_handles.h"
#include "runtime/memory.h"
#include "runtime/raw_enum.h"

using gradlab::rt::cat;
using gradlab::rt::fail;
using gradlab::rt::refuse;
using gradlab::rt::formatDims;

int64_t aclTensor::numel() const {
  int64_t n = 1;
  for (int64_t d : viewDims) n *= d;  // dims were checked at creation not to overflow
  return n;
}

bool aclTensor::contiguous() const {
  int64_t expected = 1;
  for (size_t i = viewDims.size(); i-- > 0;) {
    if (viewDims[i] != 1 && strides[i] != expected) return false;
    expected *= viewDims[i];
  }
  return true;
}

size_t aclTensor::elementSize() const { return aclDataTypeSize(dtype); }

size_t aclTensor::reachBytes() const {
  if (empty()) return 0;
  int64_t last = offset;
  for (size_t i = 0; i < viewDims.size(); ++i) last += (viewDims[i] - 1) * strides[i];
  return static_cast<size_t>(last + 1) * elementSize();
}

namespace gradlab::rt {
namespace {

LiveHandles<aclTensor>& liveTensors() {
  static auto* handles = new LiveHandles<aclTensor>();  // outlives every static destructor that may destroy one
  return *handles;
}

LiveHandles<aclIntArray>& liveIntArrays() {
  static auto* handles = new LiveHandles<aclIntArray>();
  return *handles;
}

}  // namespace

bool isLiveTensor(const aclTensor* t) { return liveTensors().live(t); }
bool isLiveIntArray(const aclIntArray* a) { return liveIntArrays().live(a); }

std::string notLiveTensor(const std::string& name, const void* handle) {
  return cat(name, " ", formatPointer(handle), " is not a live aclTensor (destroyed already, or not made by aclCreateTensor)");
}

std::string notLiveIntArray(const std::string& name, const void* handle) {
  return cat(name, " ", formatPointer(handle),
             " is not a live aclIntArray (destroyed already, or not made by aclCreateIntArray)");
}

ByteRange touchedBytes(const aclTensor& t) {
  if (t.empty()) return {};
  int64_t low = t.offset, high = t.offset;  // element offsets from data; aclCreateTensor bounded them
  for (size_t i = 0; i < t.viewDims.size(); ++i) {
    const int64_t step = t.strides[i] * (t.viewDims[i] - 1);
    (step < 0 ? low : high) += step;
  }
  const auto size = static_cast<int64_t>(t.elementSize());
  const auto base = reinterpret_cast<uintptr_t>(t.data);
  return ByteRange{base + static_cast<uintptr_t>(low * size), base + static_cast<uintptr_t>((high + 1) * size)};
}

std::string describeBytes(const ByteRange& r) {
  return cat("bytes ", formatPointer(reinterpret_cast<const void*>(r.begin)), " to ",
             formatPointer(reinterpret_cast<const void*>(r.end)));
}

std::string describeTouchedBytes(const std::string& name, const aclTensor& t) {
  return cat(name, " (", dtypeName(t.dtype), " ", formatDims(t.viewDims), ", ", describeBytes(touchedBytes(t)), ")");
}

const char* dtypeName(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT: return "FLOAT";
    case ACL_FLOAT16: return "FLOAT16";
    case ACL_INT8: return "INT8";
    case ACL_INT32: return "INT32";
    case ACL_UINT8: return "UINT8";
    case ACL_INT16: return "INT16";
    case ACL_UINT16: return "UINT16";
    case ACL_UINT32: return "UINT32";
    case ACL_INT64: return "INT64";
    case ACL_UINT64: return "UINT64";
    case ACL_DOUBLE: return "DOUBLE";
    case ACL_BOOL: return "BOOL";
    case ACL_STRING: return "STRING";
    case ACL_COMPLEX64: return "COMPLEX64";
    case ACL_COMPLEX128: return "COMPLEX128";
    case ACL_BF16: return "BF16";
    default: return "UNKNOWN";
  }
}

const char* formatName(aclFormat format) {
  switch (format) {
    case ACL_FORMAT_NCHW: return "NCHW";
    case ACL_FORMAT_NHWC: return "NHWC";
    case ACL_FORMAT_ND: return "ND";
    case ACL_FORMAT_NC1HWC0: return "NC1HWC0";
    case ACL_FORMAT_FRACTAL_Z: return "FRACTAL_Z";
    case ACL_FORMAT_HWCN: return "HWCN";
    case ACL_FORMAT_NDHWC: return "NDHWC";
    case ACL_FORMAT_FRACTAL_NZ: return "FRACTAL_NZ";
    case ACL_FORMAT_NCDHW: return "NCDHW";
    case ACL_FORMAT_NC: return "NC";
    case ACL_FORMAT_NCL: return "NCL";
    default: return "UNKNOWN";
  }
}

std::string checkTensorMemory(const aclTensor& t, const std::string& name, AllocationRef* pin) {
  if (t.empty()) return {};
  // Every call checks every tensor twice (plan and launch): the message is built only for a failure.
  PointerInfo info;
  if (t.data != nullptr) {
    info = DeviceMemory::instance().lookup(t.data);
    if (info.alloc && t.reachBytes() <= info.alloc->size - info.offset) {
      if (pin != nullptr) *pin = std::move(info.alloc);
      return {};
    }
  }
  return DeviceMemory::rangeProblem(t.data, t.reachBytes(), info,
                                    cat(name, " (", dtypeName(t.dtype), " ", formatDims(t.viewDims), ")"));
}

}  // namespace gradlab::rt

namespace {

aclnnStatus deadTensor(const char* api, const aclTensor* tensor) {
  return fail(ACLNN_ERR_PARAM_INVALID, cat(api, ": ", gradlab::rt::notLiveTensor("tensor", tensor)));
}

aclnnStatus deadIntArray(const char* api, const aclIntArray* array) {
  return fail(ACLNN_ERR_PARAM_INVALID, cat(api, ": ", gradlab::rt::notLiveIntArray("array", array)));
}

bool mulOverflows(int64_t a, int64_t b, int64_t* out) { return __builtin_mul_overflow(a, b, out); }

// Validates the numbers of a tensor description; "" when consistent.
// 0 for values that are not a data type.
size_t dataTypeSize(int64_t rawType) {
  switch (rawType) {
    case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: return 4;
    case ACL_FLOAT16: case ACL_INT16: case ACL_UINT16: case ACL_BF16: return 2;
    case ACL_INT8: case ACL_UINT8: case ACL_BOOL: return 1;
    case ACL_INT64: case ACL_UINT64: case ACL_DOUBLE: case ACL_COMPLEX64: return 8;
    case ACL_COMPLEX128: return 16;
    default: return 0;
  }
}

bool isDeclaredFormat(int64_t rawFormat) {
  switch (rawFormat) {
    case ACL_FORMAT_UNDEFINED: case ACL_FORMAT_NCHW: case ACL_FORMAT_NHWC: case ACL_FORMAT_ND:
    case ACL_FORMAT_NC1HWC0: case ACL_FORMAT_FRACTAL_Z: case ACL_FORMAT_NC1HWC0_C04: case ACL_FORMAT_HWCN:
    case ACL_FORMAT_NDHWC: case ACL_FORMAT_FRACTAL_NZ: case ACL_FORMAT_NCDHW: case ACL_FORMAT_NDC1HWC0: case ACL_FRACTAL_Z_3D:
    case ACL_FORMAT_NC: case ACL_FORMAT_NCL: return true;
    default: return false;
  }
}

std::string describeProblem(const int64_t* viewDims, uint64_t viewDimsNum, int64_t rawType, int64_t rawFormat,
                            const int64_t* stride, int64_t offset, const int64_t* storageDims, uint64_t storageDimsNum,
                            gradlab::RefusalFacts* facts) {
  if (viewDimsNum > gradlab::rt::kMaxTensorDims)
    return cat("viewDimsNum ", viewDimsNum, " exceeds the maximum of ", gradlab::rt::kMaxTensorDims);
  if (storageDimsNum > gradlab::rt::kMaxTensorDims)
    return cat("storageDimsNum ", storageDimsNum, " exceeds the maximum of ", gradlab::rt::kMaxTensorDims);
  if (viewDimsNum > 0 && viewDims == nullptr) return cat("viewDims is a null pointer but viewDimsNum is ", viewDimsNum);
  if (storageDimsNum > 0 && storageDims == nullptr)
    return cat("storageDims is a null pointer but storageDimsNum is ", storageDimsNum);
  if (dataTypeSize(rawType) == 0) return cat("dataType ", rawType, " is not supported");
  if (!isDeclaredFormat(rawFormat)) return cat("format ", rawFormat, " is not an aclFormat");
  if (offset < 0) return cat("offset ", offset, " is negative");
  int64_t viewCount = 1;
  for (uint64_t i = 0; i < viewDimsNum; ++i) {
    if (viewDims[i] < 0) {
      *facts = gradlab::RefusalFacts{"size-not-positive", {}};
      facts->add("argument", "viewDims").add("size", viewDims[i]).add("api", "aclCreateTensor");
      return cat("viewDims ", formatDims(viewDims, viewDimsNum), " has a negative size");
    }
    if (mulOverflows(viewCount, viewDims[i], &viewCount))
      return cat("viewDims ", formatDims(viewDims, viewDimsNum), " has more elements than int64 can count");
    if (stride && stride[i] < 0) return cat("stride ", formatDims(stride, viewDimsNum), " has a negative stride");
  }
  int64_t storageCount = 1;
  for (uint64_t i = 0; i < storageDimsNum; ++i) {
    if (storageDims[i] < 0) return cat("storageDims ", formatDims(storageDims, storageDimsNum), " has a negative size");
    if (mulOverflows(storageCount, storageDims[i], &storageCount))
      return cat("storageDims ", formatDims(storageDims, storageDimsNum), " has more elements than int64 can count");
  }
  int64_t bytes = 0;
  if (mulOverflows(storageCount, static_cast<int64_t>(dataTypeSize(rawType)), &bytes))
    return cat("storageDims ", formatDims(storageDims, storageDimsNum), " holds more bytes than int64 can count");
  if (viewCount == 0) return {};
  int64_t last = offset;
  for (uint64_t i = 0; i < viewDimsNum; ++i) {
    int64_t step = 0;
    int64_t s = stride ? stride[i] : 0;
    if (mulOverflows(viewDims[i] - 1, s, &step) || __builtin_add_overflow(last, step, &last))
      return cat("the view ", formatDims(viewDims, viewDimsNum), " with stride ", formatDims(stride, viewDimsNum),
                 " reaches past what int64 can address");
  }
  if (last >= storageCount) {
    return cat("the view ", formatDims(viewDims, viewDimsNum), " with stride ",
               stride ? formatDims(stride, viewDimsNum) : std::string("(contiguous)"), " and offset ", offset,
               " reaches element ", last, " but storageDims ", formatDims(storageDims, storageDimsNum), " hold ",
               storageCount, " elements");
  }
  return {};
}

}  // namespace

extern "C" {

size_t aclDataTypeSize(aclDataType dataType) { return dataTypeSize(gradlab::rt::rawEnum(dataType)); }

aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType, const int64_t* stride,
                           int64_t offset, aclFormat format, const int64_t* storageDims, uint64_t storageDimsNum,
                           void* tensorData) {
  // A null stride means the contiguous strides of the view.
  std::vector<int64_t> strides;
  if (viewDimsNum <= gradlab::rt::kMaxTensorDims && (viewDims || viewDimsNum == 0)) {
    if (stride) {
      strides.assign(stride, stride + viewDimsNum);
    } else {
      strides.assign(viewDimsNum, 1);
      // Wrapping multiply: huge dims must not overflow int64 (UB) here. Such a view is refused below
      // (its element count overflows too) unless it is empty, and then its strides are never used.
      for (uint64_t i = viewDimsNum; i-- > 1;)
        (void)__builtin_mul_overflow(strides[i], std::max<int64_t>(viewDims[i], 1), &strides[i - 1]);
    }
  }
  gradlab::RefusalFacts facts;
  std::string problem = describeProblem(viewDims, viewDimsNum, gradlab::rt::rawEnum(dataType), gradlab::rt::rawEnum(format),
                                        strides.empty() ? stride : strides.data(), offset, storageDims, storageDimsNum,
                                        &facts);
  if (!problem.empty()) {
    refuse(0, std::move(facts), cat("aclCreateTensor: ", problem));
    return nullptr;
  }
  auto t = std::make_unique<aclTensor>();
  t->viewDims.assign(viewDims, viewDims + viewDimsNum);
  t->strides = std::move(strides);
  t->offset = offset;
  t->dtype = dataType;
  t->format = format;
  t->storageDims.assign(storageDims, storageDims + storageDimsNum);
  t->data = tensorData;
  return gradlab::rt::liveTensors().add(std::move(t));
}

aclnnStatus aclDestroyTensor(const aclTensor* tensor) {
  if (tensor == nullptr || gradlab::rt::liveTensors().destroy(tensor)) return ACLNN_SUCCESS;
  return deadTensor("aclDestroyTensor", tensor);
}

aclnnStatus aclGetViewShape(const aclTensor* tensor, int64_t** viewDims, uint64_t* viewDimsNum) {
  if (!tensor || !viewDims || !viewDimsNum)
    return fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetViewShape: tensor, viewDims and viewDimsNum must not be null");
  if (!gradlab::rt::isLiveTensor(tensor)) return deadTensor("aclGetViewShape", tensor);
  *viewDimsNum = tensor->viewDims.size();
  *viewDims = new int64_t[std::max<size_t>(tensor->viewDims.size(), 1)];
  std::copy(tensor->viewDims.begin(), tensor->viewDims.end(), *viewDims);
  return ACLNN_SUCCESS;
}

aclnnStatus aclGetDataType(const aclTensor* tensor, aclDataType* dataType) {
  if (!tensor || !dataType) return fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetDataType: tensor and dataType must not be null");
  if (!gradlab::rt::isLiveTensor(tensor)) return deadTensor("aclGetDataType", tensor);
  *dataType = tensor->dtype;
  return ACLNN_SUCCESS;
}

aclnnStatus aclGetFormat(const aclTensor* tensor, aclFormat* format) {
  if (!tensor || !format) return fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetFormat: tensor and format must not be null");
  if (!gradlab::rt::isLiveTensor(tensor)) return deadTensor("aclGetFormat", tensor);
  *format = tensor->format;
  return ACLNN_SUCCESS;
}

aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size) {
  if (value == nullptr && size > 0) {
    fail(0, cat("aclCreateIntArray: value is a null pointer but size is ", size));
    return nullptr;
  }
  if (size > (uint64_t{1} << 20)) {
    fail(0, cat("aclCreateIntArray: size ", size, " is larger than gradlab accepts (1048576)"));
    return nullptr;
  }
  auto a = std::make_unique<aclIntArray>();
  a->values.assign(value, value + size);
  return gradlab::rt::liveIntArrays().add(std::move(a));
}

aclnnStatus aclDestroyIntArray(const aclIntArray* array) {
  if (array == nullptr || gradlab::rt::liveIntArrays().destroy(array)) return ACLNN_SUCCESS;
  return deadIntArray("aclDestroyIntArray", array);
}

aclnnStatus aclGetIntArraySize(const aclIntArray* array, uint64_t* size) {
  if (!array || !size) return fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetIntArraySize: array and size must not be null");
  if (!gradlab::rt::isLiveIntArray(array)) return deadIntArray("aclGetIntArraySize", array);
  *size = array->values.size();
  return ACLNN_SUCCESS;
}

}  // extern "C"
