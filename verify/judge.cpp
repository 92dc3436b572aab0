#include "verify/judge.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstring>

#include <fmt/format.h>

#include "gradlab/cat.h"
#include "gradlab/strategy.h"
#include "i18n/translate.h"
#include "verify/device_tensor.h"
#include "verify/reference_adaptive_pool.h"
#include "verify/reference_cann950.h"
#include "verify/reference_cube.h"
#include "verify/reference_upsample.h"

namespace gradlab::verify {
namespace {

CaseResult pass(std::string detail) { return {true, std::move(detail), 0}; }
CaseResult failure(std::string detail) { return {false, std::move(detail), 0}; }

std::string show(double v) { return fmt::format("{:.9g}", v); }

// The largest difference of a verdict, as the English line always wrote it (3 significant digits).
std::string showDifference(double v) { return fmt::format("{:.3g}", v); }

// A double as an ostream writes it by default (6 significant digits): the call description's scales.
std::string plain(double v) { return fmt::format("{:g}", v); }

// "[0, 1, 2, 3]": the position of flat index i in `shape`.
std::string position(const std::vector<int64_t>& shape, size_t i) {
  std::vector<int64_t> idx(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    const int64_t n = std::max<int64_t>(shape[d], 1);
    idx[d] = static_cast<int64_t>(i) % n;
    i /= static_cast<size_t>(n);
  }
  return shapeText(idx);
}

// The call as the references take it: the operator's axes only; no scales where the operator takes none (it
// computes from the sizes whatever the request holds); one batch when its tensors are unbatched (C planes).
Extents referenceShape(const RunRequest& r, const OpInfo& op) {
  Extents s = r.shape.ofRank(op.spatialRank);
  if (op.scaleCount == 0) s.scales = {};
  // CANN's 3-D aclnn passes its scales to the kernel all or none (aclnn_upsample_nearest_exact3d*.cpp): with
  // one of them not positive, every axis goes by its sizes.
  if (op.scaleCount == 3 && !(s.scales[kD] > 0.0 && s.scales[kH] > 0.0 && s.scales[kW] > 0.0)) s.scales = {};
  if (s.unbatched && op.allowsUnbatched) s.N = 1;
  return s;
}

// Whether the run's adds land in an order fixed by its strategy (not by the cores' timing).
bool orderedAdds(const RunRequest& r, const Plan* plan) {
  const StrategyInfo* strategy = plan ? findStrategy(r.op, plan->strategyName) : nullptr;
  if (strategy == nullptr) return r.deterministic;
  return !strategy->atomic || plan->deterministic;
}

// The run's strategy gathers with CANN's Ascend 950 windows (StrategyInfo::cannWindows).
bool cannWindows(const Plan* plan) {
  const StrategyInfo* strategy = plan ? plan->strategyInfo() : nullptr;
  return strategy != nullptr && strategy->cannWindows;
}

bool referenceOrder(const RunRequest& r, const Plan* plan) {
  const StrategyInfo* strategy = plan ? findStrategy(r.op, plan->strategyName) : nullptr;
  return strategy == nullptr || strategy->referenceOrder;
}

// The terms of one sign (sign > 0: positive ones and +inf; else negative ones and -inf); the rest 0.
std::vector<float> signedPart(std::span<const float> values, int sign) {
  std::vector<float> part(values.size(), 0.0f);
  for (size_t i = 0; i < values.size(); ++i) {
    if (sign > 0 ? values[i] > 0.0f : values[i] < 0.0f) part[i] = values[i];
  }
  return part;
}

// Whether sums rounded to `dtype` after every add, in some order of the cell's terms, can end in `got`
// (an infinity or NaN) although the exact sum is another value: a sign's terms whose sum (within the
// rounding bound `tol`) reaches the dtype's overflow threshold make that infinity reachable.
bool overflowReachable(aclDataType dtype, float got, double positive, double negative, double tol) {
  const float threshold = dtype == ACL_FLOAT16 ? 65520.0f : 0x1.ffp127f;  // the smallest value rounding to inf
  const double slack = std::isfinite(tol) ? tol : 0.0;  // an infinite term makes the bound itself infinite
  const bool plusInf = positive + slack >= threshold;
  const bool minusInf = negative - slack <= -threshold;
  if (std::isnan(got)) return plusInf && minusInf;
  return got > 0 ? plusInf : minusInf;
}

const char* roleNamed(const OpInfo& op, RoleKind kind) {
  for (const TensorRole& role : op.tensorRoles()) {
    if (role.kind == kind) return role.name;
  }
  return "";
}

}  // namespace

bool referenceOutputs(const RunRequest& r, const RunResult& result, std::vector<Expected>* out, std::string* why,
                      PlaneSpan planes) {
  const OpInfo& op = opInfo(r.op);
  const HostTensor* input = result.input(roleNamed(op, RoleKind::kValues));
  if (input == nullptr) {
    *why = i18n::trf("the run reports no {0}", roleNamed(op, RoleKind::kValues));
    return false;
  }
  const char* dst = op.dst().name;
  if (!op.backward && input->values.empty()) {  // nothing to copy from: the call writes nothing (docs/operators.md)
    for (const TensorRole& role : op.tensorRoles()) {
      if (role.written()) out->push_back({role.name, {}, {}, {}, {}, {}, true});
    }
    return true;
  }
  // The planes asked for: the shape's planes become those (N = 1, C = count) and the inputs their cells.
  Extents d = referenceShape(r, op);
  std::span<const float> values = input->values;
  const int64_t readCells = d.planeCells(op.backward ? Side::kOut : Side::kIn);
  auto ofPlanes = [&](auto all) {
    if (planes.count < 0) return all;
    return all.subspan(static_cast<size_t>(planes.first * readCells), static_cast<size_t>(planes.count * readCells));
  };
  if (planes.count >= 0) {
    values = ofPlanes(values);
    d.N = 1;
    d.C = planes.count;
  }
  // accumulate=dtype rounds every sum (gradlab/accumulation.h): the plan says which the run used.
  const aclDataType rounding =
      result.plan && result.plan->accumulate == Accumulation::kDtype ? result.plan->dtype : ACL_FLOAT;
  if (op.rule == IndexRule::kAdaptiveMax) {
    if (!op.backward) {
      reference::PoolForward f = reference::adaptiveMaxPool(values, d);
      out->push_back({dst, std::move(f.out), {}, {}, {}, {}});
      out->push_back({roleNamed(op, RoleKind::kOutputIndices), {}, {}, {}, {}, std::move(f.indices)});
      return true;
    }
    const HostTensor* idx = result.input(roleNamed(op, RoleKind::kIndices));
    if (idx == nullptr) {
      *why = i18n::tr("the run reports no indices");
      return false;
    }
    if (d.cells(Side::kIn) == 0) {  // an empty gradInput: success, nothing to write (docs/operators.md)
      out->push_back({dst, {}, {}, {}, {}, {}});
      return true;
    }
    const std::span<const int64_t> indices = ofPlanes(idx->ints.span());
    if (reference::firstIndexOutsidePlane(indices, d) >= 0) {
      *why = i18n::tr("the indices leave their plane; the run should have failed");
      return false;
    }
    Expected e{dst, reference::adaptiveMaxPoolBackward(values, indices, d, rounding), {}, {}, {}, {}};
    e.inOrder = orderedAdds(r, result.plan.get()) && referenceOrder(r, result.plan.get());
    reference::PoolBackwardDouble exact = reference::adaptiveMaxPoolBackwardDouble(values, indices, d);
    e.exact = std::move(exact.gradInput);
    e.absSum = std::move(exact.absSum);
    e.terms = std::move(exact.terms);
    if (rounding != ACL_FLOAT) {
      e.positiveSum = reference::adaptiveMaxPoolBackwardDouble(signedPart(values, 1), indices, d).gradInput;
      e.negativeSum = reference::adaptiveMaxPoolBackwardDouble(signedPart(values, -1), indices, d).gradInput;
    }
    out->push_back(std::move(e));
    return true;
  }
  if (!op.backward) {
    out->push_back({dst, reference::upsampleForward(d, op.rule, values), {}, {}, {}, {}});
    return true;
  }
  std::vector<double> exact = reference::upsampleBackwardDouble(d, op.rule, values);
  // DOUBLE sums run in fp64 (the legacy 1-D backward): the result, read as fp32, is the fp64 sum rounded once.
  const bool cube = result.plan && result.plan->cubeLanes > 0;  // the cube strategy: its K order
  const bool cann950 = cannWindows(result.plan.get());  // the simt strategy: CANN's 950 windows
  std::vector<float> fp32 = result.plan && result.plan->dtype == ACL_DOUBLE
                                ? std::vector<float>(exact.begin(), exact.end())
                            : cube    ? reference::cubeBackward(d, op.rule, values, *result.plan)
                            : cann950 ? reference::cann950Backward(d, op.spatialRank, values)
                                      : reference::upsampleBackward(d, op.rule, values, rounding);
  Expected e{dst, std::move(fp32), std::move(exact), reference::upsampleBackwardAbsSums(d, op.rule, values),
             reference::upsampleBackwardCounts(d, op.rule), {}};
  e.inOrder = cube || cann950 || (orderedAdds(r, result.plan.get()) && referenceOrder(r, result.plan.get()));
  e.alsoBound = cube;
  if (rounding != ACL_FLOAT) {
    e.positiveSum = reference::upsampleBackwardDouble(d, op.rule, signedPart(values, 1));
    e.negativeSum = reference::upsampleBackwardDouble(d, op.rule, signedPart(values, -1));
  }
  out->push_back(std::move(e));
  return true;
}

double ulpOf(aclDataType dtype, double value) {
  const int mantissa = dtype == ACL_FLOAT16 ? 10 : dtype == ACL_BF16 ? 7 : 23;
  const int minExp = dtype == ACL_FLOAT16 ? -14 : -126;
  const int maxExp = dtype == ACL_FLOAT16 ? 15 : 127;
  const int e = value == 0.0              ? minExp
                : !std::isfinite(value)   ? maxExp
                                          : std::clamp(std::ilogb(value), minExp, maxExp);
  return std::ldexp(1.0, e - mantissa);
}

double sumTolerance(aclDataType dtype, int64_t terms, double absSum, double magnitude, Accumulation accumulate) {
  const bool inDtype = accumulate == Accumulation::kDtype && dtype != ACL_FLOAT;
  const int unitRoundoff = !inDtype ? -24 : dtype == ACL_FLOAT16 ? -11 : -8;
  const double adds = static_cast<double>(std::max<int64_t>(terms - 1, 0));
  const double sums = std::expm1(adds * std::log1p(std::ldexp(1.0, unitRoundoff))) * absSum;
  return sums + (dtype == ACL_FLOAT || inDtype ? 0.0 : ulpOf(dtype, magnitude));
}

// checkRun computes the reference a few planes at a time: about this many cells of the largest tensor.
constexpr int64_t kCheckChunkCells = int64_t{1} << 20;

// The planes checkRun takes at once: whole planes, about kCheckChunkCells cells of the call's largest tensor.
int64_t checkChunkPlanes(const RunRequest& r) {
  const Extents d = referenceShape(r, opInfo(r.op));
  const int64_t planeCells = std::max({d.planeCells(Side::kIn), d.planeCells(Side::kOut), int64_t{1}});
  return std::max<int64_t>(1, kCheckChunkCells / planeCells);
}

// Whether the run may take the cube strategy, whose reference takes the whole call at once: asked for by
// name, or through "cann" (CANN's choice, the cube for some calls), here or in GRADLAB_STRATEGY.
bool mayRunCube(const RunRequest& r) {
  const StrategyInfo* cube = nullptr;
  for (const StrategyInfo& s : strategiesOf(r.op)) cube = s.cube ? &s : cube;
  if (cube == nullptr) return false;
  std::string request = r.strategy ? *r.strategy : environmentStrategy();
  std::transform(request.begin(), request.end(), request.begin(), [](unsigned char c) { return std::tolower(c); });
  return request == kStrategyCann || request == cube->name;
}

uint64_t checkRunHostBytes(const RunRequest& r) {
  // The run's own tensors are counted by the run (its result reads fp32 ones in place and holds host copies of
  // the others). Beside them, one chunk of planes' reference, per cell of the chunk's largest tensor at most:
  // fp32 (4 bytes), the exact sum, |terms| and the two signed sums in double (4 x 8) and a term count (4) for
  // the output, and the inputs' signed parts (2 x 4); 160 bytes a cell leaves room for the temporaries.
  constexpr uint64_t kBytesPerCell = 160;
  const Extents d = referenceShape(r, opInfo(r.op));
  const uint64_t planeCells = static_cast<uint64_t>(std::max({d.planeCells(Side::kIn), d.planeCells(Side::kOut), int64_t{1}}));
  // The cube's reference: every plane at once, and its W pass's intermediate too.
  const uint64_t planes = mayRunCube(r) ? static_cast<uint64_t>(std::max<int64_t>(d.planes(), 1))
                                        : static_cast<uint64_t>(checkChunkPlanes(r));
  return planes * planeCells * kBytesPerCell;
}

namespace {

// One output tensor's comparison over the chunks of planes: where it stands, and the line it ends with.
struct TensorCheck {
  std::string name;
  std::string verdict;  // a failure's line (it stops the tensor's comparison), or an empty input's
  bool failed = false;
  bool exact = false, alsoBound = false, untouched = false, ints = false;
  size_t cells = 0;
  double worst = 0.0;

  void fail(std::string line) {
    verdict = std::move(line);
    failed = true;
  }
};

// An output an empty input leaves as the runner filled it with 0xFF bytes: NaN in a float, 255 in UINT8, -1 in
// signed ints.
void checkUntouched(TensorCheck& c, const Expected& e, const HostTensor& got) {
  const bool floating =
      got.dtype == ACL_FLOAT || got.dtype == ACL_FLOAT16 || got.dtype == ACL_BF16 || got.dtype == ACL_DOUBLE;
  const bool fill = std::all_of(got.values.begin(), got.values.end(), [&](float x) {
    return floating ? std::isnan(x) : got.dtype == ACL_UINT8 ? x == 255.0f : x == -1.0f;
  }) && std::all_of(got.ints.begin(), got.ints.end(), [](int64_t i) { return i == -1; });
  c.untouched = true;
  c.verdict = fill ? i18n::trf("{0} left as it was (nothing to copy from an empty input)", e.name)
                   : i18n::trf("{0} was written from an empty input", e.name);
  c.failed = !fill;
}

// A chunk's reference indices against the run's, from cell `offset` of the whole tensor.
void compareIndices(TensorCheck& c, const Expected& e, const HostTensor& got, size_t offset) {
  c.ints = true;
  for (size_t i = 0; i < e.ints.size(); ++i) {
    const size_t at = offset + i;
    if (at < got.ints.size() && got.ints[at] == e.ints[i]) continue;
    c.fail(at < got.ints.size()
               ? i18n::trf("MISMATCH {0}{1}: got {2}, reference {3}", e.name, position(got.shape, at), got.ints[at], e.ints[i])
               : i18n::trf("MISMATCH {0}{1}: got nothing, reference {2}", e.name, position(got.shape, at), e.ints[i]));
    return;
  }
  c.cells += e.ints.size();
}

// A chunk's reference values against the run's, from cell `offset` of the whole tensor: bit for bit where the
// run adds in the reference's order, else (and for the cube, also) within the summation bound.
void compareValues(TensorCheck& c, const Expected& e, const HostTensor& got, size_t offset, const RunRequest& r,
                   const RunResult& result) {
  c.exact = e.inOrder || e.absSum.empty();
  c.alsoBound = e.alsoBound;
  c.cells += e.fp32.size();
  for (size_t i = 0; i < e.fp32.size() && !c.failed; ++i) {
    const size_t at = offset + i;
    const float g = got.values[at];
    if (c.exact) {
      const float expect = roundTo(r.dtype, e.fp32[i]);
      if (!sameBits(g, expect)) {
        c.fail(i18n::trf(e.alsoBound ? "MISMATCH {0}{1}: got {2}, reference {3} (bit-exact with the dense-matmul "
                                       "reference expected)"
                                     : "MISMATCH {0}{1}: got {2}, reference {3} (bit-exact expected)",
                         e.name, position(got.shape, at), show(g), show(expect)));
      }
      if (!e.alsoBound || c.failed || !std::isfinite(g) || !std::isfinite(e.exact[i])) continue;
    }
    const double ref = e.exact[i];
    const double tol = sumTolerance(r.dtype, e.terms[i], e.absSum[i], std::max(std::fabs(ref), std::fabs(double{g})),
                                    result.plan ? result.plan->accumulate : Accumulation::kFp32);
    // A sum within the bound can still round past the dtype's largest value: then infinity is right.
    const bool overflows =
        (std::isinf(g) && roundTo(r.dtype, static_cast<float>(ref + std::copysign(tol, double{g}))) == g) ||
        (!std::isfinite(g) && !e.positiveSum.empty() && overflowReachable(r.dtype, g, e.positiveSum[i], e.negativeSum[i], tol));
    if (!overflows && (std::isnan(ref) != std::isnan(g) || (!std::isnan(ref) && std::fabs(g - ref) > tol))) {
      c.fail(i18n::trf("MISMATCH {0}{1}: got {2}, reference {3} (tolerance {4} for {5} terms)", e.name,
                       position(got.shape, at), show(g), show(ref), show(tol), e.terms[i]));
      continue;
    }
    if (!std::isnan(ref) && std::isfinite(g)) c.worst = std::max(c.worst, std::fabs(g - ref));
  }
}

// The line a tensor's comparison ends with once every chunk is compared.
std::string verdictLine(const TensorCheck& c, const char* dtype) {
  if (c.failed || c.untouched) return c.verdict;
  if (c.ints) return i18n::trf("{0} matches the reference exactly ({1} indices)", c.name, c.cells);
  if (c.alsoBound) {
    return i18n::trf("{0} matches the reference bit for bit (the dense-matmul reference) and within the summation "
                     "bound of the row-major one (largest difference {1}) ({2} cells, {3})",
                     c.name, showDifference(c.worst), c.cells, dtype);
  }
  if (c.exact) return i18n::trf("{0} matches the reference bit for bit ({1} cells, {2})", c.name, c.cells, dtype);
  return i18n::trf("{0} matches the reference within the summation bound (largest difference {1}) ({2} cells, {3})",
                   c.name, showDifference(c.worst), c.cells, dtype);
}

}  // namespace

Verdict checkRun(const RunRequest& r, const RunResult& result) {
  Verdict v;
  if (!result.ok()) {
    v.lines.push_back(i18n::trf("the run failed in {0} with status {1}: {2}", result.stage, result.status, result.message));
    return v;
  }
  // Plane by plane (a few at a time), so that a check holds only a chunk's reference beside the run's tensors;
  // the cube strategy's reference takes the whole call.
  const int64_t planes = referenceShape(r, opInfo(r.op)).planes();
  const bool whole = (result.plan && result.plan->cubeLanes > 0) || planes <= 0;
  const int64_t chunk = whole ? std::max<int64_t>(planes, 1) : checkChunkPlanes(r);
  std::vector<TensorCheck> checks;
  for (int64_t first = 0; first < std::max<int64_t>(planes, 1); first += chunk) {
    const int64_t count = std::min(chunk, planes - first);
    std::vector<Expected> want;
    std::string why;
    if (!referenceOutputs(r, result, &want, &why, whole ? PlaneSpan{} : PlaneSpan{first, count})) {
      v.lines.push_back(why);
      return v;
    }
    if (checks.empty()) {
      for (const Expected& e : want) checks.push_back(TensorCheck{.name = e.name, .verdict = {}});
    }
    for (size_t k = 0; k < want.size() && k < checks.size(); ++k) {
      const Expected& e = want[k];
      TensorCheck& c = checks[k];
      const HostTensor* got = result.output(e.name);
      if (c.failed || c.untouched) continue;
      if (got == nullptr) {
        c.fail(i18n::trf("the run produced no {0}", e.name));
      } else if (e.untouched) {
        checkUntouched(c, e, *got);
      } else if (!e.ints.empty() || got->dtype == ACL_INT32 || got->dtype == ACL_INT64) {
        compareIndices(c, e, *got, whole ? 0 : static_cast<size_t>(first) * (e.ints.size() / static_cast<size_t>(count)));
      } else {
        // This chunk's cells start where its first plane's do in the whole tensor.
        const size_t offset = whole ? 0 : static_cast<size_t>(first) * (e.fp32.size() / static_cast<size_t>(count));
        if (offset + e.fp32.size() > got->values.size() ||
            (first + count >= planes && offset + e.fp32.size() != got->values.size())) {
          const size_t referenceCells = whole ? e.fp32.size() : e.fp32.size() / static_cast<size_t>(count) * static_cast<size_t>(planes);
          c.fail(i18n::trf("MISMATCH {0} has {1} cells, the reference {2}", e.name, got->values.size(), referenceCells));
        } else {
          compareValues(c, e, *got, offset, r, result);
        }
      }
    }
    if (!checks.empty() && checks.front().untouched) break;  // an empty input: every chunk is the same
  }
  v.passed = true;
  const char* dtype = dtypeText(r.dtype);
  for (const TensorCheck& c : checks) {
    v.lines.push_back(verdictLine(c, dtype));
    v.passed = v.passed && !c.failed;
  }
  if (cannWindows(result.plan.get())) {
    const std::string differ = cannWindowsDiffer(r, result);
    v.lines.push_back(differ.empty() ? i18n::tr("the reference takes CANN's 950 windows, ceil(i x scale - 0.5) in fp32, "
                                                "which agree with PyTorch's map for this call")
                                     : i18n::trf("the reference takes CANN's 950 windows, ceil(i x scale - 0.5) in fp32, "
                                                 "which differ from PyTorch's map for this call: {0}", differ));
  }
  return v;
}

std::string cannWindowsDiffer(const RunRequest& r, const RunResult& result) {
  if (!cannWindows(result.plan.get())) return {};
  return reference::cann950WindowsDiffer(referenceShape(r, opInfo(r.op)), opInfo(r.op).spatialRank);
}

CaseResult judgePlan(const RunRequest& r, const Plan& plan) {
  const OpInfo& op = opInfo(r.op);
  const PlaneDims d = planeDims(op, plan.dstShape);
  if (!op.backward && planeDims(op, plan.srcShape).cells() == 0) {  // a forward of an empty input writes nothing
    return plan.tiles.empty() ? pass(i18n::tr("an empty input: no tiles, nothing written"))
                              : failure(i18n::tr("a forward of an empty input has tiles"));
  }
  // Phases are separated by barriers: within each phase that writes the output, a cell several cores write
  // must be written atomically by each (or by one core only, when the adds must land in a fixed order).
  auto writesOutput = [&](const Tile& t) {
    return t.dstBuffer < 0 && plan.phases[static_cast<size_t>(t.phase)].kind != PhaseKind::kCheck;
  };
  const DeviceProfile& prof = plan.profile;
  for (const Tile& t : plan.tiles) {
    if (t.phase < 0 || t.phase >= static_cast<int32_t>(plan.phases.size())) {
      return failure(i18n::trf("tile {0} names phase {1}", t.id, t.phase));
    }
    if (t.core < 0) return failure(i18n::trf("tile {0} on lane {1}", t.id, t.core));
    const bool cube = plan.coreKind(t.core) == CoreKind::kCube;
    if (plan.coreId(t.core) >= (cube ? prof.cubeCores : prof.vectorCores)) {
      return failure(i18n::trf("tile {0} on {1}, which the profile does not have", t.id, plan.coreName(t.core)));
    }
    if (t.ubBytes > prof.ubBytes) {
      return failure(i18n::trf("tile {0} needs {1} UB bytes, above {2}", t.id, t.ubBytes, prof.ubBytes));
    }
    if (cube && (t.l1Bytes > prof.l1Bytes || t.l0aBytes > prof.l0aBytes || t.l0bBytes > prof.l0bBytes ||
                 t.l0cBytes > prof.l0cBytes)) {
      return failure(i18n::trf("tile {0} needs more L1 / L0 than its cube core has", t.id));
    }
    for (int32_t b : {t.srcBuffer, t.dstBuffer}) {
      if (b >= static_cast<int32_t>(plan.buffers.size())) return failure(i18n::trf("tile {0} names buffer {1}", t.id, b));
    }
  }
  constexpr int32_t kNone = -1, kMany = -2;
  const size_t cells = static_cast<size_t>(std::max<int64_t>(d.cells(), 0));
  std::vector<uint8_t> covered(cells, 0);
  const bool singleOwner = orderedAdds(r, &plan) || !op.backward;
  for (int32_t phase = 0; phase < static_cast<int32_t>(plan.phases.size()); ++phase) {
    std::vector<int32_t> ownerCore(cells, kNone);
    std::vector<uint8_t> plainWrite(cells, 0);
    const auto [first, last] = plan.phaseTiles(phase);
    for (size_t k = first; k < last; ++k) {
      const Tile& t = plan.tiles[k];
      if (!writesOutput(t)) continue;
      for (int64_t pl = t.dst.plane0; pl < t.dst.plane1; ++pl) {
        for (int64_t row = t.dst.row0; row < t.dst.row1; ++row) {
          for (int64_t c = t.dst.col0; c < t.dst.col1; ++c) {
            const int64_t i = (pl * d.rows + row) * d.cols + c;
            if (pl < 0 || pl >= d.planes || row < 0 || row >= d.rows || c < 0 || c >= d.cols) {
              return failure(i18n::trf("tile {0}'s box leaves the output", t.id));
            }
            int32_t& owner = ownerCore[static_cast<size_t>(i)];
            owner = owner == kNone || owner == t.core ? t.core : kMany;
            if (!t.atomic) plainWrite[static_cast<size_t>(i)] = 1;
            covered[static_cast<size_t>(i)] = 1;
          }
        }
      }
    }
    for (size_t i = 0; i < cells; ++i) {
      if (ownerCore[i] != kMany) continue;
      if (singleOwner) {
        return failure(i18n::trf("output cell {0} in phase {1} belongs to several cores", position(plan.dstShape, i), phase));
      }
      if (plainWrite[i]) {
        return failure(i18n::trf("output cell {0} in phase {1} is written by several cores, not all atomically",
                                 position(plan.dstShape, i), phase));
      }
    }
  }
  for (size_t i = 0; i < cells; ++i) {
    if (!covered[i]) return failure(i18n::trf("output cell {0} belongs to no tile", position(plan.dstShape, i)));
  }
  return pass(i18n::trf("{0} tiles in {1} phase(s) on {2} cores", plan.tiles.size(), plan.phases.size(), plan.coresUsed));
}

CaseResult judgeTrace(const RunRequest& r, const RunResult& result) {
  const OpInfo& op = opInfo(r.op);
  if (!result.trace) return failure(i18n::tr("no trace was recorded"));
  const Trace& t = *result.trace;
  if (t.movesTruncated) return failure(i18n::tr("trace truncated"));
  if (!result.plan || t.plan.tiles.size() != result.plan->tiles.size()) {
    return failure(i18n::tr("trace plan differs from the executor's plan"));
  }
  if (t.events.empty() && !t.plan.tiles.empty()) return failure(i18n::tr("trace has no events"));
  const HostTensor* src = result.input(op.src().name);
  const HostTensor* dst = result.output(op.dst().name);
  if (src == nullptr || dst == nullptr) return failure(i18n::trf("the run reports no {0}", src ? op.dst().name : op.src().name));
  if (!op.backward && src->values.empty()) {  // a forward of an empty input writes nothing
    return t.moves.empty() ? pass(i18n::tr("an empty input: no moves")) : failure(i18n::tr("moves from an empty input"));
  }
  std::vector<float> replay(dst->values.size(), 0.0f);
  // DOUBLE sums run in fp64 and the moves show them rounded to fp32: replay them in fp64 too.
  const bool fp64 = r.dtype == ACL_DOUBLE;
  std::vector<double> wide(fp64 ? replay.size() : 0, 0.0);
  std::vector<uint32_t> order(dst->values.size(), 0);
  // Two-hop moves (the cube strategy) add into the plan's intermediate buffer first, then out of it.
  std::vector<float> mid;
  if (t.plan.intermediate >= 0 && static_cast<size_t>(t.plan.intermediate) < t.plan.buffers.size()) {
    int64_t cells = 1;
    for (int64_t dim : t.plan.buffers[static_cast<size_t>(t.plan.intermediate)].shape) cells *= dim;
    mid.assign(static_cast<size_t>(std::max<int64_t>(cells, 0)), 0.0f);
  }
  std::vector<uint32_t> midOrder(mid.size(), 0);
  uint64_t previous = 0;
  for (size_t i = 0; i < t.moves.size(); ++i) {
    const CellMove& m = t.moves[i];
    if (i > 0 && m.sequence <= previous) return failure(i18n::tr("moves are not sorted by sequence"));
    previous = m.sequence;
    const bool intoMid = m.hop == Hop::kIntoIntermediate, outOfMid = m.hop == Hop::kOutOfIntermediate;
    if ((intoMid || outOfMid) && mid.empty()) return failure(i18n::tr("a two-hop move in a plan without an intermediate buffer"));
    std::vector<float>& target = intoMid ? mid : replay;
    const std::span<const float> source = outOfMid ? std::span<const float>(mid) : src->values.span();
    if (m.dst < 0 || m.dst >= static_cast<int64_t>(target.size())) return failure(i18n::tr("move into a cell outside its target"));
    if (m.src < 0 || m.src >= static_cast<int64_t>(source.size())) return failure(i18n::tr("move from a cell outside its source"));
    if (!sameBits(m.value, source[m.src])) return failure(i18n::tr("move value differs from the cell it names"));
    if (m.orderAtDst != (intoMid ? midOrder : order)[m.dst]++) return failure(i18n::tr("orderAtDst out of step"));
    if (op.backward) {
      float& cell = target[m.dst];
      if (fp64) cell = static_cast<float>(wide[m.dst] += m.value);
      else if (t.plan.accumulate == Accumulation::kDtype) cell = roundTo(r.dtype, cell + m.value);
      else cell += m.value * m.weight;
      if (!sameBits(m.sumAfter, cell)) return failure(i18n::tr("sumAfter differs from the replayed running sum"));
    } else {
      replay[m.dst] = m.value;
    }
  }
  replay = roundAll(r.dtype, replay);
  for (size_t i = 0; i < replay.size(); ++i) {
    if (!sameBits(replay[i], dst->values[i])) {
      return failure(i18n::trf("replaying {0} moves gives {1} at {2}, the run wrote {3}", t.moves.size(), show(replay[i]),
                               position(dst->shape, i), show(dst->values[i])));
    }
  }
  return pass(i18n::trf("{0} moves replay to the output", t.moves.size()));
}

namespace {

// FNV-1a over 64-bit words; every NaN hashes alike (the payload is not part of the contract).
struct Digest {
  uint64_t h = 1469598103934665603ull;
  void mix(uint64_t v) {
    for (int b = 0; b < 8; ++b) {
      h ^= (v >> (8 * b)) & 0xFF;
      h *= 1099511628211ull;
    }
  }
  void add(std::span<const float> values, std::span<const int64_t> ints) {
    for (float v : values) {
      uint32_t bits = 0x7FC00000u;  // every NaN digests alike
      if (!std::isnan(v)) std::memcpy(&bits, &v, sizeof bits);
      mix(bits);
    }
    for (int64_t v : ints) mix(static_cast<uint64_t>(v));
  }
};

}  // namespace

uint64_t digestOf(const RunResult& result) {
  Digest d;
  for (const HostTensor& t : result.outputs) {
    for (char c : t.name) d.mix(static_cast<unsigned char>(c));
    d.add(t.values, t.ints);
  }
  return d.h;
}

uint64_t digestOf(std::span<const float> values, std::span<const int64_t> ints) {
  Digest d;
  d.add(values, ints);
  return d.h;
}

std::string describe(const RunRequest& r) {
  const OpInfo& op = opInfo(r.op);
  std::string s = cat(op.name, " ", shapeText(srcShapeOf(r)), " -> ", shapeText(dstShapeOf(r)));
  // The words go through the translations piece by piece (the description is a list of the call's settings);
  // the names, shapes and numbers are written alike in both languages.
  if (op.scaleCount == 1) s += " " + i18n::trf("scales {0}", plain(r.shape.scales[kW]));
  if (op.scaleCount == 2) s += " " + i18n::trf("scales ({0}, {1})", plain(r.shape.scales[kH]), plain(r.shape.scales[kW]));
  s += cat(", ", dtypeText(r.dtype), ", ", i18n::tr(layoutName(r.layout)), ", ",
           i18n::tr(r.deterministic ? "deterministic" : "default mode"));
  if (r.schedule && !r.deterministic) s += ", " + i18n::trf("schedule {0}", scheduleText(*r.schedule));
  if (r.accumulate && r.dtype != ACL_FLOAT) s += ", " + i18n::trf("accumulate {0}", accumulationName(*r.accumulate));
  if (r.profile) {
    s += ", " + i18n::trf("profile {0} ({1} cores, {2} B UB)", r.profile->name, r.profile->vectorCores, r.profile->ubBytes);
  }
  return s;
}

}  // namespace gradlab::verify
