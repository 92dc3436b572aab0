// One refused call per rule of gradlab/refusal.h's table (and more where a rule has several shapes), for
// tests/explain_refusal_test.cpp (the explanation's numbers) and tests/viz_explain_refusal_test.cpp (the
// app draws it). Each is a real run through gradlab::run, except where noted: a check the runner cannot
// reach is made through the public aclnn API directly, and the unified-buffer backstop (no real plan trips
// it) through the library's own check of a plan with a tile too large. Every case's refusal carries the rule
// and facts the library recorded.
#pragma once

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "gradlab/plan.h"
#include "gradlab/profile.h"
#include "gradlab/refusal.h"
#include "gradlab/refusal_facts.h"
#include "gradlab/runner.h"
#include "ops/common/op_support.h"
#include "runtime/executor_registry.h"

namespace gradlab::refusal_cases {

struct Case {
  std::string name;
  std::string rule;                   // the rule id the explanation must name
  RunRequest request;
  std::vector<std::string> numbers;   // each must appear in one of the explanation's numbers
  std::string fix;                    // must appear in one of its fixes
  refusal::PictureKind picture = refusal::PictureKind::kNone;
  std::function<RunResult(const RunRequest&)> produce;  // unset: gradlab::run
  std::string deviceSpec;             // set: a device spec parseProfileSpec refuses (explainDeviceSpec)

  RunResult result() const { return produce ? produce(request) : run(request); }
  refusal::Explanation explanation() const {
    if (!deviceSpec.empty()) {
      DeviceProfile p;
      std::string error;
      parseProfileSpec(deviceSpec, &p, &error);
      return refusal::explainDeviceSpec(deviceSpec, error);
    }
    return refusal::explain(request, result());
  }
};

// gtest names a parameter by this (not by its bytes) in test listings and failures.
inline void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

inline RunRequest requestFor(OpKind op, int64_t inH, int64_t inW, int64_t outH, int64_t outW) {
  RunRequest r;
  r.op = op;
  r.shape.in[kH] = inH, r.shape.in[kW] = inW, r.shape.out[kH] = outH, r.shape.out[kW] = outW;
  r.valueSource = ValueSource::kSmallIntegers;
  return r;
}

// A 4-D view of `dims` over a small real allocation: the checks that refuse it come before any memory
// check, so the library's own refusal comes back without the runner building the (huge) tensor.
inline RunResult directAdaptiveBackward(const RunRequest& r) {
  ensureRuntime();
  void* data = nullptr;
  aclrtMalloc(&data, 4096, ACL_MEM_MALLOC_HUGE_FIRST);
  const std::vector<int64_t> in{r.shape.N, r.shape.C, r.shape.in[kH], r.shape.in[kW]}, out{r.shape.N, r.shape.C, r.shape.out[kH], r.shape.out[kW]};
  auto make = [&](const std::vector<int64_t>& d, aclDataType dtype) {
    const std::vector<int64_t> strides{d[1] * d[2] * d[3], d[2] * d[3], d[3], 1};
    return aclCreateTensor(d.data(), d.size(), dtype, strides.data(), 0, ACL_FORMAT_NCHW, d.data(), d.size(), data);
  };
  OpArgs args;
  args.tensors = {make(out, ACL_FLOAT), make(in, ACL_FLOAT), make(out, ACL_INT64), make(in, ACL_FLOAT)};
  const CallOutcome o = callOperator(r.op, args, nullptr);
  for (aclTensor* t : args.tensors) aclDestroyTensor(t);
  aclrtFree(data);
  RunResult result;
  result.status = o.status;
  result.stage = o.stage;
  result.message = o.message;
  result.refusal = o.refusal;
  return result;
}

// The unified-buffer backstop of every plan (ops::publishExecutor): every operator's smallest tile fits the
// smallest legal UB, so no real call trips it. A plan with a tile of 20 KiB on the classroom chip (16 KiB)
// goes through the library's own check, as a planner's mistake would.
inline RunResult oversizedTilePlan(const RunRequest&) {
  auto exec = std::make_unique<aclOpExecutor>();
  exec->api = "aclnnUpsampleNearestExact2dBackward";
  auto plan = std::make_shared<Plan>();
  plan->profile = builtinProfiles().back();
  for (int32_t id = 0; id < 4; ++id) {
    Tile t;
    t.id = id;
    t.core = id % 2;
    t.ubBytes = id == 3 ? 20 * 1024 : 1024;
    plan->tiles.push_back(t);
  }
  exec->plan = plan;
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  RunResult result;
  result.status = ops::publishExecutor(std::move(exec), &workspace, &executor);
  result.stage = "GetWorkspaceSize";
  result.message = aclGetRecentErrMsg();
  result.refusal = lastRefusalFacts();
  return result;
}

inline Case make(std::string name, std::string rule, RunRequest request, std::vector<std::string> numbers,
                 std::string fix, refusal::PictureKind picture) {
  Case c;
  c.name = std::move(name);
  c.rule = std::move(rule);
  c.request = std::move(request);
  c.numbers = std::move(numbers);
  c.fix = std::move(fix);
  c.picture = picture;
  return c;
}

inline std::vector<Case> allCases() {
  using K = OpKind;
  using P = refusal::PictureKind;
  std::vector<Case> v;
  auto add = [&](Case c) { v.push_back(std::move(c)); };

  add(make("ratio_1d_from_sizes", "upsample-ratio", requestFor(K::kUpsampleNearestExact1dBackward, 1, 1, 1, 60),
       {"gradOutput L 60 / gradInput L 1 = 60 > 50", "1/60 = 0.01667 < 0.02"}, "out L at most 50", P::kGauges));
  add(make("ratio_2d_w_axis", "upsample-ratio", requestFor(K::kUpsampleNearestExact2dBackward, 4, 10, 8, 600),
       {"gradOutput W 600 / gradInput W 10 = 60 > 50", "H: 2x, within the limit"}, "out W at most 500", P::kGauges));
  add(make("ratio_2d_h_first", "upsample-ratio", requestFor(K::kUpsampleNearestExact2dBackward, 1, 1, 60, 60),
       {"gradOutput H 60 / gradInput H 1", "W: 60x, over it too"}, "in H at least 2", P::kGauges));
  {
    RunRequest r = requestFor(K::kUpsampleNearestExact2dBackward, 4, 4, 8, 8);
    r.shape.scales[kH] = 2.0, r.shape.scales[kW] = 60.0;
    add(make("ratio_2d_from_scale", "upsample-ratio", r, {"scale W = 60", "alone would be 2x"}, "scale W at most 50",
         P::kGauges));
  }
  {
    RunRequest r = requestFor(K::kUpsampleNearestExact1dBackward, 1, 5, 1, 11);
    r.shape.scales[kW] = 100.0;
    add(make("ratio_1d_from_scale", "upsample-ratio", r, {"scale L = 100", "1/scale = 0.01 < 0.02"},
         "or scale L 0 (auto): the sizes give 2.2x", P::kGauges));
  }
  {
    RunRequest r = requestFor(K::kUpsampleNearestExact2dBackward, 4, 4, 8, 8);
    r.shape.scales[kW] = -1.0;
    add(make("negative_scale", "negative-scale", r, {"scale W = -1 < 0"}, "scale W = out/in = 8/4 = 2", P::kGauges));
  }
  {
    RunRequest r = requestFor(K::kUpsampleNearestExact2dBackward, 4, 4, 8, 8);
    r.dtype = ACL_DOUBLE;
    add(make("dtype_not_in_list", "dtype-not-supported", r,
         {"dtype float64 (DOUBLE) is not in aclnnUpsampleNearestExact2dBackward's list"},
         "dtype float32, float16 or bfloat16", P::kChoices));
  }
  {
    RunRequest r = requestFor(K::kAdaptiveMaxPool2dBackward, 4, 4, 2, 2);
    r.dtype = ACL_DOUBLE;
    add(make("dtype_backward_not_forward", "dtype-not-supported", r,
         {"is not in aclnnAdaptiveMaxPool2dBackward's list", "its twin aclnnAdaptiveMaxPool2d does take float64"},
         "dtype float32, float16 or bfloat16", P::kChoices));
  }
  {
    RunRequest r = requestFor(K::kAdaptiveMaxPool2dBackward, 4, 4, 2, 2);
    r.dtype = ACL_UINT8;
    add(make("dtype_refused_by_the_forward", "dtype-not-supported", r,
         {"dtype uint8 (UINT8) is not in aclnnAdaptiveMaxPool2d's list", "refused by aclnnAdaptiveMaxPool2d"},
         "taken by both aclnnAdaptiveMaxPool2dBackward and its forward", P::kChoices));
  }
  {
    RunRequest r = requestFor(K::kAdaptiveMaxPool2dBackward, 4, 4, 2, 2);
    r.indexType = ACL_FLOAT;
    add(make("index_dtype", "dtype-not-supported", r, {"indices dtype float32 (FLOAT) is not INT32 or INT64"},
         "indices int32 or int64", P::kChoices));
  }
  {
    RunRequest r = requestFor(K::kUpsampleNearestExact2dBackward, 4, 4, 8, 8);
    r.strategy = "lanes";
    add(make("strategy_unknown", "strategy-unknown", r,
         {"strategy \"lanes\" is not one of upsample2d-backward's: scatter, gather, cube, simt"},
         "strategy scatter, gather, cube, simt, cann or default", P::kChoices));
  }
  {
    RunRequest r = requestFor(K::kUpsampleNearestExact2dBackward, 4, 4, 8, 8);
    DeviceProfile p = builtinProfiles().back();
    p.ubBytes = 512;
    r.profile = p;
    add(make("profile_ub_too_small", "device-profile-range", r, {"ubBytes = 512 B is outside [1 KiB, 64 MiB]"},
         "ub=1k .. 64m", P::kGauges));
  }
  {
    RunRequest r = requestFor(K::kAdaptiveMaxPool2d, 4, 4, 2, 2);
    DeviceProfile p = builtinProfiles().front();
    p.vectorCores = 0;
    r.profile = p;
    add(make("profile_no_cores", "device-profile-range", r, {"vectorCores = 0 is outside [1, 1024]"}, "cores=1 .. 1024",
         P::kGauges));
  }
  {
    Case c = make("spec_ub_too_small", "device-profile-range", {}, {"ubBytes = 512 B is outside [1 KiB, 64 MiB]"},
           "ub=1k .. 64m", P::kGauges);
    c.deviceSpec = "classroom:ub=512";
    add(c);
  }
  {
    Case c = make("spec_unknown_profile", "device-profile-unknown", {}, {"\"atlas-a9\" is not a built-in profile"},
           "atlas-a2, atlas-a3, ascend950 or classroom", P::kChoices);
    c.deviceSpec = "atlas-a9:cores=8";
    add(c);
  }
  add(make("size_zero_1d_backward", "size-not-positive", requestFor(K::kUpsampleNearestExact1dBackward, 1, 0, 1, 4),
       {"the call has in L = 0"}, "in L at least 1", P::kShapes));
  {
    RunRequest r = requestFor(K::kUpsampleNearestExact1d, 1, 4, 1, 8);
    r.shape.N = 0;
    add(make("size_zero_1d_forward", "size-not-positive", r, {"the call has N = 0"}, "N at least 1", P::kShapes));
  }
  add(make("size_zero_legacy_2d_backward", "size-not-positive", requestFor(K::kUpsampleNearest2dBackward, 3, 3, 0, 8),
       {"out H = 0"}, "out H at least 1", P::kShapes));
  {
    RunRequest r = requestFor(K::kUpsampleNearestExact1dBackward, 1, 4, 1, 8);
    r.shape.C = -2;
    add(make("size_negative", "size-not-positive", r, {"C = -2"}, "C at least 1", P::kShapes));
  }
  add(make("pool_overlap_over_2p24", "pool-overlap-2^24", requestFor(K::kAdaptiveMaxPool2dBackward, 4097, 4097, 2, 2),
       {"H * W = 4097 * 4097 = 16785409 > 2^24", "H % Ho = 4097 % 2 = 1"}, "out H a divisor of 4097 (e.g. 1 or 17)",
       P::kGauges));
  {
    Case c = make("pool_plane_over_int32", "pool-plane-int32", requestFor(K::kAdaptiveMaxPool2dBackward, 65536, 65536, 2, 2),
           {"H * W = 65536 * 65536 = 4294967296 > INT32_MAX"}, "at most 2147483647", P::kGauges);
    c.produce = directAdaptiveBackward;  // the runner would have to build 2^32-cell tensors
    add(c);
  }
  {
    RunRequest r = requestFor(K::kAdaptiveMaxPool2dBackward, 3, 3, 2, 2);
    r.indices = {4, 5, 10, 8};
    add(make("index_past_the_plane", "index-outside-plane", r,
         {"indices[0, 0, 1, 0] = 10 = 3 * 3 + 1: row 3, col 1", "pools rows 1..2, cols 0..1"},
         "in [0, 9); for a max-pool gradient, the cell of its window that held the max: one of 3, 4, 6, 7",
         P::kPlane));
  }
  {
    RunRequest r = requestFor(K::kAdaptiveMaxPool2dBackward, 2, 2, 1, 1);
    r.shape.unbatched = true;
    r.shape.C = 2;
    r.indices = {0, -3};
    add(make("index_negative_unbatched", "index-outside-plane", r, {"indices[1, 0, 0] = -3", "is negative"},
         "indices[1, 0, 0] in [0, 4)", P::kPlane));
  }
  {
    RunRequest r = requestFor(K::kUpsampleNearestExact2dBackward, 4, 4, 8, 8);
    r.values = {1, 2, 3, 4, 5};
    add(make("values_count", "input-count", r, {"5 values for gradOutput [1, 1, 8, 8] = 64 cells"}, "64 values",
         P::kShapes));
  }
  {
    RunRequest r = requestFor(K::kAdaptiveMaxPool2dBackward, 4, 4, 2, 2);
    r.indices = {0, 1, 2};
    add(make("indices_count", "input-count", r, {"3 indices for indices [1, 1, 2, 2] = 4 cells"}, "4 indices",
         P::kShapes));
  }
  add(make("tensor_too_large", "tensor-too-large", requestFor(K::kUpsampleNearestExact1dBackward, 1, 999999999999, 1, 5),
       {"gradInput [1, 1, 999999999999] has 999999999999 cells > 2^34"}, "at most 17179869184 cells", P::kGauges));
  {
    // The unified-buffer backstop of every plan: a plan with a tile too large, through the library's check.
    RunRequest r = requestFor(K::kUpsampleNearestExact2dBackward, 4, 4, 8, 8);
    r.profile = builtinProfiles().back();  // classroom: 16 KiB
    Case c = make("ub_budget_backstop", "ub-budget", r, {"tile 3 needs 20 KiB of UB; profile classroom has 16 KiB"},
           "ub=20k", P::kGauges);
    c.produce = oversizedTilePlan;
    add(c);
  }
  return v;
}

}  // namespace gradlab::refusal_cases
