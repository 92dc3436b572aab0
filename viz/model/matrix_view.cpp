#include "viz/model/matrix_view.h"

#include <algorithm>
#include <cmath>

#include "i18n/translate.h"
#include "viz/model/explain.h"
#include "viz/model/text.h"

namespace gradlab::viz {
namespace {

// src(o) for every output position of one axis: the catalog's index math, as the kernels compute it.
std::vector<int64_t> sourcesOf(IndexRule rule, int64_t in, int64_t out, double scale) {
  std::vector<int64_t> src(static_cast<size_t>(std::max<int64_t>(out, 0)));
  const float s = sourceStep(scale, in, out);
  for (int64_t o = 0; o < out; ++o) src[static_cast<size_t>(o)] = sourceIndex(rule, o, in, out, s);
  return src;
}

// The output positions o with src[o] == i: a half-open range (src is monotonic), "none" when empty.
std::string preimageText(const std::vector<int64_t>& src, int64_t i) {
  int64_t lo = -1, hi = -1;
  for (size_t o = 0; o < src.size(); ++o)
    if (src[o] == i) {
      if (lo < 0) lo = static_cast<int64_t>(o);
      hi = static_cast<int64_t>(o) + 1;
    }
  return lo < 0 ? std::string(i18n::tr("none")) : cat("[", lo, ", ", hi, ")");
}

MatrixBlock tensorBlock(BlockRole role, std::string name, int64_t rows, int64_t cols, MatrixAxis rowAxis, MatrixAxis colAxis) {
  MatrixBlock b;
  b.role = role;
  b.present = true;
  b.formula = name;
  b.name = std::move(name);
  b.rows = rows;
  b.cols = cols;
  b.rowAxis = rowAxis;
  b.colAxis = colAxis;
  return b;
}

MatrixBlock selectionBlock(BlockRole role, std::string name, std::vector<int64_t> src, bool outAlongRows, int64_t in,
                           MatrixAxis rowAxis, MatrixAxis colAxis, std::string note) {
  MatrixBlock b = tensorBlock(role, std::move(name), 0, 0, rowAxis, colAxis);
  const int64_t out = static_cast<int64_t>(src.size());
  b.rows = outAlongRows ? out : in;
  b.cols = outAlongRows ? in : out;
  b.src = std::move(src);
  b.outAlongRows = outAlongRows;
  b.note = std::move(note);
  return b;
}

// The plane's values of a scene grid, when its plane has exactly rows x cols cells.
void takeValues(MatrixBlock& b, const SceneGrid* g, int64_t plane) {
  if (!g || !g->grid.hasValues() || g->grid.dims.planeCells() != b.rows * b.cols) return;
  b.values = g->grid.planeValues(plane);
}

// T's values from the cube's W pass: the last running sum of each intermediate cell of the plane.
void intermediateValues(MatrixBlock& mid, const Trace& trace, int64_t plane) {
  const int64_t cells = mid.rows * mid.cols;
  mid.values.assign(static_cast<size_t>(cells), 0.0f);
  mid.known.assign(static_cast<size_t>(cells), 0);
  std::vector<uint32_t> order(static_cast<size_t>(cells), 0);
  for (const CellMove& m : trace.moves) {
    if (m.hop != Hop::kIntoIntermediate || cells == 0 || m.dst < 0 || m.dst / cells != plane) continue;
    const size_t cell = static_cast<size_t>(m.dst % cells);
    if (mid.known[cell] && m.orderAtDst < order[cell]) continue;
    mid.known[cell] = 1;
    order[cell] = m.orderAtDst;
    mid.values[cell] = m.sumAfter;
  }
}

MatrixRegion region(const MatrixView& v, BlockRole role, int64_t r0, int64_t r1, int64_t c0, int64_t c1) {
  const MatrixBlock& b = v.block(role);
  MatrixRegion g;
  g.block = role;
  g.row0 = std::clamp<int64_t>(r0, 0, b.rows);
  g.row1 = std::clamp<int64_t>(r1, g.row0, b.rows);
  g.col0 = std::clamp<int64_t>(c0, 0, b.cols);
  g.col1 = std::clamp<int64_t>(c1, g.col0, b.cols);
  return g;
}

void addTiles(MatrixView& v, const Plan& plan) {
  v.tileIndex.assign(plan.tiles.size(), -1);
  const bool mid = v.block(BlockRole::kMid).present;
  for (const Tile& t : plan.tiles) {
    if (t.phase < 0 || t.phase >= static_cast<int32_t>(plan.phases.size())) continue;
    const SelectAxis axis = plan.phases[static_cast<size_t>(t.phase)].selects;
    if (axis == SelectAxis::kNone || v.plane < t.dst.plane0 || v.plane >= t.dst.plane1) continue;
    const bool fromMid = mid && plan.intermediate >= 0 && t.srcBuffer == plan.intermediate;
    const bool toMid = mid && plan.intermediate >= 0 && t.dstBuffer == plan.intermediate;
    MatrixTile m;
    m.tile = t.id;
    m.core = t.core;
    m.pass = axis == SelectAxis::kColumns ? MatmulPass::kW : MatmulPass::kH;
    const BlockRole srcBlock = fromMid ? BlockRole::kMid : BlockRole::kData;
    m.src = region(v, srcBlock, t.src.row0, t.src.row1, t.src.col0, t.src.col1);
    m.dst = region(v, toMid ? BlockRole::kMid : BlockRole::kResult, t.dst.row0, t.dst.row1, t.dst.col0, t.dst.col1);
    if (m.pass == MatmulPass::kW) {  // [rows x K] · A_W[K window x slide columns]
      m.select = region(v, BlockRole::kSelectW, t.src.col0, t.src.col1, t.dst.col0, t.dst.col1);
    } else {  // A_H^T[slide rows x K window] · [K x columns]
      if (!v.block(BlockRole::kSelectH).present) continue;
      m.select = region(v, BlockRole::kSelectH, t.dst.row0, t.dst.row1, t.src.row0, t.src.row1);
    }
    if (t.id >= 0 && static_cast<size_t>(t.id) < v.tileIndex.size()) v.tileIndex[static_cast<size_t>(t.id)] = static_cast<int>(v.tiles.size());
    v.tiles.push_back(m);
  }
}

// What a position of an axis is on a tensor.
bool isRows(MatrixAxis a) { return a == MatrixAxis::kOutRows || a == MatrixAxis::kInRows; }
bool isOut(MatrixAxis a) { return a == MatrixAxis::kOutRows || a == MatrixAxis::kOutCols; }

// "gradOutput column 5": the output side is gradOutput (backward) or out (forward).
std::string position(const MatrixView& v, MatrixAxis a, int64_t index) {
  const OpInfo& op = opInfo(v.op);
  const char* tensor = isOut(a) == v.backward ? op.src().name : op.dst().name;
  return i18n::trf(isRows(a) ? "{0} row {1}" : "{0} column {1}", tensor, index);
}

std::string entryName(const MatrixBlock& b, int64_t row, int64_t col) {
  if (b.rowAxis == MatrixAxis::kUnit) return cat(b.name, "[", col, "]");
  return cat(b.name, "[", row, "][", col, "]");
}

std::string rangeText(int64_t a, int64_t b) { return b - a == 1 ? cat(a) : cat(a, "–", b - 1); }

}  // namespace

bool MatrixBlock::one(int64_t row, int64_t col) const {
  const int64_t o = outAlongRows ? row : col, i = outAlongRows ? col : row;
  return o >= 0 && o < static_cast<int64_t>(src.size()) && src[static_cast<size_t>(o)] == i;
}

bool MatrixBlock::hasValue(int64_t row, int64_t col) const {
  const size_t k = static_cast<size_t>(row * cols + col);
  return k < values.size() && (known.empty() || (k < known.size() && known[k]));
}

float MatrixBlock::value(int64_t row, int64_t col) const {
  const size_t k = static_cast<size_t>(row * cols + col);
  return k < values.size() ? values[k] : 0.0f;
}

const char* matmulPassName(MatmulPass pass) { return i18n::tr(pass == MatmulPass::kW ? "W pass" : "H pass"); }

bool matrixViewApplies(OpKind op) {
  const IndexRule rule = opInfo(op).rule;
  return (rule == IndexRule::kNearestExact || rule == IndexRule::kNearest) && opInfo(op).spatialRank < 3;
}

MatrixView buildMatrixView(const Scene& scene, const RunRequest& request) {
  MatrixView v;
  const OpInfo& op = opInfo(scene.op);
  v.op = scene.op;
  v.backward = op.backward;
  v.oneD = op.spatialRank == 1;
  v.plane = scene.plane;
  v.trace = scene.trace;
  v.plan = scene.plan ? scene.plan : scene.trace ? std::shared_ptr<const Plan>(scene.trace, &scene.trace->plan) : nullptr;
  v.boundsMax = {1.0f, 1.0f};
  for (size_t i = 0; i < v.blocks.size(); ++i) v.blocks[i].role = static_cast<BlockRole>(i);  // absent ones too
  if (!matrixViewApplies(scene.op)) return v;
  const Plan* plan = v.plan.get();
  v.strategy = plan ? plan->strategyName : std::string();
  v.cube = plan && plan->cubeLanes > 0;

  const int64_t Ho = v.oneD ? 1 : request.shape.out[kH], Hi = v.oneD ? 1 : request.shape.in[kH];
  const int64_t Wo = request.shape.out[kW], Wi = request.shape.in[kW];
  const std::vector<int64_t> srcW = sourcesOf(op.rule, Wi, Wo, request.shape.scales[kW]);
  const std::vector<int64_t> srcH = v.oneD ? std::vector<int64_t>() : sourcesOf(op.rule, Hi, Ho, request.shape.scales[kH]);
  using A = MatrixAxis;
  using R = BlockRole;
  // The backward reads the output side (gradOutput) and writes the input side (gradInput); the forward the
  // other way round. Each matrix's rows and columns index the positions of the tensors it joins.
  struct Side {
    int64_t rows, cols;
    MatrixAxis rowAxis, colAxis;
  };
  const MatrixAxis unit = A::kUnit;
  const Side out{Ho, Wo, v.oneD ? unit : A::kOutRows, A::kOutCols}, in{Hi, Wi, v.oneD ? unit : A::kInRows, A::kInCols};
  const Side& read = v.backward ? out : in;
  const Side& written = v.backward ? in : out;
  const std::string data = op.src().name, result = op.dst().name;
  const std::string aw = v.backward ? "A_W" : "A_W^T", ah = v.backward ? "A_H^T" : "A_H", t = v.backward ? "T" : "S";
  v.block(R::kData) = tensorBlock(R::kData, data, read.rows, read.cols, read.rowAxis, read.colAxis);
  v.block(R::kSelectW) = selectionBlock(R::kSelectW, aw, srcW, v.backward, Wi, read.colAxis, written.colAxis,
                                        i18n::trf("{0} = 1 when src_W(w) = j", cat(aw, v.backward ? "[w][j]" : "[j][w]")));
  v.block(R::kResult) = tensorBlock(R::kResult, result, written.rows, written.cols, written.rowAxis, written.colAxis);
  if (!v.oneD) {
    v.block(R::kMid) = tensorBlock(R::kMid, t, read.rows, written.cols, read.rowAxis, written.colAxis);
    v.block(R::kMid).formula = cat(t, " = ", data, " · ", aw);
    v.block(R::kSelectH) = selectionBlock(R::kSelectH, ah, srcH, !v.backward, Hi, written.rowAxis, read.rowAxis,
                                          i18n::trf("{0} = 1 when src_H(h) = i", cat(ah, v.backward ? "[i][h]" : "[h][i]")));
  }
  v.block(R::kResult).formula = cat(result, " = ", v.oneD ? cat(data, " · ", aw) : cat(ah, " · ", t));
  v.equation = cat(result, " = ", v.oneD ? std::string() : cat(ah, " · "), data, " · ", aw);
  takeValues(v.block(R::kData), scene.gridAt(scene.src), scene.plane);
  takeValues(v.block(R::kResult), scene.gridAt(scene.dst), scene.plane);

  MatrixBlock& mid = v.block(R::kMid);
  if (mid.present) {
    const bool wPass = plan && std::any_of(plan->phases.begin(), plan->phases.end(),
                                           [](const PlanPhase& p) { return p.selects == SelectAxis::kColumns; });
    if (v.cube && plan->intermediate >= 0 && v.trace) {
      intermediateValues(mid, *v.trace, v.plane);
      v.midComputed = true;
      mid.note = i18n::tr(v.trace->movesTruncated ? "the cube's W pass, as far as the truncated trace goes"
                                                  : "the cube's W pass, from the trace");
    } else {
      mid.known.assign(static_cast<size_t>(mid.rows * mid.cols), 0);
      mid.values.assign(mid.known.size(), 0.0f);
      mid.note = i18n::tr(!v.backward ? "not computed: the forward copies each out cell from self"
                          : !v.cube   ? "(not computed by this strategy)"
                          : wPass     ? "not stored: A_H^T is the identity, the W pass writes gradInput"
                                      : "not computed: A_W is the identity, the cube skips the W pass");
    }
  }
  if (v.cube && plan) addTiles(v, *plan);
  layoutMatrixView(v, {});
  return v;
}

std::vector<BlockRole> leftColumn(const MatrixView& v) {
  std::vector<BlockRole> column;
  for (BlockRole r : {BlockRole::kData, BlockRole::kSelectH})
    if (v.block(r).present) column.push_back(r);
  return column;
}

std::vector<BlockRole> middleColumn(const MatrixView& v) {
  std::vector<BlockRole> column;
  for (BlockRole r : {BlockRole::kSelectW, BlockRole::kMid, BlockRole::kResult})
    if (v.block(r).present) column.push_back(r);
  return column;
}

void layoutMatrixView(MatrixView& v, const MatrixSpacing& spacing) {
  const float gapX = spacing.gapX, gapY = spacing.gapY;
  using R = BlockRole;
  MatrixBlock &data = v.block(R::kData), &selW = v.block(R::kSelectW), &mid = v.block(R::kMid);
  MatrixBlock &selH = v.block(R::kSelectH), &result = v.block(R::kResult);
  if (!data.present) {
    v.boundsMin = {0.0f, 0.0f};
    v.boundsMax = {1.0f, 1.0f};
    return;
  }
  // Left column (the left operands) right-aligned against the gap; the middle column holds the right operand
  // of the first product, the product (the right operand of the next) and the result.
  const float leftW = std::max(data.width(), selH.present ? selH.width() : 0.0f);
  const float x0 = spacing.padLeft + leftW + gapX;
  selW.x = x0, selW.y = 0.0f;
  float y = selW.height() + gapY;
  if (mid.present) {
    mid.x = x0, mid.y = y;
    y += mid.height() + gapY;
  }
  result.x = x0, result.y = y;
  data.x = x0 - gapX - data.width();
  data.y = mid.present ? mid.y : result.y;
  if (selH.present) selH.x = x0 - gapX - selH.width(), selH.y = result.y;
  v.boundsMin = {1e30f, 1e30f};
  v.boundsMax = {-1e30f, -1e30f};
  for (const MatrixBlock& b : v.blocks) {
    if (!b.present) continue;
    v.boundsMin = {std::min(v.boundsMin.x, b.x), std::min(v.boundsMin.y, b.y)};
    v.boundsMax = {std::max(v.boundsMax.x, b.x + b.width()), std::max(v.boundsMax.y, b.y + b.height())};
  }
  v.boundsMin.x -= spacing.padLeft;
  v.boundsMax.x += spacing.padRight;
}

float fitMatrixLayout(MatrixView& v, const MatrixSpacing& px, const std::function<float(Point, Point)>& zoomFor) {
  // The zoom falls as the spacing (in scene units) grows with it: iterate to the fixed point from above.
  layoutMatrixView(v, {});
  float zoom = zoomFor(v.boundsMin, v.boundsMax);
  for (int i = 0; i < 40 && zoom > 0.0f; ++i) {
    layoutMatrixView(v, {px.gapX / zoom, px.gapY / zoom, px.padLeft / zoom, px.padRight / zoom});
    const float next = zoomFor(v.boundsMin, v.boundsMax);
    const bool settled = std::abs(next - zoom) <= zoom * 1e-4f;
    zoom = next;
    if (settled) break;
  }
  return zoom;
}

void attachAnimation(MatrixView& v, const Animation& animation) {
  if (!v.trace || v.tiles.empty()) return;
  const auto& moves = animation.moves();
  for (size_t k = 0; k < moves.size(); ++k) {
    if (moves[k].move >= v.trace->moves.size()) continue;
    const int32_t tile = v.trace->moves[moves[k].move].tile;
    if (tile < 0 || static_cast<size_t>(tile) >= v.tileIndex.size()) continue;
    const int i = v.tileIndex[static_cast<size_t>(tile)];
    if (i >= 0 && v.tiles[static_cast<size_t>(i)].firstMove < 0) v.tiles[static_cast<size_t>(i)].firstMove = static_cast<int64_t>(k);
  }
  std::stable_sort(v.tiles.begin(), v.tiles.end(), [](const MatrixTile& a, const MatrixTile& b) {
    return (a.firstMove < 0 ? INT64_MAX : a.firstMove) < (b.firstMove < 0 ? INT64_MAX : b.firstMove);
  });
  for (size_t i = 0; i < v.tiles.size(); ++i) v.tileIndex[static_cast<size_t>(v.tiles[i].tile)] = static_cast<int>(i);
}

TileProgress tileProgressAt(const MatrixView& v, const Animation& animation, double t) {
  TileProgress p;
  const size_t landed = animation.landedAt(t);
  if (landed == 0 || !v.trace || landed > animation.moves().size()) return p;
  const uint32_t move = animation.moves()[landed - 1].move;
  if (move < v.trace->moves.size()) {
    const int32_t tile = v.trace->moves[move].tile;
    if (tile >= 0 && static_cast<size_t>(tile) < v.tileIndex.size()) p.current = v.tileIndex[static_cast<size_t>(tile)];
  }
  for (size_t i = 0; i < v.tiles.size(); ++i) {
    const int64_t first = v.tiles[i].firstMove;
    if (first < 0 || first >= static_cast<int64_t>(landed)) break;  // sorted: the rest land later
    if (static_cast<int>(i) != p.current) p.done.push_back(static_cast<int>(i));
  }
  return p;
}

std::optional<MatrixHit> hitTest(const MatrixView& v, Point p) {
  for (const MatrixBlock& b : v.blocks) {
    if (!b.present || p.x < b.x || p.y < b.y || p.x >= b.x + b.width() || p.y >= b.y + b.height()) continue;
    return MatrixHit{b.role, static_cast<int64_t>(p.y - b.y), static_cast<int64_t>(p.x - b.x)};
  }
  return std::nullopt;
}

std::vector<MatrixLine> linkedLines(const MatrixView& v, const MatrixHit& hit) {
  std::vector<MatrixLine> lines;
  const MatrixBlock& h = v.block(hit.block);
  if (!h.present) return lines;
  // The hovered entry's two positions; every block of the other kind (selection <-> tensor) with an axis of the
  // same kind shows that row or column.
  const std::pair<MatrixAxis, int64_t> at[] = {{h.rowAxis, hit.row}, {h.colAxis, hit.col}};
  for (const MatrixBlock& b : v.blocks) {
    if (!b.present || b.selection() == h.selection()) continue;
    for (const auto& [axis, index] : at) {
      if (axis == MatrixAxis::kUnit) continue;
      if (b.rowAxis == axis && index < b.rows) lines.push_back({b.role, true, index});
      if (b.colAxis == axis && index < b.cols) lines.push_back({b.role, false, index});
    }
  }
  return lines;
}

std::vector<std::string> hoverText(const MatrixView& v, const MatrixHit& hit, const RunRequest& r) {
  std::vector<std::string> lines;
  const MatrixBlock& b = v.block(hit.block);
  if (!b.present) return lines;
  const IndexRule rule = opInfo(v.op).rule;
  const MatrixBlock& selW = v.block(BlockRole::kSelectW);
  const MatrixBlock& selH = v.block(BlockRole::kSelectH);
  if (b.selection()) {
    const bool wAxis = hit.block == BlockRole::kSelectW;
    const int64_t o = b.outAlongRows ? hit.row : hit.col, i = b.outAlongRows ? hit.col : hit.row;
    const MatrixAxis outAxis = wAxis ? MatrixAxis::kOutCols : MatrixAxis::kOutRows;
    const MatrixAxis inAxis = wAxis ? MatrixAxis::kInCols : MatrixAxis::kInRows;
    const bool one = b.one(hit.row, hit.col);
    // The backward's gradOutput feeds gradInput; the forward's self feeds out.
    const std::string from = v.backward ? position(v, outAxis, o) : position(v, inAxis, i);
    const std::string to = v.backward ? position(v, inAxis, i) : position(v, outAxis, o);
    lines.push_back(i18n::trf(one ? "{0} = 1: {1} feeds {2}" : "{0} = 0: {1} does not feed {2}", entryName(b, hit.row, hit.col), from, to));
    const int64_t src = b.src[static_cast<size_t>(o)];
    if (!one) {
      lines.push_back(v.backward ? i18n::trf("({0} feeds {1})", from, position(v, inAxis, src))
                                 : i18n::trf("({0} is fed by {1})", to, position(v, inAxis, src)));
    }
    const char* axis = wAxis ? "W" : "H";
    for (std::string& line : explainUpsampleAxis(rule, axis, o, wAxis ? r.shape.in[kW] : r.shape.in[kH], wAxis ? r.shape.out[kW] : r.shape.out[kH],
                                                 wAxis ? r.shape.scales[kW] : r.shape.scales[kH]))
      lines.push_back(std::move(line));
    return lines;
  }
  lines.push_back(cat(entryName(b, hit.row, hit.col), " = ",
                      b.hasValue(hit.row, hit.col) ? formatNumber(b.value(hit.row, hit.col)) : std::string(i18n::tr("(not computed)"))));
  // The selection entries that touch this cell, by the positions it has on each axis.
  auto srcOf = [](const MatrixBlock& sel, int64_t o) {
    return o >= 0 && o < static_cast<int64_t>(sel.src.size()) ? sel.src[static_cast<size_t>(o)] : int64_t{-1};
  };
  const bool twoD = !v.oneD;
  const int64_t row = hit.row, col = hit.col;
  const std::string other = opInfo(v.op).dst().name;  // the result's name
  const std::string dataName = opInfo(v.op).src().name;
  switch (hit.block) {
    case BlockRole::kData:
      if (v.backward) {
        lines.push_back(i18n::trf("adds into {0}", cat(other, twoD ? cat("[", srcOf(selH, row), "]") : std::string(), "[", srcOf(selW, col), "]")));
        lines.push_back(i18n::trf("A_W row {0} has its 1 in column {1}", col, srcOf(selW, col)));
        if (twoD) lines.push_back(i18n::trf("A_H^T column {0} has its 1 in row {1}", row, srcOf(selH, row)));
      } else {
        lines.push_back(twoD ? i18n::trf("copied to {0} rows h in {1} x columns w in {2}", other, preimageText(selH.src, row),
                                         preimageText(selW.src, col))
                             : i18n::trf("copied to {0} columns w in {1}", other, preimageText(selW.src, col)));
        lines.push_back(twoD ? i18n::trf("the 1s of A_W^T row {0} and of A_H column {1}", col, row) : i18n::trf("the 1s of A_W^T row {0}", col));
      }
      break;
    case BlockRole::kMid:
      if (v.backward) {
        lines.push_back(i18n::trf("sums {0} row {1} over the columns w in {2}: the 1s of A_W column {3}", dataName, row,
                                  preimageText(selW.src, col), col));
      } else {
        lines.push_back(i18n::trf("= {0}[{1}][{2}]: the 1 of A_W^T column {3} is in row {2}", dataName, row, srcOf(selW, col), col));
      }
      lines.push_back(b.note);
      break;
    case BlockRole::kResult:
      if (v.backward) {
        lines.push_back(twoD ? i18n::trf("sums {0} rows h in {1} x columns w in {2}", dataName, preimageText(selH.src, row),
                                         preimageText(selW.src, col))
                             : i18n::trf("sums {0} columns w in {1}", dataName, preimageText(selW.src, col)));
        lines.push_back(twoD ? i18n::trf("the 1s of A_H^T row {0} and A_W column {1}", row, col) : i18n::trf("the 1s of A_W column {0}", col));
      } else {
        lines.push_back(cat("= ", dataName, twoD ? cat("[", srcOf(selH, row), "]") : std::string(), "[", srcOf(selW, col), "]"));
        lines.push_back(twoD ? i18n::trf("the 1 of A_H row {0} is in column {1}, the 1 of A_W^T column {2} is in row {3}", row,
                                         srcOf(selH, row), col, srcOf(selW, col))
                             : i18n::trf("the 1 of A_W^T column {0} is in row {1}", col, srcOf(selW, col)));
      }
      break;
    default: break;
  }
  return lines;
}

std::string tileText(const MatrixView& v, const MatrixTile& t) {
  const std::string core = v.plan ? v.plan->coreName(t.core) : i18n::trf("core {0}", t.core);
  const MatrixBlock& product = v.block(t.dst.block);
  const std::string what = t.dst.block == BlockRole::kMid ? product.formula
                           : t.pass == MatmulPass::kW      ? cat(product.name, " = ", v.block(t.src.block).name, " · A_W")
                                                           : cat(product.name, " = A_H^T · ", v.block(t.src.block).name);
  return i18n::trf("T{0} on {1} · {2}: {3}", t.tile, core, matmulPassName(t.pass), what);
}

std::string tileRegionsText(const MatrixView& v, const MatrixTile& t) {
  auto text = [&](const MatrixRegion& g) {
    return i18n::trf("{0} rows {1} × columns {2}", v.block(g.block).name, rangeText(g.row0, g.row1), rangeText(g.col0, g.col1));
  };
  const std::string left = t.pass == MatmulPass::kW ? text(t.src) : text(t.select);
  const std::string right = t.pass == MatmulPass::kW ? text(t.select) : text(t.src);
  return cat(left, " · ", right, " → ", text(t.dst));
}

}  // namespace gradlab::viz
