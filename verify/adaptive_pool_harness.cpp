#include "verify/adaptive_pool_harness.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <stdexcept>
#include <tuple>

#include <fmt/format.h>

#include "gradlab/verify.h"

namespace gradlab::verify::adaptive {
namespace {

// The two-phase call of `op` through the catalog, with the mode and profile travelling in its arguments.
Outcome runTwoPhase(OpKind op, OpArgs args, const CallMode& mode, std::shared_ptr<Trace> trace) {
  args.deterministic = mode.deterministic;
  args.profile = mode.profile;
  args.strategy = mode.strategy;
  if (!trace && traceEveryRun()) trace = std::make_shared<Trace>();
  const CallOutcome c = callOperator(op, args, verify::RuntimeScope::shared().stream(), trace);
  return {c.status, c.stage, c.message, c.workspaceBytes, c.plan};
}

int64_t product(const std::vector<int64_t>& v) {
  int64_t p = 1;
  for (int64_t x : v) p *= x;
  return p;
}

template <typename Fn>
void forEachViewCell(const std::vector<int64_t>& shape, const View& view, Fn fn) {
  const int64_t n = product(shape);
  std::vector<int64_t> at(shape.size(), 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t off = view.offset;
    for (size_t d = 0; d < shape.size(); ++d) off += at[d] * view.strides[d];
    fn(i, off);
    for (size_t d = shape.size(); d-- > 0;) {
      if (++at[d] < shape[d]) break;
      at[d] = 0;
    }
  }
}

}  // namespace

std::string Outcome::describe() const {
  if (ok()) return "success";
  return fmt::format("{} at {}: {}", status, stage, message);
}

Outcome backward(const aclTensor* gradOutput, const aclTensor* self, const aclTensor* indices, aclTensor* gradInput,
                 const CallMode& mode, std::shared_ptr<Trace> trace) {
  OpArgs args;
  args.tensors = {const_cast<aclTensor*>(gradOutput), const_cast<aclTensor*>(self), const_cast<aclTensor*>(indices),
                  gradInput};
  return runTwoPhase(OpKind::kAdaptiveMaxPool2dBackward, args, mode, std::move(trace));
}

Outcome forward(const aclTensor* self, const std::vector<int64_t>& outputSize, aclTensor* out, aclTensor* indices,
                const CallMode& mode, std::shared_ptr<Trace> trace) {
  aclIntArray* size = aclCreateIntArray(outputSize.data(), outputSize.size());
  OpArgs args;
  args.tensors = {const_cast<aclTensor*>(self), out, indices, nullptr};
  args.outputSize = size;
  Outcome o = runTwoPhase(OpKind::kAdaptiveMaxPool2d, args, mode, std::move(trace));
  aclDestroyIntArray(size);
  return o;
}

DeviceProfile namedProfile(const std::string& spec) {
  DeviceProfile p;
  std::string error;
  if (!parseProfileSpec(spec, &p, &error)) throw std::invalid_argument("bad profile spec " + spec + ": " + error);
  return p;
}

View viewFor(const std::vector<int64_t>& shape, Layout layout) {
  return storageView(shape, layout, shape.size() >= 4 ? 1 : 0);  // C is dim 0 of (C, H, W), dim 1 of (N, C, H, W)
}

verify::DeviceTensor makeTensor(const std::vector<int64_t>& shape, Layout layout, aclDataType dtype,
                                 const std::vector<float>& values, float fill) {
  const View v = viewFor(shape, layout);
  return verify::DeviceTensor(shape, v.strides, v.offset, v.storageElems, dtype, values, ACL_FORMAT_ND, fill);
}

verify::DeviceTensor makeIndexTensor(const std::vector<int64_t>& shape, Layout layout, aclDataType dtype,
                                      const std::vector<int64_t>& values) {
  if (layout == Layout::kContiguous) return verify::DeviceTensor::indices(shape, dtype, values);
  std::vector<float> asFloat(values.begin(), values.end());  // exact: test indices stay far below 2^24
  return makeTensor(shape, layout, dtype, asFloat, -1.0f);
}

std::vector<bool> viewMask(const std::vector<int64_t>& shape, const View& view) {
  std::vector<bool> mask(view.storageElems, false);
  forEachViewCell(shape, view, [&](int64_t, int64_t off) { mask[off] = true; });
  return mask;
}

std::string outsideUntouched(const std::vector<float>& before, const std::vector<float>& after,
                             const std::vector<int64_t>& shape, Layout layout) {
  const std::vector<bool> mask = viewMask(shape, viewFor(shape, layout));
  for (size_t i = 0; i < before.size(); ++i) {
    if (!mask[i] && !verify::sameBits(before[i], after[i])) {
      return fmt::format("storage element {} outside the {} view changed from {:g} to {:g}", i, gradlab::layoutName(layout),
                         before[i], after[i]);
    }
  }
  return "";
}

std::vector<float> randomValues(size_t count, uint64_t seed, aclDataType dtype) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<float> v(count);
  for (float& x : v) x = verify::roundTo(dtype, dist(rng));
  return v;
}

std::vector<int64_t> randomIndices(size_t count, int64_t bound, uint64_t seed) {
  std::mt19937_64 rng(seed ^ 0x9e3779b97f4a7c15ULL);
  std::uniform_int_distribution<int64_t> dist(0, bound - 1);
  std::vector<int64_t> v(count);
  for (int64_t& x : v) x = dist(rng);
  return v;
}

namespace {

std::string sizesDiffer(const char* what, size_t got, size_t want) {
  return fmt::format("{}: {} values, expected {}", what, got, want);
}

}  // namespace

std::string compareExact(const std::vector<float>& got, const std::vector<float>& want, const char* what) {
  if (got.size() != want.size()) return sizesDiffer(what, got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    if (!verify::sameBits(got[i], want[i])) {
      return fmt::format("{}[{}] = {:.9g}, expected {:.9g} (bit-exact)", what, i, got[i], want[i]);
    }
  }
  return "";
}

std::string compareIndices(const std::vector<int64_t>& got, const std::vector<int64_t>& want, const char* what) {
  if (got.size() != want.size()) return sizesDiffer(what, got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    if (got[i] != want[i]) return fmt::format("{}[{}] = {}, expected {}", what, i, got[i], want[i]);
  }
  return "";
}

std::string compareTolerance(const std::vector<float>& got, const std::vector<double>& want,
                             const std::vector<double>& absSum, const std::vector<uint32_t>& terms, aclDataType dtype,
                             const char* what, Accumulation accumulate) {
  if (got.size() != want.size()) return sizesDiffer(what, got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    const double tol =
        sumTolerance(dtype, terms[i], absSum[i], std::max(std::fabs(want[i]), std::fabs(double{got[i]})), accumulate);
    if (!(std::fabs(got[i] - want[i]) <= tol)) {
      return fmt::format("{}[{}] = {:.9g}, expected {:.9g} within {:.9g}", what, i, got[i], want[i], tol);
    }
  }
  return "";
}

namespace {

std::string boxText(const Box& b) {
  return fmt::format("planes [{}, {}) rows [{}, {}) cols [{}, {})", b.plane0, b.plane1, b.row0, b.row1, b.col0, b.col1);
}

bool inside(const Box& b, int64_t planes, int64_t rows, int64_t cols) {
  return b.plane0 >= 0 && b.plane0 < b.plane1 && b.plane1 <= planes && b.row0 >= 0 && b.row0 < b.row1 &&
         b.row1 <= rows && b.col0 >= 0 && b.col0 < b.col1 && b.col1 <= cols;
}

template <typename Fn>
void forBoxCells(const Box& b, int64_t rows, int64_t cols, Fn fn) {
  for (int64_t p = b.plane0; p < b.plane1; ++p)
    for (int64_t r = b.row0; r < b.row1; ++r)
      for (int64_t c = b.col0; c < b.col1; ++c) fn((p * rows + r) * cols + c);
}

// Common tile invariants; `cover` is the box every cell of which must be covered exactly once.
std::string verifyTiles(const Plan& plan, int64_t planes, int64_t srcRows, int64_t srcCols, int64_t dstRows,
                        int64_t dstCols, bool coverDst) {
  if (plan.coresUsed > plan.profile.vectorCores) {
    return fmt::format("plan uses {} cores but the profile has {}", plan.coresUsed, plan.profile.vectorCores);
  }
  const int64_t rows = coverDst ? dstRows : srcRows, cols = coverDst ? dstCols : srcCols;
  std::vector<uint8_t> covered(planes * rows * cols, 0);
  for (size_t i = 0; i < plan.tiles.size(); ++i) {
    const Tile& t = plan.tiles[i];
    if (t.id != static_cast<int32_t>(i)) return "tile ids are not 0..n-1 in order";
    if (i > 0) {
      const Tile& b = plan.tiles[i - 1];
      if (std::tie(b.phase, b.core, b.order) >= std::tie(t.phase, t.core, t.order)) {
        return "tiles are not sorted by (phase, core, order)";
      }
    }
    if (t.core < 0 || t.core >= plan.coresUsed) return "a tile runs on a core outside coresUsed";
    if (t.ubBytes > plan.profile.ubBytes) {
      return fmt::format("tile {} needs {} bytes of UB, the profile has {}", i, t.ubBytes, plan.profile.ubBytes);
    }
    if (plan.phases[t.phase].kind != PhaseKind::kCompute) continue;
    if (!inside(t.src, planes, srcRows, srcCols) || !inside(t.dst, planes, dstRows, dstCols)) {
      return fmt::format("tile {} src {} / dst {} leaves its tensor", i, boxText(t.src), boxText(t.dst));
    }
    std::string bad;
    forBoxCells(coverDst ? t.dst : t.src, rows, cols, [&](int64_t cell) {
      if (++covered[cell] > 1 && bad.empty()) bad = "cell " + std::to_string(cell) + " is in two tiles";
    });
    if (!bad.empty()) return bad;
  }
  for (size_t c = 0; c < covered.size(); ++c) {
    if (covered[c] != 1) return "cell " + std::to_string(c) + " is in no tile";
  }
  return "";
}

}  // namespace

std::string verifyBackwardPlan(const Plan& plan, int64_t planes, int64_t H, int64_t W, int64_t Ho, int64_t Wo) {
  if (std::string e = verifyTiles(plan, planes, Ho, Wo, H, W, false); !e.empty()) return e;
  // The owner and lanes strategies give each gradInput plane to one core; only lanes adds atomically, and
  // exactly where windows overlap. The scatter strategy adds atomically exactly into the planes it shares.
  const StrategyInfo* strategy = plan.strategyInfo();
  const bool lanes = strategy && strategy->wholeWindows;
  if (strategy && strategy->planeOwners) {
    const bool overlap = H % Ho != 0 || W % Wo != 0;
    std::vector<int32_t> owner(planes * H * W, -1);
    for (const Tile& t : plan.tiles) {
      if (plan.phases[t.phase].kind != PhaseKind::kCompute) continue;
      if (t.atomic != (lanes && overlap)) {
        return "a tile is " + std::string(t.atomic ? "" : "not ") + "atomic in a plan of the " + plan.strategyName +
               " strategy" + (lanes ? (overlap ? " whose windows overlap" : " whose windows do not overlap") : "");
      }
      std::string bad;
      forBoxCells(t.dst, H, W, [&](int64_t cell) {
        if (owner[cell] == -1) owner[cell] = t.core;
        else if (owner[cell] != t.core && bad.empty())
          bad = "gradInput cell " + std::to_string(cell) + " is written by cores " + std::to_string(owner[cell]) +
                " and " + std::to_string(t.core);
      });
      if (!bad.empty()) return bad;
    }
    for (size_t c = 0; c < owner.size(); ++c) {
      if (owner[c] < 0) return "gradInput cell " + std::to_string(c) + " has no owner core";
    }
    return "";
  }
  std::vector<int32_t> firstCore(planes, -1);
  std::vector<bool> shared(planes, false);
  std::vector<Tile> compute;
  for (const Tile& t : plan.tiles) {
    if (plan.phases[t.phase].kind == PhaseKind::kCompute) compute.push_back(t);
  }
  for (const Tile& t : compute) {
    for (int64_t p = t.src.plane0; p < t.src.plane1; ++p) {
      if (firstCore[p] == -1) firstCore[p] = t.core;
      else if (firstCore[p] != t.core) shared[p] = true;
    }
  }
  for (const Tile& t : compute) {
    if (t.atomic != static_cast<bool>(shared[t.src.plane0])) {
      return fmt::format("tile {} (plane {}) has atomic={:d} but the plane is {}", t.id, t.src.plane0, t.atomic,
                         shared[t.src.plane0] ? "shared" : "owned by one core");
    }
  }
  return "";
}

std::string verifyForwardPlan(const Plan& plan, int64_t planes, int64_t H, int64_t W, int64_t Ho, int64_t Wo) {
  return verifyTiles(plan, planes, H, W, Ho, Wo, true);
}

std::string replayMoves(const Trace& trace, int64_t cells, std::vector<float>* replayed) {
  if (trace.movesTruncated) return "the trace was truncated";
  replayed->assign(cells, 0.0f);
  std::vector<uint32_t> count(cells, 0);
  uint64_t lastSeq = 0;
  for (size_t i = 0; i < trace.moves.size(); ++i) {
    const CellMove& m = trace.moves[i];
    if (i > 0 && m.sequence <= lastSeq) return "moves are not in sequence order";
    lastSeq = m.sequence;
    if (m.dst < 0 || m.dst >= cells) return "a move targets cell " + std::to_string(m.dst) + " outside the output";
    if (m.orderAtDst != count[m.dst]++) return "orderAtDst of a move to cell " + std::to_string(m.dst) + " is off";
    (*replayed)[m.dst] += m.value;
    if (!verify::sameBits((*replayed)[m.dst], m.sumAfter)) {
      return fmt::format("move {} into cell {} records sumAfter {:.9g} but the replay gives {:.9g}", i, m.dst, m.sumAfter,
                         (*replayed)[m.dst]);
    }
  }
  return "";
}

}  // namespace gradlab::verify::adaptive
