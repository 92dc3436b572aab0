// Strategies: the ways one operator's work can be laid out on the emulated chip, each a plan and its
// kernels. An operator lists its strategies in its catalog entry (OpInfo::strategies). A call asks for one
// by name, or for "cann" (the strategy CANN's own kernel for that call uses on Atlas A2), or for nothing
// (today's default: the operator's choice for the determinism mode). The plan says which one ran, which
// one CANN would pick and, when they differ from what was asked, why (Plan::strategyName, cannStrategy,
// strategyNote).
//
// Asking: OpArgs::strategy and RunRequest::strategy (a call's own), else GRADLAB_STRATEGY=<name> (read once
// per process, like GRADLAB_DEVICE): it applies to every call whose operator has a strategy of that name
// ("cann" and "default" apply to all), and other calls run their default. A call's own request for a name
// its operator does not have is refused with 161002 naming the operator's strategies.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "acl/acl_base.h"
#include "gradlab/export.h"
#include "gradlab/extents.h"

GRADLAB_API_BEGIN
namespace gradlab {

enum class OpKind : uint8_t;
struct DeviceProfile;   // gradlab/profile.h
struct Plan;            // gradlab/plan.h
struct StrategyEngine;  // a strategy's planner and launch, inside the library (ops/common/strategy_engine.h)

// Which kind of core runs a tile: an AI vector core (AIV) or an AI cube core (AIC).
enum class CoreKind : uint8_t { kVector, kCube };
const char* coreKindName(CoreKind kind);  // "AIV", "AIC"

// What CANN's own kernel for a call does on the call's chip: one of the operator's strategies (the one gradlab
// models it by) and why, in words (Plan::cannStrategy, cannWhy).
struct CannChoice {
  std::string_view strategy;
  std::string why;
};

// What a strategy is asked about a call before it plans it.
struct StrategyCall {
  aclDataType dtype = ACL_FLOAT;          // the call's value dtype
  const DeviceProfile* profile = nullptr;  // the device it runs on
  bool deterministic = false;
  std::optional<OpKind> op;  // the operator; unset: any
};

// The SIMT thread that writes an output cell (the Ascend 950's kernels): its core (the plan's lane), its number
// within the core, its warp and lane, and which of its passes over the core's run (a core's run longer than its
// threads is walked in passes: thread t takes cells t, t + threads, ...). `planeLoop`: the thread does the same
// cell of every plane (CANN's schedule 1) or of every batch item (schedule 2) in turn; 1: this cell alone.
struct SimtThread {
  int32_t core = 0;
  int64_t thread = 0, pass = 0;
  int64_t warp = 0, lane = 0;
  int64_t planeLoop = 1;
  bool batchLoop = false;  // the loop is over batch items (schedule 2), else over planes
};

// An operator's rule for CANN's choice (OpInfo::cannChoice), from the call's dtype, chip and mode and its shape.
// The chip decides most: the Atlas A2's kernels are vector and cube ones, the Ascend 950's SIMT ones
// (DeviceProfile::hasSimt).
using CannChoiceFn = CannChoice (*)(const StrategyCall& call, const Extents& shape);

struct StrategyInfo {
  const char* name = "";      // "scatter", "gather", "cube", ...: what --strategy and GRADLAB_STRATEGY take
  const char* title = "";     // "vector scatter"
  const char* how = "";       // one sentence: how the work is split over the cores
  const char* order = "";     // how each output cell's sum is associated, in words
  const char* numerics = "";  // what its results are held to: bit-exact, or the tolerance and why
  bool cube = false;          // runs tiles on cube cores
  // Adds into cells other cores share with atomic adds, so the order is up to the cores: not
  // deterministic. In deterministic mode such a strategy gives way to `deterministicTwin`; one without a twin
  // ("") plans deterministic mode its own way (its plan has no shared cells then).
  bool atomic = false;
  const char* deterministicTwin = "";
  // Its fp32 sums are associated exactly as the reference's (row-major): bit-exact whenever the adds land
  // in that order (always, unless `atomic` in default mode). Otherwise the tolerance of `numerics`.
  bool referenceOrder = true;
  // Every output plane is summed by one core, so no plane is shared between cores.
  bool planeOwners = false;
  // Each gradOutput cell writes its whole window into gradInput (its value at the argmax, zeros elsewhere)
  // instead of adding into the argmax cell alone, into an fp32 workspace of every plane for FLOAT16/BF16.
  bool wholeWindows = false;
  // Gathers each gradInput cell's window as CANN's Ascend 950 kernel computes it, ceil(i x scale - 0.5) in
  // fp32, which for some sizes sends a gradOutput value to another cell than PyTorch's map does: its results
  // are held to a reference with those windows (and equal PyTorch's wherever the windows agree).
  bool cannWindows = false;
  // With cannWindows: per output cell of a call (row-major, every plane), 1 where its window holds other gradOutput
  // cells than PyTorch's map gives it (the Compare tab's "across chips" names that reason).
  std::vector<uint8_t> (*cellsOffMap)(OpKind op, const Extents& shape) = nullptr;
  // SIMT strategies: the thread of `plan` that writes output cell (plane, row, col), or nothing (a copy schedule,
  // a cell outside the output). Unset: the strategy has no threads.
  std::optional<SimtThread> (*threadOf)(const Plan& plan, int64_t plane, int64_t row, int64_t col) = nullptr;
  // When it can run, in words ("" for every call of its operator): what --list-strategies and the app show.
  const char* needs = "";
  // Why it cannot run `call`, in English (then the call runs the mode's default and the plan's note says why),
  // or nullptr when it can. Unset: it runs every call of its operator.
  const char* (*cannotRun)(const StrategyCall& call) = nullptr;
  // Its planner and launch: what runs a call that chose it.
  const StrategyEngine* engine = nullptr;
};

// What a strategy request names besides a strategy.
inline constexpr std::string_view kStrategyDefault = "default";  // the operator's choice for the mode
inline constexpr std::string_view kStrategyCann = "cann";        // CANN's choice for the call

std::span<const StrategyInfo> strategiesOf(OpKind op);
// The strategy of `op` called `name` (any case), or nullptr.
const StrategyInfo* findStrategy(OpKind op, std::string_view name);
// "scatter, gather, cube"
std::string strategyNames(OpKind op);
// Why `strategy` cannot run `call`, in the current language, or "" when it can.
std::string strategyCannotRun(const StrategyInfo& strategy, const StrategyCall& call);
// True for "", "default", "cann" and every name of `op`'s strategies.
bool strategyRequestValid(OpKind op, std::string_view request);
// The request of calls that name none: GRADLAB_STRATEGY (read once per process), else "".
const std::string& environmentStrategy();

}  // namespace gradlab
GRADLAB_API_END
