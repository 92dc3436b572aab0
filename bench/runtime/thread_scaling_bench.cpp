// Scaling with host threads, two ways:
//  - threads/core_pool: every operator of the catalog (the six of issue #17 and the four legacy nearest
//    ones) on one large call with the emulated cores spread over 1 .. all host threads
//    (rt::limitHostThreads), against a memcpy of the call's bytes split over the same number of threads;
//    `speedup` is the operator's mean one-thread time in this run over this time;
//  - threads/streams: 1, 2, 4 user threads, each with its own stream and tensors, calling in a loop
//    (calls/s summed over the threads). Launches that use several emulated cores share one core pool,
//    so they take turns; one-core (tiny) launches run on their stream's thread and overlap.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <thread>

#include "common/case_cache.h"
#include "common/device.h"
#include "common/memcpy_baseline.h"
#include "common/registry.h"
#include "common/timed_calls.h"
#include "gradlab/ops.h"
#include "runtime/core_pool.h"
#include "runtime/tiny_calls.h"

namespace gradlab::bench {
namespace {

using Clock = std::chrono::steady_clock;

// A call of any catalog operator on tensors allocated once, built from the catalog's roles (OpInfo): value
// inputs random, indices from the forward twin, deterministic mode.
class CatalogCall {
 public:
  CatalogCall(OpKind kind, const Extents& sizes, aclDataType dtype) : op_(opInfo(kind)), sizes_(sizes) {
    bool readsIndices = false;
    for (int i = 0; i < op_.roleCount; ++i) {
      const TensorRole& role = op_.roles[i];
      tensors_[i] = makeTensor(op_, role, dtype);
      if (role.kind == RoleKind::kValues || role.kind == RoleKind::kShapeOnly) tensors_[i]->fillRandom(11 + i);
      if (role.kind != RoleKind::kShapeOnly) bytes_ += tensors_[i]->bytes();
      readsIndices |= role.kind == RoleKind::kIndices;
    }
    args_ = argsFor(op_, tensors_);
    if (readsIndices) runTwinForIndices(dtype);
  }
  void call() { callWith(op_, args_); }
  uint64_t bytes() const { return bytes_; }  // what the call must read and write (not the shape-only input)

 private:
  std::unique_ptr<Tensor> makeTensor(const OpInfo& op, const TensorRole& role, aclDataType dtype) const {
    return std::make_unique<Tensor>(sideShape(op, role.side, sizes_), role.integer() ? op.indexDtype() : dtype,
                                    sideFormat(op, false));
  }
  OpArgs argsFor(const OpInfo& op, const std::array<std::unique_ptr<Tensor>, 4>& tensors) {
    OpArgs args;
    for (int i = 0; i < op.roleCount; ++i) args.tensors[i] = tensors[i]->get();
    if (!outputSize_) {
      outputSize_ = std::make_unique<IntArray>(sizes_.spatial(Side::kOut, op.spatialRank));
      inputSize_ = std::make_unique<IntArray>(sideShape(op, Side::kIn, sizes_));
    }
    if (op.takesOutputSize) args.outputSize = outputSize_->get();
    if (op.takesInputSize) args.inputSize = inputSize_->get();
    args.deterministic = true;
    return args;
  }
  void callWith(const OpInfo& op, const OpArgs& args) {
    aclrtStream stream = Runtime::shared().stream();
    uint64_t wsBytes = 0;
    aclOpExecutor* exec = nullptr;
    const std::string api = op.aclnnName();
    require(op.getWorkspaceSize(args, &wsBytes, &exec), (api + "GetWorkspaceSize").c_str());
    workspace_.reserve(wsBytes);
    require(op.launch(workspace_.data(), wsBytes, exec, stream), api.c_str());
    require(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  }
  // The backward's indices are the forward twin's on the backward's self (same role names, own output).
  void runTwinForIndices(aclDataType dtype) {
    const OpInfo& twin = opInfo(op_.twin);
    std::array<std::unique_ptr<Tensor>, 4> own;
    OpArgs args;
    for (int i = 0; i < twin.roleCount; ++i) {
      const int mine = op_.roleIndex(twin.roles[i].name);
      if (mine >= 0) {
        args.tensors[i] = tensors_[mine]->get();
      } else {
        own[i] = makeTensor(twin, twin.roles[i], dtype);
        args.tensors[i] = own[i]->get();
      }
    }
    args.outputSize = twin.takesOutputSize ? outputSize_->get() : nullptr;
    args.inputSize = twin.takesInputSize ? inputSize_->get() : nullptr;
    args.deterministic = true;
    callWith(twin, args);
  }

  const OpInfo& op_;
  Extents sizes_;
  std::array<std::unique_ptr<Tensor>, 4> tensors_;
  std::unique_ptr<IntArray> outputSize_, inputSize_;
  OpArgs args_;
  DeviceBuffer workspace_;
  uint64_t bytes_ = 0;
};

// Every operator of the catalog, named as gradlab-cli names it, on the large shape of bench_upsample /
// bench_adaptive_pool (1x1 tensors of a few cells in smoke runs).
Extents scalingSizes(OpKind kind, bool tiny) {
  const OpInfo& op = opInfo(kind);
  Extents s;
  if (op.rule == IndexRule::kAdaptiveMax) {
    s.N = tiny ? 1 : 8, s.C = tiny ? 1 : 64;
    s.in = tiny ? SpatialSizes{1, 4, 4} : SpatialSizes{1, 128, 128};
    s.out = tiny ? SpatialSizes{1, 2, 2} : SpatialSizes{1, 50, 70};
  } else if (op.spatialRank == 1) {
    s.N = tiny ? 1 : 4, s.C = tiny ? 1 : 8, s.in[kW] = tiny ? 2 : int64_t{1} << 19, s.out[kW] = 2 * s.in[kW];
  } else {
    s.N = tiny ? 1 : 8, s.C = tiny ? 1 : 64;
    s.in = tiny ? SpatialSizes{1, 2, 2} : SpatialSizes{1, 128, 128};
    s.out = {1, 2 * s.in[kH], 2 * s.in[kW]};
  }
  return s;
}

void corePoolScaling(benchmark::State& state, OpKind op, bool tiny) {
  const int32_t threads = static_cast<int32_t>(state.range(0));
  const std::string label = opInfo(op).cliName;
  CatalogCall& call = cachedCase<CatalogCall>(benchName({label, tiny ? "tiny" : "large"}), [&] {
    return CatalogCall(op, scalingSizes(op, tiny), ACL_FLOAT);
  });
  rt::limitHostThreads(threads);
  call.call();  // warm-up at this thread count
  MemcpyBaseline& baseline = MemcpyBaseline::shared();
  double callSeconds = 0.0, copySeconds = 0.0;
  for (auto _ : state) {
    const auto t0 = Clock::now();
    call.call();
    const double s = std::chrono::duration<double>(Clock::now() - t0).count();
    state.SetIterationTime(s);
    callSeconds += s;
    copySeconds += baseline.copySeconds(call.bytes(), threads);  // the yardstick on as many threads
  }
  rt::limitHostThreads(0);
  setTrafficCounters(state, call.bytes(), callSeconds, copySeconds);
  // Per operator: the one-thread runs so far (repetitions run one after another), seconds per call summed.
  static std::map<std::string, std::pair<double, int>> oneThread;
  const double perCall = callSeconds / static_cast<double>(std::max<benchmark::IterationCount>(state.iterations(), 1));
  if (threads == 1) {
    auto& [sum, runs] = oneThread[label];
    sum += perCall;
    ++runs;
  }
  const auto one = oneThread.find(label);
  const double oneMean = one != oneThread.end() ? one->second.first / one->second.second : 0.0;
  state.counters["speedup"] = perCall > 0 ? oneMean / perCall : 0.0;
  state.counters["host_threads"] = benchmark::Counter(threads);
}

// Every benchmark thread: its own device binding, stream and tensors.
void streamScaling(benchmark::State& state, std::vector<int64_t> outDims) {
  Runtime::setDeterministic(true);
  require(aclrtSetDevice(0), "aclrtSetDevice");  // the current device is per host thread
  aclrtStream stream = nullptr;
  require(aclrtCreateStream(&stream), "aclrtCreateStream");
  {
    Upsample2dBackwardCall call(outDims, ACL_FLOAT);
    call.call(stream);
    for (auto _ : state) call.call(stream);
    state.SetItemsProcessed(state.iterations());
  }
  require(aclrtDestroyStream(stream), "aclrtDestroyStream");
}

void registerThreadScaling(const Options& options) {
  const int hostThreads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  // 1, 2, ... all host threads (powers of two and all of them past 8).
  std::vector<int> threadCounts;
  for (int t = 1; t <= hostThreads; t = t < 8 ? t + 1 : t * 2) threadCounts.push_back(t);
  if (threadCounts.back() != hostThreads) threadCounts.push_back(hostThreads);
  for (const OpInfo& op : allOps()) {
    const std::string name = benchName({"threads", "core_pool", std::string(op.cliName) + (options.smoke ? "_tiny" : "_large"),
                                        "fp32", "det"});
    auto* b = benchmark::RegisterBenchmark(name.c_str(), corePoolScaling, op.kind, options.smoke);
    for (int t : threadCounts) b->Arg(t);
    b->ArgName("host_threads");
    configure(b, options, options.smoke ? benchmark::kMicrosecond : benchmark::kMillisecond);
  }
  const std::vector<int64_t> medium{4, 16, 64, 64}, tiny{1, 1, 2, 2};
  for (const auto& [label, dims] : {std::pair{"medium", medium}, std::pair{"tiny", tiny}}) {
    if (options.smoke && dims != tiny) continue;
    const std::string name = benchName({"threads", "streams", std::string("upsample2d_bwd_").append(label), "fp32", "det"});
    auto* b = benchmark::RegisterBenchmark(name.c_str(), streamScaling, dims);
    b->UseRealTime()->Unit(benchmark::kMicrosecond)->Threads(1)->Threads(2)->Threads(4);
    if (options.smoke) b->Iterations(1)->Repetitions(1);
  }
}

const bool registered = addRegistration(&registerThreadScaling);

}  // namespace
}  // namespace gradlab::bench
