// Every SPEC check of the upsample-nearest-exact entry points as a case: a valid call spoiled in one
// way must fail with the SPEC's code and a sentence naming the argument and its values.
#include <array>
#include <cmath>
#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "i18n/translate.h"
#include "verify/cases.h"
#include "verify/device_tensor.h"
#include "gradlab/no_copy.h"

namespace gradlab::verify::upsample {
namespace {

using Op = OpKind;
using enum OpKind;

enum class Memory { kOk, kOutsideAllocation, kFreed, kHost };

// One call to GetWorkspaceSize. `src` is gradOutput / self, `dst` is out.
struct Call {
  Op op = kUpsampleNearestExact2dBackward;
  std::vector<int64_t> srcShape, dstShape;
  aclDataType srcType = ACL_FLOAT, dstType = ACL_FLOAT;
  aclFormat srcFormat = ACL_FORMAT_NCHW, dstFormat = ACL_FORMAT_NCHW;
  std::vector<int64_t> outputSize, inputSize;
  double scaleD = 0.0, scaleH = 0.0, scaleW = 0.0;
  bool nullSrc = false, nullDst = false, nullOutputSize = false, nullInputSize = false;
  bool nullWorkspaceSize = false, nullExecutor = false;
  Memory srcMemory = Memory::kOk, dstMemory = Memory::kOk;
};

Call valid(Op op) {
  Call c;
  c.op = op;
  const OpInfo& info = opInfo(op);
  const bool oneD = info.spatialRank == 1;
  if (info.spatialRank == 3) {
    c.srcFormat = c.dstFormat = ACL_FORMAT_NCDHW;
    const std::vector<int64_t> small{1, 2, 2, 3, 2}, large{1, 2, 3, 6, 4};
    c.srcShape = info.backward ? large : small;
    c.dstShape = info.backward ? small : large;
    c.outputSize = {3, 6, 4};
    if (info.backward) c.inputSize = small;
    return c;
  }
  if (info.backward) {
    c.srcShape = oneD ? std::vector<int64_t>{1, 2, 6} : std::vector<int64_t>{1, 1, 4, 2};
    c.dstShape = oneD ? std::vector<int64_t>{1, 2, 3} : std::vector<int64_t>{1, 1, 8, 4};
    c.outputSize = oneD ? std::vector<int64_t>{6} : std::vector<int64_t>{4, 2};
    c.inputSize = c.dstShape;
  } else {
    c.srcShape = oneD ? std::vector<int64_t>{1, 2, 3} : std::vector<int64_t>{1, 1, 2, 3};
    c.dstShape = oneD ? std::vector<int64_t>{1, 2, 6} : std::vector<int64_t>{1, 1, 4, 6};
    c.outputSize = oneD ? std::vector<int64_t>{6} : std::vector<int64_t>{4, 6};
  }
  if (oneD) c.srcFormat = c.dstFormat = ACL_FORMAT_NCL;
  return c;
}

int64_t count(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

// A tensor for the call, possibly in bad memory; releases what it allocated.
class ArgTensor : NoCopy {
 public:
  ArgTensor(const std::vector<int64_t>& shape, aclDataType dtype, aclFormat format, Memory memory,
            const std::vector<float>& values = {}) {
    if (memory == Memory::kOk) {
      std::vector<float> v = values;
      v.resize(count(shape), 0.0f);
      device_ = std::make_unique<verify::DeviceTensor>(shape, dtype, v, format);
      tensor_ = device_->get();
      return;
    }
    std::vector<int64_t> strides(shape.size(), 1);
    for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
    const size_t bytes = count(shape) * aclDataTypeSize(dtype);
    void* data = nullptr;
    if (memory == Memory::kHost) {
      host_.resize(bytes + 16);
      data = host_.data();
    } else {
      aclrtMalloc(&raw_, memory == Memory::kOutsideAllocation ? bytes / 2 : bytes, ACL_MEM_MALLOC_HUGE_FIRST);
      data = raw_;
    }
    std::vector<int64_t> storage{count(shape)};
    tensor_ = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, format, storage.data(), 1, data);
    if (memory == Memory::kFreed) {
      aclrtFree(raw_);
      raw_ = nullptr;
    }
  }
  ~ArgTensor() {
    if (!device_ && tensor_) aclDestroyTensor(tensor_);
    if (raw_) aclrtFree(raw_);
  }
  aclTensor* get() const { return tensor_; }
  std::vector<float> values() const { return device_ ? device_->values() : std::vector<float>{}; }

 private:
  std::unique_ptr<verify::DeviceTensor> device_;
  aclTensor* tensor_ = nullptr;
  void* raw_ = nullptr;
  std::vector<std::byte> host_;
};

struct Reply {
  int status = 0;
  std::string message;
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
};

Reply getWorkspaceSize(const Call& c, aclTensor* src, aclTensor* dst) {
  aclIntArray* outputSize = aclCreateIntArray(c.outputSize.data(), c.outputSize.size());
  aclIntArray* inputSize = aclCreateIntArray(c.inputSize.data(), c.inputSize.size());
  const aclIntArray* os = c.nullOutputSize ? nullptr : outputSize;
  const aclIntArray* is = c.nullInputSize ? nullptr : inputSize;
  src = c.nullSrc ? nullptr : src;
  dst = c.nullDst ? nullptr : dst;
  Reply r;
  uint64_t* ws = c.nullWorkspaceSize ? nullptr : &r.workspaceSize;
  aclOpExecutor** ex = c.nullExecutor ? nullptr : &r.executor;
  const OpInfo& info = opInfo(c.op);
  OpArgs args;
  args.tensors = {src, dst};
  args.outputSize = os;
  args.inputSize = is;
  const std::array<double, kMaxSpatialRank> scales[] = {{c.scaleW}, {c.scaleH, c.scaleW}, {c.scaleD, c.scaleH, c.scaleW}};
  args.scales = scales[info.spatialRank - 1];
  r.status = info.getWorkspaceSize(args, ws, ex);
  r.message = r.status != 0 ? aclGetRecentErrMsg() : "";
  aclDestroyIntArray(outputSize);
  aclDestroyIntArray(inputSize);
  return r;
}

std::string apiName(Op op) { return opInfo(op).aclnnName() + "GetWorkspaceSize"; }

// Expects GetWorkspaceSize to return `code`; for a failure the message must start with the API name and
// contain every fragment.
Case check(std::string name, Call call, int code, std::vector<std::string> fragments) {
  return {std::move(name), call.op, "checks", [call, code, fragments] {
            verify::RuntimeScope::shared();
            ArgTensor src(call.srcShape, call.srcType, call.srcFormat, call.srcMemory);
            ArgTensor dst(call.dstShape, call.dstType, call.dstFormat, call.dstMemory);
            Reply r = getWorkspaceSize(call, src.get(), dst.get());
            if (r.executor) aclDestroyAclOpExecutor(r.executor);
            const std::string got = std::to_string(r.status) + (r.message.empty() ? "" : " \"" + r.message + "\"");
            if (r.status != code) return CaseResult{false, i18n::trf("expected {0}, got {1}", code, got)};
            if (code != 0 && r.message.rfind(apiName(call.op) + ": ", 0) != 0) {
              return CaseResult{false, i18n::trf("message does not start with the API name: {0}", got)};
            }
            for (const std::string& f : fragments) {
              if (r.message.find(f) == std::string::npos) {
                return CaseResult{false, i18n::trf("message lacks \"{0}\": {1}", f, got)};
              }
            }
            return CaseResult{true, got};
          }};
}

constexpr int kNull = 161001;
constexpr int kInvalid = 161002;

template <typename Fn>
Call with(Op op, Fn change) {
  Call c = valid(op);
  change(c);
  return c;
}

std::vector<Case> backward2dChecks() {
  const Op op = kUpsampleNearestExact2dBackward;
  std::vector<Case> v;
  auto add = [&](const char* name, auto change, int code, std::vector<std::string> fragments) {
    v.push_back(check(std::string("check_backward2d_") + name, with(op, change), code, std::move(fragments)));
  };
  add("valid_call_succeeds", [](Call&) {}, 0, {});
  add("null_workspace_size", [](Call& c) { c.nullWorkspaceSize = true; }, kNull, {"workspaceSize is a null pointer"});
  add("null_executor", [](Call& c) { c.nullExecutor = true; }, kNull, {"executor is a null pointer"});
  add("null_grad_output", [](Call& c) { c.nullSrc = true; }, kNull, {"gradOutput is a null pointer"});
  add("null_output_size", [](Call& c) { c.nullOutputSize = true; }, kNull, {"outputSize is a null pointer"});
  add("null_input_size", [](Call& c) { c.nullInputSize = true; }, kNull, {"inputSize is a null pointer"});
  add("null_out", [](Call& c) { c.nullDst = true; }, kNull, {"out is a null pointer"});
  add("null_pointers_before_tensors", [](Call& c) { c.nullExecutor = c.nullSrc = true; }, kNull, {"executor"});
  add("null_first_tensor_named", [](Call& c) { c.nullSrc = c.nullDst = true; }, kNull, {"gradOutput"});
  add("dtype_int32", [](Call& c) { c.srcType = c.dstType = ACL_INT32; }, kInvalid, {"gradOutput dtype INT32", "FLOAT"});
  add("dtype_double", [](Call& c) { c.srcType = c.dstType = ACL_DOUBLE; }, kInvalid, {"gradOutput dtype DOUBLE"});
  add("dtype_uint8", [](Call& c) { c.srcType = c.dstType = ACL_UINT8; }, kInvalid, {"gradOutput dtype UINT8"});
  add("dtype_mismatch", [](Call& c) { c.dstType = ACL_FLOAT16; }, kInvalid,
      {"out dtype FLOAT16 differs from gradOutput dtype FLOAT"});
  add("rank_grad_output", [](Call& c) { c.srcShape = {1, 4, 2}; }, kInvalid, {"gradOutput has 3 dimensions [1, 4, 2]"});
  add("rank_out", [](Call& c) { c.dstShape = {1, 1, 1, 8, 4}; }, kInvalid, {"out has 5 dimensions"});
  add("input_size_length", [](Call& c) { c.inputSize = {1, 8, 4}; }, kInvalid, {"inputSize has 3 elements [1, 8, 4]"});
  add("output_size_length", [](Call& c) { c.outputSize = {4, 2, 1}; }, kInvalid, {"outputSize has 3 elements"});
  add("format_nhwc", [](Call& c) { c.srcFormat = c.dstFormat = ACL_FORMAT_NHWC; }, kInvalid,
      {"gradOutput format NHWC is not supported"});
  add("formats_differ", [](Call& c) { c.dstFormat = ACL_FORMAT_ND; }, kInvalid,
      {"out format ND differs from gradOutput format NCHW"});
  add("format_nd_accepted", [](Call& c) { c.srcFormat = c.dstFormat = ACL_FORMAT_ND; }, 0, {});
  add("batch_channels_differ",
      [](Call& c) {
        c.dstShape = {1, 2, 8, 4};
        c.inputSize = {1, 2, 8, 4};
      },
      kInvalid, {"gradOutput N/C [1, 1] differ from out N/C [1, 2]"});
  add("negative_scales_h", [](Call& c) { c.scaleH = -1.0; }, kInvalid, {"scalesH -1"});
  add("negative_scales_w", [](Call& c) { c.scaleW = -0.5; }, kInvalid, {"scalesW -0.5"});
  // CANN refuses only scale < 0: NaN, like 0, means "use the sizes".
  add("nan_scale_uses_the_sizes", [](Call& c) { c.scaleW = std::nan(""); }, 0, {});
  add("scale_above_50x", [](Call& c) { c.scaleH = 60.0; }, kInvalid, {"scalesH 60", "at most 50x"});
  add("scale_50x_accepted", [](Call& c) { c.scaleH = 50.0; }, 0, {});
  add("sizes_above_50x",
      [](Call& c) {
        c.srcShape = {1, 1, 4, 102};
        c.outputSize = {4, 102};
        c.dstShape = {1, 1, 8, 2};
        c.inputSize = {1, 1, 8, 2};
      },
      kInvalid, {"inputSize W 2 and outputSize W 102", "at most 50x"});
  add("sizes_50x_accepted",
      [](Call& c) {
        c.srcShape = {1, 1, 4, 100};
        c.outputSize = {4, 100};
        c.dstShape = {1, 1, 8, 2};
        c.inputSize = {1, 1, 8, 2};
      },
      0, {});
  add("output_size_zero", [](Call& c) { c.outputSize = {0, 2}; }, kInvalid, {"outputSize [0, 2] has a size <= 0"});
  add("input_size_negative",
      [](Call& c) {
        c.inputSize = {1, 1, -8, 4};
      },
      kInvalid, {"inputSize [1, 1, -8, 4] has a size <= 0"});
  add("grad_output_hw_differ_from_output_size",
      [](Call& c) {
        c.srcShape = {1, 1, 4, 3};
      },
      kInvalid, {"gradOutput H/W [4, 3] differ from outputSize [4, 2]"});
  add("out_shape_differs_from_input_size",
      [](Call& c) {
        c.inputSize = {1, 1, 8, 5};
      },
      kInvalid, {"out shape [1, 1, 8, 4] differs from inputSize [1, 1, 8, 5]"});
  add("out_outside_its_allocation", [](Call& c) { c.dstMemory = Memory::kOutsideAllocation; }, kInvalid, {"out"});
  add("grad_output_freed", [](Call& c) { c.srcMemory = Memory::kFreed; }, kInvalid, {"gradOutput"});
  add("out_host_pointer", [](Call& c) { c.dstMemory = Memory::kHost; }, kInvalid, {"out"});
  add("order_dtype_before_rank",
      [](Call& c) {
        c.srcType = c.dstType = ACL_INT32;
        c.srcShape = {1, 4, 2};
      },
      kInvalid, {"dtype INT32"});
  add("order_scale_before_sizes",
      [](Call& c) {
        c.scaleH = -2.0;
        c.outputSize = {0, 2};
      },
      kInvalid, {"scalesH -2"});
  add("order_checks_before_memory",
      [](Call& c) {
        c.dstMemory = Memory::kFreed;
        c.inputSize = {1, 1, 8, 5};
      },
      kInvalid, {"differs from inputSize"});
  add("empty_grad_output_skips_checks",
      [](Call& c) {
        c.srcShape = {1, 1, 0, 2};
        c.srcType = ACL_INT32;
      },
      0, {});
  return v;
}

std::vector<Case> backward1dChecks() {
  const Op op = kUpsampleNearestExact1dBackward;
  std::vector<Case> v;
  auto add = [&](const char* name, auto change, int code, std::vector<std::string> fragments) {
    v.push_back(check(std::string("check_backward1d_") + name, with(op, change), code, std::move(fragments)));
  };
  add("valid_call_succeeds", [](Call&) {}, 0, {});
  add("null_workspace_size", [](Call& c) { c.nullWorkspaceSize = true; }, kNull, {"workspaceSize"});
  add("null_executor", [](Call& c) { c.nullExecutor = true; }, kNull, {"executor is a null pointer"});
  add("null_grad_output", [](Call& c) { c.nullSrc = true; }, kNull, {"gradOutput is a null pointer"});
  add("null_output_size", [](Call& c) { c.nullOutputSize = true; }, kNull, {"outputSize is a null pointer"});
  add("null_input_size", [](Call& c) { c.nullInputSize = true; }, kNull, {"inputSize is a null pointer"});
  add("null_out", [](Call& c) { c.nullDst = true; }, kNull, {"out is a null pointer"});
  add("dtype_int64", [](Call& c) { c.srcType = c.dstType = ACL_INT64; }, kInvalid, {"gradOutput dtype INT64"});
  add("dtype_mismatch", [](Call& c) { c.dstType = ACL_BF16; }, kInvalid,
      {"out dtype BF16 differs from gradOutput dtype FLOAT"});
  add("rank_grad_output", [](Call& c) { c.srcShape = {1, 2, 6, 1}; }, kInvalid, {"gradOutput has 4 dimensions"});
  add("rank_out", [](Call& c) { c.dstShape = {2, 3}; }, kInvalid, {"out has 2 dimensions [2, 3]"});
  add("input_size_length", [](Call& c) { c.inputSize = {1, 2}; }, kInvalid, {"inputSize has 2 elements"});
  add("output_size_length", [](Call& c) { c.outputSize = {6, 1}; }, kInvalid, {"outputSize has 2 elements [6, 1]"});
  add("format_nchw", [](Call& c) { c.srcFormat = c.dstFormat = ACL_FORMAT_NCHW; }, kInvalid,
      {"gradOutput format NCHW is not supported (expected NCL or ND)"});
  add("formats_differ", [](Call& c) { c.dstFormat = ACL_FORMAT_ND; }, kInvalid, {"out format ND differs"});
  add("batch_channels_differ",
      [](Call& c) {
        c.dstShape = {2, 2, 3};
        c.inputSize = {2, 2, 3};
      },
      kInvalid, {"gradOutput N/C [1, 2] differ from out N/C [2, 2]"});
  add("negative_scale", [](Call& c) { c.scaleW = -0.5; }, kInvalid, {"scales -0.5"});
  add("scale_above_50x", [](Call& c) { c.scaleW = 51.0; }, kInvalid, {"scales 51", "at most 50x"});
  add("sizes_above_50x",
      [](Call& c) {
        c.srcShape = {1, 2, 153};
        c.outputSize = {153};
      },
      kInvalid, {"inputSize L 3 and outputSize L 153"});
  add("output_size_zero", [](Call& c) { c.outputSize = {0}; }, kInvalid, {"outputSize [0] has a size <= 0"});
  add("input_size_zero", [](Call& c) { c.inputSize = {1, 0, 3}; }, kInvalid, {"inputSize [1, 0, 3] has a size <= 0"});
  add("grad_output_l_differs",
      [](Call& c) {
        c.srcShape = {1, 2, 7};
      },
      kInvalid, {"gradOutput L 7 differs from outputSize [6]"});
  add("out_shape_differs_from_input_size",
      [](Call& c) {
        c.inputSize = {1, 2, 4};
      },
      kInvalid, {"out shape [1, 2, 3] differs from inputSize [1, 2, 4]"});
  add("empty_grad_output_refused",
      [](Call& c) {
        c.srcShape = {0, 2, 6};
        c.dstShape = {0, 2, 3};
        c.inputSize = {0, 2, 3};
      },
      kInvalid, {"inputSize [0, 2, 3]"});
  add("empty_checks_run_first",
      [](Call& c) {
        c.srcShape = {0, 2, 6};
        c.srcType = c.dstType = ACL_INT32;
      },
      kInvalid, {"dtype INT32"});
  add("out_freed", [](Call& c) { c.dstMemory = Memory::kFreed; }, kInvalid, {"out"});
  return v;
}

// add(op, name, change, code, fragments) appends the case "check_<forward|backward><rank>d_<name>": a valid
// call of `op` spoiled by `change`.
auto caseAdder(std::vector<Case>& v) {
  return [&v](Op op, const char* name, auto change, int code, std::vector<std::string> fragments) {
    const OpInfo& info = opInfo(op);
    const std::string prefix =
        std::string("check_") + (info.backward ? "backward" : "forward") + std::to_string(info.spatialRank) + "d_";
    v.push_back(check(prefix + name, with(op, change), code, std::move(fragments)));
  };
}

std::vector<Case> forwardChecks() {
  std::vector<Case> v;
  auto add = caseAdder(v);
  const Op f2 = kUpsampleNearestExact2d, f1 = kUpsampleNearestExact1d;
  add(f2, "valid_call_succeeds", [](Call&) {}, 0, {});
  add(f2, "null_executor", [](Call& c) { c.nullExecutor = true; }, kNull, {"executor is a null pointer"});
  add(f2, "null_self", [](Call& c) { c.nullSrc = true; }, kNull, {"self is a null pointer"});
  add(f2, "null_output_size", [](Call& c) { c.nullOutputSize = true; }, kNull, {"outputSize is a null pointer"});
  add(f2, "null_out", [](Call& c) { c.nullDst = true; }, kNull, {"out is a null pointer"});
  add(f2, "dtype_int32", [](Call& c) { c.srcType = c.dstType = ACL_INT32; }, kInvalid, {"self dtype INT32"});
  add(f2, "dtype_mismatch", [](Call& c) { c.dstType = ACL_FLOAT16; }, kInvalid, {"out dtype FLOAT16 differs"});
  add(f2, "dtype_uint8_accepted", [](Call& c) { c.srcType = c.dstType = ACL_UINT8; }, 0, {});
  add(f2, "dtype_uint8_out_differs", [](Call& c) { c.srcType = ACL_UINT8; }, kInvalid,
      {"out dtype FLOAT differs from self dtype UINT8"});
  add(f2, "dtype_int8", [](Call& c) { c.srcType = c.dstType = ACL_INT8; }, kInvalid,
      {"self dtype INT8 is not supported (expected FLOAT, FLOAT16, BF16 or UINT8)"});
  add(f2, "rank_self", [](Call& c) { c.srcShape = {1, 2, 3}; }, kInvalid, {"self has 3 dimensions"});
  add(f2, "output_size_length", [](Call& c) { c.outputSize = {4}; }, kInvalid, {"outputSize has 1 elements"});
  // As CANN reads them: an NHWC view is (N, H, W, C); NCHW and ND are (N, C, H, W); other formats and
  // labels that disagree are refused (CANN would fail inside, or reinterpret out).
  add(f2, "format_nhwc_is_n_h_w_c",
      [](Call& c) {
        c.srcFormat = c.dstFormat = ACL_FORMAT_NHWC;
        c.srcShape = {1, 2, 3, 1};
        c.dstShape = {1, 4, 6, 1};
      },
      0, {});
  add(f2, "format_nhwc_out_shape_differs",
      [](Call& c) {
        c.srcFormat = c.dstFormat = ACL_FORMAT_NHWC;
        c.srcShape = {1, 2, 3, 2};
        c.dstShape = {1, 4, 5, 2};
      },
      kInvalid, {"out shape [1, 4, 5, 2] differs from [N, outputSize, C] [1, 4, 6, 2]"});
  add(f2, "format_nd_accepted", [](Call& c) { c.srcFormat = c.dstFormat = ACL_FORMAT_ND; }, 0, {});
  add(f2, "formats_disagree", [](Call& c) { c.srcFormat = ACL_FORMAT_NHWC; c.srcShape = {1, 2, 3, 1}; }, kInvalid,
      {"out format NCHW does not match self format NHWC"});
  add(f2, "formats_nchw_and_nd_differ", [](Call& c) { c.dstFormat = ACL_FORMAT_ND; }, kInvalid,
      {"out format ND does not match self format NCHW"});
  add(f2, "format_ncl", [](Call& c) { c.srcFormat = c.dstFormat = ACL_FORMAT_NCL; }, kInvalid,
      {"self format NCL is not supported (expected NCHW, NHWC or ND)"});
  add(f2, "batch_channels_differ", [](Call& c) { c.dstShape = {2, 1, 4, 6}; }, kInvalid, {"self N/C [1, 1] differ"});
  add(f2, "negative_scale_uses_the_sizes", [](Call& c) { c.scaleH = -3.0; }, 0, {});
  add(f2, "empty_self_succeeds", [](Call& c) { c.srcShape = {1, 1, 0, 3}; }, 0, {});
  add(f2, "empty_out_succeeds_before_other_checks",
      [](Call& c) {
        c.outputSize = {6, 0};
        c.dstShape = {1, 1, 6, 0};
        c.srcType = c.dstType = ACL_INT32;
      },
      0, {});
  add(f2, "output_size_zero",
      [](Call& c) { c.outputSize = {0, 6}; }, kInvalid, {"self H/W [2, 3] and outputSize [0, 6] must be positive"});
  add(f2, "out_shape_differs",
      [](Call& c) {
        c.outputSize = {4, 5};
      },
      kInvalid, {"out shape [1, 1, 4, 6] differs from [N, C, outputSize] [1, 1, 4, 5]"});
  add(f2, "self_outside_its_allocation", [](Call& c) { c.srcMemory = Memory::kOutsideAllocation; }, kInvalid, {"self"});
  add(f1, "valid_call_succeeds", [](Call&) {}, 0, {});
  add(f1, "dtype_uint8_accepted", [](Call& c) { c.srcType = c.dstType = ACL_UINT8; }, 0, {});
  add(f1, "rank_out", [](Call& c) { c.dstShape = {1, 2, 6, 1}; }, kInvalid, {"out has 4 dimensions"});
  add(f1, "format_nchw", [](Call& c) { c.srcFormat = c.dstFormat = ACL_FORMAT_NCHW; }, kInvalid,
      {"expected NCL or ND"});
  add(f1, "nan_scale_uses_the_sizes", [](Call& c) { c.scaleW = std::nan(""); }, 0, {});
  add(f1, "empty_self_refused", [](Call& c) { c.srcShape = {0, 2, 3}; c.dstShape = {0, 2, 6}; }, kInvalid,
      {"self [0, 2, 3] is empty"});
  add(f1, "out_shape_differs", [](Call& c) { c.outputSize = {7}; }, kInvalid, {"out shape [1, 2, 6] differs"});
  return v;
}

// Runs a valid call to the end; `inspect` judges the reply and the output tensor after synchronizing.
template <typename Inspect>
Case launched(std::string name, Call call, std::vector<float> outValues, Inspect inspect) {
  return {std::move(name), call.op, "checks", [call, outValues, inspect] {
            verify::RuntimeScope::shared();
            ArgTensor src(call.srcShape, call.srcType, call.srcFormat, Memory::kOk);
            ArgTensor dst(call.dstShape, call.dstType, call.dstFormat, Memory::kOk, outValues);
            Reply r = getWorkspaceSize(call, src.get(), dst.get());
            if (r.status != 0) return CaseResult{false, i18n::trf("{0} failed: {1}", "GetWorkspaceSize", r.message)};
            return inspect(r, dst);
          }};
}

int launch(const Call& call, void* workspace, uint64_t size, aclOpExecutor* executor) {
  aclrtStream stream = verify::RuntimeScope::shared().stream();
  return opInfo(call.op).launch(workspace, size, executor, stream);
}

// An empty call over an out of `cells` cells filled with 9: success, workspace 0, and after the launch every
// cell holds `want` ("zeroed" by the backward, "untouched" by the forward).
Case emptyCallLeaves(std::string name, Call call, size_t cells, float want, std::string what) {
  return launched(std::move(name), call, std::vector<float>(cells, 9.0f), [call, want, what](Reply& r, ArgTensor& out) {
    if (r.workspaceSize != 0) return CaseResult{false, i18n::tr("empty call asked for a workspace")};
    int s = launch(call, nullptr, 0, r.executor);
    if (s == 0) s = aclrtSynchronizeStream(verify::RuntimeScope::shared().stream());
    if (s != 0) return CaseResult{false, i18n::trf("launch failed: {0}", aclGetRecentErrMsg())};
    for (float x : out.values()) {
      if (x != want) return CaseResult{false, i18n::trf("out was not {0}", i18n::tr(what))};
    }
    return CaseResult{true, i18n::trf("success, workspace 0, out {0}", i18n::tr(what))};
  });
}

std::vector<Case> launchChecks() {
  std::vector<Case> v;
  Call empty = with(kUpsampleNearestExact2dBackward, [](Call& c) {
    c.srcShape = {1, 1, 0, 2};
    c.outputSize = {0, 2};
  });
  v.push_back(emptyCallLeaves("check_backward2d_empty_grad_output_zeroes_out", empty, 32, 0.0f, "zeroed"));
  Call emptyOut = with(kUpsampleNearestExact2dBackward, [](Call& c) { c.dstShape = {1, 0, 8, 4}; });
  v.push_back(launched("check_backward2d_empty_out_succeeds", emptyOut, {}, [emptyOut](Reply& r, ArgTensor&) {
    int s = launch(emptyOut, nullptr, 0, r.executor);
    if (s == 0) s = aclrtSynchronizeStream(verify::RuntimeScope::shared().stream());
    return CaseResult{s == 0 && r.workspaceSize == 0, i18n::trf("launch status {0}", s)};
  }));
  // CANN answers an empty self with success and workspace 0 and writes nothing, even into an out with cells.
  Call emptySelf = with(kUpsampleNearestExact2d, [](Call& c) { c.srcShape = {1, 1, 0, 3}; });
  v.push_back(emptyCallLeaves("check_forward2d_empty_self_writes_nothing", emptySelf, 24, 9.0f, "untouched"));
  Call once = valid(kUpsampleNearestExact2dBackward);
  v.push_back(launched("check_backward2d_executor_runs_once", once, {}, [once](Reply& r, ArgTensor&) {
    void* workspace = nullptr;  // the cube strategy (GRADLAB_STRATEGY=cube) asks for one
    if (r.workspaceSize > 0) aclrtMalloc(&workspace, r.workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    int first = launch(once, workspace, r.workspaceSize, r.executor);
    aclrtSynchronizeStream(verify::RuntimeScope::shared().stream());
    int second = launch(once, workspace, r.workspaceSize, r.executor);
    const std::string msg = aclGetRecentErrMsg();
    if (workspace) aclrtFree(workspace);
    const bool ok = first == 0 && second == kInvalid && msg.find("runs once") != std::string::npos;
    return CaseResult{ok, i18n::trf("first launch {0}, second {1}: {2}", first, second, msg)};
  }));
  return v;
}

// The 3-D pair, in the order of CANN's documented refusals.
std::vector<Case> checks3d() {
  std::vector<Case> v;
  auto add = caseAdder(v);
  const Op b3 = kUpsampleNearestExact3dBackward, f3 = kUpsampleNearestExact3d;
  add(b3, "valid_call_succeeds", [](Call&) {}, 0, {});
  add(b3, "null_grad_out", [](Call& c) { c.nullSrc = true; }, kNull, {"gradOut is a null pointer"});
  add(b3, "null_input_size", [](Call& c) { c.nullInputSize = true; }, kNull, {"inputSize is a null pointer"});
  add(b3, "null_grad_input", [](Call& c) { c.nullDst = true; }, kNull, {"gradInput is a null pointer"});
  add(b3, "dtype_double", [](Call& c) { c.srcType = c.dstType = ACL_DOUBLE; }, kInvalid, {"gradOut dtype DOUBLE"});
  add(b3, "dtype_mismatch", [](Call& c) { c.dstType = ACL_BF16; }, kInvalid,
      {"gradInput dtype BF16 differs from gradOut dtype FLOAT"});
  add(b3, "format_nchw", [](Call& c) { c.srcFormat = c.dstFormat = ACL_FORMAT_NCHW; }, kInvalid,
      {"gradOut format NCHW is not supported (expected NCDHW, NDHWC or ND)"});
  add(b3, "formats_differ", [](Call& c) { c.dstFormat = ACL_FORMAT_NDHWC; }, kInvalid,
      {"gradInput format NDHWC differs from gradOut format NCDHW"});
  add(b3, "rank_grad_out", [](Call& c) { c.srcShape = {1, 2, 18, 4}; }, kInvalid, {"gradOut has 4 dimensions"});
  add(b3, "output_size_length", [](Call& c) { c.outputSize = {6, 4}; }, kInvalid, {"outputSize has 2 elements [6, 4]"});
  add(b3, "output_size_zero", [](Call& c) { c.outputSize = {3, 0, 4}; }, kInvalid,
      {"inputSize D/H/W [2, 3, 2] and outputSize [3, 0, 4] must be positive"});
  add(b3, "input_size_length", [](Call& c) { c.inputSize = {1, 2, 2, 3}; }, kInvalid, {"inputSize has 4 elements"});
  add(b3, "input_size_zero", [](Call& c) { c.inputSize = {1, 2, 0, 3, 2}; }, kInvalid,
      {"inputSize D/H/W [0, 3, 2] and outputSize [3, 6, 4] must be positive"});
  // CANN's 3-D backward does not check the scales' signs: one <= 0 means every axis goes by its sizes.
  add(b3, "negative_scale_uses_the_sizes", [](Call& c) { c.scaleD = -1.5; }, 0, {});
  add(b3, "depth_above_50x", [](Call& c) { c.scaleD = 60.0; }, kInvalid, {"scalesD 60", "along D", "at most 50x"});
  add(b3, "batch_channels_differ", [](Call& c) { c.inputSize = {1, 3, 2, 3, 2}; c.dstShape = {1, 3, 2, 3, 2}; },
      kInvalid, {"gradOut [N, C, D, H, W] [1, 2, 3, 6, 4] differs from inputSize N, C and outputSize [1, 3, 3, 6, 4]"});
  add(b3, "grad_out_dhw_differ", [](Call& c) { c.outputSize = {3, 6, 5}; }, kInvalid,
      {"gradOut [N, C, D, H, W] [1, 2, 3, 6, 4] differs from inputSize N, C and outputSize [1, 2, 3, 6, 5]"});
  add(b3, "empty_batch_succeeds",
      [](Call& c) {
        c.srcShape = {0, 2, 3, 6, 4};
        c.dstShape = c.inputSize = {0, 2, 2, 3, 2};
      },
      0, {});
  add(b3, "grad_input_differs_from_input_size", [](Call& c) { c.dstShape = {1, 2, 2, 3, 3}; }, kInvalid,
      {"gradInput [N, C, D, H, W] [1, 2, 2, 3, 3] differs from inputSize [1, 2, 2, 3, 2]"});
  add(b3, "ndhwc_views_are_n_d_h_w_c",
      [](Call& c) {
        c.srcFormat = c.dstFormat = ACL_FORMAT_NDHWC;
        c.srcShape = {1, 3, 6, 4, 2};
        c.dstShape = {1, 2, 3, 2, 2};
      },
      0, {});
  add(b3, "grad_input_freed", [](Call& c) { c.dstMemory = Memory::kFreed; }, kInvalid, {"gradInput"});
  add(f3, "valid_call_succeeds", [](Call&) {}, 0, {});
  add(f3, "null_self", [](Call& c) { c.nullSrc = true; }, kNull, {"self is a null pointer"});
  add(f3, "dtype_uint8", [](Call& c) { c.srcType = c.dstType = ACL_UINT8; }, kInvalid, {"self dtype UINT8"});
  add(f3, "rank_self", [](Call& c) { c.srcShape = {1, 2, 6, 2}; }, kInvalid, {"self has 4 dimensions"});
  add(f3, "output_size_length", [](Call& c) { c.outputSize = {6, 4}; }, kInvalid, {"outputSize has 2 elements"});
  add(f3, "self_d_zero", [](Call& c) { c.srcShape = {1, 2, 0, 3, 2}; }, kInvalid,
      {"self D/H/W [0, 3, 2] and outputSize [3, 6, 4] must be positive"});
  add(f3, "channels_zero", [](Call& c) { c.srcShape = {1, 0, 2, 3, 2}; c.dstShape = {1, 0, 3, 6, 4}; }, kInvalid,
      {"self [1, 0, 2, 3, 2] has C = 0"});
  add(f3, "scales_conflict_with_output_size", [](Call& c) { c.scaleD = 3.0, c.scaleH = 2.0, c.scaleW = 2.0; }, kInvalid,
      {"scalesD 3 conflicts with outputSize D 3: self D 2 x 3 gives 6"});
  add(f3, "scales_that_agree_accepted", [](Call& c) { c.scaleD = 1.5, c.scaleH = 2.0, c.scaleW = 2.0; }, 0, {});
  add(f3, "scales_not_all_positive_are_not_compared", [](Call& c) { c.scaleD = 2.0, c.scaleH = 2.0; }, 0, {});
  add(f3, "out_shape_differs", [](Call& c) { c.outputSize = {3, 6, 5}; }, kInvalid,
      {"out [N, C, D, H, W] [1, 2, 3, 6, 4] differs from [N, C, outputSize] [1, 2, 3, 6, 5]"});
  add(f3, "format_nd_accepted", [](Call& c) { c.srcFormat = c.dstFormat = ACL_FORMAT_ND; }, 0, {});
  add(f3, "empty_batch_succeeds", [](Call& c) { c.srcShape = {0, 2, 2, 3, 2}; c.dstShape = {0, 2, 3, 6, 4}; }, 0, {});
  add(f3, "nan_scale_uses_the_sizes", [](Call& c) { c.scaleH = std::nan(""); }, 0, {});
  return v;
}

}  // namespace

std::vector<Case> checkCases() {
  std::vector<Case> v = backward2dChecks();
  for (auto* list : {&backward1dChecks, &forwardChecks, &checks3d, &launchChecks}) {
    std::vector<Case> more = (*list)();
    v.insert(v.end(), more.begin(), more.end());
  }
  return v;
}

}  // namespace gradlab::verify::upsample
