#include "viz/model/scene.h"

#include <algorithm>

namespace gradlab::viz {
namespace {

const HostTensor* findTensor(const std::vector<HostTensor>& list, const char* name) {
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

void markTiles(SceneGrid& g, const Plan& plan, int64_t plane, bool useSrcBox) {
  const GridDims& d = g.grid.dims;
  g.tileOf.assign(static_cast<size_t>(d.planeCells()), -1);
  g.tileCount.assign(static_cast<size_t>(d.planeCells()), 0);
  // Compute tiles own cells first; the other phases' tiles (checking indices, zeroing shared cells, rounding
  // a workspace) own a cell only if no compute tile covers it, and do not count as sharing it.
  for (int pass = 0; pass < 2; ++pass) {
    for (const Tile& t : plan.tiles) {
      const bool working = plan.phases.empty() || plan.phases[t.phase].kind == PhaseKind::kCompute;
      if (working != (pass == 0)) continue;
      const Box& b = useSrcBox ? t.src : t.dst;
      if (plane < b.plane0 || plane >= b.plane1) continue;
      int64_t r0 = std::max<int64_t>(b.row0, 0), r1 = std::min(b.row1, d.rows);
      int64_t c0 = std::max<int64_t>(b.col0, 0), c1 = std::min(b.col1, d.cols);
      for (int64_t r = r0; r < r1; ++r)
        for (int64_t c = c0; c < c1; ++c) {
          size_t i = static_cast<size_t>(r * d.cols + c);
          if (g.tileOf[i] < 0) g.tileOf[i] = t.id;
          if (working && g.tileCount[i] < 255) ++g.tileCount[i];
        }
    }
  }
}

void place(Scene& s) {
  auto& G = s.grids;
  const bool oneD = opInfo(s.op).spatialRank == 1;
  SceneGrid& src = G[s.src];
  SceneGrid& dst = G[s.dst];
  if (oneD) {
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
    if (!indicesShown && !forwardInputShown) {
      // Two grids: centre them on each other vertically.
      float h = std::max(src.height(), dst.height());
      src.y = (h - src.height()) / 2.0f;
      dst.y = (h - dst.height()) / 2.0f;
    } else {
      // Each extra grid sits under the main grid of its shape: indices under gradOutput (backward) or out
      // (forward), self under gradInput.
      src.y = dst.y = 0.0f;
      if (s.indices >= 0) {
        SceneGrid& ix = G[s.indices];
        const SceneGrid& above = opInfo(s.op).backward ? src : dst;
        ix.x = above.x;
        ix.y = above.height() + vgap;
      }
      if (s.forwardInput >= 0) {
        SceneGrid& fi = G[s.forwardInput];
        fi.x = dst.x;
        fi.y = dst.height() + vgap;
      }
    }
  }
  s.boundsMin = {1e30f, 1e30f};
  s.boundsMax = {-1e30f, -1e30f};
  for (const SceneGrid& g : G) {
    if (!g.shown) continue;
    s.boundsMin.x = std::min(s.boundsMin.x, g.x);
    s.boundsMin.y = std::min(s.boundsMin.y, g.y);
    s.boundsMax.x = std::max(s.boundsMax.x, g.x + g.width());
    s.boundsMax.y = std::max(s.boundsMax.y, g.y + g.height());
  }
}

}  // namespace

const char* roleName(GridRole role) {
  switch (role) {
    case GridRole::kSource: return "source";
    case GridRole::kDestination: return "destination";
    case GridRole::kForwardInput: return "forward input";
    case GridRole::kIndices: return "indices";
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

Scene buildScene(const SceneSource& source, int64_t plane) {
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
  s.planes = s.grids[s.src].grid.dims.planes;
  s.plane = std::clamp<int64_t>(plane, 0, std::max<int64_t>(s.planes - 1, 0));
  place(s);

  if (plan != nullptr) {
    markTiles(s.grids[s.src], *plan, s.plane, true);
    markTiles(s.grids[s.dst], *plan, s.plane, false);
    if (s.indices >= 0 && backward) markTiles(s.grids[s.indices], *plan, s.plane, true);
    if (s.indices >= 0 && !backward) markTiles(s.grids[s.indices], *plan, s.plane, false);
  }

  const GridDims& sd = s.grids[s.src].grid.dims;
  const GridDims& dd = s.grids[s.dst].grid.dims;
  s.movesFromSrc.assign(static_cast<size_t>(sd.planeCells()), {});
  s.movesToDst.assign(static_cast<size_t>(dd.planeCells()), {});
  if (s.trace && sd.planeCells() > 0 && dd.planeCells() > 0) {
    const auto& moves = s.trace->moves;
    for (size_t i = 0; i < moves.size(); ++i) {
      const CellMove& m = moves[i];
      if (m.src < 0 || m.src >= sd.cells() || m.dst < 0 || m.dst >= dd.cells()) continue;
      if (m.dst / dd.planeCells() != s.plane) continue;
      s.planeMoves.push_back(static_cast<uint32_t>(i));
      s.movesToDst[static_cast<size_t>(m.dst % dd.planeCells())].push_back(static_cast<uint32_t>(i));
      if (m.src / sd.planeCells() == s.plane)
        s.movesFromSrc[static_cast<size_t>(m.src % sd.planeCells())].push_back(static_cast<uint32_t>(i));
    }
  }
  return s;
}

std::optional<CellRef> Scene::cellAt(Point p) const {
  for (size_t i = 0; i < grids.size(); ++i) {
    const SceneGrid& g = grids[i];
    if (!g.shown) continue;
    if (p.x < g.x || p.y < g.y || p.x >= g.x + g.width() || p.y >= g.y + g.height()) continue;
    return CellRef{static_cast<int>(i), static_cast<int64_t>(p.y - g.y), static_cast<int64_t>(p.x - g.x)};
  }
  return std::nullopt;
}

bool hasSecondaryGrids(const Scene& scene) { return scene.indices >= 0 || scene.forwardInput >= 0; }

void showSecondaryGrids(Scene& scene, bool shown) {
  bool changed = false;
  for (int i : {scene.indices, scene.forwardInput}) {
    if (i < 0 || scene.grids[static_cast<size_t>(i)].shown == shown) continue;
    scene.grids[static_cast<size_t>(i)].shown = shown;
    changed = true;
  }
  if (changed) place(scene);
}

CellRef Scene::srcCellOf(const CellMove& move) const {
  const GridDims& d = grids[src].grid.dims;
  int64_t local = move.src % std::max<int64_t>(d.planeCells(), 1);
  return {src, local / std::max<int64_t>(d.cols, 1), local % std::max<int64_t>(d.cols, 1)};
}

CellRef Scene::dstCellOf(const CellMove& move) const {
  const GridDims& d = grids[dst].grid.dims;
  int64_t local = move.dst % std::max<int64_t>(d.planeCells(), 1);
  return {dst, local / std::max<int64_t>(d.cols, 1), local % std::max<int64_t>(d.cols, 1)};
}

}  // namespace gradlab::viz
