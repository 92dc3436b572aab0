// The adaptive max pool operators of the catalog (2-D and 3-D, forward and backward): every shape x dtype x mode,
// one call per iteration (GetWorkspaceSize + launch + synchronize, through the catalog's entry points) on tensors
// allocated once, against a memcpy of the bytes the call must read and write (backward: gradOutput + indices +
// gradInput; forward: self + out + indices). The backward's indices are the operator's first index dtype (INT64
// in 2-D, INT32 in 3-D), produced once by the forward twin on the same self.
#include <benchmark/benchmark.h>

#include <array>
#include <memory>
#include <string>

#include "common/case_cache.h"
#include "common/device.h"
#include "common/registry.h"
#include "common/timed_calls.h"
#include "gradlab/ops.h"
#include "ops/bench_shapes.h"

namespace gradlab::bench {
namespace {

struct PoolCase {
  Tensor self, out, indices, gradOutput, gradInput;
  std::unique_ptr<IntArray> outputSize;
  DeviceBuffer workspace;
};

// One call of `op` on `tensors` (in the catalog's role order): GetWorkspaceSize, launch, synchronize.
void callOnce(const OpInfo& op, const std::array<aclTensor*, 4>& tensors, PoolCase& c) {
  aclrtStream stream = Runtime::shared().stream();
  OpArgs args;
  args.tensors = tensors;
  args.outputSize = *c.outputSize;
  uint64_t wsBytes = 0;
  aclOpExecutor* exec = nullptr;
  const std::string api = op.aclnnName();
  require(op.getWorkspaceSize(args, &wsBytes, &exec), (api + "GetWorkspaceSize").c_str());
  c.workspace.reserve(wsBytes);
  require(op.launch(c.workspace.data(), wsBytes, exec, stream), api.c_str());
  require(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
}

const OpInfo& forwardOf(const OpInfo& op) { return op.backward ? opInfo(op.twin) : op; }
void forwardOnce(const OpInfo& op, PoolCase& c) { callOnce(forwardOf(op), {c.self, c.out, c.indices, nullptr}, c); }
void backwardOnce(const OpInfo& op, PoolCase& c) { callOnce(op, {c.gradOutput, c.self, c.indices, c.gradInput}, c); }

PoolCase makeCase(const OpInfo& op, const BenchShape& s, aclDataType dtype) {
  const int rank = op.spatialRank;
  const aclFormat format = sideFormat(op, false);
  const std::vector<int64_t> in = s.shape.shape(Side::kIn, rank), out = s.shape.shape(Side::kOut, rank);
  PoolCase c{Tensor(in, dtype, format),
             Tensor(out, dtype, format),
             Tensor(out, op.indexDtype(), format),
             op.backward ? Tensor(out, dtype, format) : Tensor(),
             op.backward ? Tensor(in, dtype, format) : Tensor(),
             std::make_unique<IntArray>(s.shape.spatial(Side::kOut, rank)),
             DeviceBuffer()};
  c.self.fillRandom(11);
  if (op.backward) {
    c.gradOutput.fillRandom(13);
    forwardOnce(op, c);  // real argmax indices
  }
  return c;
}

void poolBench(benchmark::State& state, OpKind kind, BenchShape s, aclDataType dtype, bool deterministic) {
  const OpInfo& op = opInfo(kind);
  const std::string key = benchName({benchOpName(op, "adaptive_pool"), s.label, dtypeLabel(dtype)});
  PoolCase& c = cachedCase<PoolCase>(key, [&] { return makeCase(op, s, dtype); });
  Runtime::setDeterministic(deterministic);
  if (op.backward) {
    backwardOnce(op, c);  // warm-up: sizes the workspace
    timeCalls(state, {c.gradOutput.bytes() + c.indices.bytes(), c.gradInput.bytes()}, [&] { backwardOnce(op, c); });
  } else {
    forwardOnce(op, c);
    timeCalls(state, {c.self.bytes(), c.out.bytes() + c.indices.bytes()}, [&] { forwardOnce(op, c); });
  }
}

void registerAdaptivePool(const Options& options) {
  registerOpBenches(options, IndexRule::kAdaptiveMax, "adaptive_pool", adaptivePoolShapes, poolBench);
}

const bool registered = addRegistration(&registerAdaptivePool);

}  // namespace
}  // namespace gradlab::bench
