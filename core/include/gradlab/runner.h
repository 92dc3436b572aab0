// Runs any operator of the catalog (gradlab/ops.h) from a plain description, through the public aclnn API
// only. The CLI, the app, the case table and the benchmarks use it; it holds no operator arithmetic and no
// per-operator code: tensors, sizes and arguments come from the catalog.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <span>
#include <string_view>

#include "acl/acl_base.h"
#include "gradlab/cells.h"
#include "gradlab/ops.h"
#include "gradlab/plan.h"
#include "gradlab/run_progress.h"
#include "gradlab/refusal_facts.h"
#include "gradlab/profile.h"
#include "gradlab/trace.h"
#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab {

// How the tensors are laid out in device memory (values are the same; only strides differ).
enum class Layout {
  kContiguous,    // row-major NCHW
  kChannelsLast,  // NHWC-like strides over the same logical NCHW view
  kSliced,        // every tensor is a view into a larger storage with an offset and padded rows
  kTransposed,    // the last two axes swapped in memory (H fastest for NCHW)
};
std::span<const Layout> allLayouts();
const char* layoutName(Layout layout);                            // "contiguous", "channels-last", ...
std::optional<Layout> layoutFromName(std::string_view name);      // a layoutName, any case
const char* dtypeText(aclDataType dtype);                         // "float32", "float16", "bfloat16", "int64", ...
const char* aclDtypeName(aclDataType dtype);                      // as the library's messages write it: "FLOAT", "BF16", ...
std::string bytesText(uint64_t bytes);                            // "512 B", "16 KiB", "1.5 MiB", "23.5 GiB" (4 digits)
// "float32"/"f32"/"float", "float16"/"f16"/"half", "bfloat16"/"bf16", "int32"/"i32", "int64"/"i64", any case.
std::optional<aclDataType> dtypeFromText(std::string_view name);
std::string shapeText(const std::vector<int64_t>& shape);         // "[1, 1, 8, 8]"

// Where a run's input values come from when RunRequest::values is empty. Every source is seeded and the
// same on every machine; each tensor of a request draws its own stream.
enum class ValueSource : uint8_t {
  kRandom,         // uniform in [-1, 1), multiples of 2^-23 (UINT8: 0..255)
  kSmallIntegers,  // whole numbers in [-4, 4] (UINT8: 0..8): sums a class can check by hand
  kRamp,           // 0, 1, 2, ... in row-major order (UINT8: modulo 256)
  kOnes,           // every value 1: each output cell counts its terms
  kShuffled,       // each plane 1, 2, ... H*W in a seeded order (UINT8: 1..255 repeating): whole numbers, all
                   // different within a plane and none 0, so an adaptive pool's window has one max (no ties),
                   // every gradient shows where it lands, and every value prints exactly
};
std::span<const ValueSource> allValueSources();
const char* valueSourceName(ValueSource source);                          // "random", "integers", "ramp", "ones", "shuffled"
std::optional<ValueSource> valueSourceFromName(std::string_view name);   // a valueSourceName, any case

// Where the cells of a logical tensor lie in its storage under `layout`: element strides, the offset of
// cell 0 and the storage size in elements. `channelDim` is the dimension channels-last moves innermost
// (1 for NCHW / NCL, 0 for CHW).
struct StorageView {
  std::vector<int64_t> strides;
  int64_t offset = 0;
  int64_t storageElems = 0;
};
StorageView storageView(const std::vector<int64_t>& shape, Layout layout, size_t channelDim);

struct RunRequest {
  OpKind op = OpKind::kUpsampleNearestExact2dBackward;
  // N, C, the input side's spatial sizes (gradInput of a backward op, self of a forward op), the output side's
  // (gradOutput, out), the upsample scales (0: from the sizes) and, where the operator allows it, unbatched.
  // The axes an operator does not use stay 1 (gradlab/extents.h: a 1-D operator's L is kW).
  Extents shape{.in = {1, 4, 4}, .out = {1, 8, 8}};
  aclDataType dtype = ACL_FLOAT;
  // Adaptive pool indices; ACL_DT_UNDEFINED: the operator's first index dtype (indexTypeOf).
  aclDataType indexType = ACL_DT_UNDEFINED;
  Layout layout = Layout::kContiguous;
  bool deterministic = false;
  std::optional<AtomicSchedule> schedule;  // default mode's atomic order (gradlab/schedule.h); unset: GRADLAB_SCHEDULE, else host
  std::optional<Accumulation> accumulate;  // FLOAT16/BF16 backward sums (gradlab/accumulation.h); unset: GRADLAB_ACCUMULATE, else fp32
  std::optional<DeviceProfile> profile;  // default: activeProfile(); travels with the call (nothing global changes)
  std::optional<std::string> strategy;   // a strategy of the operator, "cann" or "default"; unset: GRADLAB_STRATEGY
  uint64_t seed = 1;                     // seeds the value source (random, integers)
  ValueSource valueSource = ValueSource::kRandom;  // inputs without explicit values (rounded to dtype)
  std::vector<float> values;             // optional explicit input values (gradOutput or self), row-major
  std::vector<int64_t> indices;          // backward ops with indices: explicit ones; default: the forward twin's on random self
  // Backward ops that read their forward's input for its shape (the adaptive pool's self): its values, row-major;
  // default: drawn from the value source. The forward twin picks the indices on them unless `indices` are given.
  std::vector<float> forwardValues;
  bool trace = false;
  // Host memory the caller will need while it holds the result (gradlab-cli --check's reference:
  // verify::checkRunHostBytes): counted in the run's peak-memory estimate, so a run that would leave too
  // little for it is refused up front instead of being killed by the OOM killer afterwards.
  uint64_t callerHostBytes = 0;
  // Set: the run reports its steps into it as it goes and stops early once its `cancel` is set
  // (gradlab/run_progress.h); the result is then RunResult::cancelled().
  std::shared_ptr<RunProgress> progress;
  aclrtStream stream = nullptr;          // nullptr: the default stream of the current device
};

// The indices dtype `r` runs with: its own, or its operator's first (OpInfo::indexDtypes; INT64 without any).
aclDataType indexTypeOf(const RunRequest& r);

struct HostTensor {
  std::string name;             // the catalog role: "gradOutput", "self", "indices", "gradInput", "out"
  std::vector<int64_t> shape;   // logical shape
  aclDataType dtype = ACL_FLOAT;
  // Row-major; fp16/bf16 widened exactly; indices converted. A run's fp32 tensors in contiguous layout are
  // read in place: a view of the device buffer the operator used, kept alive by the result and its copies.
  Cells<float> values;
  Cells<int64_t> ints;          // integer tensors (indices), row-major
};

struct RunResult {
  int status = 0;           // 0, or the aclnnStatus / aclError of the failing stage
  std::string stage;        // "", "GetWorkspaceSize", "launch" or "synchronize" of the main op; also "setup"
                            // (building tensors, a bad profile), "forward <stage>" (the twin forward that makes a
                            // backward's indices), "workspace" (its allocation) and "readback" (reading outputs;
                            // an op that wrote outside a view)
  std::string message;      // aclGetRecentErrMsg() of the failure
  RefusalFacts refusal;     // the rule that refused it and its facts, where the check records them
  std::vector<HostTensor> inputs;   // what the op read (for adaptive backward also the forward's self)
  std::vector<HostTensor> outputs;  // what it wrote
  std::shared_ptr<const Plan> plan;
  std::shared_ptr<Trace> trace;     // set when RunRequest::trace
  uint64_t workspaceBytes = 0;
  uint64_t estimatedPeakBytes = 0;  // what run() expected to hold at most (its admission check; see runMemoryNeed)
  double wallMs = 0.0;              // GetWorkspaceSize + launch + synchronize of the main op
  bool ok() const { return status == 0; }
  bool cancelled() const { return stage == "cancelled"; }  // RunRequest::progress->cancel stopped it
  const HostTensor* output(const std::string& name) const;
  const HostTensor* input(const std::string& name) const;
};

// One call of a catalog operator through both phases, exactly as a user program makes it:
// GetWorkspaceSize, a workspace from aclrtMalloc, the launch on `stream`, aclrtSynchronizeStream.
struct CallOutcome {
  int status = 0;         // 0, or the code of the failing stage
  std::string stage;      // "", "GetWorkspaceSize", "workspace", "launch" or "synchronize"
  std::string message;    // aclGetRecentErrMsg() of the failure
  RefusalFacts refusal;   // lastRefusalFacts() of the failure
  std::shared_ptr<const Plan> plan;  // the executor's plan, copied before the launch
  uint64_t workspaceBytes = 0;
  double wallMs = 0.0;    // all of it, host time
  bool ok() const { return status == 0; }
};
// `keepPlan` false: CallOutcome::plan stays empty (a copy of the plan costs a tiny call a fifth of its time).
CallOutcome callOperator(OpKind op, const OpArgs& args, aclrtStream stream, std::shared_ptr<Trace> trace = nullptr,
                         std::shared_ptr<RunProgress> progress = nullptr, bool keepPlan = true);

// Initializes the runtime and sets device 0 if nobody did (idempotent, thread-safe).
void ensureRuntime();

// Runs the request; never throws for bad parameters: they come back as status + message, exactly as
// the library's checks report them. Safe to call from several threads at once.
RunResult run(const RunRequest& request);

// The host memory run(request) will hold at its peak, in bytes (device tensors, their host copies, a
// tensor's staging, the trace, request.callerHostBytes), estimated from the request alone.
uint64_t runMemoryNeed(const RunRequest& request);
// The bytes of the call's tensors (their storage on the device), and the most its trace's moves can take
// (Trace::maxMoves of them; 0 for a run without a trace): what a run's memory is held to.
uint64_t runTensorBytes(const RunRequest& request);
uint64_t runTraceCapBytes(const RunRequest& request);
// "" when that, plus `extraHostBytes` the caller is about to take (a file it reads for the request), fits
// what the device budget and the host can give now; else one sentence with the figures. run() makes the
// same check before it allocates anything, and refuses with ACL_ERROR_RT_MEMORY_ALLOCATION.
std::string runMemoryProblem(const RunRequest& request, uint64_t extraHostBytes = 0);

// The logical shapes of the tensors the plan's src and dst boxes refer to (e.g. gradOutput and gradInput).
std::vector<int64_t> srcShapeOf(const RunRequest& request);
std::vector<int64_t> dstShapeOf(const RunRequest& request);

}  // namespace gradlab
GRADLAB_API_END
