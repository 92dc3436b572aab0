#include "gradlab/runner.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <exception>
#include <iterator>
#include <mutex>
#include <fmt/format.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "ops/common/lower_case.h"
#include "api_client/device_buffer.h"
#include "runtime/tensor.h"
#include "api_client/random_values.h"
#include "api_client/run_memory.h"
#include "api_client/tensor_layout.h"
#include "gradlab/no_copy.h"

namespace gradlab {
namespace {

using runner::DeviceBuffer;
using runner::Failure;

// Random streams of one seed: the primary input, and the forward input a backward op reads for its shape.
constexpr uint64_t kPrimaryStream = 0;
constexpr uint64_t kForwardInputStream = 1;

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

class IntArray : NoCopy {
 public:
  explicit IntArray(const std::vector<int64_t>& v) : array_(aclCreateIntArray(v.data(), v.size())) {}
  ~IntArray() {
    if (array_) aclDestroyIntArray(array_);
  }
  const aclIntArray* get() const { return array_; }

 private:
  aclIntArray* array_;
};

}  // namespace

CallOutcome callOperator(OpKind kind, const OpArgs& args, aclrtStream stream, std::shared_ptr<Trace> trace,
                         std::shared_ptr<RunProgress> progress, bool keepPlan) {
  const OpInfo& op = opInfo(kind);
  CallOutcome out;
  auto failed = [&](int status, const char* stage) {
    out.status = status;
    out.stage = stage;
    out.message = aclGetRecentErrMsg();
    out.refusal = lastRefusalFacts();
    return out;
  };
  const auto start = std::chrono::steady_clock::now();
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  if (aclnnStatus s = op.getWorkspaceSize(args, &workspaceSize, &executor); s != ACLNN_SUCCESS) {
    return failed(s, "GetWorkspaceSize");
  }
  out.workspaceBytes = workspaceSize;
  if (const Plan* plan = keepPlan ? executorPlan(executor) : nullptr) out.plan = std::make_shared<const Plan>(*plan);
  if (trace && executor) traceExecutor(executor, trace);
  if (progress && executor) watchExecutor(executor, progress);
  void* workspace = nullptr;
  if (workspaceSize > 0) {
    if (aclError e = aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST); e != ACL_SUCCESS) {
      if (executor) aclDestroyAclOpExecutor(executor);
      return failed(e, "workspace");
    }
  }
  aclnnStatus launched = op.launch(workspace, workspaceSize, executor, stream);
  if (launched != ACLNN_SUCCESS) {
    out = failed(launched, "launch");
  } else if (aclError e = aclrtSynchronizeStream(stream); e != ACL_SUCCESS) {
    out = failed(e, "synchronize");
  }
  out.wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (workspace) aclrtFree(workspace);
  return out;
}

namespace {

// One tensor of a call: its device buffer plus what the result reports about it.
struct Operand {
  HostTensor host;
  DeviceBuffer device;
};

// One call's tensors, by catalog role, and the arrays its arguments point at.
struct CallTensors {
  std::array<Operand, 4> operands;
  std::unique_ptr<IntArray> outputSize, inputSize;
};

RefusalFacts inputCount(const char* what, size_t given, const char* role, int64_t cells) {
  RefusalFacts facts{"input-count", {}};
  facts.add("input", what).add("given", static_cast<unsigned long long>(given)).add("tensor", role).add("cells", cells);
  return facts;
}

class RequestRun {
 public:
  RequestRun(const RunRequest& request, RunResult& result)
      : r_(request), result_(result), op_(opInfo(request.op)), sizes_(request.shape) {}

  void run() {
    if (r_.profile) {
      if (const ProfileLimit* broken = brokenProfileLimit(*r_.profile)) {
        RefusalFacts facts{"device-profile-range", {}};
        facts.add("field", broken->field).add("value", broken->get(*r_.profile)).add("profile", r_.profile->name);
        fail(ACLNN_ERR_PARAM_INVALID, "setup", "RunRequest::profile: " + profileProblem(*r_.profile), std::move(facts));
        return;
      }
    }
    for (const TensorRole& role : op_.tensorRoles()) {
      const std::vector<int64_t> shape = sideShape(op_, role.side, sizes_);
      if (tooLarge(shape)) {
        RefusalFacts facts{"tensor-too-large", {}};
        facts.add("tensor", role.name).add("shape", shapeText(shape)).add("limit", kMaxElements);
        fail(ACLNN_ERR_PARAM_INVALID, "setup",
             "a tensor of shape " + shapeText(shape) + " has more than 2^34 elements; the runner does not build it",
             std::move(facts));
        return;
      }
    }
    const runner::RunMemory need = runner::estimateRunMemory(r_, sizes_);
    result_.estimatedPeakBytes = need.total();
    if (std::string problem = runner::runMemoryProblem(need); !problem.empty()) {
      fail(ACL_ERROR_RT_MEMORY_ALLOCATION, "setup", problem);
      return;
    }
    RunProgress* progress = r_.progress.get();
    if (progress) progress->begin(RunStep::kInputs, cellsOf([](const TensorRole& role) { return !role.written(); }));
    for (int i = 0; i < op_.roleCount; ++i) {
      if (cancelledAt("making the inputs") || !buildRole(i)) return;
    }
    if (cancelledAt("making the inputs")) return;
    if (progress) progress->begin(RunStep::kKernels, 0);  // the launch adds its tiles
    std::shared_ptr<Trace> trace = r_.trace ? std::make_shared<Trace>() : nullptr;
    CallOutcome outcome = callOperator(op_.kind, argsFor(op_, call_), r_.stream, trace, r_.progress);
    result_.plan = outcome.plan;
    result_.workspaceBytes = outcome.workspaceBytes;
    result_.wallMs = outcome.wallMs;
    if (cancelledAt("running the kernels")) return;
    if (outcome.status != 0) {
      fail(outcome.status, outcome.stage, outcome.message, outcome.refusal);
      return;
    }
    result_.trace = trace;
    if (progress) progress->begin(RunStep::kOutputs, cellsOf([](const TensorRole& role) { return role.written(); }));
    for (int i = 0; i < op_.roleCount; ++i) {
      if (!op_.roles[i].written()) continue;
      if (cancelledAt("reading the outputs") || !readOutput(call_.operands[i])) return;
      if (progress) progress->done.fetch_add(roleCells(op_.roles[i]), std::memory_order_relaxed);
    }
    if (progress) progress->begin(RunStep::kDone, 0);
  }

 private:
  uint64_t roleCells(const TensorRole& role) const {
    return static_cast<uint64_t>(product(sideShape(op_, role.side, sizes_)));
  }
  template <typename Pick>
  uint64_t cellsOf(Pick pick) const {
    uint64_t cells = 0;
    for (const TensorRole& role : op_.tensorRoles()) cells += pick(role) ? roleCells(role) : 0;
    return cells;
  }
  // Whether RunRequest::progress asked to stop; if so the result says where it stopped.
  bool cancelledAt(const char* what) {
    if (!r_.progress || !r_.progress->cancelled()) return false;
    fail(ACL_ERROR_RT_INTERNAL_ERROR, "cancelled", std::string("cancelled while ") + what);
    return true;
  }

  bool fail(int status, const std::string& stage, const std::string& message, RefusalFacts facts = {}) {
    result_.status = status;
    result_.stage = stage;
    result_.message = message;
    result_.refusal = std::move(facts);
    return false;
  }
  bool failWith(const Failure& f, const std::string& stage, const std::string& what) {
    return fail(f.status, stage, what + ": " + f.message, f.refusal);
  }

  runner::TensorLayout layoutFor(const std::vector<int64_t>& shape, Layout layout) const {
    const bool unbatched = sizes_.unbatched && op_.allowsUnbatched;
    return runner::makeLayout(shape, layout, unbatched ? 0 : 1);
  }

  // Where an input's cells come from: `given` values, or else the request's value source on `stream`.
  struct InputValues {
    std::span<const float> given;
    bool generated = false;
    uint64_t stream = kPrimaryStream;
    int64_t planeCells = 1;  // the spatial cells of one (n, c): kShuffled shuffles each plane on its own
  };

  // Creates the device tensor of `role` in `layout`; inputs are filled from `in` / `ints`. FLOAT inputs in
  // contiguous storage are made in the device buffer itself and the result reads them there (no host copy).
  // `counted` (the request's progress, for the main call's inputs) gets the input's cells as they are made.
  bool makeOperand(Operand& operand, const OpInfo& op, const TensorRole& role, aclDataType dtype, Layout layout,
                   const InputValues& in, std::span<const int64_t> ints, const char* stage,
                   RunProgress* counted = nullptr) {
    const std::vector<int64_t> shape = sideShape(op, role.side, sizes_);
    operand.host = {role.name, shape, dtype, {}, {}};
    const aclFormat format = sideFormat(op, sizes_.unbatched);
    const uint64_t cellCount = static_cast<uint64_t>(product(shape));
    const bool everyCellMade = !role.written() && !role.integer() && (in.generated || in.given.size() >= cellCount);
    if (Failure f = operand.device.create(layoutFor(shape, layout), dtype, format, everyCellMade); f.failed()) {
      return failWith(f, stage, role.name);
    }
    if (role.written()) return true;
    auto countAll = [&] {
      if (counted != nullptr) counted->done.fetch_add(cellCount, std::memory_order_relaxed);
      return true;
    };
    if (role.integer()) {
      operand.host.ints = std::vector<int64_t>(ints.begin(), ints.end());
      operand.host.values = std::vector<float>(ints.begin(), ints.end());
      if (Failure f = operand.device.uploadInts(ints); f.failed()) return failWith(f, stage, role.name);
      return countAll();
    }
    // The cells are made where they are read: in the device buffer itself (FLOAT in contiguous storage), else
    // in a host copy uploaded after. Generated values count themselves as they are made (a large input takes
    // seconds) and stop on cancel.
    std::vector<float> staged;
    std::span<float> cells = operand.device.cellsInPlace();
    const bool inPlace = !cells.empty();
    if (!inPlace) {
      staged.resize(in.generated ? cellCount : in.given.size());
      cells = staged;
    }
    if (!in.generated) {
      std::copy_n(in.given.begin(), std::min(in.given.size(), cells.size()), cells.begin());
    } else if (!runner::fillSourceValues(r_.valueSource, dtype, r_.seed, in.stream, cells, in.planeCells, counted)) {
      return !cancelledAt("making the inputs");
    }
    if (inPlace) {
      operand.host.values = Cells<float>(cells, operand.device.keepCells());
      return in.generated || countAll();
    }
    operand.host.values = dtype == ACL_FLOAT ? std::move(staged) : roundedTo(dtype, std::move(staged));
    if (Failure f = operand.device.upload(operand.host.values); f.failed()) return failWith(f, stage, role.name);
    return in.generated || countAll();
  }

  bool buildRole(int i) {
    const TensorRole& role = op_.roles[i];
    Operand& operand = call_.operands[i];
    const std::vector<int64_t> shape = sideShape(op_, role.side, sizes_);
    const int64_t cells = product(shape);
    InputValues in;
    for (size_t d = shape.size() - std::min(shape.size(), static_cast<size_t>(op_.spatialRank)); d < shape.size(); ++d)
      in.planeCells *= shape[d];
    const aclDataType dtype = role.integer() ? indexTypeOf(r_) : r_.dtype;
    std::vector<int64_t> ints;
    switch (role.kind) {
      case RoleKind::kValues:
        if (r_.values.empty()) {
          in.generated = true;
        } else if (static_cast<int64_t>(r_.values.size()) != cells) {
          return fail(ACLNN_ERR_PARAM_INVALID, "setup",
                      "RunRequest::values has " + std::to_string(r_.values.size()) + " elements but " + role.name +
                          " has " + std::to_string(cells),
                      inputCount("values", r_.values.size(), role.name, cells));
        } else if (std::string problem = runner::rangeProblem(dtype, r_.values); !problem.empty()) {
          return fail(ACLNN_ERR_PARAM_INVALID, "setup", "RunRequest::values" + problem + " (" + role.name + ")");
        } else {
          in.given = r_.values;
        }
        break;
      case RoleKind::kShapeOnly:
        if (r_.forwardValues.empty()) {
          in.generated = true;
          in.stream = kForwardInputStream;
        } else if (static_cast<int64_t>(r_.forwardValues.size()) != cells) {
          return fail(ACLNN_ERR_PARAM_INVALID, "setup",
                      "RunRequest::forwardValues has " + std::to_string(r_.forwardValues.size()) + " elements but " +
                          role.name + " has " + std::to_string(cells),
                      inputCount("forwardValues", r_.forwardValues.size(), role.name, cells));
        } else if (std::string problem = runner::rangeProblem(dtype, r_.forwardValues); !problem.empty()) {
          return fail(ACLNN_ERR_PARAM_INVALID, "setup", "RunRequest::forwardValues" + problem + " (" + role.name + ")");
        } else {
          in.given = r_.forwardValues;
        }
        break;
      case RoleKind::kIndices:
        if (!r_.indices.empty() || cells == 0) {
          if (static_cast<int64_t>(r_.indices.size()) != cells) {
            return fail(ACLNN_ERR_PARAM_INVALID, "setup",
                        "RunRequest::indices has " + std::to_string(r_.indices.size()) + " elements but " + role.name +
                            " has " + std::to_string(cells),
                        inputCount("indices", r_.indices.size(), role.name, cells));
          }
          ints = r_.indices;
        } else if (!indicesFromTwin(&ints)) {
          return false;
        }
        break;
      case RoleKind::kOutput:
      case RoleKind::kOutputIndices:
        break;
    }
    if (!makeOperand(operand, op_, role, dtype, r_.layout, in, ints, "setup", role.written() ? nullptr : r_.progress.get())) {
      return false;
    }
    if (!role.written()) result_.inputs.push_back(operand.host);  // shares the cells
    return true;
  }

  // This call's shape-only input (the forward input whose windows made the indices), made already.
  const Operand* forwardInput() const {
    for (int i = 0; i < op_.roleCount; ++i) {
      if (op_.roles[i].kind == RoleKind::kShapeOnly) return &call_.operands[i];
    }
    return nullptr;
  }

  // A backward op without explicit indices: the indices its forward twin picks on the shape-only input,
  // computed by the twin itself (contiguous tensors; the layout only matters for the main op). Where the
  // main op's input is contiguous already, the twin reads that very buffer.
  bool indicesFromTwin(std::vector<int64_t>* ints) {
    const OpInfo& twin = opInfo(op_.twin);
    const Operand* self = forwardInput();
    CallTensors forward;
    int indexRole = -1;
    for (int i = 0; i < twin.roleCount; ++i) {
      const TensorRole& role = twin.roles[i];
      if (role.kind == RoleKind::kOutputIndices) indexRole = i;
      if (role.kind == RoleKind::kValues && self != nullptr && r_.layout == Layout::kContiguous) continue;
      const aclDataType dtype = role.integer() ? indexTypeOf(r_) : r_.dtype;
      InputValues in;
      if (role.kind == RoleKind::kValues && self != nullptr) in.given = self->host.values;
      if (!makeOperand(forward.operands[i], twin, role, dtype, Layout::kContiguous, in, {}, "setup")) return false;
    }
    if (indexRole < 0 || self == nullptr) {
      return fail(ACLNN_ERR_PARAM_INVALID, "setup", std::string(op_.name) + " reads indices its twin does not write");
    }
    OpArgs twinArgs = argsFor(twin, forward);
    for (int i = 0; i < twin.roleCount; ++i) {
      if (twin.roles[i].kind == RoleKind::kValues && twinArgs.tensors[i] == nullptr) twinArgs.tensors[i] = self->device.tensor();
    }
    // The request's strategy names one of the main op's; the twin runs its own default (or CANN's choice).
    if (twinArgs.strategy && !strategyRequestValid(twin.kind, *twinArgs.strategy)) twinArgs.strategy = "default";
    CallOutcome outcome = callOperator(twin.kind, twinArgs, r_.stream, nullptr, nullptr, false);
    if (outcome.status != 0) {
      return fail(outcome.status, "forward " + outcome.stage,
                  twin.aclnnName() + " (run to produce the indices): " + outcome.message, outcome.refusal);
    }
    if (Failure f = forward.operands[indexRole].device.download(nullptr, ints, nullptr); f.failed()) {
      return failWith(f, "readback", "forward indices");
    }
    return true;
  }

  // The arguments of one call of `op` over `tensors`.
  OpArgs argsFor(const OpInfo& op, CallTensors& tensors) {
    OpArgs args;
    for (int i = 0; i < op.roleCount; ++i) args.tensors[i] = tensors.operands[i].device.tensor();
    tensors.outputSize = std::make_unique<IntArray>(sizes_.spatial(Side::kOut, op.spatialRank));
    tensors.inputSize = std::make_unique<IntArray>(sideShape(op, Side::kIn, sizes_));
    if (op.takesOutputSize) args.outputSize = tensors.outputSize->get();
    if (op.takesInputSize) args.inputSize = tensors.inputSize->get();
    args.scales = sizes_.leadingScales(op.spatialRank);
    args.profile = r_.profile;
    args.deterministic = r_.deterministic;
    args.schedule = r_.schedule;
    args.accumulate = r_.accumulate;
    args.strategy = r_.strategy;
    return args;
  }

  // An output as the result reports it: FLOAT cells in contiguous storage are read where the op wrote them.
  bool readOutput(Operand& op) {
    if (const std::span<float> cells = op.device.cellsInPlace(); !cells.empty()) {
      op.host.values = Cells<float>(cells, op.device.keepCells());
      result_.outputs.push_back(std::move(op.host));
      return true;
    }
    bool untouched = true;
    std::vector<float> values;
    std::vector<int64_t> ints;
    if (Failure f = op.device.download(&values, &ints, &untouched); f.failed()) {
      return failWith(f, "readback", op.host.name);
    }
    op.host.values = std::move(values);
    op.host.ints = std::move(ints);
    if (!untouched) {
      return fail(ACL_ERROR_INTERNAL_ERROR, "readback",
                  op.host.name + ": the operator wrote storage outside the tensor's view (layout " +
                      layoutName(r_.layout) + ")");
    }
    result_.outputs.push_back(std::move(op.host));
    return true;
  }

  const RunRequest& r_;
  RunResult& result_;
  const OpInfo& op_;
  Extents sizes_;
  CallTensors call_;
};

constexpr std::array<Layout, 4> kLayouts = {Layout::kContiguous, Layout::kChannelsLast, Layout::kSliced,
                                            Layout::kTransposed};


}  // namespace

std::string shapeText(const std::vector<int64_t>& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  return s + "]";
}

const char* aclDtypeName(aclDataType dtype) { return rt::dtypeName(dtype); }

std::string bytesText(uint64_t bytes) {
  static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double v = static_cast<double>(bytes);
  size_t unit = 0;
  while (v >= 1024.0 && unit + 1 < std::size(kUnits)) {
    v /= 1024.0;
    ++unit;
  }
  return fmt::format("{:.4g} {}", v, kUnits[unit]);
}

const char* dtypeText(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT: return "float32";
    case ACL_FLOAT16: return "float16";
    case ACL_BF16: return "bfloat16";
    case ACL_INT32: return "int32";
    case ACL_INT64: return "int64";
    case ACL_DOUBLE: return "float64";
    case ACL_UINT8: return "uint8";
    default: return "unsupported dtype";
  }
}

aclDataType indexTypeOf(const RunRequest& r) {
  return r.indexType != ACL_DT_UNDEFINED ? r.indexType : opInfo(r.op).indexDtype();
}

std::optional<aclDataType> dtypeFromText(std::string_view name) {
  struct Alias {
    const char* text;
    aclDataType dtype;
  };
  static constexpr Alias kAliases[] = {
      {"float32", ACL_FLOAT}, {"f32", ACL_FLOAT},   {"float", ACL_FLOAT},  {"float16", ACL_FLOAT16},
      {"f16", ACL_FLOAT16},   {"half", ACL_FLOAT16}, {"bfloat16", ACL_BF16}, {"bf16", ACL_BF16},
      {"int32", ACL_INT32},   {"i32", ACL_INT32},   {"int64", ACL_INT64},  {"i64", ACL_INT64},
      {"uint8", ACL_UINT8},   {"u8", ACL_UINT8},    {"float64", ACL_DOUBLE}, {"f64", ACL_DOUBLE},
      {"double", ACL_DOUBLE},
  };
  for (const Alias& a : kAliases) {
    if (ops::sameIgnoringCase(name, a.text)) return a.dtype;
  }
  return std::nullopt;
}

std::span<const Layout> allLayouts() { return kLayouts; }

namespace {
constexpr ValueSource kValueSources[] = {ValueSource::kRandom, ValueSource::kSmallIntegers, ValueSource::kRamp,
                                         ValueSource::kOnes, ValueSource::kShuffled};
}  // namespace

std::span<const ValueSource> allValueSources() { return kValueSources; }

const char* valueSourceName(ValueSource source) {
  switch (source) {
    case ValueSource::kRandom: return "random";
    case ValueSource::kSmallIntegers: return "integers";
    case ValueSource::kRamp: return "ramp";
    case ValueSource::kOnes: return "ones";
    case ValueSource::kShuffled: return "shuffled";
  }
  return "random";
}

namespace {
// The member of `all` whose name (by `nameOf`, any case) is `text`.
template <typename E>
std::optional<E> byName(std::span<const E> all, const char* (*nameOf)(E), std::string_view text) {
  for (E e : all) {
    if (ops::sameIgnoringCase(text, nameOf(e))) return e;
  }
  return std::nullopt;
}
}  // namespace

std::optional<ValueSource> valueSourceFromName(std::string_view name) {
  return byName<ValueSource>(kValueSources, valueSourceName, name);
}

const char* layoutName(Layout layout) {
  switch (layout) {
    case Layout::kContiguous: return "contiguous";
    case Layout::kChannelsLast: return "channels-last";
    case Layout::kSliced: return "sliced";
    case Layout::kTransposed: return "transposed";
  }
  return "?";
}

std::optional<Layout> layoutFromName(std::string_view name) { return byName<Layout>(kLayouts, layoutName, name); }

StorageView storageView(const std::vector<int64_t>& shape, Layout layout, size_t channelDim) {
  runner::TensorLayout t = runner::makeLayout(shape, layout, channelDim);
  return {std::move(t.strides), t.offset, t.storageElems};
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
  const OpInfo& op = opInfo(request.op);
  return sideShape(op, op.src().side, request.shape);
}

std::vector<int64_t> dstShapeOf(const RunRequest& request) {
  const OpInfo& op = opInfo(request.op);
  return sideShape(op, op.dst().side, request.shape);
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
  RunResult result;
  if (static_cast<size_t>(request.op) >= kOpCount) {
    result.status = ACLNN_ERR_PARAM_INVALID;
    result.stage = "setup";
    result.message = "RunRequest::op " + std::to_string(static_cast<int>(request.op)) + " is not an operator";
    return result;
  }
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
