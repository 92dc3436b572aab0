#include "ops/nearest_engine/cube_plan.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <utility>

#include "ops/common/cube_unit.h"
#include "ops/common/tile_runner.h"
#include "ops/nearest_engine/tiling.h"
#include "runtime/error.h"
#include "runtime/prose.h"
#include "runtime/tensor.h"

namespace gradlab::ops::nearest {
namespace {


constexpr int64_t kReservedK = 4;  // CANN's RESERVED_VALUE: extra gradOutput columns / rows in each slide's K
constexpr uint64_t kWorkspaceAlign = 512;

int64_t roundUp(int64_t v, int64_t q) { return (v + q - 1) / q * q; }
int64_t roundDown(int64_t v, int64_t q) { return v / q * q; }
int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

// CANN's getSlideSize, by the call's largest forward scale (gradOutput / gradInput).
int64_t slideSize(double maxScale) {
  if (maxScale <= 5.0) return 64;
  if (maxScale <= 8.0) return 48;
  if (maxScale <= 20.0) return 32;
  return 16;
}

double forwardScale(double scale, int64_t in, int64_t out) {
  return scale > 0.0 ? scale : static_cast<double>(out) / static_cast<double>(in);
}

bool identity(const AxisMap& m) {
  if (m.in != m.out) return false;
  for (int64_t o = 0; o < m.out; ++o) {
    if (m.src[static_cast<size_t>(o)] != o) return false;
  }
  return true;
}

CubePass passOf(const AxisMap& map, int64_t slide, double scale) {
  CubePass p;
  p.run = true;
  p.slide = slide;
  const double want = std::ceil(static_cast<double>(slide) * scale) + kReservedK;
  const int64_t nominal = want >= static_cast<double>(map.out) ? map.out : static_cast<int64_t>(want);
  for (int64_t d0 = 0; d0 < map.in; d0 += slide) {
    Slide s;
    s.d0 = d0;
    s.d1 = std::min(map.in, d0 + slide);
    s.k0 = map.first[static_cast<size_t>(s.d0)];
    const int64_t span = map.first[static_cast<size_t>(s.d1)] - s.k0;
    s.k = std::min(std::max(nominal, span), map.out - s.k0);
    p.kMax = std::max(p.kMax, s.k);
    p.slides.push_back(s);
  }
  return p;
}

// Blocks of an (m x k) by (k x n) fp32 product whose operands fit L0A, L0B, L0C and L1: half of each when
// they can (ping-pong), else all of it. profileProblem guarantees one fractal of each fits.
struct Blocking {
  int64_t m = 16, k = 8, n = 16;
};

Blocking blocking(int64_t m, int64_t k, int64_t n, const DeviceProfile& p) {
  for (uint64_t div : {2u, 1u}) {
    const int64_t a = static_cast<int64_t>(p.l0aBytes / div / kF32), b = static_cast<int64_t>(p.l0bBytes / div / kF32);
    const int64_t c = static_cast<int64_t>(p.l0cBytes / div / kF32), l1 = static_cast<int64_t>(p.l1Bytes / div / kF32);
    Blocking bl;
    bl.n = std::min(roundUp(std::max<int64_t>(n, 1), 16), roundDown(std::min(c / 16, b / 8), 16));
    if (bl.n < 16) continue;
    bl.k = std::min(roundUp(std::max<int64_t>(k, 1), 8), roundDown(std::min(b / bl.n, a / 16), 8));
    if (bl.k < 8) continue;
    bl.m = std::min(roundUp(std::max<int64_t>(m, 1), 16), roundDown(std::min(a / bl.k, c / bl.n), 16));
    if (bl.m < 16) continue;
    while (bl.m * bl.k + bl.k * bl.n > l1) {
      if (bl.m > 16) bl.m -= 16;
      else if (bl.k > 8) bl.k -= 8;
      else if (bl.n > 16) bl.n -= 16;
      else break;
    }
    if (bl.m * bl.k + bl.k * bl.n <= l1) return bl;
  }
  return Blocking{};
}

// CANN's deal of `slides` slides over `cores` cube cores: each core an equal run of whole slides over all
// `units` (rows or planes); each leftover slide to a group of cores that split its units, at least
// `minShare` each. fn(core, slide, u0, u1), each core's work in the order it runs it.
template <typename Fn>
void dealSlides(int64_t slides, int64_t units, int32_t cores, int64_t minShare, Fn fn) {
  const int64_t each = slides / cores, rem = slides % cores;
  const int64_t group = rem > 0 ? cores / rem : 0;
  for (int32_t c = 0; c < cores; ++c) {
    for (int64_t s = c * each; s < (c + 1) * each; ++s) fn(c, s, int64_t{0}, units);
    if (rem == 0 || c / group >= rem) continue;
    const int64_t t = c / group, g = c % group;
    const int64_t share = std::max(ceilDiv(units, group), minShare);
    const int64_t u0 = g * share, u1 = std::min(units, u0 + share);
    if (u0 < u1) fn(c, cores * each + t, u0, u1);
  }
}

// Runs of flat rows [u0, u1) (plane * rows + row) as boxes: whole planes where they can, else rows of one
// plane, each at most `cap` rows. fn(plane0, plane1, row0, row1).
template <typename Fn>
void rowBoxes(int64_t u0, int64_t u1, int64_t rows, int64_t cap, Fn fn) {
  for (int64_t u = u0; u < u1;) {
    const int64_t p = u / rows, r = u % rows;
    if (r == 0 && u1 - u >= rows && rows <= cap) {
      const int64_t planes = std::min((u1 - u) / rows, std::max<int64_t>(1, cap / rows));
      fn(p, p + planes, int64_t{0}, rows);
      u += planes * rows;
      continue;
    }
    const int64_t end = std::min({rows, r + (u1 - u), r + cap});
    fn(p, p + 1, r, end);
    u += end - r;
  }
}

// Vector tiles over the cells of [planes x rows x cols], rows dealt evenly over `cores` vector lanes from
// `lane0`, each tile at most `cells` cells (whole rows, or pieces of one row). fn(lane, box).
template <typename Fn>
void vectorRowTiles(int64_t planes, int64_t rows, int64_t cols, int32_t lane0, int32_t cores, int64_t cells, Fn fn) {
  const int64_t units = planes * rows;
  const int32_t used = static_cast<int32_t>(std::min<int64_t>(cores, std::max<int64_t>(units, 1)));
  for (int32_t c = 0; c < used; ++c) {
    const int64_t u0 = splitStart(units, used, c), u1 = splitStart(units, used, c + 1);
    if (cols <= cells) {
      rowBoxes(u0, u1, rows, std::max<int64_t>(1, cells / std::max<int64_t>(cols, 1)),
               [&](int64_t p0, int64_t p1, int64_t r0, int64_t r1) { fn(lane0 + c, Box{p0, p1, r0, r1, 0, cols}); });
      continue;
    }
    for (int64_t u = u0; u < u1; ++u) {
      for (int64_t c0 = 0; c0 < cols; c0 += cells) {
        fn(lane0 + c, Box{u / rows, u / rows + 1, u % rows, u % rows + 1, c0, std::min(cols, c0 + cells)});
      }
    }
  }
}

// How many cube cores the tiles of `phase` use: a leftover slide's share has a minimum, so one of the cores
// meant to split it can be left with nothing.
int32_t cubeCoresWorking(const Plan& plan, int32_t phase, int32_t cubes) {
  std::set<int32_t> lanes;
  for (const Tile& t : plan.tiles) {
    if (t.phase == phase && t.core < cubes) lanes.insert(t.core);
  }
  return static_cast<int32_t>(lanes.size());
}

// "3 slides: 1 per cube core over all rows" and the other ways slides are dealt to the cube cores.
std::string dealText(int64_t slides, int32_t cubes, const std::string& units) {
  const int64_t each = slides / cubes, rem = slides % cubes;
  if (rem == 0) return rt::planProse("{0} slides: {1} per cube core over all {2}", slides, each, units);
  if (each > 0) {
    return rt::planProse("{0} slide(s): {1} per cube core over all {2}, then {3} left over, each split by {2} between {4} "
                     "cube core(s)", slides, each, units, rem, cubes / rem);
  }
  return rt::planProse("{0} slide(s): {1} left over, each split by {2} between {3} cube core(s)", slides, rem, units,
                   cubes / rem);
}

// "W pass 3 slides: ..." and, when the pass leaves cube cores idle, " (1 of 2 cube cores get work)".
std::string passText(bool w, const std::string& dealt, int32_t used, int32_t cubes) {
  if (used >= cubes) return w ? rt::planProse("W pass {0}", dealt) : rt::planProse("H pass {0}", dealt);
  return w ? rt::planProse("W pass {0} ({1} of {2} cube cores get work)", dealt, used, cubes)
           : rt::planProse("H pass {0} ({1} of {2} cube cores get work)", dealt, used, cubes);
}

// One matmul tile's shape: an m x k block of one operand against a k x n block of the other.
struct MatmulShape {
  int64_t m = 0, k = 0, n = 0;
  bool loadsSelection = false;  // copies the selection block in (not resident from an earlier tile)
  bool selectionRight = false;  // the selection is the right operand (the W pass: data x A_W)
  bool resident = false;        // the slide's whole selection stays in L1
};

// The cube plan of one call, built in steps: the workspace buffers, the casts, the selection matrices, the
// W and H passes, the tiles' order, and the plan's words.
class CubePlanner {
 public:
  CubePlanner(OpKind op, int64_t N, int64_t C, const AxisMap& rows, const AxisMap& cols, double scaleH, double scaleW,
              aclDataType dtype, const DeviceProfile& profile, std::vector<int64_t> srcShape, std::vector<int64_t> dstShape)
      : N_(N), C_(C), P_(N * C), Ho_(rows.out), Hi_(rows.in), Wo_(cols.out), Wi_(cols.in),
        twoD_(opInfo(op).spatialRank == 2), half_(halfType(dtype)), es_(aclDataTypeSize(dtype)), dtype_(dtype),
        profile_(profile), cubes_(std::max(profile.cubeCores, 1)), aiv0_(cubes_),
        ubBudget_(profile.ubBytes / 2 / 64 * 64) {
    cp_.plan = newPlan(op, profile, false, dtype, P_, std::move(srcShape), std::move(dstShape));
    cp_.plan.cubeLanes = cubes_;
    sH_ = twoD_ ? forwardScale(scaleH, Hi_, Ho_) : 1.0;
    sW_ = forwardScale(scaleW, Wi_, Wo_);
    slide_ = slideSize(std::max(sH_, sW_));
    runW_ = !identity(cols);
    runH_ = !identity(rows) || !runW_;
    if (runW_) cp_.w = passOf(cols, slide_, sW_);
    if (runH_) cp_.h = passOf(rows, slide_, sH_);
    cp_.h.columns = false;
  }

  CubeUpsamplePlan build() {
    addWorkspace();
    // FLOAT16/BF16: widen gradOutput first, round gradInput's fp32 sums last (CANN's Cast kernels).
    if (half_) {
      castTiles(addPhase(PhaseKind::kCast, rt::planProse("widen gradOutput from {0} to fp32 in the workspace (CANN's Cast "
                                                     "kernel before UpsampleNearestExact2dGrad)", rt::dtypeName(dtype_))),
                Ho_, Wo_, true);
    }
    addSelections();
    if (runW_) addWPass();
    if (runH_) addHPass();
    if (half_) {
      castTiles(addPhase(PhaseKind::kRound, rt::planProse("round gradInput's fp32 sums to {0} once (CANN's Cast kernel after)",
                                                      rt::dtypeName(dtype_))),
                Hi_, Wi_, false);
    }
    placeTiles();
    describe();
    return std::move(cp_);
  }

 private:
  Plan& plan() { return cp_.plan; }

  int32_t addBuffer(std::string name, std::string what, std::vector<int64_t> shape,
                    PlanBuffer::Mirror mirror = PlanBuffer::Mirror::kNone) {
    plan().buffers.push_back({std::move(name), std::move(what), std::move(shape), ACL_FLOAT, mirror});
    return static_cast<int32_t>(plan().buffers.size()) - 1;
  }
  int32_t addPhase(PhaseKind kind, std::string what) {
    plan().phases.push_back({kind, std::move(what)});
    return static_cast<int32_t>(plan().phases.size()) - 1;
  }

  // The fp32 copies of FLOAT16/BF16 tensors, the selection matrices and T, each 512-byte aligned.
  void addWorkspace() {
    if (half_) {
      cp_.castIn = addBuffer("gradOutput (fp32)",
                             rt::planProse("gradOutput widened from {0} to fp32 (CANN casts it before the kernel)",
                                       rt::dtypeName(dtype_)),
                             plan().srcShape, PlanBuffer::Mirror::kSrc);
    }
    if (runW_) {
      cp_.w.matrices = addBuffer("A_W slides",
                                 rt::planProse("the W pass's 0/1 selection matrices, one per slide of {0} gradInput columns: "
                                           "A_W[w][j] = 1 where gradOutput column w feeds gradInput column j", slide_),
                                 {static_cast<int64_t>(cp_.w.slides.size()), cp_.w.kMax, slide_});
    }
    if (runW_ && runH_) {
      std::vector<int64_t> midShape = twoD_ ? std::vector<int64_t>{N_, C_, Ho_, Wi_} : std::vector<int64_t>{N_, C_, Wi_};
      cp_.mid = addBuffer("T = gradOutput x A_W", rt::planProse("the W pass's product: gradOutput's rows with their columns "
                                                             "summed into gradInput's columns (fp32)"), std::move(midShape));
      plan().intermediate = cp_.mid;
    }
    if (runH_) {
      cp_.h.matrices = addBuffer("A_H^T slides",
                                 rt::planProse("the H pass's 0/1 selection matrices, one per slide of {0} gradInput rows: "
                                           "A_H^T[i][h] = 1 where gradOutput row h feeds gradInput row i", slide_),
                                 {static_cast<int64_t>(cp_.h.slides.size()), slide_, cp_.h.kMax});
    }
    if (half_) {
      cp_.castOut = addBuffer("gradInput (fp32)",
                              rt::planProse("gradInput's fp32 sums before they are rounded to {0} (CANN casts after the kernel)",
                                        rt::dtypeName(dtype_)),
                              plan().dstShape, PlanBuffer::Mirror::kDst);
    }
    uint64_t offset = 0;
    for (const PlanBuffer& buf : plan().buffers) {
      cp_.offsets.push_back(offset);
      uint64_t cells = 1;
      for (int64_t d : buf.shape) cells *= static_cast<uint64_t>(d);
      offset += (cells * kF32 + kWorkspaceAlign - 1) / kWorkspaceAlign * kWorkspaceAlign;
    }
    plan().workspaceBytes = offset;
  }

  // Vector tiles that widen gradOutput into the workspace (widen) or round gradInput's fp32 sums from it, a
  // UB's worth of cells at a time.
  void castTiles(int32_t phase, int64_t rows, int64_t cols, bool widen) {
    const int64_t castCells = std::max<int64_t>(16, static_cast<int64_t>(ubBudget_ / (es_ + kF32)));
    vectorRowTiles(P_, rows, cols, aiv0_, profile_.vectorCores, castCells, [&](int32_t lane, Box box) {
      Tile t;
      t.phase = phase;
      t.core = lane;
      t.src = box;
      t.dst = box;
      if (widen) t.dstBuffer = cp_.castIn;
      else t.srcBuffer = cp_.castOut;
      const uint64_t n = static_cast<uint64_t>(box.cells());
      t.bytesIn = n * (widen ? es_ : kF32);
      t.bytesOut = n * (widen ? kF32 : es_);
      t.vectorElems = n;
      t.ubBytes = alignUb(n * es_) + alignUb(n * kF32);
      ub_.describe(t, widen ? rt::planProse("{0} gradOutput cells as {1} ({2} B) and as fp32 ({3} B)", boxDims(box),
                                        rt::dtypeName(dtype_), alignUb(n * es_), alignUb(n * kF32))
                            : rt::planProse("{0} fp32 sums ({1} B) rounded to {2} ({3} B)", boxDims(box), alignUb(n * kF32),
                                        rt::dtypeName(dtype_), alignUb(n * es_)));
      tiles_.push_back(t);
    });
  }

  // The selection matrices, each built by the AIV paired with the first cube core that uses it.
  void addSelections() {
    cp_.selectPhase = addPhase(PhaseKind::kSelect, "");
    int64_t count = 0;
    if (runW_) count += selectTiles(cp_.w, P_ * Ho_, slide_);
    if (runH_) count += selectTiles(cp_.h, P_, 1);
    plan().phases[static_cast<size_t>(cp_.selectPhase)].what =
        rt::planProse("the vector cores write the 0/1 selection matrices of the {0} slide(s) into the workspace", count);
  }

  int64_t selectTiles(const CubePass& pass, int64_t units, int64_t minShare) {
    std::vector<int32_t> firstCore(pass.slides.size(), -1);
    dealSlides(static_cast<int64_t>(pass.slides.size()), units, cubes_, minShare, [&](int32_t c, int64_t s, int64_t, int64_t) {
      if (firstCore[static_cast<size_t>(s)] < 0) firstCore[static_cast<size_t>(s)] = c;
    });
    for (size_t s = 0; s < pass.slides.size(); ++s) {
      const Slide& sl = pass.slides[s];
      const int64_t matRows = pass.columns ? sl.k : sl.width(), matCols = pass.columns ? sl.width() : sl.k;
      Tile t;
      t.phase = cp_.selectPhase;
      t.core = aiv0_ + (2 * std::max(firstCore[s], 0)) % profile_.vectorCores;
      t.dst = {static_cast<int64_t>(s), static_cast<int64_t>(s) + 1, 0, matRows, 0, matCols};
      t.dstBuffer = pass.matrices;
      const uint64_t n = static_cast<uint64_t>(matRows * matCols);
      t.bytesOut = n * kF32;
      t.vectorElems = n;
      t.ubBytes = std::min<uint64_t>(alignUb(std::max<uint64_t>(n, 1) * kF32), ubBudget_);
      ub_.describe(t, pass.columns ? rt::planProse("a {0}x{1} block of zeros with a 1 where gradOutput column k0 + k feeds "
                                               "gradInput column d0 + j, written in pieces of up to {2} B",
                                               matRows, matCols, t.ubBytes)
                                   : rt::planProse("a {0}x{1} block of zeros with a 1 where gradOutput row k0 + k feeds "
                                               "gradInput row d0 + j, written in pieces of up to {2} B",
                                               matRows, matCols, t.ubBytes));
      tiles_.push_back(t);
    }
    return static_cast<int64_t>(pass.slides.size());
  }

  // One cube tile: its copies in and out, its multiply-adds and its use of L1 and L0A/B/C.
  void cubeTile(int32_t phase, int32_t core, Box src, int32_t srcBuffer, Box dst, int32_t dstBuffer,
                const MatmulShape& mm, const Blocking& bl) {
    const int64_t m = mm.m, k = mm.k, n = mm.n;
    Tile t;
    t.phase = phase;
    t.core = core;
    t.src = src;
    t.srcBuffer = srcBuffer;
    t.dst = dst;
    t.dstBuffer = dstBuffer;
    const uint64_t data = static_cast<uint64_t>((mm.selectionRight ? m : n) * k) * kF32;
    const uint64_t selection = static_cast<uint64_t>((mm.selectionRight ? n : m) * k) * kF32;
    t.bytesIn = data + (mm.loadsSelection ? selection : 0);
    t.l0Bytes = data + selection;
    t.cubeMacs = cube::fractalMacs(m, k, n, true);
    t.cubeFp32 = true;
    t.bytesOut = static_cast<uint64_t>(m * n) * kF32;
    const int64_t kc = std::min(bl.k, roundUp(std::max<int64_t>(k, 1), 8));
    const int64_t mp = roundUp(m, 16), np = roundUp(n, 16);
    t.l0aBytes = static_cast<uint64_t>(mp * kc) * kF32;
    t.l0bBytes = static_cast<uint64_t>(kc * np) * kF32;
    t.l0cBytes = static_cast<uint64_t>(mp * np) * kF32;
    // L1 holds the data block beside the selection's block, or the slide's whole selection when it stays.
    const uint64_t dataBlock = mm.selectionRight ? t.l0aBytes : t.l0bBytes;
    const uint64_t selectionBlock = mm.selectionRight ? t.l0bBytes : t.l0aBytes;
    const int64_t kAll = roundUp(std::max<int64_t>(k, 1), 8);
    t.l1Bytes = dataBlock + (mm.resident ? static_cast<uint64_t>((mm.selectionRight ? np : mp) * kAll) * kF32 : selectionBlock);
    tiles_.push_back(t);
  }

  // The W pass: T (or gradInput) = gradOutput x A_W, slides of gradInput columns dealt over the cube cores.
  void addWPass() {
    CubePass& w = cp_.w;
    w.phase = addPhase(PhaseKind::kMatmul, "");
    plan().phases[static_cast<size_t>(w.phase)].selects = SelectAxis::kColumns;
    const int32_t out = runH_ ? cp_.mid : cp_.castOut;  // -1: gradInput itself
    const int64_t M = P_ * Ho_;
    int64_t tileCount = 0;
    const Blocking bl = blocking(M, w.kMax, slide_, profile_);
    w.blockM = bl.m, w.blockK = bl.k, w.blockN = bl.n;
    w.residentSelection = bl.n >= slide_ && (roundUp(std::max<int64_t>(w.kMax, 1), 8) * roundUp(slide_, 16) + bl.m * bl.k) *
                                                    static_cast<int64_t>(kF32) <=
                                                static_cast<int64_t>(profile_.l1Bytes / 2);
    int32_t lastCore = -1;
    int64_t lastSlide = -1;
    dealSlides(static_cast<int64_t>(w.slides.size()), M, cubes_, slide_, [&](int32_t c, int64_t s, int64_t u0, int64_t u1) {
      const Slide& sl = w.slides[static_cast<size_t>(s)];
      rowBoxes(u0, u1, Ho_, bl.m, [&](int64_t p0, int64_t p1, int64_t r0, int64_t r1) {
        for (int64_t c0 = sl.d0; c0 < sl.d1; c0 += bl.n) {
          const int64_t c1 = std::min(sl.d1, c0 + bl.n);
          const bool first = c != lastCore || s != lastSlide || !w.residentSelection;
          lastCore = c, lastSlide = s;
          cubeTile(w.phase, c, Box{p0, p1, r0, r1, sl.k0, sl.k0 + sl.k}, cp_.castIn, Box{p0, p1, r0, r1, c0, c1}, out,
                   {(p1 - p0) * (r1 - r0), sl.k, c1 - c0, first, true, w.residentSelection}, bl);
          ++tileCount;
        }
      });
    });
    plan().phases[static_cast<size_t>(w.phase)].what =
        rt::planProse("W pass on the cube cores: {0} = gradOutput x A_W, {1} slide(s) of {2} gradInput columns, each "
                  "multiplying a window of up to {3} gradOutput columns ({4} blocks of up to {5} rows)",
                  runH_ ? "T" : "gradInput", w.slides.size(), slide_, w.kMax, tileCount, bl.m);
  }

  // The H pass: gradInput = A_H^T x T (or gradOutput), per plane, slides of gradInput rows.
  void addHPass() {
    CubePass& h = cp_.h;
    h.phase = addPhase(PhaseKind::kMatmul, "");
    plan().phases[static_cast<size_t>(h.phase)].selects = SelectAxis::kRows;
    const Blocking bl = blocking(slide_, h.kMax, Wi_, profile_);
    h.blockM = bl.m, h.blockK = bl.k, h.blockN = bl.n;
    h.residentSelection = bl.m >= slide_ && (roundUp(slide_, 16) * roundUp(std::max<int64_t>(h.kMax, 1), 8) + bl.k * bl.n) *
                                                    static_cast<int64_t>(kF32) <=
                                                static_cast<int64_t>(profile_.l1Bytes / 2);
    const int32_t in = runW_ ? cp_.mid : cp_.castIn;
    int32_t lastCore = -1;
    int64_t lastSlide = -1, tileCount = 0;
    dealSlides(static_cast<int64_t>(h.slides.size()), P_, cubes_, 1, [&](int32_t c, int64_t s, int64_t q0, int64_t q1) {
      const Slide& sl = h.slides[static_cast<size_t>(s)];
      for (int64_t p = q0; p < q1; ++p) {
        for (int64_t c0 = 0; c0 < Wi_; c0 += bl.n) {
          const int64_t c1 = std::min(Wi_, c0 + bl.n);
          for (int64_t i0 = sl.d0; i0 < sl.d1; i0 += bl.m) {
            const int64_t i1 = std::min(sl.d1, i0 + bl.m);
            const bool first = c != lastCore || s != lastSlide || !h.residentSelection;
            lastCore = c, lastSlide = s;
            cubeTile(h.phase, c, Box{p, p + 1, sl.k0, sl.k0 + sl.k, c0, c1}, in, Box{p, p + 1, i0, i1, c0, c1},
                     cp_.castOut, {i1 - i0, sl.k, c1 - c0, first, false, h.residentSelection}, bl);
            ++tileCount;
          }
        }
      }
    });
    plan().phases[static_cast<size_t>(h.phase)].what =
        rt::planProse("H pass on the cube cores: gradInput = A_H^T x {0}, per plane, {1} slide(s) of {2} gradInput rows, "
                  "each multiplying a window of up to {3} gradOutput rows ({4} blocks of up to {5} columns)",
                  runW_ ? "T" : "gradOutput", h.slides.size(), slide_, h.kMax, tileCount, bl.n);
  }

  // Number each core's tiles within its phase, in the order they were dealt; then the cube tiles' L0 use.
  void placeTiles() {
    std::stable_sort(tiles_.begin(), tiles_.end(), [](const Tile& x, const Tile& y) {
      return x.phase != y.phase ? x.phase < y.phase : x.core < y.core;
    });
    int32_t order = 0;
    for (size_t i = 0; i < tiles_.size(); ++i) {
      Tile& t = tiles_[i];
      order = i > 0 && tiles_[i - 1].phase == t.phase && tiles_[i - 1].core == t.core ? order + 1 : 0;
      t.order = order;
      plan().tiles.push_back(t);
    }
    finalizePlan(plan());
    for (Tile& t : plan().tiles) {
      if (plan().coreKind(t.core) != CoreKind::kCube) continue;
      ub_.describe(t, doubleBuffered(plan(), t)
                          ? rt::planProse("L0A {0} B, L0B {1} B, L0C {2} B (fp32), half of each: ping-pong", t.l0aBytes,
                                      t.l0bBytes, t.l0cBytes)
                          : rt::planProse("L0A {0} B, L0B {1} B, L0C {2} B (fp32)", t.l0aBytes, t.l0bBytes, t.l0cBytes));
    }
  }

  // The plan's strategy and core choice in words.
  void describe() {
    const std::string passes = runW_ && runH_ ? rt::planProse("W pass then H pass")
                               : runW_        ? rt::planProse("W pass only (the rows map one to one)")
                                              : rt::planProse("H pass only (the columns map one to one)");
    plan().strategy = half_ ? rt::planProse("cube: {0} as matrix products against 0/1 selection matrices on {1} cube cores, "
                                        "slides of {2} (CANN's size for a largest scale of {3}); the vector cores build "
                                        "the matrices and cast to fp32 and back; no atomic adds, the same result every run",
                                        passes, cubes_, slide_, std::max(sH_, sW_))
                            : rt::planProse("cube: {0} as matrix products against 0/1 selection matrices on {1} cube cores, "
                                        "slides of {2} (CANN's size for a largest scale of {3}); the vector cores build "
                                        "the matrices; no atomic adds, the same result every run",
                                        passes, cubes_, slide_, std::max(sH_, sW_));
    const int64_t wSlides = static_cast<int64_t>(cp_.w.slides.size()), hSlides = static_cast<int64_t>(cp_.h.slides.size());
    const std::string wText =
        runW_ ? passText(true, dealText(wSlides, cubes_, rt::planProse("rows")), cubeCoresWorking(plan(), cp_.w.phase, cubes_), cubes_)
              : std::string();
    const std::string hText =
        runH_ ? passText(false, dealText(hSlides, cubes_, rt::planProse("planes")), cubeCoresWorking(plan(), cp_.h.phase, cubes_), cubes_)
              : std::string();
    plan().coreChoice =
        rt::cat(runW_ && runH_ ? rt::planProse("{0}; {1}", wText, hText) : wText + hText, cannDealText(plan(), CoreKind::kCube));
  }

  const int64_t N_, C_, P_, Ho_, Hi_, Wo_, Wi_;
  const bool twoD_, half_;
  const uint64_t es_;
  const aclDataType dtype_;
  const DeviceProfile profile_;
  const int32_t cubes_, aiv0_;  // aiv0_: the lane of AIV 0
  const uint64_t ubBudget_;
  double sH_ = 1.0, sW_ = 1.0;
  int64_t slide_ = 0;
  bool runW_ = false, runH_ = false;
  CubeUpsamplePlan cp_;
  UbUses ub_{cp_.plan};
  TileList tiles_;
};

}  // namespace

CubeUpsamplePlan planCube(OpKind op, int64_t N, int64_t C, const AxisMap& rows, const AxisMap& cols, double scaleH,
                          double scaleW, aclDataType dtype, const DeviceProfile& profile, std::vector<int64_t> srcShape,
                          std::vector<int64_t> dstShape) {
  return CubePlanner(op, N, C, rows, cols, scaleH, scaleW, dtype, profile, std::move(srcShape), std::move(dstShape)).build();
}

}  // namespace gradlab::ops::nearest
