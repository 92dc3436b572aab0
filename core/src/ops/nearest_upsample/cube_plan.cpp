#include "ops/nearest_upsample/cube_plan.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <utility>

#include "ops/common/cube_unit.h"
#include "ops/common/tile_runner.h"
#include "ops/nearest_upsample/tiling.h"
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

struct Builder {
  CubeUpsamplePlan cp;
  std::vector<Tile> tiles;
  UbUses* ub = nullptr;

  int32_t addBuffer(std::string name, std::string what, std::vector<int64_t> shape,
                    PlanBuffer::Mirror mirror = PlanBuffer::Mirror::kNone) {
    cp.plan.buffers.push_back({std::move(name), std::move(what), std::move(shape), ACL_FLOAT, mirror});
    return static_cast<int32_t>(cp.plan.buffers.size()) - 1;
  }
  int32_t addPhase(PhaseKind kind, std::string what) {
    cp.plan.phases.push_back({kind, std::move(what)});
    return static_cast<int32_t>(cp.plan.phases.size()) - 1;
  }
  void add(Tile t) { tiles.push_back(t); }
};

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

}  // namespace

CubeUpsamplePlan planCube(OpKind op, int64_t N, int64_t C, const AxisMap& rows, const AxisMap& cols, double scaleH,
                          double scaleW, aclDataType dtype, const DeviceProfile& profile, std::vector<int64_t> srcShape,
                          std::vector<int64_t> dstShape) {
  Builder b;
  CubeUpsamplePlan& cp = b.cp;
  const int64_t P = N * C, Ho = rows.out, Hi = rows.in, Wo = cols.out, Wi = cols.in;
  const bool twoD = opInfo(op).spatialRank == 2;
  const bool half = halfType(dtype);
  const uint64_t es = aclDataTypeSize(dtype);
  cp.plan = newPlan(op, profile, false, dtype, P, srcShape, dstShape);
  Plan& plan = cp.plan;
  UbUses ub(plan);
  const int32_t cubes = std::max(profile.cubeCores, 1);
  plan.cubeLanes = cubes;
  const int32_t aiv0 = cubes;  // lane of AIV 0
  const uint64_t ubBudget = profile.ubBytes / 2 / 64 * 64;

  const double sH = twoD ? forwardScale(scaleH, Hi, Ho) : 1.0, sW = forwardScale(scaleW, Wi, Wo);
  const int64_t slide = slideSize(std::max(sH, sW));
  const bool runW = !identity(cols), runH = !identity(rows) || !runW;
  if (runW) cp.w = passOf(cols, slide, sW);
  if (runH) cp.h = passOf(rows, slide, sH);
  cp.h.columns = false;

  // Workspace buffers.
  if (half) {
    cp.castIn = b.addBuffer("gradOutput (fp32)",
                            rt::prose("gradOutput widened from {0} to fp32 (CANN casts it before the kernel)", rt::dtypeName(dtype)),
                            srcShape,
                              PlanBuffer::Mirror::kSrc);
  }
  if (runW) {
    cp.w.matrices = b.addBuffer("A_W slides",
                                rt::prose("the W pass's 0/1 selection matrices, one per slide of {0} gradInput columns: "
                                          "A_W[w][j] = 1 where gradOutput column w feeds gradInput column j", slide),
                                {static_cast<int64_t>(cp.w.slides.size()), cp.w.kMax, slide});
  }
  if (runW && runH) {
    std::vector<int64_t> midShape = twoD ? std::vector<int64_t>{N, C, Ho, Wi} : std::vector<int64_t>{N, C, Wi};
    cp.mid = b.addBuffer("T = gradOutput x A_W", rt::prose("the W pass's product: gradOutput's rows with their columns "
                                                            "summed into gradInput's columns (fp32)"), std::move(midShape));
    plan.intermediate = cp.mid;
  }
  if (runH) {
    cp.h.matrices = b.addBuffer("A_H^T slides",
                                rt::prose("the H pass's 0/1 selection matrices, one per slide of {0} gradInput rows: "
                                          "A_H^T[i][h] = 1 where gradOutput row h feeds gradInput row i", slide),
                                {static_cast<int64_t>(cp.h.slides.size()), slide, cp.h.kMax});
  }
  if (half) {
    cp.castOut = b.addBuffer("gradInput (fp32)",
                             rt::prose("gradInput's fp32 sums before they are rounded to {0} (CANN casts after the kernel)",
                                       rt::dtypeName(dtype)), dstShape,
                               PlanBuffer::Mirror::kDst);
  }
  uint64_t offset = 0;
  for (const PlanBuffer& buf : plan.buffers) {
    cp.offsets.push_back(offset);
    uint64_t cells = 1;
    for (int64_t d : buf.shape) cells *= static_cast<uint64_t>(d);
    offset += (cells * kF32 + kWorkspaceAlign - 1) / kWorkspaceAlign * kWorkspaceAlign;
  }
  plan.workspaceBytes = offset;

  // FLOAT16/BF16: the vector cores widen gradOutput into the workspace first (rows x cols of each plane) and
  // round gradInput's fp32 sums from it last, a UB's worth of cells at a time.
  const int64_t castCells = std::max<int64_t>(16, static_cast<int64_t>(ubBudget / (es + kF32)));
  auto castTiles = [&](int32_t phase, int64_t rows, int64_t cols, bool widen) {
    vectorRowTiles(P, rows, cols, aiv0, profile.vectorCores, castCells, [&](int32_t lane, Box box) {
      Tile t;
      t.phase = phase;
      t.core = lane;
      t.src = box;
      t.dst = box;
      if (widen) t.dstBuffer = cp.castIn;
      else t.srcBuffer = cp.castOut;
      const uint64_t n = static_cast<uint64_t>(box.cells());
      t.bytesIn = n * (widen ? es : kF32);
      t.bytesOut = n * (widen ? kF32 : es);
      t.vectorElems = n;
      t.ubBytes = alignUb(n * es) + alignUb(n * kF32);
      ub.describe(t, widen ? rt::prose("{0} gradOutput cells as {1} ({2} B) and as fp32 ({3} B)", boxDims(box),
                                       rt::dtypeName(dtype), alignUb(n * es), alignUb(n * kF32))
                           : rt::prose("{0} fp32 sums ({1} B) rounded to {2} ({3} B)", boxDims(box), alignUb(n * kF32),
                                       rt::dtypeName(dtype), alignUb(n * es)));
      b.add(t);
    });
  };

  // Phase 1 (FLOAT16/BF16): widen gradOutput.
  if (half) {
    castTiles(b.addPhase(PhaseKind::kCast, rt::prose("widen gradOutput from {0} to fp32 in the workspace (CANN's Cast "
                                                     "kernel before UpsampleNearestExact2dGrad)", rt::dtypeName(dtype))),
              Ho, Wo, true);
  }

  // Phase 2: the selection matrices, each built by the AIV paired with the first cube core that uses it.
  cp.selectPhase = b.addPhase(PhaseKind::kSelect, "");
  int64_t selectCount = 0;
  auto selectTiles = [&](const CubePass& pass, int64_t units, int64_t minShare) {
    std::vector<int32_t> firstCore(pass.slides.size(), -1);
    dealSlides(static_cast<int64_t>(pass.slides.size()), units, cubes, minShare, [&](int32_t c, int64_t s, int64_t, int64_t) {
      if (firstCore[static_cast<size_t>(s)] < 0) firstCore[static_cast<size_t>(s)] = c;
    });
    for (size_t s = 0; s < pass.slides.size(); ++s) {
      const Slide& sl = pass.slides[s];
      const int64_t matRows = pass.columns ? sl.k : sl.width(), matCols = pass.columns ? sl.width() : sl.k;
      Tile t;
      t.phase = cp.selectPhase;
      t.core = aiv0 + (2 * std::max(firstCore[s], 0)) % profile.vectorCores;
      t.dst = {static_cast<int64_t>(s), static_cast<int64_t>(s) + 1, 0, matRows, 0, matCols};
      t.dstBuffer = pass.matrices;
      const uint64_t n = static_cast<uint64_t>(matRows * matCols);
      t.bytesOut = n * kF32;
      t.vectorElems = n;
      t.ubBytes = std::min<uint64_t>(alignUb(std::max<uint64_t>(n, 1) * kF32), ubBudget);
      ub.describe(t, pass.columns ? rt::prose("a {0}x{1} block of zeros with a 1 where gradOutput column k0 + k feeds "
                                              "gradInput column d0 + j, written in pieces of up to {2} B",
                                              matRows, matCols, t.ubBytes)
                                  : rt::prose("a {0}x{1} block of zeros with a 1 where gradOutput row k0 + k feeds "
                                              "gradInput row d0 + j, written in pieces of up to {2} B",
                                              matRows, matCols, t.ubBytes));
      b.add(t);
      ++selectCount;
    }
  };
  if (runW) selectTiles(cp.w, P * Ho, slide);
  if (runH) selectTiles(cp.h, P, 1);
  plan.phases[static_cast<size_t>(cp.selectPhase)].what =
      rt::prose("the vector cores write the 0/1 selection matrices of the {0} slide(s) into the workspace", selectCount);

  // The matmul passes.
  auto cubeTile = [&](int32_t phase, int32_t core, Box src, int32_t srcBuffer, Box dst, int32_t dstBuffer,
                      int64_t m, int64_t k, int64_t n, const Blocking& bl, bool loadsSelection, bool selectionRight,
                      bool resident) {
    Tile t;
    t.phase = phase;
    t.core = core;
    t.src = src;
    t.srcBuffer = srcBuffer;
    t.dst = dst;
    t.dstBuffer = dstBuffer;
    const uint64_t data = static_cast<uint64_t>((selectionRight ? m : n) * k) * kF32;
    const uint64_t selection = static_cast<uint64_t>((selectionRight ? n : m) * k) * kF32;
    t.bytesIn = data + (loadsSelection ? selection : 0);
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
    const uint64_t dataBlock = selectionRight ? t.l0aBytes : t.l0bBytes;
    const uint64_t selectionBlock = selectionRight ? t.l0bBytes : t.l0aBytes;
    const int64_t kAll = roundUp(std::max<int64_t>(k, 1), 8);
    t.l1Bytes = dataBlock + (resident ? static_cast<uint64_t>((selectionRight ? np : mp) * kAll) * kF32 : selectionBlock);
    b.add(t);
  };

  const int32_t wOut = runH ? cp.mid : cp.castOut;  // -1: gradInput itself
  if (runW) {
    CubePass& w = cp.w;
    w.phase = b.addPhase(PhaseKind::kMatmul, "");
    plan.phases[static_cast<size_t>(w.phase)].selects = SelectAxis::kColumns;
    const int64_t M = P * Ho;
    int64_t tileCount = 0;
    const Blocking bl = blocking(M, w.kMax, slide, profile);
    w.blockM = bl.m, w.blockK = bl.k, w.blockN = bl.n;
    w.residentSelection = bl.n >= slide && (roundUp(std::max<int64_t>(w.kMax, 1), 8) * roundUp(slide, 16) + bl.m * bl.k) *
                                                   static_cast<int64_t>(kF32) <=
                                               static_cast<int64_t>(profile.l1Bytes / 2);
    int32_t lastCore = -1;
    int64_t lastSlide = -1;
    dealSlides(static_cast<int64_t>(w.slides.size()), M, cubes, slide, [&](int32_t c, int64_t s, int64_t u0, int64_t u1) {
      const Slide& sl = w.slides[static_cast<size_t>(s)];
      rowBoxes(u0, u1, Ho, bl.m, [&](int64_t p0, int64_t p1, int64_t r0, int64_t r1) {
        for (int64_t c0 = sl.d0; c0 < sl.d1; c0 += bl.n) {
          const int64_t c1 = std::min(sl.d1, c0 + bl.n);
          const bool first = c != lastCore || s != lastSlide || !w.residentSelection;
          lastCore = c, lastSlide = s;
          cubeTile(w.phase, c, Box{p0, p1, r0, r1, sl.k0, sl.k0 + sl.k}, cp.castIn, Box{p0, p1, r0, r1, c0, c1}, wOut,
                   (p1 - p0) * (r1 - r0), sl.k, c1 - c0, bl, first, true, w.residentSelection);
          ++tileCount;
        }
      });
    });
    plan.phases[static_cast<size_t>(w.phase)].what =
        rt::prose("W pass on the cube cores: {0} = gradOutput x A_W, {1} slide(s) of {2} gradInput columns, each "
                  "multiplying a window of up to {3} gradOutput columns ({4} blocks of up to {5} rows)",
                  runH ? "T" : "gradInput", w.slides.size(), slide, w.kMax, tileCount, bl.m);
  }
  if (runH) {
    CubePass& h = cp.h;
    h.phase = b.addPhase(PhaseKind::kMatmul, "");
    plan.phases[static_cast<size_t>(h.phase)].selects = SelectAxis::kRows;
    const Blocking bl = blocking(slide, h.kMax, Wi, profile);
    h.blockM = bl.m, h.blockK = bl.k, h.blockN = bl.n;
    h.residentSelection = bl.m >= slide && (roundUp(slide, 16) * roundUp(std::max<int64_t>(h.kMax, 1), 8) + bl.k * bl.n) *
                                                   static_cast<int64_t>(kF32) <=
                                               static_cast<int64_t>(profile.l1Bytes / 2);
    const int32_t hIn = runW ? cp.mid : cp.castIn;
    int32_t lastCore = -1;
    int64_t lastSlide = -1, tileCount = 0;
    dealSlides(static_cast<int64_t>(h.slides.size()), P, cubes, 1, [&](int32_t c, int64_t s, int64_t q0, int64_t q1) {
      const Slide& sl = h.slides[static_cast<size_t>(s)];
      for (int64_t p = q0; p < q1; ++p) {
        for (int64_t c0 = 0; c0 < Wi; c0 += bl.n) {
          const int64_t c1 = std::min(Wi, c0 + bl.n);
          for (int64_t i0 = sl.d0; i0 < sl.d1; i0 += bl.m) {
            const int64_t i1 = std::min(sl.d1, i0 + bl.m);
            const bool first = c != lastCore || s != lastSlide || !h.residentSelection;
            lastCore = c, lastSlide = s;
            cubeTile(h.phase, c, Box{p, p + 1, sl.k0, sl.k0 + sl.k, c0, c1}, hIn, Box{p, p + 1, i0, i1, c0, c1},
                     cp.castOut, i1 - i0, sl.k, c1 - c0, bl, first, false, h.residentSelection);
            ++tileCount;
          }
        }
      }
    });
    plan.phases[static_cast<size_t>(h.phase)].what =
        rt::prose("H pass on the cube cores: gradInput = A_H^T x {0}, per plane, {1} slide(s) of {2} gradInput rows, "
                  "each multiplying a window of up to {3} gradOutput rows ({4} blocks of up to {5} columns)",
                  runW ? "T" : "gradOutput", h.slides.size(), slide, h.kMax, tileCount, bl.n);
  }

  // Last phase (FLOAT16/BF16): round the fp32 sums once.
  if (half) {
    castTiles(b.addPhase(PhaseKind::kRound, rt::prose("round gradInput's fp32 sums to {0} once (CANN's Cast kernel after)",
                                                      rt::dtypeName(dtype))),
              Hi, Wi, false);
  }

  // Number each core's tiles within its phase, in the order they were dealt.
  std::stable_sort(b.tiles.begin(), b.tiles.end(), [](const Tile& x, const Tile& y) {
    return x.phase != y.phase ? x.phase < y.phase : x.core < y.core;
  });
  int32_t order = 0;
  for (size_t i = 0; i < b.tiles.size(); ++i) {
    Tile& t = b.tiles[i];
    order = i > 0 && b.tiles[i - 1].phase == t.phase && b.tiles[i - 1].core == t.core ? order + 1 : 0;
    t.order = order;
    plan.tiles.push_back(t);
  }
  finalizePlan(plan);
  for (Tile& t : plan.tiles) {
    if (plan.coreKind(t.core) != CoreKind::kCube) continue;
    ub.describe(t, doubleBuffered(plan, t)
                       ? rt::prose("L0A {0} B, L0B {1} B, L0C {2} B (fp32), half of each: ping-pong", t.l0aBytes, t.l0bBytes,
                                   t.l0cBytes)
                       : rt::prose("L0A {0} B, L0B {1} B, L0C {2} B (fp32)", t.l0aBytes, t.l0bBytes, t.l0cBytes));
  }

  const std::string passes = runW && runH ? rt::prose("W pass then H pass")
                              : runW      ? rt::prose("W pass only (the rows map one to one)")
                                          : rt::prose("H pass only (the columns map one to one)");
  plan.strategy = half ? rt::prose("cube: {0} as matrix products against 0/1 selection matrices on {1} cube cores, slides "
                                   "of {2} (CANN's size for a largest scale of {3}); the vector cores build the matrices "
                                   "and cast to fp32 and back; no atomic adds, the same result every run",
                                   passes, cubes, slide, std::max(sH, sW))
                       : rt::prose("cube: {0} as matrix products against 0/1 selection matrices on {1} cube cores, slides "
                                   "of {2} (CANN's size for a largest scale of {3}); the vector cores build the matrices; "
                                   "no atomic adds, the same result every run",
                                   passes, cubes, slide, std::max(sH, sW));
  const int64_t wSlides = static_cast<int64_t>(cp.w.slides.size()), hSlides = static_cast<int64_t>(cp.h.slides.size());
  auto deal = [&](int64_t slides, const std::string& units) {
    const int64_t each = slides / cubes, rem = slides % cubes;
    if (rem == 0) return rt::prose("{0} slides: {1} per cube core over all {2}", slides, each, units);
    if (each > 0) {
      return rt::prose("{0} slide(s): {1} per cube core over all {2}, then {3} left over, each split by {2} between {4} "
                       "cube core(s)", slides, each, units, rem, cubes / rem);
    }
    return rt::prose("{0} slide(s): {1} left over, each split by {2} between {3} cube core(s)", slides, rem, units,
                     cubes / rem);
  };
  // How many cube cores the pass's tiles use: a leftover slide's share has a minimum, so one of the cores
  // meant to split it can be left with nothing.
  auto working = [&](int32_t phase) {
    std::set<int32_t> lanes;
    for (const Tile& t : plan.tiles)
      if (t.phase == phase && t.core < cubes) lanes.insert(t.core);
    return static_cast<int32_t>(lanes.size());
  };
  // "W pass 3 slides: ..." and, when the pass leaves cube cores idle, " (1 of 2 cube cores get work)".
  auto pass = [&](bool w, const std::string& dealt, int32_t used) {
    if (used >= cubes) return w ? rt::prose("W pass {0}", dealt) : rt::prose("H pass {0}", dealt);
    return w ? rt::prose("W pass {0} ({1} of {2} cube cores get work)", dealt, used, cubes)
             : rt::prose("H pass {0} ({1} of {2} cube cores get work)", dealt, used, cubes);
  };
  const std::string wText = runW ? pass(true, deal(wSlides, rt::prose("rows")), working(cp.w.phase)) : std::string();
  const std::string hText = runH ? pass(false, deal(hSlides, rt::prose("planes")), working(cp.h.phase)) : std::string();
  plan.coreChoice = rt::cat(runW && runH ? rt::prose("{0}; {1}", wText, hText) : wText + hText, cannDealText(plan, CoreKind::kCube));
  return cp;
}

}  // namespace gradlab::ops::nearest
