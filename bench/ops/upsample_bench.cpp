// aclnnUpsampleNearestExact2d/1d and their Backward: every shape x dtype x mode, one call per iteration
// (GetWorkspaceSize + launch + synchronize) on tensors allocated once, against a memcpy of the bytes the
// call must read and write (gradOutput + out for the backward, self + out for the forward).
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "aclnnop/aclnn_upsample_nearest_exact1d.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"
#include "common/case_cache.h"
#include "common/device.h"
#include "common/registry.h"
#include "common/timed_calls.h"
#include "ops/bench_shapes.h"

namespace gradlab::bench {
namespace {

enum class Direction { kForward, kBackward };

struct UpsampleCase {
  Tensor src, dst;  // backward: gradOutput -> out; forward: self -> out
  std::unique_ptr<IntArray> outputSize, inputSize;
  DeviceBuffer workspace;
};

UpsampleCase makeCase(bool twoD, Direction dir, const BenchShape& s, aclDataType dtype) {
  const aclFormat format = twoD ? ACL_FORMAT_NCHW : ACL_FORMAT_NCL;
  const int rank = twoD ? 2 : 1;
  const Side src = dir == Direction::kBackward ? Side::kOut : Side::kIn;
  const Side dst = src == Side::kIn ? Side::kOut : Side::kIn;
  UpsampleCase c{Tensor(s.shape.shape(src, rank), dtype, format), Tensor(s.shape.shape(dst, rank), dtype, format),
                 std::make_unique<IntArray>(s.shape.spatial(Side::kOut, rank)),
                 std::make_unique<IntArray>(s.shape.shape(Side::kIn, rank)), DeviceBuffer()};
  c.src.fillRandom(7);
  return c;
}

// One call: GetWorkspaceSize, launch, synchronize. The workspace grows outside the timed loop (the
// warm-up call sizes it).
void callOnce(bool twoD, Direction dir, const BenchShape& s, UpsampleCase& c) {
  aclrtStream stream = Runtime::shared().stream();
  const aclIntArray* outputSize = *c.outputSize;
  const aclIntArray* inputSize = *c.inputSize;
  uint64_t wsBytes = 0;
  aclOpExecutor* exec = nullptr;
  if (dir == Direction::kBackward) {
    if (twoD) {
      require(aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(c.src, outputSize, inputSize, s.shape.scales[kH], s.shape.scales[kW],
                                                                  c.dst, &wsBytes, &exec),
              "aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize");
      c.workspace.reserve(wsBytes);
      require(aclnnUpsampleNearestExact2dBackward(c.workspace.data(), wsBytes, exec, stream),
              "aclnnUpsampleNearestExact2dBackward");
    } else {
      require(aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(c.src, outputSize, inputSize, s.shape.scales[kW], c.dst,
                                                                  &wsBytes, &exec),
              "aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize");
      c.workspace.reserve(wsBytes);
      require(aclnnUpsampleNearestExact1dBackward(c.workspace.data(), wsBytes, exec, stream),
              "aclnnUpsampleNearestExact1dBackward");
    }
  } else {
    if (twoD) {
      require(aclnnUpsampleNearestExact2dGetWorkspaceSize(c.src, outputSize, s.shape.scales[kH], s.shape.scales[kW], c.dst, &wsBytes, &exec),
              "aclnnUpsampleNearestExact2dGetWorkspaceSize");
      c.workspace.reserve(wsBytes);
      require(aclnnUpsampleNearestExact2d(c.workspace.data(), wsBytes, exec, stream), "aclnnUpsampleNearestExact2d");
    } else {
      require(aclnnUpsampleNearestExact1dGetWorkspaceSize(c.src, outputSize, s.shape.scales[kW], c.dst, &wsBytes, &exec),
              "aclnnUpsampleNearestExact1dGetWorkspaceSize");
      c.workspace.reserve(wsBytes);
      require(aclnnUpsampleNearestExact1d(c.workspace.data(), wsBytes, exec, stream), "aclnnUpsampleNearestExact1d");
    }
  }
  require(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
}

void upsampleBench(benchmark::State& state, bool twoD, Direction dir, BenchShape s, aclDataType dtype,
                   bool deterministic) {
  const std::string key =
      benchName({twoD ? "2d" : "1d", dir == Direction::kBackward ? "bwd" : "fwd", s.label, dtypeLabel(dtype)});
  UpsampleCase& c = cachedCase<UpsampleCase>(key, [&] { return makeCase(twoD, dir, s, dtype); });
  Runtime::setDeterministic(deterministic);
  callOnce(twoD, dir, s, c);  // warm-up: sizes the workspace
  timeCalls(state, c.src.bytes() + c.dst.bytes(), [&] { callOnce(twoD, dir, s, c); });
}

void registerUpsample(const Options& options) {
  for (bool twoD : {true, false}) {
    for (Direction dir : {Direction::kBackward, Direction::kForward}) {
      for (const BenchShape& s : twoD ? upsample2dShapes() : upsample1dShapes()) {
        if (options.smoke && !s.tiny) continue;
        for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
          for (bool det : {true, false}) {
            const std::string op = dir == Direction::kBackward ? (twoD ? "upsample2d_bwd" : "upsample1d_bwd")
                                                               : (twoD ? "upsample2d_fwd" : "upsample1d_fwd");
            const std::string name = benchName({op, s.label, dtypeLabel(dtype), det ? "det" : "default"});
            configure(benchmark::RegisterBenchmark(name.c_str(), upsampleBench, twoD, dir, s, dtype, det), options,
                      s.tiny ? benchmark::kMicrosecond : benchmark::kMillisecond);
          }
        }
      }
    }
  }
}

const bool registered = addRegistration(&registerUpsample);

}  // namespace
}  // namespace gradlab::bench
