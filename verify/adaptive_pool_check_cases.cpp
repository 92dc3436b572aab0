// Every check of aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize (SPEC.md section 3, in order), of
// aclnnAdaptiveMaxPool2dGetWorkspaceSize and of the 3-D pair (CANN's op_api order): each case breaks one thing in
// an otherwise valid call and expects the code and the words of the one-sentence message.
#include <memory>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_adaptive_max_pool2d.h"
#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "aclnnop/aclnn_adaptive_max_pool3d.h"
#include "aclnnop/aclnn_adaptive_max_pool3d_backward.h"
#include "verify/adaptive_pool_harness.h"
#include "verify/device_tensor.h"

namespace gradlab::verify::adaptive {
namespace {

using verify::Case;
using verify::CaseResult;


// A zero-filled device tensor of any dtype and format (DeviceTensor only encodes the op dtypes), or a
// view with stride 0 over no memory at all for sizes nobody can allocate.
class RawTensor {
 public:
  RawTensor(const std::vector<int64_t>& shape, aclDataType dtype, aclFormat format = ACL_FORMAT_ND) {
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    const size_t bytes = static_cast<size_t>(n) * aclDataTypeSize(dtype);
    if (bytes > 0) {
      aclrtMalloc(&data_, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
      aclrtMemset(data_, bytes, 0, bytes);
    }
    tensor_ = aclCreateTensor(shape.data(), shape.size(), dtype, nullptr, 0, format, shape.data(), shape.size(), data_);
  }
  static RawTensor hugeView(const std::vector<int64_t>& shape, aclDataType dtype) {
    RawTensor t;
    const std::vector<int64_t> strides(shape.size(), 0), storage{1};
    t.tensor_ = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, ACL_FORMAT_ND, storage.data(), 1,
                                nullptr);
    return t;
  }
  // A contiguous view of `shape` with no memory behind it (an output must not share memory, so no stride 0).
  static RawTensor unbackedView(const std::vector<int64_t>& shape, aclDataType dtype) {
    RawTensor t;
    t.tensor_ = aclCreateTensor(shape.data(), shape.size(), dtype, nullptr, 0, ACL_FORMAT_ND, shape.data(), shape.size(),
                                nullptr);
    return t;
  }
  // A view of `shape` over an allocation of only `bytes` bytes.
  static RawTensor overAllocation(const std::vector<int64_t>& shape, aclDataType dtype, size_t bytes) {
    RawTensor t;
    aclrtMalloc(&t.data_, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    t.tensor_ = aclCreateTensor(shape.data(), shape.size(), dtype, nullptr, 0, ACL_FORMAT_ND, shape.data(), shape.size(),
                                t.data_);
    return t;
  }
  // Frees the memory but keeps the tensor pointing at it.
  void freeMemory() {
    aclrtFree(data_);
    data_ = nullptr;
  }
  RawTensor(RawTensor&& o) noexcept : tensor_(o.tensor_), data_(o.data_) { o.tensor_ = nullptr, o.data_ = nullptr; }
  RawTensor& operator=(RawTensor&&) = delete;
  ~RawTensor() {
    if (tensor_) aclDestroyTensor(tensor_);
    if (data_) aclrtFree(data_);
  }
  aclTensor* get() const { return tensor_; }

 private:
  RawTensor() = default;
  aclTensor* tensor_ = nullptr;
  void* data_ = nullptr;
};

struct Expect {
  Expect(int c, std::vector<std::string> p, std::vector<std::string> a = {})
      : code(c), parts(std::move(p)), absent(std::move(a)) {}
  int code;
  std::vector<std::string> parts;   // substrings the message must contain
  std::vector<std::string> absent;  // and must not
};

CaseResult judge(int status, const std::string& message, const Expect& e) {
  if (status != e.code) {
    return {false, "expected " + std::to_string(e.code) + ", got " + std::to_string(status) + ": " + message};
  }
  for (const std::string& p : e.parts) {
    if (message.find(p) == std::string::npos) return {false, "message lacks '" + p + "': " + message};
  }
  for (const std::string& p : e.absent) {
    if (message.find(p) != std::string::npos) return {false, "message should not mention '" + p + "': " + message};
  }
  return {true, std::to_string(status) + ": " + message};
}

// ---- backward ---------------------------------------------------------------------------------------

using BackwardEntry = decltype(&aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize);
using ForwardEntry = decltype(&aclnnAdaptiveMaxPool2dGetWorkspaceSize);

struct BackwardArgs {
  std::vector<int64_t> go{2, 3, 2, 2}, self{2, 3, 5, 5}, idx{2, 3, 2, 2}, gi{2, 3, 5, 5};
  aclDataType goType = ACL_FLOAT, selfType = ACL_FLOAT, idxType = ACL_INT64, giType = ACL_FLOAT;
  aclFormat goFmt = ACL_FORMAT_ND, selfFmt = ACL_FORMAT_ND, idxFmt = ACL_FORMAT_ND, giFmt = ACL_FORMAT_ND;
  std::string nullArg;  // "gradOutput", ..., "workspaceSize", "executor"
  BackwardEntry entry = aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize;
};

CaseResult runBackwardCheck(const BackwardArgs& a, const Expect& e) {
  verify::RuntimeScope::shared();
  RawTensor go(a.go, a.goType, a.goFmt), self(a.self, a.selfType, a.selfFmt), idx(a.idx, a.idxType, a.idxFmt),
      gi(a.gi, a.giType, a.giFmt);
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  auto pick = [&](const char* name, aclTensor* t) { return a.nullArg == name ? nullptr : t; };
  const int s = a.entry(
      pick("gradOutput", go.get()), pick("self", self.get()), pick("indices", idx.get()), pick("gradInput", gi.get()),
      a.nullArg == "workspaceSize" ? nullptr : &ws, a.nullArg == "executor" ? nullptr : &ex);
  const std::string message = aclGetRecentErrMsg();
  if (s == 0) aclDestroyAclOpExecutor(ex);
  return judge(s, message, e);
}

Case backwardCheck(const std::string& name, const BackwardArgs& a, const Expect& e) {
  return {"check_bwd_" + name, kBackwardOp, "checks", [a, e] { return runBackwardCheck(a, e); }};
}

// Large planes cannot be allocated: self/gradInput are stride-0 views over no memory, so only the checks
// that come before the memory check can pass or fail on them.
CaseResult runLargePlaneCheck(const std::vector<int64_t>& selfShape, const std::vector<int64_t>& goShape, const Expect& e,
                              BackwardEntry entry = aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize,
                              aclDataType indexType = ACL_INT64) {
  verify::RuntimeScope::shared();
  RawTensor self = RawTensor::hugeView(selfShape, ACL_FLOAT), gi = RawTensor::unbackedView(selfShape, ACL_FLOAT);
  RawTensor go(goShape, ACL_FLOAT), idx(goShape, indexType);
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  const int s = entry(go.get(), self.get(), idx.get(), gi.get(), &ws, &ex);
  const std::string message = aclGetRecentErrMsg();
  if (s == 0) aclDestroyAclOpExecutor(ex);
  return judge(s, message, e);
}

// Memory problems after every SPEC check passed.
CaseResult runMemoryCheck(const std::string& what) {
  verify::RuntimeScope::shared();
  RawTensor go({2, 3, 2, 2}, ACL_FLOAT), self({2, 3, 5, 5}, ACL_FLOAT), idx({2, 3, 2, 2}, ACL_INT64);
  RawTensor gi = what == "short" ? RawTensor::overAllocation({2, 3, 5, 5}, ACL_FLOAT, 16) : RawTensor({2, 3, 5, 5}, ACL_FLOAT);
  std::vector<float> host(24, 0.0f);
  const int64_t goShape[] = {2, 3, 2, 2};
  aclTensor* hostGo = aclCreateTensor(goShape, 4, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, goShape, 4, host.data());
  if (what == "freed") gi.freeMemory();
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  const int s = aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(what == "host" ? hostGo : go.get(), self.get(), idx.get(),
                                                               gi.get(), &ws, &ex);
  const std::string message = aclGetRecentErrMsg();
  aclDestroyTensor(hostGo);
  if (s == 0) aclDestroyAclOpExecutor(ex);
  if (what == "freed") return judge(s, message, {ACLNN_ERR_PARAM_INVALID, {"gradInput (FLOAT [2, 3, 5, 5])", "already freed"}});
  if (what == "host") return judge(s, message, {ACLNN_ERR_PARAM_INVALID, {"gradOutput (FLOAT [2, 3, 2, 2])", "not device memory"}});
  return judge(s, message, {ACLNN_ERR_PARAM_INVALID, {"gradInput (FLOAT [2, 3, 5, 5])", "needs 600 bytes", "16-byte device allocation"}});
}

std::vector<Case> backwardChecks() {
  const std::string api = "aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize: ";
  std::vector<Case> v;
  for (const char* arg : {"gradOutput", "self", "indices", "gradInput", "workspaceSize", "executor"}) {
    BackwardArgs a;
    a.nullArg = arg;
    v.push_back(backwardCheck(std::string("null_") + arg, a, {ACLNN_ERR_PARAM_NULLPTR, {api + arg + " is a null pointer"}}));
  }
  auto with = [](auto mutate) {
    BackwardArgs a;
    mutate(a);
    return a;
  };
  const int kInvalid = ACLNN_ERR_PARAM_INVALID;
  v.push_back(backwardCheck("dtype_gradOutput_int32", with([](BackwardArgs& a) { a.goType = ACL_INT32; }),
                            {kInvalid, {api + "gradOutput dtype INT32 is not supported (expected FLOAT, FLOAT16 or BF16)"}}));
  v.push_back(backwardCheck("dtype_all_double", with([](BackwardArgs& a) { a.goType = a.selfType = a.giType = ACL_DOUBLE; }),
                            {kInvalid, {"gradOutput dtype DOUBLE is not supported"}}));
  v.push_back(backwardCheck("dtype_self_differs", with([](BackwardArgs& a) { a.selfType = ACL_FLOAT16; }),
                            {kInvalid, {"self dtype FLOAT16 does not match gradOutput dtype FLOAT"}}));
  v.push_back(backwardCheck("dtype_gradInput_differs", with([](BackwardArgs& a) { a.giType = ACL_BF16; }),
                            {kInvalid, {"gradInput dtype BF16 does not match gradOutput dtype FLOAT"}}));
  v.push_back(backwardCheck("dtype_fp16_all_valid_but_indices_float",
                            with([](BackwardArgs& a) { a.goType = a.selfType = a.giType = ACL_FLOAT16, a.idxType = ACL_FLOAT; }),
                            {kInvalid, {"indices dtype FLOAT is not supported (expected INT32 or INT64)"}}));
  v.push_back(backwardCheck("dtype_indices_int16", with([](BackwardArgs& a) { a.idxType = ACL_INT16; }),
                            {kInvalid, {"indices dtype INT16 is not supported"}}));
  v.push_back(backwardCheck("rank_5d", with([](BackwardArgs& a) { a.go = a.idx = {1, 2, 3, 2, 2}, a.self = a.gi = {1, 2, 3, 5, 5}; }),
                            {kInvalid, {"gradOutput has 5 dimensions [1, 2, 3, 2, 2] but must have 3 (C, H, W) or 4 (N, C, H, W)"}}));
  v.push_back(backwardCheck("rank_2d", with([](BackwardArgs& a) { a.go = a.idx = {2, 2}, a.self = a.gi = {5, 5}; }),
                            {kInvalid, {"gradOutput has 2 dimensions [2, 2]"}}));
  v.push_back(backwardCheck("rank_self_differs", with([](BackwardArgs& a) { a.self = {3, 5, 5}; }),
                            {kInvalid, {"self has 3 dimensions [3, 5, 5] but gradOutput has 4 [2, 3, 2, 2]"}}));
  v.push_back(backwardCheck("rank_indices_differs", with([](BackwardArgs& a) { a.idx = {3, 2, 2}; }),
                            {kInvalid, {"indices has 3 dimensions [3, 2, 2] but gradOutput has 4"}}));
  v.push_back(backwardCheck("rank_gradInput_differs", with([](BackwardArgs& a) { a.gi = {1, 2, 3, 5, 5}; }),
                            {kInvalid, {"gradInput has 5 dimensions"}}));
  v.push_back(backwardCheck("shape_indices_differs", with([](BackwardArgs& a) { a.idx = {2, 3, 2, 3}; }),
                            {kInvalid, {"indices shape [2, 3, 2, 3] does not match gradOutput shape [2, 3, 2, 2]"}}));
  v.push_back(backwardCheck("shape_gradInput_differs", with([](BackwardArgs& a) { a.gi = {2, 3, 5, 6}; }),
                            {kInvalid, {"gradInput shape [2, 3, 5, 6] does not match self shape [2, 3, 5, 5]"}}));
  v.push_back(backwardCheck("n_differs", with([](BackwardArgs& a) { a.go = a.idx = {1, 3, 2, 2}; }),
                            {kInvalid, {"gradOutput N, C [1, 3] do not match self N, C [2, 3]"}}));
  v.push_back(backwardCheck("c_differs", with([](BackwardArgs& a) { a.go = a.idx = {2, 4, 2, 2}; }),
                            {kInvalid, {"gradOutput N, C [2, 4] do not match self N, C [2, 3]"}}));
  v.push_back(backwardCheck("c_differs_unbatched", with([](BackwardArgs& a) { a.go = a.idx = {4, 2, 2}, a.self = a.gi = {3, 5, 5}; }),
                            {kInvalid, {"gradOutput C [4] do not match self C [3]"}}));
  v.push_back(backwardCheck("formats_differ", with([](BackwardArgs& a) { a.giFmt = ACL_FORMAT_NCHW; }),
                            {kInvalid, {"formats differ: gradOutput ND, self ND, indices ND, gradInput NCHW"}}));
  // CANN's CheckFormat refuses private formats (IsPrivateFormat) even when all four agree.
  v.push_back(backwardCheck("formats_private_nc1hwc0",
                            with([](BackwardArgs& a) { a.goFmt = a.selfFmt = a.idxFmt = a.giFmt = ACL_FORMAT_NC1HWC0; }),
                            {kInvalid, {"gradOutput format NC1HWC0 is a private (device-internal) format"}}));
  v.push_back(backwardCheck("formats_all_nchw_pass_then_null_workspace",
                            with([](BackwardArgs& a) {
                              a.goFmt = a.selfFmt = a.idxFmt = a.giFmt = ACL_FORMAT_NCHW;
                              a.nullArg = "workspaceSize";
                            }),
                            {ACLNN_ERR_PARAM_NULLPTR, {"workspaceSize is a null pointer"}}));
  v.push_back({"check_bwd_plane_over_int32_max", kBackwardOp, "checks", [] {
                 return runLargePlaneCheck({1, 1, 65536, 65536}, {1, 1, 2, 2},
                                           {ACLNN_ERR_PARAM_INVALID, {"self H * W = 65536 * 65536 = 4294967296 exceeds INT32_MAX"}});
               }});
  v.push_back({"check_bwd_non_divisible_over_2_pow_24", kBackwardOp, "checks", [] {
                 return runLargePlaneCheck({1, 1, 4097, 4097}, {1, 1, 3, 3},
                                           {ACLNN_ERR_PARAM_INVALID,
                                            {"self H * W = 4097 * 4097 = 16785409 exceeds 2^24 (16777216)", "H % Ho = 4097 % 3 = 2"}});
               }});
  v.push_back({"check_bwd_divisible_over_2_pow_24_is_allowed", kBackwardOp, "checks", [] {
                 // Passes every SPEC check, then the memory check refuses the view over no memory.
                 return runLargePlaneCheck({1, 1, 8192, 4096}, {1, 1, 2, 2},
                                           {ACLNN_ERR_PARAM_INVALID, {"self (FLOAT [1, 1, 8192, 4096]) is a null pointer"}, {"2^24"}});
               }});
  v.push_back({"check_bwd_memory_freed", kBackwardOp, "checks", [] { return runMemoryCheck("freed"); }});
  v.push_back({"check_bwd_memory_host_pointer", kBackwardOp, "checks", [] { return runMemoryCheck("host"); }});
  v.push_back({"check_bwd_memory_view_past_allocation", kBackwardOp, "checks", [] { return runMemoryCheck("short"); }});
  return v;
}

// ---- forward ----------------------------------------------------------------------------------------

struct ForwardArgs {
  std::vector<int64_t> self{2, 3, 5, 7}, out{2, 3, 3, 4}, idx{2, 3, 3, 4}, outputSize{3, 4};
  aclDataType selfType = ACL_FLOAT, outType = ACL_FLOAT, idxType = ACL_INT64;
  aclFormat selfFmt = ACL_FORMAT_NCHW, outFmt = ACL_FORMAT_NCHW, idxFmt = ACL_FORMAT_NCHW;
  std::string nullArg;
  ForwardEntry entry = aclnnAdaptiveMaxPool2dGetWorkspaceSize;
};

CaseResult runForwardCheck(const ForwardArgs& a, const Expect& e) {
  verify::RuntimeScope::shared();
  RawTensor self(a.self, a.selfType, a.selfFmt), out(a.out, a.outType, a.outFmt), idx(a.idx, a.idxType, a.idxFmt);
  aclIntArray* size = aclCreateIntArray(a.outputSize.data(), a.outputSize.size());
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  auto pick = [&](const char* name, aclTensor* t) { return a.nullArg == name ? nullptr : t; };
  const int s = a.entry(pick("self", self.get()), a.nullArg == "outputSize" ? nullptr : size,
                                                       pick("out", out.get()), pick("indices", idx.get()),
                                                       a.nullArg == "workspaceSize" ? nullptr : &ws,
                                                       a.nullArg == "executor" ? nullptr : &ex);
  const std::string message = aclGetRecentErrMsg();
  aclDestroyIntArray(size);
  if (s == 0) aclDestroyAclOpExecutor(ex);
  return judge(s, message, e);
}

Case forwardCheck(const std::string& name, const ForwardArgs& a, const Expect& e) {
  return {"check_fwd_" + name, kForwardOp, "checks", [a, e] { return runForwardCheck(a, e); }};
}

std::vector<Case> forwardChecks() {
  const std::string api = "aclnnAdaptiveMaxPool2dGetWorkspaceSize: ";
  std::vector<Case> v;
  for (const char* arg : {"self", "outputSize", "out", "indices", "workspaceSize", "executor"}) {
    ForwardArgs a;
    a.nullArg = arg;
    v.push_back(forwardCheck(std::string("null_") + arg, a, {ACLNN_ERR_PARAM_NULLPTR, {api + arg + " is a null pointer"}}));
  }
  auto with = [](auto mutate) {
    ForwardArgs a;
    mutate(a);
    return a;
  };
  const int kInvalid = ACLNN_ERR_PARAM_INVALID;
  v.push_back(forwardCheck("valid_call_passes", ForwardArgs{}, {0, {}}));
  v.push_back(forwardCheck("dtype_self_int32", with([](ForwardArgs& a) { a.selfType = ACL_INT32; }),
                           {kInvalid, {api + "self dtype INT32 is not supported"}}));
  v.push_back(forwardCheck("dtype_double_accepted", with([](ForwardArgs& a) { a.selfType = a.outType = ACL_DOUBLE; }),
                           {0, {}}));
  v.push_back(forwardCheck("dtype_uint8", with([](ForwardArgs& a) { a.selfType = a.outType = ACL_UINT8; }),
                           {kInvalid, {"self dtype UINT8 is not supported (expected FLOAT, FLOAT16, BF16 or DOUBLE)"}}));
  v.push_back(forwardCheck("dtype_out_differs", with([](ForwardArgs& a) { a.outType = ACL_FLOAT16; }),
                           {kInvalid, {"out dtype FLOAT16 does not match self dtype FLOAT"}}));
  v.push_back(forwardCheck("dtype_indices_float", with([](ForwardArgs& a) { a.idxType = ACL_FLOAT; }),
                           {kInvalid, {"indices dtype FLOAT is not supported (expected INT32 or INT64)"}}));
  v.push_back(forwardCheck("rank_self_2d", with([](ForwardArgs& a) { a.self = {5, 7}; }),
                           {kInvalid, {"self has 2 dimensions [5, 7]"}}));
  v.push_back(forwardCheck("rank_out_differs", with([](ForwardArgs& a) { a.out = {3, 3, 4}; }),
                           {kInvalid, {"out has 3 dimensions [3, 3, 4] but self has 4"}}));
  v.push_back(forwardCheck("empty_channel", with([](ForwardArgs& a) { a.self = {2, 0, 5, 7}, a.out = a.idx = {2, 0, 3, 4}; }),
                           {kInvalid, {"self [2, 0, 5, 7] has an empty dimension 1"}}));
  v.push_back(forwardCheck("output_size_length", with([](ForwardArgs& a) { a.outputSize = {3}; }),
                           {kInvalid, {"outputSize has 1 values [3] but must have 2"}}));
  v.push_back(forwardCheck("output_size_zero", with([](ForwardArgs& a) { a.outputSize = {0, 4}; }),
                           {kInvalid, {"outputSize [0, 4] must be positive"}}));
  v.push_back(forwardCheck("out_shape", with([](ForwardArgs& a) { a.out = {2, 3, 4, 3}; }),
                           {kInvalid, {"out shape [2, 3, 4, 3] does not match [2, 3, 3, 4]"}}));
  v.push_back(forwardCheck("indices_shape", with([](ForwardArgs& a) { a.idx = {2, 3, 3, 5}; }),
                           {kInvalid, {"indices shape [2, 3, 3, 5] does not match out shape [2, 3, 3, 4]"}}));
  v.push_back(forwardCheck("formats_differ", with([](ForwardArgs& a) { a.idxFmt = ACL_FORMAT_ND; }),
                           {kInvalid, {"formats differ: self NCHW, out NCHW, indices ND"}}));
  v.push_back({"check_fwd_plane_over_int32_max", kForwardOp, "checks", [] {
                 verify::RuntimeScope::shared();
                 RawTensor self = RawTensor::hugeView({1, 65536, 65536}, ACL_FLOAT);
                 RawTensor out({1, 2, 2}, ACL_FLOAT), idx({1, 2, 2}, ACL_INT64);
                 const int64_t os[] = {2, 2};
                 aclIntArray* size = aclCreateIntArray(os, 2);
                 uint64_t ws = 0;
                 aclOpExecutor* ex = nullptr;
                 const int s = aclnnAdaptiveMaxPool2dGetWorkspaceSize(self.get(), size, out.get(), idx.get(), &ws, &ex);
                 const std::string message = aclGetRecentErrMsg();
                 aclDestroyIntArray(size);
                 if (s == 0) aclDestroyAclOpExecutor(ex);
                 return judge(s, message, {ACLNN_ERR_PARAM_INVALID, {"self H * W = 65536 * 65536 = 4294967296 exceeds INT32_MAX"}});
               }});
  return v;
}

// ---- the 3-D pair ------------------------------------------------------------------------------------

// Cases of one entry point: each a valid call of `base` with one thing changed, run by `run`.
template <typename Args>
class CheckList {
 public:
  CheckList(std::string prefix, OpKind op, Args base, CaseResult (*run)(const Args&, const Expect&))
      : prefix_(std::move(prefix)), op_(op), base_(std::move(base)), run_(run) {}
  template <typename Mutate>
  void add(const std::string& name, Mutate mutate, const Expect& e) {
    Args a = base_;
    mutate(a);
    cases_.push_back({prefix_ + name, op_, "checks", [a, e, run = run_] { return run(a, e); }});
  }
  // 161001 for each argument left null, naming it after `api`.
  void nulls(const std::string& api, std::initializer_list<const char*> names) {
    for (const char* arg : names) {
      add(std::string("null_") + arg, [arg](Args& a) { a.nullArg = arg; }, {ACLNN_ERR_PARAM_NULLPTR, {api + ": " + arg + " is a null pointer"}});
    }
  }
  std::vector<Case>& cases() { return cases_; }

 private:
  std::string prefix_;
  OpKind op_;
  Args base_;
  CaseResult (*run_)(const Args&, const Expect&);
  std::vector<Case> cases_;
};

constexpr int kInvalid = ACLNN_ERR_PARAM_INVALID;
const auto kUnchanged = [](auto&) {};

std::vector<Case> backward3dChecks() {
  BackwardArgs base;
  base.go = base.idx = {2, 3, 2, 2, 2}, base.self = base.gi = {2, 3, 3, 5, 4};
  base.goFmt = base.selfFmt = base.idxFmt = base.giFmt = ACL_FORMAT_NCDHW;
  base.idxType = ACL_INT32;
  base.entry = aclnnAdaptiveMaxPool3dBackwardGetWorkspaceSize;
  CheckList<BackwardArgs> c("check_bwd3d_", OpKind::kAdaptiveMaxPool3dBackward, base, runBackwardCheck);
  c.add("valid_call_passes", kUnchanged, {0, {}});
  c.nulls("aclnnAdaptiveMaxPool3dBackwardGetWorkspaceSize", {"gradOutput", "self", "indices", "gradInput", "workspaceSize", "executor"});
  c.add("dtype_gradOutput_differs", [](BackwardArgs& a) { a.goType = ACL_FLOAT16; },
      {kInvalid, {"gradOutput dtype FLOAT16 does not match self dtype FLOAT"}});
  c.add("dtype_gradInput_differs", [](BackwardArgs& a) { a.giType = ACL_BF16; },
      {kInvalid, {"gradInput dtype BF16 does not match self dtype FLOAT"}});
  c.add("dtype_double", [](BackwardArgs& a) { a.goType = a.selfType = a.giType = ACL_DOUBLE; },
      {kInvalid, {"self dtype DOUBLE is not supported (expected FLOAT, FLOAT16 or BF16)"}});
  c.add("dtype_indices_float", [](BackwardArgs& a) { a.idxType = ACL_FLOAT; },
      {kInvalid, {"indices dtype FLOAT is not supported (expected INT32 or INT64)"}});
  c.add("rank_gradOutput_differs", [](BackwardArgs& a) { a.go = {2, 3, 2, 2}; },
      {kInvalid, {"gradOutput has 4 dimensions [2, 3, 2, 2] but self has 5"}});
  c.add("shape_indices_differs", [](BackwardArgs& a) { a.idx = {2, 3, 2, 2, 3}; },
      {kInvalid, {"indices shape [2, 3, 2, 2, 3] does not match gradOutput shape [2, 3, 2, 2, 2]"}});
  c.add("shape_gradInput_differs", [](BackwardArgs& a) { a.gi = {2, 3, 3, 5, 5}; },
      {kInvalid, {"gradInput shape [2, 3, 3, 5, 5] does not match self shape [2, 3, 3, 5, 4]"}});
  c.add("rank_3_everywhere", [](BackwardArgs& a) { a.go = a.idx = {3, 2, 2}, a.self = a.gi = {3, 5, 4}; },
      {kInvalid, {"self has 3 dimensions [3, 5, 4] but must have 4 (C, D, H, W) or 5 (N, C, D, H, W)"}});
  c.add("formats_differ", [](BackwardArgs& a) { a.giFmt = ACL_FORMAT_ND; },
      {kInvalid, {"gradInput format ND differs from self format NCDHW"}});
  c.add("format_ndhwc_refused", [](BackwardArgs& a) { a.goFmt = a.selfFmt = a.idxFmt = a.giFmt = ACL_FORMAT_NDHWC; },
      {kInvalid, {"self format NDHWC is not supported (expected NCDHW"}});
  // Atlas A2/A3: INT32 indices only (CANN's 950 takes INT64 too).
  c.add("indices_int64_refused_on_a2", [](BackwardArgs& a) { a.idxType = ACL_INT64; },
      {kInvalid, {"indices dtype INT64 is not supported (expected INT32)"}});
  c.add("c_differs", [](BackwardArgs& a) { a.go = a.idx = {2, 4, 2, 2, 2}; },
      {kInvalid, {"gradOutput N, C [2, 4] do not match self N, C [2, 3]"}});
  c.add("unbatched_cdhw_passes",
      [](BackwardArgs& a) { a.go = a.idx = {3, 2, 2, 2}, a.self = a.gi = {3, 3, 5, 4}, a.goFmt = a.selfFmt = a.idxFmt = a.giFmt = ACL_FORMAT_NCHW; },
      {0, {}});
  c.add("empty_batch_passes", [](BackwardArgs& a) { a.go = a.idx = {0, 3, 2, 2, 2}, a.self = a.gi = {0, 3, 3, 5, 4}; }, {0, {}});
  c.cases().push_back({"check_bwd3d_volume_over_int32_max", OpKind::kAdaptiveMaxPool3dBackward, "checks", [] {
                         return runLargePlaneCheck({1, 1, 2048, 1024, 1024}, {1, 1, 2, 2, 2},
                                                   {kInvalid, {"self D * H * W = 2048 * 1024 * 1024 = 2147483648 exceeds INT32_MAX"}},
                                                   aclnnAdaptiveMaxPool3dBackwardGetWorkspaceSize, ACL_INT32);
                       }});
  return c.cases();
}

std::vector<Case> forward3dChecks() {
  ForwardArgs base;
  base.self = {2, 3, 5, 7, 6}, base.out = base.idx = {2, 3, 3, 4, 4}, base.outputSize = {3, 4, 4};
  base.selfFmt = base.outFmt = base.idxFmt = ACL_FORMAT_NCDHW;
  base.idxType = ACL_INT32;
  base.entry = aclnnAdaptiveMaxPool3dGetWorkspaceSize;
  CheckList<ForwardArgs> c("check_fwd3d_", OpKind::kAdaptiveMaxPool3d, base, runForwardCheck);
  c.add("valid_call_passes", kUnchanged, {0, {}});
  c.nulls("aclnnAdaptiveMaxPool3dGetWorkspaceSize", {"self", "outputSize", "out", "indices", "workspaceSize", "executor"});
  c.add("rank_self_3", [](ForwardArgs& a) { a.self = {5, 7, 6}; },
      {kInvalid, {"self has 3 dimensions [5, 7, 6] but must have 4 (C, D, H, W) or 5 (N, C, D, H, W)"}});
  c.add("rank_out_6", [](ForwardArgs& a) { a.out = {1, 2, 3, 3, 4, 4}; }, {kInvalid, {"out has 6 dimensions"}});
  c.add("dtype_double_refused", [](ForwardArgs& a) { a.selfType = a.outType = ACL_DOUBLE; },
      {kInvalid, {"self dtype DOUBLE is not supported (expected FLOAT, FLOAT16 or BF16)"}});
  c.add("dtype_out_int32", [](ForwardArgs& a) { a.outType = ACL_INT32; }, {kInvalid, {"out dtype INT32 is not supported"}});
  c.add("indices_int64_refused_on_a2", [](ForwardArgs& a) { a.idxType = ACL_INT64; },
      {kInvalid, {"indices dtype INT64 is not supported (expected INT32)"}});
  c.add("format_ndhwc_refused", [](ForwardArgs& a) { a.selfFmt = a.outFmt = a.idxFmt = ACL_FORMAT_NDHWC; },
      {kInvalid, {"self format NDHWC is not supported"}});
  c.add("formats_differ", [](ForwardArgs& a) { a.outFmt = ACL_FORMAT_ND; },
      {kInvalid, {"out format ND differs from self format NCDHW"}});
  c.add("output_size_length", [](ForwardArgs& a) { a.outputSize = {3, 4}; },
      {kInvalid, {"outputSize has 2 values [3, 4] but must have 3 (Do, Ho, Wo)"}});
  c.add("out_shape", [](ForwardArgs& a) { a.out = {2, 3, 3, 4, 5}; },
      {kInvalid, {"out shape [2, 3, 3, 4, 5] does not match [2, 3, 3, 4, 4]"}});
  c.add("indices_shape", [](ForwardArgs& a) { a.idx = {2, 3, 3, 4, 5}; },
      {kInvalid, {"indices shape [2, 3, 3, 4, 5] does not match out shape [2, 3, 3, 4, 4]"}});
  c.add("dtype_out_differs", [](ForwardArgs& a) { a.outType = ACL_FLOAT16; },
      {kInvalid, {"out dtype FLOAT16 does not match self dtype FLOAT"}});
  c.add("empty_depth", [](ForwardArgs& a) { a.self = {2, 3, 0, 7, 6}; },
      {kInvalid, {"self [2, 3, 0, 7, 6] has an empty dimension 2"}});
  c.add("output_size_zero", [](ForwardArgs& a) { a.outputSize = {3, 0, 4}, a.out = a.idx = {2, 3, 3, 0, 4}; },
      {kInvalid, {"outputSize [3, 0, 4] must be positive"}});
  c.add("unbatched_cdhw_as_nchw_passes",
      [](ForwardArgs& a) { a.self = {3, 5, 7, 6}, a.out = a.idx = {3, 3, 4, 4}, a.selfFmt = a.outFmt = a.idxFmt = ACL_FORMAT_NCHW; },
      {0, {}});
  c.add("empty_batch_passes", [](ForwardArgs& a) { a.self = {0, 3, 5, 7, 6}, a.out = a.idx = {0, 3, 3, 4, 4}; }, {0, {}});
  return c.cases();
}

}  // namespace

std::vector<Case> checkCases() {
  std::vector<Case> v = backwardChecks();
  for (auto* list : {&forwardChecks, &backward3dChecks, &forward3dChecks}) {
    std::vector<Case> more = (*list)();
    v.insert(v.end(), more.begin(), more.end());
  }
  return v;
}

}  // namespace gradlab::verify::adaptive
