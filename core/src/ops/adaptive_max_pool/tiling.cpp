#include "ops/adaptive_max_pool/tiling.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "ops/adaptive_max_pool/forward_simd.h"
#include "ops/common/tile_runner.h"
#include "runtime/error.h"
#include "runtime/prose.h"
#include "runtime/tensor.h"

namespace gradlab::ops::adaptive {
namespace {


// Bigger steps stop paying off once a step (values + indices) outgrows a host core's L2.
constexpr int64_t kMaxChunkCells = 4096;
constexpr int64_t kMaxSegmentCols = 4096;
// A plane is summed in UB only when a step of at least this many cells still fits beside it.
constexpr int64_t kMinUbStepCells = 64;
// A forward tile walks its output rows one after another through the same UB buffers, so it may hold
// more rows than one segment; this keeps per-tile overhead small for narrow outputs.
constexpr int64_t kForwardTileCells = 4096;
constexpr int64_t kForwardGroupTileCells = 16384;
// UB kept free after a UB accumulator: one 64-byte line, since the step's buffers start 64-byte aligned.
constexpr uint64_t kAlignSlack = 64;
// The forward compares values in fp32, or in fp64 for DOUBLE tensors (CANN's A2/A3 list has DOUBLE).
// UB per output cell of a segment: running max and its index (int64), doubled so the segment takes at
// most half the UB and the input columns get the rest.
uint64_t forwardBytesPerOutputCell(uint64_t valueBytes) { return 2 * (valueBytes + sizeof(int64_t)); }
// UB per staged input column: its column max, the max's index (int32), one staged value.
uint64_t forwardBytesPerInputColumn(uint64_t valueBytes) { return 2 * valueBytes + sizeof(int32_t); }
// The forward's three input-column buffers each start 64-byte aligned: up to 2 x 64 bytes of padding.
constexpr uint64_t kForwardColumnSlack = 2 * 64;

// The vector kernel's steps: at most this many input columns (its column winners, 64 bytes a column, and
// the group's outputs then stay in a host core's L1).
constexpr int64_t kMaxGroupCols = 256;

// Most windows of `w` that one step over `span` input columns holds: steps start at a window and take the
// following ones while they end within `span` columns of that start (every window fits on its own).
int64_t maxWindowsPerStep(const AxisWindows& w, int64_t span) {
  int64_t most = 0;
  for (int64_t a = 0, b = 0; a < w.size(); ++a) {
    b = std::max(b, a + 1);
    while (b < w.size() && w.end[b] - w.start[a] <= span) ++b;
    most = std::max(most, b - a);
  }
  return most;
}

// Places the vector kernel's buffers for steps of `cols` input columns; returns the bytes they take.
uint64_t layoutGroups(ForwardTiling& t, int64_t cols, int64_t stageRows, uint64_t indexBytes) {
  const uint64_t G = simd::kGroupRows;
  t.groupCols = cols;
  t.groupOuts = maxWindowsPerStep(t.cols, cols);
  t.groupStageRows = stageRows;
  const uint64_t stepCols = static_cast<uint64_t>(t.groupStepCols());
  const uint64_t winners = align64(stepCols * G * sizeof(float)), outCells = G * t.groupOuts;
  t.groupColIndexOffset = winners;
  t.groupVertValueOffset = 2 * winners;
  t.groupVertIndexOffset = 3 * winners;
  t.groupOutValueOffset = 4 * winners;
  t.groupOutIndexOffset = t.groupOutValueOffset + align64(outCells * sizeof(float));
  t.groupScratchOffset = t.groupOutIndexOffset + align64(outCells * indexBytes);
  t.groupStageOffset = t.groupScratchOffset + align64(G * (sizeof(float) + sizeof(int64_t)));
  t.groupBytes = t.groupStageOffset + static_cast<uint64_t>(stageRows) * stepCols * sizeof(float);
  return t.groupBytes;
}

// Plans the vector kernel when its buffers fit the UB with steps at least as wide as the widest window;
// leaves groupCols = 0 (scalar kernel only) otherwise.
void planGroups(ForwardTiling& t, const Extents& shape, aclDataType dtype, uint64_t indexBytes, uint64_t ub,
                bool selfRowsDense) {
  if (dtype != ACL_FLOAT && dtype != ACL_FLOAT16 && dtype != ACL_BF16) return;
  const int64_t widest = t.cols.widest();
  // Staged rows: every lane's window rows, for rows that are not evenly strided or are narrower than a step. A
  // window that spans slices reads its rows in place slice by slice when they are evenly strided (3.6-4.4 ms
  // against 6.8 ms staged for the bench's large 3-D call), else its rows are staged in (d, h) order and its
  // slots numbered slot * 2^k + column (2^k >= W).
  const bool staged = !selfRowsDense || shape.in[kW] < simd::kMinCols;
  const int64_t tallest = t.rows.tallest();
  // The kernel's indices are int32: a plane's rows (or a staged window's slots) times the padded width.
  if (shape.in[kH] * static_cast<int64_t>(std::bit_ceil(static_cast<uint64_t>(shape.in[kW]))) > INT32_MAX) return;
  const int64_t stageRows = staged ? simd::kGroupRows * tallest : 0;
  for (int64_t cols = std::min(shape.in[kW], kMaxGroupCols);; cols = cols * 3 / 4) {
    cols = std::max(cols, widest);
    if (layoutGroups(t, cols, stageRows, indexBytes) <= ub) break;
    if (cols == widest) {
      t.groupCols = t.groupOuts = t.groupStageRows = 0;
      t.groupBytes = 0;
      return;
    }
  }
  t.rowSpans.resize(static_cast<size_t>(t.rows.depths.size() * t.rows.heights.size()));
  for (size_t o = 0; o < t.rowSpans.size(); ++o) {
    const auto row = static_cast<int64_t>(o);
    t.rowSpans[o] = {static_cast<int32_t>(t.rows.first(row)), static_cast<int32_t>(t.rows.end(row) - 1),
                     static_cast<int32_t>(t.rows.slices(row)), static_cast<int32_t>(t.rows.rowsPerSlice(row))};
  }
  t.colStart32.assign(t.cols.start.begin(), t.cols.start.end());
  t.colEnd32.assign(t.cols.end.begin(), t.cols.end.end());
  t.winCols.resize(static_cast<size_t>(t.cols.size() * simd::kWinCols));
  for (int64_t a = 0; a < t.cols.size(); ++a) {
    for (int64_t k = 0; k < simd::kWinCols; ++k) {
      const int64_t c = std::min(t.cols.start[a] + k, t.cols.end[a] - 1);
      t.winCols[static_cast<size_t>(a * simd::kWinCols + k)] = static_cast<int32_t>(c * simd::kGroupRows);
    }
  }
}

// Rounds a cell count down to a multiple of 16 (64-byte fp32 runs) when that leaves something.
int64_t roundDown16(int64_t cells) { return cells >= 16 ? cells - cells % 16 : std::max<int64_t>(cells, 1); }

// A run of rows of the row-major (plane, row) sequence that one core owns: rows of one plane, or whole planes.
struct RowPiece {
  int32_t core = 0;
  int64_t plane0 = 0, plane1 = 0, row0 = 0, row1 = 0;
  bool wholePlanes(int64_t rowsPerPlane) const { return row0 == 0 && row1 == rowsPerPlane; }
};

// Splits planes x rowsPerPlane rows evenly over `cores` cores (consecutive ranges), cut at plane boundaries.
std::vector<RowPiece> splitRows(int64_t planes, int64_t rowsPerPlane, int32_t cores) {
  std::vector<RowPiece> pieces;
  const int64_t total = planes * rowsPerPlane;
  for (int32_t c = 0; c < cores; ++c) {
    const int64_t r1 = splitStart(total, cores, c + 1);
    for (int64_t r = splitStart(total, cores, c); r < r1;) {
      const int64_t p = r / rowsPerPlane, h = r - p * rowsPerPlane;
      if (h != 0 || r1 - r < rowsPerPlane) {
        const int64_t end = std::min(r1, (p + 1) * rowsPerPlane);
        pieces.push_back({c, p, p + 1, h, end - p * rowsPerPlane});
        r = end;
      } else {
        const int64_t pEnd = r1 / rowsPerPlane;
        pieces.push_back({c, p, pEnd, 0, rowsPerPlane});
        r = pEnd * rowsPerPlane;
      }
    }
  }
  return pieces;
}

// Whole planes to the owner cores: plane ranges split evenly, one piece per core.
std::vector<RowPiece> splitPlanes(int64_t planes, int64_t rowsPerPlane, int32_t cores) {
  std::vector<RowPiece> pieces;
  for (int32_t c = 0; c < cores; ++c) {
    pieces.push_back({c, splitStart(planes, cores, c), splitStart(planes, cores, c + 1), 0, rowsPerPlane});
  }
  return pieces;
}

// Cuts a piece into boxes of at most maxCells cells, in row-major order: groups of whole small planes,
// bands of whole rows, or pieces of one long row.
template <typename Emit>
void cutPiece(const RowPiece& piece, int64_t rowsPerPlane, int64_t cols, int64_t maxCells, Emit emit) {
  if (piece.wholePlanes(rowsPerPlane) && rowsPerPlane * cols <= maxCells) {
    const int64_t group = maxCells / (rowsPerPlane * cols);
    for (int64_t q = piece.plane0; q < piece.plane1; q += group) emit(Box{q, std::min(q + group, piece.plane1), 0, rowsPerPlane, 0, cols});
    return;
  }
  for (int64_t p = piece.plane0; p < piece.plane1; ++p) {
    if (cols <= maxCells) {
      const int64_t band = maxCells / cols;
      for (int64_t r = piece.row0; r < piece.row1; r += band) emit(Box{p, p + 1, r, std::min(r + band, piece.row1), 0, cols});
    } else {
      for (int64_t r = piece.row0; r < piece.row1; ++r) {
        for (int64_t c = 0; c < cols; c += maxCells) emit(Box{p, p + 1, r, r + 1, c, std::min(c + maxCells, cols)});
      }
    }
  }
}

// How the plans count a call's output rows: a 3-D call's are its slices' rows.
std::string rowsCounted(int spatialRank) {
  return spatialRank == 3 ? rt::planProse("planes x Do x Ho") : rt::planProse("planes x Ho");
}

// A 3-D call's plans count rows of D x H: said once at the end of the strategy text.
std::string depthRowsNote(const Extents& call, int spatialRank) {
  if (spatialRank != 3) return "";
  return rt::planProse("; a 3-D plane's rows are its (D, H) rows, slice after slice: Do x Ho = {0} x {1} output rows and "
                       "D x H = {2} x {3} input rows per plane",
                       call.out[kD], call.out[kH], call.in[kD], call.in[kH]);
}

int32_t coresFor(const DeviceProfile& profile, int64_t units) {
  return static_cast<int32_t>(std::min<int64_t>(profile.vectorCores, units));
}


// Rows of the shared planes (planes x H, in sharedPlanes order) split evenly over `cores`: one tile per
// core and plane piece, for the zero and round phases.
void sharedPlaneTiles(const BackwardTiling& t, int32_t phase, int32_t cores, uint64_t bytesInPerCell,
                      uint64_t bytesOutPerCell, uint64_t ubBytes, TileList& tiles) {
  const Extents& s = t.shape;
  const int64_t total = static_cast<int64_t>(t.sharedPlanes.size()) * s.in[kH];
  for (int32_t c = 0; c < cores; ++c) {
    int32_t order = 0;
    for (int64_t r = splitStart(total, cores, c), r1 = splitStart(total, cores, c + 1); r < r1;) {
      const int64_t q = r / s.in[kH], h = r - q * s.in[kH], h1 = std::min(s.in[kH], h + (r1 - r));
      const int64_t p = t.sharedPlanes[static_cast<size_t>(q)];
      Tile tile;
      tile.phase = phase;
      tile.core = c;
      tile.order = order++;
      tile.dst = {p, p + 1, h, h1, 0, s.in[kW]};
      const uint64_t cells = static_cast<uint64_t>(tile.dst.cells());
      tile.bytesIn = cells * bytesInPerCell;
      tile.bytesOut = cells * bytesOutPerCell;
      tile.vectorElems = bytesInPerCell ? cells : 0;
      tile.ubBytes = ubBytes;
      tiles.push_back(tile);
      r += h1 - h;
    }
  }
}

// The round phase's tiles: the shared planes' fp32 sums, stageCells at a time, rounded into gradInput.
void appendRoundTiles(const BackwardTiling& t, int32_t phase, int32_t cores, aclDataType dtype, UbUses& ub,
                      TileList& tiles) {
  const size_t first = tiles.size();
  sharedPlaneTiles(t, phase, cores, sizeof(float), aclDataTypeSize(dtype), static_cast<uint64_t>(t.stageCells) * sizeof(float),
                   tiles);
  for (size_t i = first; i < tiles.size(); ++i) {
    ub.describe(tiles[i], rt::planProse("{0} fp32 workspace cells at a time, rounded to {1} ({2} B)", t.stageCells,
                                    rt::dtypeName(dtype), tiles[i].ubBytes));
  }
}

// Plans without sums: an empty gradInput (nothing to do) or an empty gradOutput (gradInput is zeroed).
// False when the call has sums to plan.
bool planWithoutSums(BackwardTiling& t, const Extents& shape, uint64_t es, const DeviceProfile& profile) {
  Plan& plan = t.plan;
  const int64_t P = shape.planes();
  if (P * shape.planeCells(Side::kIn) == 0) {
    t.mode = BackwardMode::kNothing;
    plan.strategy = rt::planProse("gradInput is empty: nothing to do");
    finalizePlan(plan);
    return true;
  }
  if (shape.planeCells(Side::kOut) != 0) return false;
  t.mode = BackwardMode::kZeroOnly;
  const int32_t cores = coresFor(profile, P);
  plan.phases.push_back({PhaseKind::kZero, rt::planProse("zero gradInput (gradOutput is empty)")});
  for (const RowPiece& piece : splitPlanes(P, shape.in[kH], cores)) {
    Tile tile;
    tile.core = piece.core;
    tile.src = {piece.plane0, piece.plane1, 0, 0, 0, 0};
    tile.dst = {piece.plane0, piece.plane1, 0, shape.in[kH], 0, shape.in[kW]};
    tile.bytesOut = static_cast<uint64_t>(tile.dst.cells()) * es;
    plan.tiles.push_back(tile);
  }
  plan.strategy = rt::planProse("gradOutput is empty: gradInput's {0} planes are zeroed, split over {1} cores", P, cores);
  plan.coreChoice = coreChoiceText(cores, profile, P, rt::planProse("gradInput planes"));
  finalizePlan(plan);
  return true;
}

// One compute tile of the owners or default strategy: gradOutput cells `src` of `piece`, added into their
// cells; a plane's only core also zeroes its accumulator (first tile) and rounds it into gradInput (last).
Tile backwardComputeTile(BackwardTiling& t, const RowPiece& piece, const Box& src, bool owners, uint64_t es, uint64_t is,
                         UbUses& ub) {
  const Extents& shape = t.shape;
  const int64_t HW = shape.planeCells(Side::kIn), HoWo = shape.planeCells(Side::kOut);
  Tile tile;
  tile.core = piece.core;
  tile.src = src;
  tile.dst = {src.plane0, src.plane1, t.rows.first(src.row0), t.rows.end(src.row1 - 1),
              windowStart(src.col0, shape.in[kW], shape.out[kW]), windowEnd(src.col1 - 1, shape.in[kW], shape.out[kW])};
  tile.atomic = !owners && !piece.wholePlanes(shape.out[kH]);
  if (tile.atomic && (t.sharedPlanes.empty() || t.sharedPlanes.back() != src.plane0)) t.sharedPlanes.push_back(src.plane0);
  const uint64_t cells = src.cells();
  tile.ubBytes = t.accBytes + BackwardTiling::footprint(static_cast<int64_t>(cells));
  const uint64_t stagedBytes = BackwardTiling::footprint(static_cast<int64_t>(cells));
  tile.bytesIn = cells * (es + is);
  tile.vectorElems = cells;
  const Accumulator acc = tile.atomic ? t.sharedAcc : t.ownerAcc;
  if (acc != Accumulator::kUb) tile.bytesOut = cells * sizeof(float);  // adds into GM
  if (!tile.atomic) {  // the plane's only core: zeroes it first and rounds it last
    const PlaneRun run = planeRun(src, shape.out[kW]);
    const uint64_t planes = src.plane1 - src.plane0;
    if (run.first == 0) {  // zeroes the planes' accumulators
      if (acc == Accumulator::kUb) tile.vectorElems += planes * HW;
      else tile.bytesOut += planes * HW * sizeof(float);
    }
    if (run.first + run.count == HoWo && acc != Accumulator::kGradInput) {  // rounds them into gradInput
      if (acc == Accumulator::kWorkspace) {
        tile.ubBytes = std::max<uint64_t>(tile.ubBytes, static_cast<uint64_t>(t.stageCells) * sizeof(float));
        tile.bytesIn += planes * HW * sizeof(float);
      }
      tile.bytesOut += planes * HW * es;
      tile.vectorElems += planes * HW;
    }
  }
  if (acc == Accumulator::kUb) {
    ub.describe(tile, rt::planProse("an fp32 accumulator of the {0}x{1} gradInput plane ({2} B) + {3} staged gradOutput "
                                "values and indices ({4} B)", shape.in[kH], shape.in[kW], t.accBytes, cells, stagedBytes));
  } else {
    const std::string sums = acc == Accumulator::kGradInput ? std::string("gradInput") : rt::planProse("the workspace");
    ub.describe(tile, tile.ubBytes > stagedBytes
                          ? rt::planProse("{0} staged gradOutput values and indices ({1} B); the sums go to {2} in GM, then "
                                      "{3} fp32 cells at a time are rounded in UB", cells, stagedBytes, sums, t.stageCells)
                          : rt::planProse("{0} staged gradOutput values and indices ({1} B); the sums go to {2} in GM", cells,
                                      stagedBytes, sums));
  }
  return tile;
}

// Where the owners / default strategies' sums go, in words.
std::string accumulatorText(Accumulator a) {
  switch (a) {
    case Accumulator::kUb: return rt::planProse("an fp32 accumulator in UB, rounded once into gradInput");
    case Accumulator::kGradInput: return rt::planProse("gradInput (fp32, dense planes) directly");
    case Accumulator::kWorkspace: break;
  }
  return rt::planProse("fp32 accumulators in the workspace, rounded once into gradInput");
}

// The owners / default plan's strategy and core choice in words.
void describeBackward(BackwardTiling& t, bool owners, int32_t cores) {
  Plan& plan = t.plan;
  const DeviceProfile& profile = plan.profile;
  const Extents& shape = t.shape;
  const int64_t P = shape.planes();
  if (owners) {
    plan.strategy = rt::planProse("owners: one owner core per gradInput plane ({0} planes over {1} cores); the owner walks the "
                              "plane's gradOutput and indices in row-major order in UB steps of at most {2} cells (one "
                              "tile each), its first tile zeroes the accumulator and every tile adds into {3}, so each "
                              "cell sums in the reference order", P, cores, t.chunkCells, accumulatorText(t.ownerAcc));
    plan.coreChoice = coreChoiceText(cores, profile, P, rt::planProse("gradInput planes"));
  } else {
    plan.strategy = rt::planProse("default (non-owners): gradOutput's {0} rows ({6}) split evenly over {1} cores, in "
                              "UB steps of at most {2} cells; a plane held by one core is zeroed and summed plainly by "
                              "that core in {3}; the {4} plane(s) whose rows are split between cores are zeroed by all "
                              "cores first and take fp32 atomic adds into {5}",
                              P * shape.out[kH], cores, t.chunkCells, accumulatorText(t.ownerAcc), t.sharedPlanes.size(),
                              accumulatorText(t.sharedAcc), rowsCounted(t.spatialRank));
    plan.coreChoice = coreChoiceText(cores, profile, P * shape.out[kH],
                                     rt::planProse("gradOutput rows ({0})", rowsCounted(t.spatialRank)));
  }
  if (plan.accumulate == Accumulation::kDtype) {
    plan.strategy += rt::planProse("; every sum is rounded to {0} after its add (accumulate=dtype), in the same fp32 cells",
                               rt::dtypeName(plan.dtype));
  }
  plan.strategy += depthRowsNote(t.call, t.spatialRank);
}

// The lanes strategy's compute tiles: groups of kLanePlanes planes dealt round-robin over `cores`, one output
// row per tile (cut in width, then in planes, where it does not fit half the UB).
TileList laneComputeTiles(const BackwardTiling& t, int32_t computePhase, int64_t groups, int32_t cores,
                          bool overlap, uint64_t es, uint64_t is, const DeviceProfile& profile, UbUses& ub) {
  const Extents& shape = t.shape;
  const int64_t P = shape.planes();
  const AxisWindows rows(shape.in[kH], shape.out[kH]), cols(shape.in[kW], shape.out[kW]);
  const int64_t kwMax = cols.widest();
  // UB of a tile of `planes` planes x `cells` output cells of one row: values and indices, and the window
  // region of one output cell per plane on its way out.
  auto need = [&](int64_t planes, int64_t cells, int64_t kh) {
    return BackwardTiling::footprint(planes * cells) + align64(static_cast<uint64_t>(planes * kh * kwMax) * sizeof(float));
  };
  const uint64_t half = profile.ubBytes / 2;
  std::vector<int32_t> order(static_cast<size_t>(cores), 0);
  TileList compute;
  for (int64_t g = 0; g < groups; ++g) {
    const int32_t core = static_cast<int32_t>(g % cores);
    const int64_t p0 = g * kLanePlanes, p1 = std::min(P, p0 + kLanePlanes);
    for (int64_t oh = 0; oh < shape.out[kH]; ++oh) {
      const int64_t hs = rows.start[static_cast<size_t>(oh)], he = rows.end[static_cast<size_t>(oh)];
      // The widest piece of the row that fits half the UB (double-buffered), else all of it; planes are cut
      // too when one cell of every plane does not fit.
      int64_t planes = p1 - p0, width = shape.out[kW];
      uint64_t budget = half;
      while (width > 1 && need(planes, width, he - hs) > budget) width = (width + 1) / 2;
      if (need(planes, width, he - hs) > budget) budget = profile.ubBytes;
      while (planes > 1 && need(planes, width, he - hs) > budget) planes = (planes + 1) / 2;
      for (int64_t q0 = p0; q0 < p1; q0 += planes) {
        const int64_t q1 = std::min(p1, q0 + planes);
        for (int64_t w0 = 0; w0 < shape.out[kW]; w0 += width) {
          const int64_t w1 = std::min(shape.out[kW], w0 + width);
          Tile tile;
          tile.phase = computePhase;
          tile.core = core;
          tile.order = order[static_cast<size_t>(core)]++;
          tile.src = {q0, q1, oh, oh + 1, w0, w1};
          tile.dst = {q0, q1, hs, he, cols.start[static_cast<size_t>(w0)], cols.end[static_cast<size_t>(w1 - 1)]};
          tile.atomic = overlap;
          const uint64_t cells = static_cast<uint64_t>((q1 - q0) * (w1 - w0));
          uint64_t region = 0;
          for (int64_t a = w0; a < w1; ++a) region += static_cast<uint64_t>((he - hs) * (cols.end[static_cast<size_t>(a)] - cols.start[static_cast<size_t>(a)]));
          region *= static_cast<uint64_t>(q1 - q0);
          tile.bytesIn = cells * (es + is);
          tile.bytesOut = region * sizeof(float);
          tile.vectorElems = cells * 4 + region * 2;  // transposes, index to window offset, compare + select
          tile.ubBytes = std::min<uint64_t>(need(q1 - q0, w1 - w0, he - hs), profile.ubBytes);
          ub.describe(tile, rt::planProse("{0} gradOutput values and indices, one plane per lane ({1} B), and one window region "
                                      "per plane on its way out", cells, BackwardTiling::footprint(static_cast<int64_t>(cells))));
          compute.push_back(tile);
        }
      }
    }
  }
  return compute;
}

}  // namespace

int64_t BackwardTiling::workspaceSlot(int64_t plane) const {
  if (ownerAcc == Accumulator::kWorkspace) return plane;
  return std::lower_bound(sharedPlanes.begin(), sharedPlanes.end(), plane) - sharedPlanes.begin();
}

BackwardTiling planBackward(OpKind op, const Extents& call, aclDataType dtype, aclDataType indexType, bool gradInputDense,
                            bool owners, const DeviceProfile& profile, Accumulation accumulate) {
  BackwardTiling t;
  t.call = call;
  t.shape = rowsOfPlanes(call);
  t.spatialRank = opInfo(op).spatialRank;
  t.rows = RowWindows(call.in[kD], call.out[kD], call.in[kH], call.out[kH]);
  t.indexType = indexType;
  t.plan = newPlan(op, profile, owners, dtype, call.planes(), call.shape(Side::kOut, t.spatialRank),
                   call.shape(Side::kIn, t.spatialRank));
  const Extents& shape = t.shape;
  Plan& plan = t.plan;
  plan.accumulate = dtype == ACL_FLOAT ? Accumulation::kFp32 : accumulate;
  const int64_t P = shape.planes(), HW = shape.planeCells(Side::kIn), HoWo = shape.planeCells(Side::kOut);
  const uint64_t es = aclDataTypeSize(dtype), is = aclDataTypeSize(indexType);
  if (planWithoutSums(t, shape, es, profile)) return t;

  t.mode = owners ? BackwardMode::kOwner : BackwardMode::kAtomic;
  UbUses ub(plan);
  const bool fp32Dense = dtype == ACL_FLOAT && gradInputDense;
  // A plane that fits in UB beside a reasonable step is summed there: gradInput is then written once,
  // rounded once, and never zeroed or read back in GM (the op is memory-bound).
  const uint64_t planeBytes = align64(static_cast<uint64_t>(HW) * sizeof(float));
  const bool planeInUb = planeBytes + BackwardTiling::footprint(std::min<int64_t>(kMinUbStepCells, HoWo)) <= profile.ubBytes;
  t.ownerAcc = planeInUb ? Accumulator::kUb : fp32Dense ? Accumulator::kGradInput : Accumulator::kWorkspace;
  t.sharedAcc = fp32Dense ? Accumulator::kGradInput : Accumulator::kWorkspace;
  t.accBytes = planeInUb ? planeBytes : 0;
  const uint64_t stepBytes = planeInUb ? profile.ubBytes - t.accBytes - kAlignSlack : profile.ubBytes;
  t.chunkCells = std::min(roundDown16(static_cast<int64_t>(stepBytes / BackwardTiling::kStagedBytesPerCell)), kMaxChunkCells);
  t.stageCells = std::min(roundDown16(static_cast<int64_t>(profile.ubBytes / sizeof(float))), std::min(kMaxChunkCells, HW));

  // Phases: (zero), compute, (round). Indices into plan.phases.
  TileList compute;
  const int32_t cores = coresFor(profile, owners ? P : P * shape.out[kH]);
  const std::vector<RowPiece> pieces = owners ? splitPlanes(P, shape.out[kH], cores) : splitRows(P, shape.out[kH], cores);
  int32_t order = 0, lastCore = -1;
  for (const RowPiece& piece : pieces) {
    cutPiece(piece, shape.out[kH], shape.out[kW], t.chunkCells, [&](const Box& src) {
      order = piece.core == lastCore ? order + 1 : 0;
      lastCore = piece.core;
      Tile tile = backwardComputeTile(t, piece, src, owners, es, is, ub);
      tile.order = order;
      compute.push_back(tile);
    });
  }
  const size_t shared = t.sharedPlanes.size();
  if (shared > 0) {
    plan.phases.push_back({PhaseKind::kZero, rt::planProse("zero the fp32 accumulators of the {0} gradInput plane(s) shared "
                                                       "between cores", shared)});
    sharedPlaneTiles(t, static_cast<int32_t>(plan.phases.size()) - 1, cores, 0, sizeof(float), 0, plan.tiles);
  }
  plan.phases.push_back({PhaseKind::kCompute, rt::planProse("copy in gradOutput and indices, add each value into its cell (an index "
                                                           "outside its plane fails the launch)")});
  plan.tiles.reserve(plan.tiles.size() + compute.size());
  for (Tile& c : compute) {
    c.phase = static_cast<int32_t>(plan.phases.size()) - 1;
    plan.tiles.push_back(c);
  }
  if (shared > 0 && t.sharedAcc == Accumulator::kWorkspace) {
    plan.phases.push_back({PhaseKind::kRound, rt::planProse("round the {0} shared plane(s) from the fp32 workspace into "
                                                        "gradInput once", shared)});
    appendRoundTiles(t, static_cast<int32_t>(plan.phases.size()) - 1, cores, dtype, ub, plan.tiles);
  }
  if (t.ownerAcc == Accumulator::kWorkspace) {
    plan.workspaceBytes = static_cast<uint64_t>(P * HW) * sizeof(float);
  } else if (t.sharedAcc == Accumulator::kWorkspace) {
    plan.workspaceBytes = static_cast<uint64_t>(shared) * static_cast<uint64_t>(HW) * sizeof(float);
  }
  describeBackward(t, owners, cores);
  finalizePlan(plan);
  return t;
}

BackwardTiling planLanes(OpKind op, const Extents& call, aclDataType dtype, aclDataType indexType, bool gradInputDense,
                         const DeviceProfile& profile, Accumulation accumulate) {
  BackwardTiling t = planBackward(op, call, dtype, indexType, gradInputDense, true, profile, accumulate);
  const Extents& shape = t.shape;
  if (t.mode != BackwardMode::kOwner) return t;  // nothing to do, or only zeroes: as every strategy
  t.mode = BackwardMode::kLanes;
  Plan& plan = t.plan;
  plan.phases.clear();
  plan.tiles.clear();
  plan.ubUses.clear();
  UbUses ub(plan);
  const int64_t P = shape.planes(), HW = shape.planeCells(Side::kIn);
  const uint64_t es = aclDataTypeSize(dtype), is = aclDataTypeSize(indexType);
  const bool fp32Dense = dtype == ACL_FLOAT && gradInputDense;
  t.ownerAcc = t.sharedAcc = fp32Dense ? Accumulator::kGradInput : Accumulator::kWorkspace;
  t.accBytes = 0;
  const bool overlap = shape.in[kH] % shape.out[kH] != 0 || shape.in[kW] % shape.out[kW] != 0;  // Ho, Wo > 0: an empty gradOutput returned above
  const int64_t groups = (P + kLanePlanes - 1) / kLanePlanes;
  const int32_t cores = coresFor(profile, groups);
  plan.phases.push_back({PhaseKind::kZero, rt::planProse("vector core 0 zeroes the fp32 sums of all {0} gradInput planes ({1}), "
                                                     "as CANN's block 0 does before the others start", P,
                                                     fp32Dense ? rt::planProse("gradInput itself") : rt::planProse("the workspace"))});
  Tile zero;
  zero.phase = 0;
  zero.core = 0;
  zero.dst = {0, P, 0, shape.in[kH], 0, shape.in[kW]};
  zero.bytesOut = static_cast<uint64_t>(P * HW) * sizeof(float);
  zero.vectorElems = 0;
  plan.tiles.push_back(zero);
  const int32_t computePhase = 1;
  plan.phases.push_back({PhaseKind::kCompute,
                         overlap ? rt::planProse("each core takes its groups of {0} planes (one per vector lane) an output row at "
                                             "a time; every gradOutput cell writes its window, its value at the argmax and "
                                             "zeros elsewhere, with atomic adds (windows overlap)", kLanePlanes)
                                 : rt::planProse("each core takes its groups of {0} planes (one per vector lane) an output row at "
                                             "a time; every gradOutput cell writes its window, its value at the argmax and "
                                             "zeros elsewhere, plainly (windows do not overlap)", kLanePlanes)});
  const TileList compute = laneComputeTiles(t, computePhase, groups, cores, overlap, es, is, profile, ub);
  for (const Tile& c : compute) plan.tiles.push_back(c);
  t.chunkCells = kLanePlanes * shape.out[kW];
  if (!fp32Dense) {
    t.sharedPlanes.clear();
    for (int64_t p = 0; p < P; ++p) t.sharedPlanes.push_back(p);
    plan.phases.push_back({PhaseKind::kRound, rt::planProse("round the {0} planes' fp32 sums from the workspace into gradInput "
                                                        "once, split over the cores", P)});
    appendRoundTiles(t, 2, coresFor(profile, P * shape.in[kH]), dtype, ub, plan.tiles);
    plan.workspaceBytes = static_cast<uint64_t>(P * HW) * sizeof(float);
  } else {
    plan.workspaceBytes = 0;
  }
  const std::string into = fp32Dense ? std::string("gradInput") : rt::planProse("an fp32 workspace");
  const std::string dealt =
      overlap ? rt::planProse("{0} group(s) of up to {1} planes dealt round-robin over {2} cores, one output row per tile; each "
                          "gradOutput cell writes its whole window into {3} with atomic adds; a plane belongs to one core, "
                          "so its sums land in row-major order", groups, kLanePlanes, cores, into)
              : rt::planProse("{0} group(s) of up to {1} planes dealt round-robin over {2} cores, one output row per tile; each "
                          "gradOutput cell writes its whole window into {3}; a plane belongs to one core, so its sums land "
                          "in row-major order", groups, kLanePlanes, cores, into);
  plan.strategy = overlap ? rt::planProse("lanes (CANN's AdaptiveMaxPool3DGrad): {0}", dealt)
                          : rt::planProse("lanes (CANN's AdaptiveMaxPool3DGrad, as MaxPool3DGradWithArgmax since the sizes "
                                      "divide): {0}", dealt);
  plan.coreChoice = coreChoiceText(cores, profile, groups, rt::planProse("groups of 64 planes"));
  if (plan.accumulate == Accumulation::kDtype) {
    plan.strategy += rt::planProse("; every sum is rounded to {0} after its add (accumulate=dtype)", rt::dtypeName(dtype));
  }
  finalizePlan(plan);
  plan.coreChoice += cannDealText(plan, CoreKind::kVector);
  return t;
}

int64_t ForwardTiling::groupStepCols() const { return std::max<int64_t>(groupCols, simd::kMinCols); }

namespace {

// What a forward tile whose windows span `span` input columns keeps in UB: the scalar kernel's running max
// and column winners, after the vector kernel's groups when there is one (a group with a NaN runs the scalar
// kernel again).
std::string forwardUbText(const ForwardTiling& t, int64_t span, uint64_t scalarBytes) {
  std::string text = rt::planProse("running max ({0}) and index (int64) of up to {1} outputs + column max and index of {2} "
                               "input columns + one staged input row piece ({3} B)", t.valueBytes == 8 ? "fp64" : "fp32",
                               t.segmentCols, std::min<int64_t>(t.inputChunkCols, span), scalarBytes);
  if (t.groupCols > 0 && t.groupStageRows > 0) {
    return rt::planProse("column winners (fp32 + int32 index) of {0} input columns x 8 output rows, by row and transposed, "
                     "+ {1} window winners per row (fp32 + {2} index) + {3} staged input rows ({4} B); a group with a "
                     "NaN again with the scalar kernel's {5}", t.groupStepCols(), t.groupOuts,
                     rt::dtypeName(t.indexType), t.groupStageRows, t.groupBytes, text);
  }
  if (t.groupCols > 0) {
    return rt::planProse("column winners (fp32 + int32 index) of {0} input columns x 8 output rows, by row and transposed, "
                     "+ {1} window winners per row (fp32 + {2} index) ({3} B); a group with a NaN again with the "
                     "scalar kernel's {4}", t.groupStepCols(), t.groupOuts, rt::dtypeName(t.indexType), t.groupBytes, text);
  }
  return text;
}

}  // namespace

ForwardTiling planForward(OpKind op, const Extents& call, aclDataType dtype, aclDataType indexType,
                          const DeviceProfile& profile, bool selfRowsDense) {
  ForwardTiling t;
  t.call = call;
  t.shape = rowsOfPlanes(call);
  t.indexType = indexType;
  const int rank = opInfo(op).spatialRank;
  t.plan = newPlan(op, profile, true, dtype, call.planes(), call.shape(Side::kIn, rank), call.shape(Side::kOut, rank));
  const Extents& shape = t.shape;
  Plan& plan = t.plan;
  const int64_t P = shape.planes();
  if (P * shape.planeCells(Side::kOut) == 0) {
    plan.strategy = rt::planProse("self is empty: nothing to do");
    finalizePlan(plan);
    return t;
  }
  t.rows = RowWindows(call.in[kD], call.out[kD], call.in[kH], call.out[kH]);
  t.cols = AxisWindows(shape.in[kW], shape.out[kW]);

  // UB: up to half for the running max + index of segmentCols outputs, the rest for input columns
  // (column max, column index, staged row: 12 bytes each).
  const uint64_t ub = profile.ubBytes;
  const uint64_t vb = t.valueBytes = dtype == ACL_DOUBLE ? sizeof(double) : sizeof(float);
  t.segmentCols =
      std::min({roundDown16(static_cast<int64_t>(ub / forwardBytesPerOutputCell(vb))), kMaxSegmentCols, shape.out[kW]});
  t.indexOffset = align64(static_cast<uint64_t>(t.segmentCols) * vb);
  const uint64_t columnsStart = t.indexOffset + align64(static_cast<uint64_t>(t.segmentCols) * 8);
  t.inputChunkCols = std::min(
      roundDown16(static_cast<int64_t>((ub - columnsStart - kForwardColumnSlack) / forwardBytesPerInputColumn(vb))),
      shape.in[kW]);
  t.colMaxOffset = columnsStart;
  t.colArgOffset = t.colMaxOffset + align64(static_cast<uint64_t>(t.inputChunkCols) * vb);
  t.rowOffset = t.colArgOffset + align64(static_cast<uint64_t>(t.inputChunkCols) * 4);

  planGroups(t, shape, dtype, aclDataTypeSize(indexType), ub, selfRowsDense);

  const uint64_t es = aclDataTypeSize(dtype), is = aclDataTypeSize(indexType);
  const int32_t cores = coresFor(profile, P * shape.out[kH]);
  int32_t order = 0, lastCore = -1;
  UbUses ubUses(plan);
  // Rows of at most segmentCols cells may be banded together; longer rows are cut into segments. The
  // vector kernel takes kGroupRows rows at a time, so its tiles hold more rows (fewer partial groups).
  const int64_t bandCells = t.groupCols > 0 ? kForwardGroupTileCells : kForwardTileCells;
  const int64_t tileCells = shape.out[kW] <= t.segmentCols ? std::max(t.segmentCols, bandCells) : t.segmentCols;
  int64_t describedSpan = -1;
  int32_t describedUse = -1;
  // Input rows read for output rows [0, oh) of a plane: a tile's are a difference, not a loop over its rows
  // (that loop, a division per row, took half the planning time of the bench's large 3-D forward).
  std::vector<int64_t> windowRowsBefore(static_cast<size_t>(shape.out[kH]) + 1, 0);
  for (int64_t oh = 0; oh < shape.out[kH]; ++oh) windowRowsBefore[oh + 1] = windowRowsBefore[oh] + t.rows.count(oh);
  for (const RowPiece& piece : splitRows(P, shape.out[kH], cores)) {
    cutPiece(piece, shape.out[kH], shape.out[kW], tileCells, [&](const Box& dst) {
      order = piece.core == lastCore ? order + 1 : 0;
      lastCore = piece.core;
      Tile tile;
      tile.core = piece.core;
      tile.order = order;
      tile.dst = dst;
      tile.src = {dst.plane0, dst.plane1, t.rows.first(dst.row0), t.rows.end(dst.row1 - 1), t.cols.start[dst.col0],
                  t.cols.end[dst.col1 - 1]};
      const int64_t windowRows = windowRowsBefore[dst.row1] - windowRowsBefore[dst.row0];  // in one plane
      const uint64_t span = tile.src.col1 - tile.src.col0;
      const uint64_t reads = static_cast<uint64_t>(dst.plane1 - dst.plane0) * windowRows * span;
      const uint64_t scalarBytes = t.footprint(std::min<int64_t>(t.inputChunkCols, span));
      tile.ubBytes = std::max(scalarBytes, t.groupBytes);
      tile.bytesIn = reads * es;
      tile.bytesOut = static_cast<uint64_t>(dst.cells()) * (es + is);
      tile.vectorElems = reads;
      if (static_cast<int64_t>(span) == describedSpan) {  // the text depends on the span alone: build it once
        tile.ubUse = describedUse;
        plan.tiles.push_back(tile);
        return;
      }
      ubUses.describe(tile, forwardUbText(t, static_cast<int64_t>(span), scalarBytes));
      describedSpan = static_cast<int64_t>(span);
      describedUse = tile.ubUse;
      plan.tiles.push_back(tile);
    });
  }
  plan.phases.push_back({PhaseKind::kCompute, rt::planProse("scan each window in UB, write its max and index")});
  static_assert(simd::kGroupRows == 8, "the texts say 8 rows");
  std::string scan = rt::planProse("for each output row the core streams the window's input rows through UB ({0} columns per "
                               "step), reduces every column over the window rows, then every window over its columns, "
                               "keeping the running max and its index in UB", t.inputChunkCols);
  if (t.groupCols > 0) {
    scan = rt::planProse("the vector unit takes 8 output rows at a time, one per lane, in steps of up to {0} input columns: it "
                     "reduces every column over each row's window rows, transposes the column winners so that a vector "
                     "holds one column of all 8 rows, reduces every window over its columns and transposes the winners "
                     "back into output rows; a group with a NaN is done again by the scalar scan: {1}", t.groupCols, scan);
  }
  plan.strategy = rt::planProse("output rows ({0} = {4}) split evenly over {1} cores, in tiles of at most {2} output "
                            "cells per row; {3}", P * shape.out[kH], cores, t.segmentCols, scan, rowsCounted(rank));
  plan.strategy += depthRowsNote(call, rank);
  plan.coreChoice = coreChoiceText(cores, profile, P * shape.out[kH], rt::planProse("output rows ({0})", rowsCounted(rank)));
  finalizePlan(plan);
  return t;
}

}  // namespace gradlab::ops::adaptive
