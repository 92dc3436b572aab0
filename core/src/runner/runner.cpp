#include "gradlab/runner.h"

#include <chrono>
#include <exception>
#include <functional>
#include <mutex>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_adaptive_max_pool2d.h"
#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"
#include "runner/device_buffer.h"
#include "runner/random_values.h"
#include "runner/tensor_layout.h"

namespace gradlab {
namespace {

using runner::DeviceBuffer;
using runner::Failure;

std::mutex g_runMutex;  // run() changes process-wide state (profile, determinism): one call at a time

bool isOneD(OpKind op) { return op == OpKind::kUpsampleNearestExact1dBackward || op == OpKind::kUpsampleNearestExact1d; }
bool isAdaptive(OpKind op) { return op == OpKind::kAdaptiveMaxPool2dBackward || op == OpKind::kAdaptiveMaxPool2d; }
bool isBackward(OpKind op) {
  return op == OpKind::kUpsampleNearestExact1dBackward || op == OpKind::kUpsampleNearestExact2dBackward ||
         op == OpKind::kAdaptiveMaxPool2dBackward;
}
bool unbatched(const RunRequest& r) { return isAdaptive(r.op) && r.unbatched; }

// The logical shape of a tensor of the request with spatial size h x w.
std::vector<int64_t> shapeWith(const RunRequest& r, int64_t h, int64_t w) {
  if (isOneD(r.op)) return {r.N, r.C, w};
  if (unbatched(r)) return {r.C, h, w};
  return {r.N, r.C, h, w};
}

aclFormat formatOf(const RunRequest& r) {
  if (isOneD(r.op)) return ACL_FORMAT_NCL;
  return unbatched(r) ? ACL_FORMAT_ND : ACL_FORMAT_NCHW;
}

runner::TensorLayout layoutFor(const RunRequest& r, const std::vector<int64_t>& shape, Layout layout) {
  return runner::makeLayout(shape, layout, unbatched(r) ? 0 : 1);
}

int64_t product(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

// Host copies of every tensor are made before the device sees them: refuse sizes that cannot be real.
constexpr int64_t kMaxElements = int64_t{1} << 34;
bool tooLarge(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d < 0) return false;  // aclCreateTensor refuses it with its own message
    if (d != 0 && n > kMaxElements / d) return true;
    n *= d;
  }
  return false;
}

// Values as the device holds them: rounded once to the dtype.
std::vector<float> roundedTo(aclDataType dtype, std::vector<float> values) {
  std::byte scratch[16];  // the widest aclDataType (COMPLEX128)
  for (float& v : values) {
    runner::encodeFloat(dtype, v, scratch);
    v = runner::decodeFloat(dtype, scratch);
  }
  return values;
}

class IntArray {
 public:
  explicit IntArray(const std::vector<int64_t>& v) : array_(aclCreateIntArray(v.data(), v.size())) {}
  ~IntArray() {
    if (array_) aclDestroyIntArray(array_);
  }
  IntArray(const IntArray&) = delete;
  IntArray& operator=(const IntArray&) = delete;
  const aclIntArray* get() const { return array_; }

 private:
  aclIntArray* array_;
};

using LaunchFn = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

struct OpCall {
  std::function<aclnnStatus(uint64_t*, aclOpExecutor**)> prepare;  // the GetWorkspaceSize call
  LaunchFn launch = nullptr;
};

struct CallOutcome {
  int status = 0;
  std::string stage;
  std::string message;
  std::shared_ptr<const Plan> plan;
  uint64_t workspaceBytes = 0;
  double wallMs = 0.0;
};

// The whole two-phase protocol of one aclnn call, exactly as a user program writes it.
CallOutcome execute(const OpCall& call, aclrtStream stream, const std::shared_ptr<Trace>& trace) {
  CallOutcome out;
  auto failed = [&](int status, const char* stage) {
    out.status = status;
    out.stage = stage;
    out.message = aclGetRecentErrMsg();
    return out;
  };
  const auto start = std::chrono::steady_clock::now();
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  if (aclnnStatus s = call.prepare(&workspaceSize, &executor); s != ACLNN_SUCCESS) return failed(s, "GetWorkspaceSize");
  out.workspaceBytes = workspaceSize;
  if (const Plan* plan = executorPlan(executor)) out.plan = std::make_shared<const Plan>(*plan);
  if (trace && executor) traceExecutor(executor, trace);
  void* workspace = nullptr;
  if (workspaceSize > 0) {
    if (aclError e = aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST); e != ACL_SUCCESS) {
      if (executor) aclDestroyAclOpExecutor(executor);
      return failed(e, "workspace");
    }
  }
  aclnnStatus launched = call.launch(workspace, workspaceSize, executor, stream);
  if (launched != ACLNN_SUCCESS) {
    out = failed(launched, "launch");
  } else if (aclError e = aclrtSynchronizeStream(stream); e != ACL_SUCCESS) {
    out = failed(e, "synchronize");
  }
  out.wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (workspace) aclrtFree(workspace);
  return out;
}

// One tensor of the request: its device buffer plus what the result reports about it.
struct Operand {
  HostTensor host;
  DeviceBuffer device;
};

class RequestRun {
 public:
  RequestRun(const RunRequest& request, RunResult& result) : r_(request), result_(result) {}

  void run() {
    if (!buildInputs()) return;
    if (!buildOutputs()) return;
    std::shared_ptr<Trace> trace = r_.trace ? std::make_shared<Trace>() : nullptr;
    CallOutcome outcome = execute(mainCall(), r_.stream, trace);
    result_.plan = outcome.plan;
    result_.workspaceBytes = outcome.workspaceBytes;
    result_.wallMs = outcome.wallMs;
    if (outcome.status != 0) {
      fail(outcome.status, outcome.stage, outcome.message);
      return;
    }
    result_.trace = trace;
    readOutputs();
  }

 private:
  bool fail(int status, const std::string& stage, const std::string& message) {
    result_.status = status;
    result_.stage = stage;
    result_.message = message;
    return false;
  }
  bool failWith(const Failure& f, const std::string& stage, const std::string& what) {
    return fail(f.status, stage, what + ": " + f.message);
  }

  // Creates `op` on the device in the request's layout and fills it with `values`.
  bool makeInput(Operand& op, const std::string& name, const std::vector<int64_t>& shape, aclDataType dtype,
                 const std::vector<float>& values) {
    op.host = {name, shape, dtype, roundedTo(dtype, values), {}};
    if (Failure f = op.device.create(layoutFor(r_, shape, r_.layout), dtype, formatOf(r_)); f.failed()) {
      return failWith(f, "setup", name);
    }
    if (Failure f = op.device.upload(op.host.values); f.failed()) return failWith(f, "setup", name);
    return true;
  }

  bool makeIndexInput(Operand& op, const std::vector<int64_t>& shape, const std::vector<int64_t>& ints) {
    op.host = {"indices", shape, r_.indexType, {}, ints};
    op.host.values.assign(ints.begin(), ints.end());
    if (Failure f = op.device.create(layoutFor(r_, shape, r_.layout), r_.indexType, formatOf(r_)); f.failed()) {
      return failWith(f, "setup", "indices");
    }
    if (Failure f = op.device.uploadInts(ints); f.failed()) return failWith(f, "setup", "indices");
    return true;
  }

  bool makeOutput(Operand& op, const std::string& name, const std::vector<int64_t>& shape, aclDataType dtype) {
    op.host = {name, shape, dtype, {}, {}};
    if (Failure f = op.device.create(layoutFor(r_, shape, r_.layout), dtype, formatOf(r_)); f.failed()) {
      return failWith(f, "setup", name);
    }
    return true;
  }

  std::vector<float> primaryValues(const std::vector<int64_t>& shape, const char* name) {
    const int64_t n = product(shape);
    if (r_.values.empty()) return runner::randomValues(r_.seed, 0, n);
    if (static_cast<int64_t>(r_.values.size()) != n) {
      fail(ACLNN_ERR_PARAM_INVALID, "setup",
           std::string("RunRequest::values has ") + std::to_string(r_.values.size()) + " elements but " + name +
               " has " + std::to_string(n));
      return {};
    }
    return r_.values;
  }

  bool buildInputs() {
    src_ = srcShapeOf(r_);
    dst_ = dstShapeOf(r_);
    for (const auto& shape : {src_, dst_}) {
      if (tooLarge(shape)) {
        return fail(ACLNN_ERR_PARAM_INVALID, "setup",
                    "a tensor of shape " + shapeText(shape) + " has more than 2^34 elements; the runner does not build it");
      }
    }
    std::vector<float> values = primaryValues(src_, isBackward(r_.op) ? "gradOutput" : "self");
    if (result_.status != 0) return false;
    if (!makeInput(primary_, isBackward(r_.op) ? "gradOutput" : "self", src_, r_.dtype, values)) return false;
    if (r_.op == OpKind::kAdaptiveMaxPool2dBackward) {
      if (!makeInput(self_, "self", dst_, r_.dtype, runner::randomValues(r_.seed, 1, product(dst_)))) return false;
      std::vector<int64_t> ints = r_.indices;
      if (ints.empty() && product(src_) > 0) {
        if (!indicesFromForward(&ints)) return false;
      } else if (static_cast<int64_t>(ints.size()) != product(src_)) {
        return fail(ACLNN_ERR_PARAM_INVALID, "setup",
                    "RunRequest::indices has " + std::to_string(ints.size()) + " elements but gradOutput has " +
                        std::to_string(product(src_)));
      }
      if (!makeIndexInput(indices_, src_, ints)) return false;
    }
    result_.inputs.push_back(primary_.host);
    if (r_.op == OpKind::kAdaptiveMaxPool2dBackward) {
      result_.inputs.push_back(self_.host);
      result_.inputs.push_back(indices_.host);
    }
    return true;
  }

  // Adaptive backward without explicit indices: the indices the forward op picks on `self`, computed
  // by aclnnAdaptiveMaxPool2d itself (contiguous tensors; the layout only matters for the main op).
  bool indicesFromForward(std::vector<int64_t>* ints) {
    DeviceBuffer self, out, idx;
    const aclFormat format = formatOf(r_);
    if (Failure f = self.create(layoutFor(r_, dst_, Layout::kContiguous), r_.dtype, format); f.failed()) {
      return failWith(f, "setup", "forward self");
    }
    if (Failure f = self.upload(self_.host.values); f.failed()) return failWith(f, "setup", "forward self");
    if (Failure f = out.create(layoutFor(r_, src_, Layout::kContiguous), r_.dtype, format); f.failed()) {
      return failWith(f, "setup", "forward out");
    }
    if (Failure f = idx.create(layoutFor(r_, src_, Layout::kContiguous), r_.indexType, format); f.failed()) {
      return failWith(f, "setup", "forward indices");
    }
    IntArray outputSize({r_.outH, r_.outW});
    OpCall call{[&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAdaptiveMaxPool2dGetWorkspaceSize(self.tensor(), outputSize.get(), out.tensor(),
                                                                idx.tensor(), ws, ex);
                },
                aclnnAdaptiveMaxPool2d};
    CallOutcome outcome = execute(call, r_.stream, nullptr);
    if (outcome.status != 0) {
      return fail(outcome.status, "forward " + outcome.stage,
                  "aclnnAdaptiveMaxPool2d (run to produce the indices): " + outcome.message);
    }
    if (Failure f = idx.download(nullptr, ints, nullptr); f.failed()) return failWith(f, "readback", "forward indices");
    return true;
  }

  bool buildOutputs() {
    switch (r_.op) {
      case OpKind::kUpsampleNearestExact1dBackward:
      case OpKind::kUpsampleNearestExact2dBackward:
      case OpKind::kAdaptiveMaxPool2dBackward:
        return makeOutput(out_, "gradInput", dst_, r_.dtype);
      case OpKind::kUpsampleNearestExact1d:
      case OpKind::kUpsampleNearestExact2d:
        return makeOutput(out_, "out", dst_, r_.dtype);
      case OpKind::kAdaptiveMaxPool2d:
        return makeOutput(out_, "out", dst_, r_.dtype) && makeOutput(outIndices_, "indices", dst_, r_.indexType);
    }
    return fail(ACLNN_ERR_PARAM_INVALID, "setup", "unknown operator");
  }

  OpCall mainCall() {
    outputSize_ = std::make_unique<IntArray>(isOneD(r_.op) ? std::vector<int64_t>{r_.outW}
                                                           : std::vector<int64_t>{r_.outH, r_.outW});
    inputSize_ = std::make_unique<IntArray>(isOneD(r_.op) ? std::vector<int64_t>{r_.N, r_.C, r_.inW}
                                                          : std::vector<int64_t>{r_.N, r_.C, r_.inH, r_.inW});
    aclTensor* in = primary_.device.tensor();
    aclTensor* out = out_.device.tensor();
    const aclIntArray* os = outputSize_->get();
    const aclIntArray* is = inputSize_->get();
    const double sh = r_.scaleH, sw = r_.scaleW;
    switch (r_.op) {
      case OpKind::kUpsampleNearestExact1dBackward:
        return {[=](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(in, os, is, sw, out, ws, ex);
                },
                aclnnUpsampleNearestExact1dBackward};
      case OpKind::kUpsampleNearestExact2dBackward:
        return {[=](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(in, os, is, sh, sw, out, ws,
                                                                              ex);
                },
                aclnnUpsampleNearestExact2dBackward};
      case OpKind::kAdaptiveMaxPool2dBackward: {
        aclTensor* self = self_.device.tensor();
        aclTensor* idx = indices_.device.tensor();
        return {[=](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(in, self, idx, out, ws, ex);
                },
                aclnnAdaptiveMaxPool2dBackward};
      }
      case OpKind::kUpsampleNearestExact1d:
        return {[=](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnUpsampleNearestExact1dGetWorkspaceSize(in, os, sw, out, ws, ex);
                },
                aclnnUpsampleNearestExact1d};
      case OpKind::kUpsampleNearestExact2d:
        return {[=](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnUpsampleNearestExact2dGetWorkspaceSize(in, os, sh, sw, out, ws, ex);
                },
                aclnnUpsampleNearestExact2d};
      case OpKind::kAdaptiveMaxPool2d: {
        aclTensor* idx = outIndices_.device.tensor();
        return {[=](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAdaptiveMaxPool2dGetWorkspaceSize(in, os, out, idx, ws, ex);
                },
                aclnnAdaptiveMaxPool2d};
      }
    }
    return {};
  }

  bool readOutput(Operand& op) {
    bool untouched = true;
    if (Failure f = op.device.download(&op.host.values, &op.host.ints, &untouched); f.failed()) {
      return failWith(f, "readback", op.host.name);
    }
    if (!untouched) {
      return fail(ACL_ERROR_INTERNAL_ERROR, "readback",
                  op.host.name + ": the operator wrote storage outside the tensor's view (layout " +
                      layoutName(r_.layout) + ")");
    }
    result_.outputs.push_back(op.host);
    return true;
  }

  void readOutputs() {
    if (!readOutput(out_)) return;
    if (r_.op == OpKind::kAdaptiveMaxPool2d) readOutput(outIndices_);
  }

  const RunRequest& r_;
  RunResult& result_;
  std::vector<int64_t> src_, dst_;
  Operand primary_, self_, indices_, out_, outIndices_;
  std::unique_ptr<IntArray> outputSize_, inputSize_;
};

// Puts process-wide settings back however run() leaves.
class SettingsScope {
 public:
  explicit SettingsScope(const RunRequest& r) {
    if (r.profile) {
      previousProfile_ = activeProfile();
      setActiveProfile(*r.profile);
    }
    haveDeterministic_ = aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &previousDeterministic_) == ACL_SUCCESS;
    aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, r.deterministic ? 1 : 0);
  }
  ~SettingsScope() {
    if (haveDeterministic_) aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, previousDeterministic_);
    if (previousProfile_) setActiveProfile(*previousProfile_);
  }
  SettingsScope(const SettingsScope&) = delete;
  SettingsScope& operator=(const SettingsScope&) = delete;

 private:
  std::optional<DeviceProfile> previousProfile_;
  int64_t previousDeterministic_ = 0;
  bool haveDeterministic_ = false;
};

}  // namespace

std::string shapeText(const std::vector<int64_t>& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  return s + "]";
}

const char* dtypeText(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT: return "float32";
    case ACL_FLOAT16: return "float16";
    case ACL_BF16: return "bfloat16";
    case ACL_INT32: return "int32";
    case ACL_INT64: return "int64";
    case ACL_DOUBLE: return "float64";
    default: return "unsupported dtype";
  }
}

const char* layoutName(Layout layout) {
  switch (layout) {
    case Layout::kContiguous: return "contiguous";
    case Layout::kChannelsLast: return "channels-last";
    case Layout::kSliced: return "sliced";
  }
  return "?";
}

const HostTensor* RunResult::output(const std::string& name) const {
  for (const HostTensor& t : outputs) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

const HostTensor* RunResult::input(const std::string& name) const {
  for (const HostTensor& t : inputs) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

std::vector<int64_t> srcShapeOf(const RunRequest& request) {
  return isBackward(request.op) ? shapeWith(request, request.outH, request.outW)
                                : shapeWith(request, request.inH, request.inW);
}

std::vector<int64_t> dstShapeOf(const RunRequest& request) {
  return isBackward(request.op) ? shapeWith(request, request.inH, request.inW)
                                : shapeWith(request, request.outH, request.outW);
}

void ensureRuntime() {
  static std::once_flag once;
  std::call_once(once, [] {
    aclError e = aclInit(nullptr);
    if (e == ACL_SUCCESS || e == ACL_ERROR_REPEAT_INITIALIZE) aclrtSetDevice(0);
  });
}

RunResult run(const RunRequest& request) {
  ensureRuntime();
  std::lock_guard lock(g_runMutex);
  RunResult result;
  SettingsScope settings(request);
  try {
    RequestRun(request, result).run();
  } catch (const std::exception& e) {  // host memory for the copies; the library itself never throws
    result = RunResult{};
    result.status = ACL_ERROR_BAD_ALLOC;
    result.stage = "setup";
    result.message = std::string("the runner could not hold the tensors on the host: ") + e.what();
  }
  return result;
}

}  // namespace gradlab
