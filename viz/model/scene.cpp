#include "viz/model/scene.h"

#include <algorithm>
#include <cmath>

#include "i18n/translate.h"
#include "viz/model/pool_window.h"
#include "viz/model/window_digits.h"

namespace gradlab::viz {
namespace {

const HostTensor* findTensor(std::span<const HostTensor> list, const char* name) {
  for (const HostTensor& t : list)
    if (t.name == name) return &t;
  return nullptr;
}

SceneGrid makeGrid(OpKind op, const HostTensor* tensor, const std::vector<int64_t>& fallbackShape,
                   const char* fallbackName, GridRole role, aclDataType fallbackDtype) {
  SceneGrid g;
  g.role = role;
  if (tensor != nullptr) {
    g.grid.name = tensor->name;
    g.grid.shape = tensor->shape;
    g.grid.dtype = tensor->dtype;
    g.grid.values = tensor->values;
    g.grid.ints = tensor->ints;
  } else {
    g.grid.name = fallbackName;
    g.grid.shape = fallbackShape;
    g.grid.dtype = fallbackDtype;
  }
  g.grid.dims = gridDims(op, g.grid.shape);
  const size_t cells = static_cast<size_t>(g.grid.dims.cells());
  if (!g.grid.values.empty() && g.grid.values.size() != cells) g.grid.values.clear();
  if (!g.grid.ints.empty() && g.grid.ints.size() != cells) g.grid.ints.clear();
  return g;
}

void markTiles(SceneGrid& g, const Plan& plan, int64_t plane, bool useSrcBox, int32_t buffer = -1) {
  const GridDims& d = g.grid.dims;
  g.tileOf.assign(static_cast<size_t>(d.planeCells()), -1);
  g.tileCount.assign(static_cast<size_t>(d.planeCells()), 0);
  // Compute (and matmul) tiles own cells first; the other phases' tiles (checking indices, zeroing shared
  // cells, rounding a workspace) own a cell only if no compute tile covers it, and do not count as sharing it.
  for (int pass = 0; pass < 2; ++pass) {
    for (const Tile& t : plan.tiles) {
      if (!tileBoxOnGrid(plan, t, useSrcBox, buffer)) continue;
      const PhaseKind kind = plan.phases.empty() ? PhaseKind::kCompute : plan.phases[t.phase].kind;
      const bool working = kind == PhaseKind::kCompute || kind == PhaseKind::kMatmul;
      if (working != (pass == 0)) continue;
      const Box& b = useSrcBox ? t.src : t.dst;
      if (plane < b.plane0 || plane >= b.plane1) continue;
      int64_t c0 = std::max<int64_t>(b.col0, 0), c1 = std::min(b.col1, d.cols);
      for (const auto& [r0, r1] : boxRowRuns(plan, b, useSrcBox, buffer, d.rows))
        for (int64_t r = r0; r < r1; ++r)
          for (int64_t c = c0; c < c1; ++c) {
            size_t i = static_cast<size_t>(r * d.cols + c);
            if (g.tileOf[i] < 0) g.tileOf[i] = t.id;
            if (working && g.tileCount[i] < 255) ++g.tileCount[i];
          }
    }
  }
}

// How far a w x h arrangement is from a landscape canvas's shape (about 1.6 : 1), as |log| of the ratio.
float offCanvasShape(float w, float h) { return std::fabs(std::log(std::max(w, 1.0f) / std::max(h, 1.0f) / 1.6f)); }
constexpr float kFarOff = 1.3862944f;  // log(4): more than 4 times too wide or too tall

// Whether two grids sit better one above the other than side by side: only when side by side is far off a
// landscape canvas's shape and stacked is nearer it.
bool stackBetter(const SceneGrid& a, const SceneGrid& b, float hgap, float vgap) {
  const float sideBySide = offCanvasShape(a.width() + hgap + b.width(), std::max(a.height(), b.height()));
  const float stacked = offCanvasShape(std::max(a.width(), b.width()), a.height() + vgap + b.height());
  return sideBySide > kFarOff && stacked < sideBySide;
}

void place(Scene& s) {
  auto& G = s.grids;
  const bool oneD = opInfo(s.op).spatialRank == 1;
  SceneGrid& src = G[s.src];
  SceneGrid& dst = G[s.dst];
  if (s.mid >= 0 && !oneD) {
    // src | mid | dst, left to right: the cube's W pass keeps src's rows, its H pass dst's columns.
    SceneGrid& mid = G[s.mid];
    const float hgap = std::max(3.0f, 0.2f * std::max({src.width(), mid.width(), dst.width()}));
    const float h = std::max({src.height(), mid.height(), dst.height()});
    src.x = 0.0f;
    mid.x = src.width() + hgap;
    dst.x = mid.x + mid.width() + hgap;
    src.y = (h - src.height()) / 2.0f;
    mid.y = (h - mid.height()) / 2.0f;
    dst.y = (h - dst.height()) / 2.0f;
  } else if (oneD) {
    // One row each: src above, dst below, centred on each other, with room for the arcs and a
    // two-line label in between.
    const float vgap = std::max(4.5f, 0.12f * std::max(src.width(), dst.width()));
    src.x = 0.0f, src.y = 0.0f;
    dst.x = (src.width() - dst.width()) / 2.0f;
    dst.y = src.height() + vgap;
  } else {
    const float hgap = std::max(3.0f, 0.2f * std::max(src.width(), dst.width()));
    const float vgap = std::max(2.5f, 0.15f * std::max(src.height(), dst.height()));
    float leftWidth = src.width();
    if (s.indices >= 0 && G[s.indices].shown && opInfo(s.op).backward) leftWidth = std::max(leftWidth, G[s.indices].width());
    src.x = 0.0f;
    dst.x = leftWidth + hgap;
    const bool indicesShown = s.indices >= 0 && G[s.indices].shown;
    const bool forwardInputShown = s.forwardInput >= 0 && G[s.forwardInput].shown;
    if (!indicesShown && !forwardInputShown && stackBetter(src, dst, hgap, vgap)) {
      // Two wide grids (5 x 912 next to 13 x 10): one above the other, left-aligned, so that a canvas that
      // scrolls along them shows both from their first columns.
      const float labelRows = std::max(vgap, 3.5f);
      src.x = dst.x = 0.0f;
      src.y = 0.0f;
      dst.y = src.height() + labelRows;
    } else if (!indicesShown && !forwardInputShown) {
      // Two grids: centre them on each other vertically, unless the pair is far taller than a canvas (912 x 5
      // next to 10 x 13): then both start at the top, where a canvas that scrolls down them begins.
      float h = std::max(src.height(), dst.height());
      const bool tall = offCanvasShape(dst.x + dst.width(), h) > kFarOff;
      src.y = tall ? 0.0f : (h - src.height()) / 2.0f;
      dst.y = tall ? 0.0f : (h - dst.height()) / 2.0f;
    } else if (s.secondaryInRow) {
      // One row, each extra grid beside the main grid of its shape and the two main grids next to each other
      // (the flights cross no other grid): indices | gradOutput -> gradInput | self, or self -> out | indices.
      const float pairGap = 1.5f;
      float h = 0.0f;
      for (const SceneGrid& g : G) h = g.shown ? std::max(h, g.height()) : h;
      float x = 0.0f;
      auto put = [&](int i, float gapAfter) {
        if (i < 0 || !G[static_cast<size_t>(i)].shown) return;
        SceneGrid& g = G[static_cast<size_t>(i)];
        g.x = x;
        g.y = (h - g.height()) / 2.0f;
        x += g.width() + gapAfter;
      };
      if (opInfo(s.op).backward) {
        put(s.indices, pairGap), put(s.src, hgap), put(s.dst, pairGap), put(s.forwardInput, 0.0f);
      } else {
        put(s.forwardInput, pairGap), put(s.src, hgap), put(s.dst, pairGap), put(s.indices, 0.0f);
      }
    } else {
      // Each extra grid sits under the main grid of its shape: indices under gradOutput (backward) or out
      // (forward), self under gradInput, with room between for a three-line label (name, shape, dtype: a 3x3
      // indices grid's "[1, 1, 3, 3] int64" was cut to "[1, 1, 3, 3]…" in two).
      src.y = dst.y = 0.0f;
      const float labelGap = std::max(vgap, 4.0f);
      if (s.indices >= 0) {
        SceneGrid& ix = G[s.indices];
        const SceneGrid& above = opInfo(s.op).backward ? src : dst;
        ix.x = above.x;
        ix.y = above.height() + labelGap;
      }
      if (s.forwardInput >= 0) {
        SceneGrid& fi = G[s.forwardInput];
        fi.x = dst.x;
        fi.y = dst.height() + labelGap;
      }
    }
  }
  s.boundsMin = {1e30f, 1e30f};
  s.boundsMax = {-1e30f, -1e30f};
  for (const SceneGrid& g : G) {
    if (!g.shown) continue;
    // A grid drawn as depth slices has its "d0", "d1", ... at its left: room for them inside the view.
    s.boundsMin.x = std::min(s.boundsMin.x, g.x - (g.grid.depthSlices() > 1 ? kDepthTagCells : 0.0f));
    s.boundsMin.y = std::min(s.boundsMin.y, g.y);
    s.boundsMax.x = std::max(s.boundsMax.x, g.x + g.width());
    s.boundsMax.y = std::max(s.boundsMax.y, g.y + g.height());
  }
}

// The slices [first, end) of `g` (rows of its depth slices).
void showSlices(SceneGrid& g, int64_t first, int64_t end) {
  const int64_t depth = g.grid.depthSlices(), rows = g.grid.dims.rows / std::max<int64_t>(depth, 1);
  g.rowFirst = std::clamp<int64_t>(first, 0, depth) * rows;
  g.rowEnd = std::clamp<int64_t>(end, first + 1, depth) * rows;
}

// A deep destination's window of slices from `first`, the source's slices that the shown cells' moves read
// (without a trace: the slices in proportion), and the same windows on the grids of either's shape. The moves
// into hidden cells leave the animation. False (and nothing changed) where the destination is not deep.
bool applyDepthWindow(Scene& s, int64_t first, int64_t maxRows) {
  if (s.mid >= 0) return false;
  SceneGrid& dst = s.grids[static_cast<size_t>(s.dst)];
  SceneGrid& src = s.grids[static_cast<size_t>(s.src)];
  const int64_t depth = dst.grid.depthSlices();
  if (depth <= kDepthWindowSlices) return false;
  const int64_t srcDepth = src.grid.depthSlices(), srcRows = src.grid.dims.rows / srcDepth;
  // As many slices as keep either grid within `maxRows` rows (the source's rows per destination slice in
  // proportion), from one to kDepthWindowSlices.
  const int64_t rowsPerSlice = std::max(dst.grid.dims.rows, src.grid.dims.rows) / depth;
  s.depthSlices = depth;
  s.depthShown = std::clamp<int64_t>(maxRows / std::max<int64_t>(rowsPerSlice, 1), 1, kDepthWindowSlices);
  s.depthFirst = std::clamp<int64_t>(first, 0, depth - s.depthShown);
  showSlices(dst, s.depthFirst, s.depthFirst + s.depthShown);
  int64_t lo = srcDepth, hi = -1;
  for (int64_t cell = dst.rowFirst * dst.grid.dims.cols; cell < dst.rowEnd * dst.grid.dims.cols; ++cell) {
    for (uint32_t index : s.movesToDst[static_cast<size_t>(cell)]) {
      const int64_t slice = s.srcCellOf(s.trace->moves[index]).row / srcRows;
      lo = std::min(lo, slice), hi = std::max(hi, slice);
    }
  }
  if (hi < lo) {  // no moves: the source's slices in proportion
    lo = s.depthFirst * srcDepth / depth;
    hi = ((s.depthFirst + s.depthShown) * srcDepth + depth - 1) / depth - 1;
  }
  showSlices(src, lo, hi + 1);
  for (SceneGrid& g : s.grids) {
    if (&g == &src || &g == &dst) continue;
    // By shape, not row count: gradOutput's D x H can equal gradInput's with other slices.
    const SceneGrid* like = g.grid.shape == dst.grid.shape ? &dst : g.grid.shape == src.grid.shape ? &src : nullptr;
    if (like) g.rowFirst = like->rowFirst, g.rowEnd = like->rowEnd;
  }
  std::erase_if(s.planeMoves, [&](uint32_t index) {
    const CellMove& m = s.trace->moves[index];
    return !dst.rowShown(s.dstCellOf(m).row) || !src.rowShown(s.srcCellOf(m).row);
  });
  return true;
}

}  // namespace

bool tileBoxOnGrid(const Plan& plan, const Tile& t, bool srcBox, int32_t buffer) {
  const int32_t b = srcBox ? t.srcBuffer : t.dstBuffer;
  if (b == buffer) return true;
  if (buffer >= 0 || b < 0 || static_cast<size_t>(b) >= plan.buffers.size()) return false;
  const PlanBuffer::Mirror m = plan.buffers[static_cast<size_t>(b)].mirror;
  return m == (srcBox ? PlanBuffer::Mirror::kSrc : PlanBuffer::Mirror::kDst);
}

std::vector<std::pair<int64_t, int64_t>> boxRowRuns(const Plan& plan, const Box& box, bool srcBox, int32_t buffer,
                                                    int64_t rows) {
  std::vector<std::pair<int64_t, int64_t>> runs;
  const bool ordered = !plan.outRowOrder.empty() && buffer < 0 && srcBox == opInfo(plan.op).backward;
  if (!ordered) {
    const int64_t r0 = std::max<int64_t>(box.row0, 0), r1 = std::min(box.row1, rows);
    if (r0 < r1) runs.emplace_back(r0, r1);
    return runs;
  }
  std::vector<int64_t> gridRows;
  const int64_t end = std::min(box.row1, static_cast<int64_t>(plan.outRowOrder.size()));
  for (int64_t j = std::max<int64_t>(box.row0, 0); j < end; ++j) {
    if (const int64_t r = plan.outRowOrder[static_cast<size_t>(j)]; r < rows) gridRows.push_back(r);
  }
  std::sort(gridRows.begin(), gridRows.end());
  for (int64_t r : gridRows) {
    if (!runs.empty() && runs.back().second == r) ++runs.back().second;
    else runs.emplace_back(r, r + 1);
  }
  return runs;
}

std::string coreTag(const Plan& plan, int32_t lane) {
  std::string tag = plan.cubeLanes == 0 ? "c" : coreKindName(plan.coreKind(lane));
  tag.append(std::to_string(plan.cubeLanes == 0 ? lane : plan.coreId(lane)));
  return tag;
}

const char* roleName(GridRole role) {
  switch (role) {
    case GridRole::kSource: return "source";
    case GridRole::kDestination: return "destination";
    case GridRole::kForwardInput: return "forward input";
    case GridRole::kIndices: return "indices";
    case GridRole::kIntermediate: return "intermediate";
  }
  return "?";
}

SceneSource sceneSourceOf(const RunResult& result, OpKind op) {
  SceneSource s;
  s.op = op;
  s.inputs = result.inputs;
  s.outputs = result.outputs;
  s.plan = result.plan;
  s.trace = result.trace;
  return s;
}

Scene buildScene(const SceneSource& source, int64_t plane, int64_t depthFirst, int64_t depthRows) {
  Scene s;
  s.op = source.op;
  s.plan = source.plan;
  s.trace = source.trace;
  const Plan* plan = source.plan ? source.plan.get() : (source.trace ? &source.trace->plan : nullptr);
  const std::vector<int64_t> noShape;
  const aclDataType dtype = plan ? plan->dtype : ACL_FLOAT;

  const OpInfo& op = opInfo(source.op);
  const bool backward = op.backward;
  s.grids.push_back(makeGrid(source.op, findTensor(source.inputs, op.src().name), plan ? plan->srcShape : noShape,
                             op.src().name, GridRole::kSource, dtype));
  s.grids.push_back(makeGrid(source.op, findTensor(source.outputs, op.dst().name), plan ? plan->dstShape : noShape,
                             op.dst().name, GridRole::kDestination, dtype));
  s.src = 0;
  s.dst = 1;
  for (const TensorRole& role : op.tensorRoles()) {
    const HostTensor* t = findTensor(role.written() ? source.outputs : source.inputs, role.name);
    if (t == nullptr) continue;
    if (role.integer()) {
      s.indices = static_cast<int>(s.grids.size());
      s.grids.push_back(makeGrid(source.op, t, noShape, role.name, GridRole::kIndices, t->dtype));
    } else if (role.kind == RoleKind::kShapeOnly) {
      s.forwardInput = static_cast<int>(s.grids.size());
      s.grids.push_back(makeGrid(source.op, t, noShape, role.name, GridRole::kForwardInput, dtype));
    }
  }
  if (plan != nullptr && plan->intermediate >= 0 && static_cast<size_t>(plan->intermediate) < plan->buffers.size()) {
    const PlanBuffer& buf = plan->buffers[static_cast<size_t>(plan->intermediate)];
    s.mid = static_cast<int>(s.grids.size());
    s.grids.push_back(makeGrid(source.op, nullptr, buf.shape, buf.name.c_str(), GridRole::kIntermediate, buf.dtype));
  }
  s.planes = s.grids[s.src].grid.dims.planes;
  s.plane = std::clamp<int64_t>(plane, 0, std::max<int64_t>(s.planes - 1, 0));
  if (s.mid >= 0 && s.trace) {  // its values: where each cell's last hop-1 add left it
    SceneGrid& mid = s.grids[static_cast<size_t>(s.mid)];
    mid.grid.values.assign(static_cast<size_t>(mid.grid.dims.cells()), 0.0f);
    float* midValues = mid.grid.values.mutableData();
    for (const CellMove& m : s.trace->moves) {
      if (m.hop == Hop::kIntoIntermediate && m.dst >= 0 && m.dst < mid.grid.dims.cells()) {
        midValues[static_cast<size_t>(m.dst)] = m.sumAfter;
      }
    }
  }
  if (op.rule == IndexRule::kAdaptiveMax) {
    const int input = backward ? s.forwardInput : s.src;
    const Grid& pooled = s.grids[static_cast<size_t>(backward ? s.src : s.dst)].grid;
    if (input >= 0) {
      SceneGrid& g = s.grids[static_cast<size_t>(input)];
      g.apartDigits = windowApartDigits(g.grid, s.plane, poolExtents(s.op, g.grid, pooled));
    }
  }
  place(s);

  if (plan != nullptr) {
    markTiles(s.grids[s.src], *plan, s.plane, true);
    markTiles(s.grids[s.dst], *plan, s.plane, false);
    if (s.indices >= 0 && backward) markTiles(s.grids[s.indices], *plan, s.plane, true);
    if (s.indices >= 0 && !backward) markTiles(s.grids[s.indices], *plan, s.plane, false);
    if (s.mid >= 0) {  // the W pass writes it, the H pass reads it: either marks a cell
      SceneGrid& mid = s.grids[static_cast<size_t>(s.mid)];
      markTiles(mid, *plan, s.plane, false, plan->intermediate);
      SceneGrid readers = mid;
      markTiles(readers, *plan, s.plane, true, plan->intermediate);
      for (size_t i = 0; i < mid.tileOf.size(); ++i) {
        if (mid.tileOf[i] < 0) mid.tileOf[i] = readers.tileOf[i];
      }
    }
  }

  const GridDims& sd = s.grids[s.src].grid.dims;
  const GridDims& dd = s.grids[s.dst].grid.dims;
  const GridDims md = s.mid >= 0 ? s.grids[static_cast<size_t>(s.mid)].grid.dims : GridDims{};
  s.movesFromSrc.assign(static_cast<size_t>(sd.planeCells()), {});
  s.movesToDst.assign(static_cast<size_t>(dd.planeCells()), {});
  s.movesToMid.assign(static_cast<size_t>(md.planeCells()), {});
  s.movesFromMid.assign(static_cast<size_t>(md.planeCells()), {});
  if (s.trace && sd.planeCells() > 0 && dd.planeCells() > 0) {
    const auto& moves = s.trace->moves;
    for (size_t i = 0; i < moves.size(); ++i) {
      const CellMove& m = moves[i];
      // Each hop's ends: src -> dst, src -> mid (hop 1) or mid -> dst (hop 2).
      const bool intoMid = m.hop == Hop::kIntoIntermediate, outOfMid = m.hop == Hop::kOutOfIntermediate;
      if ((intoMid || outOfMid) && md.planeCells() == 0) continue;
      const GridDims& from = outOfMid ? md : sd;
      const GridDims& to = intoMid ? md : dd;
      if (m.src < 0 || m.src >= from.cells() || m.dst < 0 || m.dst >= to.cells()) continue;
      if (m.dst / to.planeCells() != s.plane) continue;
      const auto index = static_cast<uint32_t>(i);
      s.planeMoves.push_back(index);
      (intoMid ? s.movesToMid : s.movesToDst)[static_cast<size_t>(m.dst % to.planeCells())].push_back(index);
      if (m.src / from.planeCells() == s.plane)
        (outOfMid ? s.movesFromMid : s.movesFromSrc)[static_cast<size_t>(m.src % from.planeCells())].push_back(index);
    }
  }
  s.planeMoveTotal = s.planeMoves.size();
  if (applyDepthWindow(s, depthFirst, depthRows)) place(s);
  return s;
}

std::optional<CellRef> Scene::cellAt(Point p) const {
  for (size_t i = 0; i < grids.size(); ++i) {
    const SceneGrid& g = grids[i];
    if (!g.shown) continue;
    if (const auto cell = g.cellUnder(p)) return CellRef{static_cast<int>(i), cell->first, cell->second};
  }
  return std::nullopt;
}

namespace {

std::string slicesShown(const SceneGrid& g) {
  const auto [first, end] = g.shownSlices();
  return end - first == 1 ? i18n::trf("{0} d{1} of {2}", g.grid.name, first, g.grid.depthSlices())
                          : i18n::trf("{0} d{1}-d{2} of {3}", g.grid.name, first, end - 1, g.grid.depthSlices());
}

}  // namespace

std::string depthWindowText(const Scene& scene) {
  return slicesShown(scene.grids[static_cast<size_t>(scene.dst)]) + " ← " +
         slicesShown(scene.grids[static_cast<size_t>(scene.src)]);
}

bool hasSecondaryGrids(const Scene& scene) { return scene.indices >= 0 || scene.forwardInput >= 0; }

void showSecondaryGrids(Scene& scene, bool shown, bool inRow) {
  bool changed = scene.secondaryInRow != inRow;
  scene.secondaryInRow = inRow;
  for (int i : {scene.indices, scene.forwardInput}) {
    if (i < 0 || scene.grids[static_cast<size_t>(i)].shown == shown) continue;
    scene.grids[static_cast<size_t>(i)].shown = shown;
    changed = true;
  }
  if (changed) place(scene);
}

namespace {

CellRef cellIn(const Scene& s, int grid, int64_t flat) {
  const GridDims& d = s.grids[static_cast<size_t>(grid)].grid.dims;
  const int64_t local = flat % std::max<int64_t>(d.planeCells(), 1);
  return {grid, local / std::max<int64_t>(d.cols, 1), local % std::max<int64_t>(d.cols, 1)};
}

}  // namespace

CellRef Scene::srcCellOf(const CellMove& move) const {
  return cellIn(*this, move.hop == Hop::kOutOfIntermediate && mid >= 0 ? mid : src, move.src);
}

CellRef Scene::dstCellOf(const CellMove& move) const {
  return cellIn(*this, move.hop == Hop::kIntoIntermediate && mid >= 0 ? mid : dst, move.dst);
}

const std::vector<uint32_t>* Scene::movesInto(const CellRef& cell) const {
  const auto& lists = cell.grid == dst ? movesToDst : cell.grid == mid ? movesToMid : movesFromSrc;
  if (cell.grid != dst && cell.grid != mid) return nullptr;
  const size_t local = static_cast<size_t>(cell.row * grids[static_cast<size_t>(cell.grid)].grid.dims.cols + cell.col);
  return local < lists.size() ? &lists[local] : nullptr;
}

const std::vector<uint32_t>* Scene::movesOutOf(const CellRef& cell) const {
  if (cell.grid != src && cell.grid != mid) return nullptr;
  const auto& lists = cell.grid == src ? movesFromSrc : movesFromMid;
  const size_t local = static_cast<size_t>(cell.row * grids[static_cast<size_t>(cell.grid)].grid.dims.cols + cell.col);
  return local < lists.size() ? &lists[local] : nullptr;
}

}  // namespace gradlab::viz
