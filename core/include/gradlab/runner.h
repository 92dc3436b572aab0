// Runs any of the six operators from a plain description, through the public aclnn API only.
// The CLI, the app and the benchmarks use it; it holds no operator arithmetic of its own.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "gradlab/plan.h"
#include "gradlab/profile.h"
#include "gradlab/trace.h"

namespace gradlab {

// How the tensors are laid out in device memory (values are the same; only strides differ).
enum class Layout {
  kContiguous,    // row-major NCHW
  kChannelsLast,  // NHWC-like strides over the same logical NCHW view
  kSliced,        // every tensor is a view into a larger storage with an offset and padded rows
};
const char* layoutName(Layout layout);
const char* dtypeText(aclDataType dtype);                    // "float32", "float16", "bfloat16", "int64", ...
std::string shapeText(const std::vector<int64_t>& shape);  // "[1, 1, 8, 8]"

struct RunRequest {
  OpKind op = OpKind::kUpsampleNearestExact2dBackward;
  int64_t N = 1, C = 1;
  int64_t inH = 4, inW = 4;    // spatial size of the op's input side (gradInput of a backward op; self of a forward op); 1-D: inW = L
  int64_t outH = 8, outW = 8;  // spatial size of the output side (gradOutput of a backward op; out of a forward op); 1-D: outW = L
  double scaleH = 0.0, scaleW = 0.0;  // upsample scale factors (output/input); 0 = use the sizes; 1-D uses scaleW
  bool unbatched = false;             // adaptive pool: 3-D (C,H,W) tensors
  aclDataType dtype = ACL_FLOAT;
  aclDataType indexType = ACL_INT64;  // adaptive pool indices
  Layout layout = Layout::kContiguous;
  bool deterministic = false;
  std::optional<DeviceProfile> profile;  // default: activeProfile()
  uint64_t seed = 1;                     // random inputs in [-1, 1) (rounded to dtype)
  std::vector<float> values;             // optional explicit input values (gradOutput or self), row-major
  std::vector<int64_t> indices;          // adaptive backward: optional explicit indices; default: from the forward of random self
  bool trace = false;
  aclrtStream stream = nullptr;          // nullptr: the default stream of the current device
};

struct HostTensor {
  std::string name;             // "gradOutput", "self", "indices", "gradInput", "out"
  std::vector<int64_t> shape;   // logical shape
  aclDataType dtype = ACL_FLOAT;
  std::vector<float> values;    // row-major; fp16/bf16 widened exactly; indices converted
  std::vector<int64_t> ints;    // integer tensors (indices), row-major
};

struct RunResult {
  int status = 0;           // 0, or the aclnnStatus / aclError of the failing stage
  std::string stage;        // "", "GetWorkspaceSize", "launch" or "synchronize" of the main op; also "setup"
                            // (building tensors), "forward <stage>" (adaptive backward's indices), "workspace"
                            // (its allocation) and "readback" (reading outputs; an op that wrote outside a view)
  std::string message;      // aclGetRecentErrMsg() of the failure
  std::vector<HostTensor> inputs;   // what the op read (for adaptive backward also the forward's self)
  std::vector<HostTensor> outputs;  // what it wrote
  std::shared_ptr<const Plan> plan;
  std::shared_ptr<Trace> trace;     // set when RunRequest::trace
  uint64_t workspaceBytes = 0;
  double wallMs = 0.0;              // GetWorkspaceSize + launch + synchronize of the main op
  bool ok() const { return status == 0; }
  const HostTensor* output(const std::string& name) const;
  const HostTensor* input(const std::string& name) const;
};

// Initializes the runtime and sets device 0 if nobody did (idempotent, thread-safe).
void ensureRuntime();

// Runs the request; never throws for bad parameters: they come back as status + message, exactly as
// the library's checks report them.
RunResult run(const RunRequest& request);

// The logical shapes the request implies: {input side, output side} (e.g. gradOutput and gradInput).
std::vector<int64_t> srcShapeOf(const RunRequest& request);
std::vector<int64_t> dstShapeOf(const RunRequest& request);

}  // namespace gradlab
