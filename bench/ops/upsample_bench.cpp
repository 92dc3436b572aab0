// The nearest-exact upsample operators of the catalog (1-D, 2-D and 3-D, forward and backward): every shape x
// dtype x mode, one call per iteration (GetWorkspaceSize + launch + synchronize, through the catalog's entry
// points) on tensors allocated once, against a memcpy of the bytes the call must read and write (gradOutput +
// out for the backward, self + out for the forward).
#include <benchmark/benchmark.h>

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

struct UpsampleCase {
  Tensor src, dst;  // backward: gradOutput -> out; forward: self -> out
  std::unique_ptr<IntArray> outputSize, inputSize;
  DeviceBuffer workspace;
};

UpsampleCase makeCase(const OpInfo& op, const BenchShape& s, aclDataType dtype) {
  const int rank = op.spatialRank;
  const aclFormat format = sideFormat(op, false);
  const Side src = op.src().side, dst = op.dst().side;
  UpsampleCase c{Tensor(s.shape.shape(src, rank), dtype, format), Tensor(s.shape.shape(dst, rank), dtype, format),
                 std::make_unique<IntArray>(s.shape.spatial(Side::kOut, rank)),
                 std::make_unique<IntArray>(s.shape.shape(Side::kIn, rank)), DeviceBuffer()};
  c.src.fillRandom(7);
  return c;
}

// One call: GetWorkspaceSize, launch, synchronize. The workspace grows outside the timed loop (the
// warm-up call sizes it).
void callOnce(const OpInfo& op, const BenchShape& s, UpsampleCase& c) {
  aclrtStream stream = Runtime::shared().stream();
  OpArgs args;
  args.tensors = {c.src, c.dst};
  args.outputSize = *c.outputSize;
  args.inputSize = op.takesInputSize ? static_cast<const aclIntArray*>(*c.inputSize) : nullptr;
  args.scales = s.shape.leadingScales(op.spatialRank);
  uint64_t wsBytes = 0;
  aclOpExecutor* exec = nullptr;
  const std::string api = op.aclnnName();
  require(op.getWorkspaceSize(args, &wsBytes, &exec), (api + "GetWorkspaceSize").c_str());
  c.workspace.reserve(wsBytes);
  require(op.launch(c.workspace.data(), wsBytes, exec, stream), api.c_str());
  require(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
}

void upsampleBench(benchmark::State& state, OpKind kind, BenchShape s, aclDataType dtype, bool deterministic) {
  const OpInfo& op = opInfo(kind);
  const std::string key = benchName({benchOpName(op, "upsample"), s.label, dtypeLabel(dtype)});
  UpsampleCase& c = cachedCase<UpsampleCase>(key, [&] { return makeCase(op, s, dtype); });
  Runtime::setDeterministic(deterministic);
  callOnce(op, s, c);  // warm-up: sizes the workspace
  timeCalls(state, {c.src.bytes(), c.dst.bytes()}, [&] { callOnce(op, s, c); });
}

void registerUpsample(const Options& options) {
  registerOpBenches(options, IndexRule::kNearestExact, "upsample", upsampleShapes, upsampleBench);
}

const bool registered = addRegistration(&registerUpsample);

}  // namespace
}  // namespace gradlab::bench
