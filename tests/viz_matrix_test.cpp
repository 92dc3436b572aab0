// The Matrix view's model: selection matrices against the catalog's index math, the textbook layout of the
// products, the cube's tiles as regions of the matrices (and their moves as the animation plays), and what a
// hovered entry or cell connects.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "viz/model/lesson.h"
#include "viz/model/matrix_view.h"

namespace gradlab::viz {
namespace {

RunRequest request(OpKind op, int64_t in, int64_t out) {
  RunRequest r;
  r.op = op;
  r.shape.in[kH] = r.shape.in[kW] = in;
  r.shape.out[kH] = r.shape.out[kW] = out;
  r.valueSource = ValueSource::kSmallIntegers;
  r.trace = true;
  return r;
}

// A view of the request's shapes alone (no run): what the selection matrices and the layout need.
MatrixView shapesOnly(const RunRequest& r) {
  SceneSource src;
  src.op = r.op;
  return buildMatrixView(buildScene(src, 0), r);
}

struct Ran {
  RunRequest request;
  RunResult result;
  Scene scene;
  MatrixView view;
};

Ran runView(RunRequest r, int64_t plane = 0) {
  Ran x;
  x.request = r;
  x.result = run(r);
  EXPECT_TRUE(x.result.ok()) << x.result.message;
  x.scene = buildScene(sceneSourceOf(x.result, r.op), plane);
  x.view = buildMatrixView(x.scene, r);
  return x;
}

std::vector<OpKind> upsampleOps() {
  std::vector<OpKind> ops;
  for (const OpInfo& op : allOps())
    if (matrixViewApplies(op.kind)) ops.push_back(op.kind);
  return ops;
}

const MatrixBlock& B(const MatrixView& v, BlockRole r) { return v.block(r); }

TEST(VizMatrix, AppliesToTheUpsampleOperatorsOnly) {
  int upsample = 0;
  for (const OpInfo& op : allOps()) {
    const bool applies = (op.rule == IndexRule::kNearestExact || op.rule == IndexRule::kNearest) && op.spatialRank < 3;
    EXPECT_EQ(matrixViewApplies(op.kind), applies) << op.name;
    upsample += applies;
  }
  EXPECT_EQ(upsample, 8) << "nearest-exact and legacy nearest, 1-D and 2-D, forward and backward";
  RunRequest r = request(OpKind::kAdaptiveMaxPool2dBackward, 6, 3);
  const MatrixView v = shapesOnly(r);
  for (const MatrixBlock& b : v.blocks) EXPECT_FALSE(b.present);
  EXPECT_FALSE(hitTest(v, {0.5f, 0.5f}));
}

// Every entry of both matrices is 1 exactly where the catalog's sourceIndex sends the output position, for
// both rules, up- and downsampling, the legacy shortcuts (out == in, out == 2·in) and explicit scales.
TEST(VizMatrix, SelectionEntriesAreTheCatalogsIndexMath) {
  struct Axis {
    int64_t in, out;
    double scale;
  };
  const Axis axes[] = {{4, 8, 0.0}, {3, 7, 0.0}, {5, 13, 0.0}, {7, 3, 0.0}, {4, 4, 0.0}, {3, 6, 0.0}, {4, 10, 2.5}, {6, 9, 1.7}};
  for (OpKind kind : upsampleOps()) {
    const OpInfo& op = opInfo(kind);
    for (const Axis& w : axes) {
      for (const Axis& h : {axes[1], axes[3], axes[6]}) {
        RunRequest r = request(kind, 1, 1);
        r.shape.in[kW] = w.in, r.shape.out[kW] = w.out, r.shape.scales[kW] = w.scale;
        r.shape.in[kH] = h.in, r.shape.out[kH] = h.out, r.shape.scales[kH] = h.scale;
        const MatrixView v = shapesOnly(r);
        const std::string what = std::string(op.name) + " W " + std::to_string(w.in) + "->" + std::to_string(w.out);
        const MatrixBlock& aw = B(v, BlockRole::kSelectW);
        ASSERT_TRUE(aw.present) << what;
        const float sw = sourceStep(w.scale, w.in, w.out);
        // Backward A_W [Wo x Wi], forward A_W^T [Wi x Wo].
        EXPECT_EQ(aw.rows, op.backward ? w.out : w.in) << what;
        EXPECT_EQ(aw.cols, op.backward ? w.in : w.out) << what;
        for (int64_t o = 0; o < w.out; ++o)
          for (int64_t i = 0; i < w.in; ++i) {
            const bool expected = sourceIndex(op.rule, o, w.in, w.out, sw) == i;
            EXPECT_EQ(op.backward ? aw.one(o, i) : aw.one(i, o), expected) << what << " o=" << o << " i=" << i;
          }
        const MatrixBlock& ah = B(v, BlockRole::kSelectH);
        EXPECT_EQ(ah.present, op.spatialRank == 2) << what;
        if (!ah.present) continue;
        const float sh = sourceStep(h.scale, h.in, h.out);
        // Backward A_H^T [Hi x Ho], forward A_H [Ho x Hi].
        EXPECT_EQ(ah.rows, op.backward ? h.in : h.out) << what;
        for (int64_t o = 0; o < h.out; ++o)
          for (int64_t i = 0; i < h.in; ++i)
            EXPECT_EQ(op.backward ? ah.one(i, o) : ah.one(o, i), sourceIndex(op.rule, o, h.in, h.out, sh) == i) << what;
      }
    }
  }
}

// Rows of a left operand line up with rows of its product, columns of a right operand with columns of its
// product, the inner dimensions agree, and no two blocks overlap.
TEST(VizMatrix, LayoutIsATextbookProductDiagram) {
  for (OpKind kind : upsampleOps()) {
    RunRequest r = request(kind, 1, 1);
    r.shape.in[kH] = 3, r.shape.out[kH] = 7, r.shape.in[kW] = 5, r.shape.out[kW] = 11;
    MatrixView v = shapesOnly(r);
    const float gx = 2.5f, gy = 4.0f;
    layoutMatrixView(v, {gx, gy, 3.0f, 6.0f});
    const std::string what = opName(kind);
    for (size_t i = 0; i < v.blocks.size(); ++i) EXPECT_EQ(v.blocks[i].role, static_cast<BlockRole>(i)) << what << ": present or not";
    const MatrixBlock &data = B(v, BlockRole::kData), &selW = B(v, BlockRole::kSelectW), &mid = B(v, BlockRole::kMid);
    const MatrixBlock &selH = B(v, BlockRole::kSelectH), &result = B(v, BlockRole::kResult);
    // left · right = product: left beside the product (rows on rows), right above it (columns over columns).
    auto expectProduct = [&](const MatrixBlock& left, const MatrixBlock& right, const MatrixBlock& product) {
      const std::string p = what + ": " + left.name + " · " + right.name;
      EXPECT_FLOAT_EQ(left.y, product.y) << p;
      EXPECT_EQ(left.rows, product.rows) << p;
      EXPECT_FLOAT_EQ(left.x + left.width() + gx, product.x) << p;
      EXPECT_FLOAT_EQ(right.x, product.x) << p;
      EXPECT_EQ(right.cols, product.cols) << p;
      EXPECT_FLOAT_EQ(right.y + right.height() + gy, product.y) << p;
      EXPECT_EQ(left.cols, right.rows) << p << ": inner dimensions";
    };
    expectProduct(data, selW, mid.present ? mid : result);  // 1-D: straight into the result
    if (mid.present) expectProduct(selH, mid, result);
    EXPECT_EQ(result.rows, opInfo(kind).spatialRank == 1 ? 1 : opInfo(kind).backward ? r.shape.in[kH] : r.shape.out[kH]) << what;
    for (const MatrixBlock& a : v.blocks)
      for (const MatrixBlock& b : v.blocks) {
        if (!a.present || !b.present || &a == &b) continue;
        const bool apart = a.x + a.width() <= b.x || b.x + b.width() <= a.x || a.y + a.height() <= b.y || b.y + b.height() <= a.y;
        EXPECT_TRUE(apart) << what << ": " << a.name << " overlaps " << b.name;
      }
    // The bounds hold every block and the room beside the columns for labels.
    float left = 1e9f, right = -1e9f;
    for (const MatrixBlock& b : v.blocks) {
      if (!b.present) continue;
      EXPECT_GE(b.y, v.boundsMin.y);
      EXPECT_LE(b.y + b.height(), v.boundsMax.y);
      left = std::min(left, b.x), right = std::max(right, b.x + b.width());
    }
    EXPECT_FLOAT_EQ(left - v.boundsMin.x, 3.0f) << what;
    EXPECT_FLOAT_EQ(v.boundsMax.x - right, 6.0f) << what;
    EXPECT_EQ(leftColumn(v).size() + middleColumn(v).size(), opInfo(kind).spatialRank == 1 ? 3u : 5u);
  }
}

// The gaps come out at the asked pixels at the zoom the canvas then picks.
TEST(VizMatrix, FittedGapsHoldTheLabels) {
  for (int64_t out : {8, 16, 200}) {
    MatrixView v = shapesOnly(request(OpKind::kUpsampleNearestExact2dBackward, out / 2, out));
    auto fit = [](Point a, Point b) { return std::min(600.0f / (b.x - a.x), (500.0f - 40.0f) / (b.y - a.y)); };
    const float zoom = fitMatrixLayout(v, {20.0f, 40.0f, 100.0f, 50.0f}, fit);
    EXPECT_NEAR(zoom, fit(v.boundsMin, v.boundsMax), zoom * 1e-3f);
    const MatrixBlock &selW = B(v, BlockRole::kSelectW), &mid = B(v, BlockRole::kMid);
    EXPECT_NEAR((mid.y - selW.y - selW.height()) * zoom, 40.0f, 0.1f) << out;
    EXPECT_NEAR((mid.x - B(v, BlockRole::kData).x - B(v, BlockRole::kData).width()) * zoom, 20.0f, 0.1f) << out;
    EXPECT_NEAR((std::min(B(v, BlockRole::kData).x, B(v, BlockRole::kSelectH).x) - v.boundsMin.x) * zoom, 100.0f, 0.1f) << out;
    EXPECT_NEAR((v.boundsMax.x - mid.x - mid.width()) * zoom, 50.0f, 0.1f) << out;
  }
}

// The cube's matmul tiles of the shown plane: the W pass reads gradOutput rows x a K window of columns with
// A_W's window rows x the slide's columns, into T; the H pass A_H^T's slide rows x K window with T's window
// rows, into gradInput. The window holds every 1 of the columns / rows the tile writes, the tiles cover T and
// gradInput once each, and T (from the trace's hop-1 moves) is gradOutput · A_W.
TEST(VizMatrix, CubeTilesMapOntoMatrixRegions) {
  RunRequest r = request(OpKind::kUpsampleNearestExact2dBackward, 5, 13);
  r.shape.in[kW] = 7, r.shape.out[kW] = 19;
  r.shape.C = 2;
  r.strategy = "cube";
  const Ran x = runView(r, 1);
  const MatrixView& v = x.view;
  const Plan& plan = *x.result.plan;
  ASSERT_EQ(plan.strategyName, "cube");
  ASSERT_TRUE(v.cube);
  ASSERT_GE(plan.intermediate, 0);
  ASSERT_FALSE(v.tiles.empty());
  const MatrixBlock &go = B(v, BlockRole::kData), &aw = B(v, BlockRole::kSelectW), &t = B(v, BlockRole::kMid);
  const MatrixBlock &ah = B(v, BlockRole::kSelectH), &gi = B(v, BlockRole::kResult);
  std::vector<int> tCover(static_cast<size_t>(t.rows * t.cols), 0), giCover(static_cast<size_t>(gi.rows * gi.cols), 0);
  using Span = std::pair<int64_t, int64_t>;
  auto rows = [](const MatrixRegion& g) { return Span{g.row0, g.row1}; };
  auto cols = [](const MatrixRegion& g) { return Span{g.col0, g.col1}; };
  auto cover = [](std::vector<int>& count, const MatrixRegion& g, int64_t width) {
    for (int64_t row = g.row0; row < g.row1; ++row)
      for (int64_t col = g.col0; col < g.col1; ++col) ++count[static_cast<size_t>(row * width + col)];
  };
  // Every 1 of the selection matrix's lines the tile writes lies in the tile's window.
  auto windowHoldsEveryOne = [](const MatrixBlock& sel, const MatrixRegion& g, bool rowsWritten) {
    for (int64_t row = 0; row < sel.rows; ++row)
      for (int64_t col = 0; col < sel.cols; ++col) {
        const bool written = rowsWritten ? row >= g.row0 && row < g.row1 : col >= g.col0 && col < g.col1;
        const bool inWindow = rowsWritten ? col >= g.col0 && col < g.col1 : row >= g.row0 && row < g.row1;
        if (written && sel.one(row, col) && !inWindow) return false;
      }
    return true;
  };
  int w = 0, h = 0;
  for (const MatrixTile& m : v.tiles) {
    const Tile& tile = plan.tiles[static_cast<size_t>(m.tile)];
    EXPECT_EQ(m.core, tile.core);
    EXPECT_LT(tile.core, plan.cubeLanes) << "a cube core";
    EXPECT_TRUE(tile.dst.plane0 <= 1 && 1 < tile.dst.plane1) << "a tile of the shown plane";
    const bool wPass = m.pass == MatmulPass::kW;
    ++(wPass ? w : h);
    EXPECT_EQ(plan.phases[static_cast<size_t>(tile.phase)].selects, wPass ? SelectAxis::kColumns : SelectAxis::kRows);
    EXPECT_EQ(m.src.block, wPass ? BlockRole::kData : BlockRole::kMid);
    EXPECT_EQ(m.dst.block, wPass ? BlockRole::kMid : BlockRole::kResult);
    EXPECT_EQ(m.select.block, wPass ? BlockRole::kSelectW : BlockRole::kSelectH);
    EXPECT_EQ(rows(m.src), (Span{tile.src.row0, tile.src.row1}));
    EXPECT_EQ(cols(m.src), (Span{tile.src.col0, tile.src.col1}));
    EXPECT_EQ(rows(m.dst), (Span{tile.dst.row0, tile.dst.row1}));
    EXPECT_EQ(cols(m.dst), (Span{tile.dst.col0, tile.dst.col1}));
    if (wPass) {  // [gradOutput rows x K] · A_W[K x slide columns] -> T[rows x slide columns]
      EXPECT_EQ(rows(m.select), cols(m.src)) << "A_W's rows are gradOutput's columns";
      EXPECT_EQ(cols(m.select), cols(m.dst)) << "A_W's columns are T's columns";
      EXPECT_EQ(rows(m.dst), rows(m.src)) << "T's rows are gradOutput's rows";
      EXPECT_TRUE(windowHoldsEveryOne(aw, m.select, false));
      cover(tCover, m.dst, t.cols);
    } else {  // A_H^T[slide rows x K] · T[K x columns] -> gradInput[slide rows x columns]
      EXPECT_EQ(rows(m.select), rows(m.dst)) << "A_H^T's rows are gradInput's rows";
      EXPECT_EQ(cols(m.select), rows(m.src)) << "A_H^T's columns are T's rows";
      EXPECT_EQ(cols(m.src), cols(m.dst));
      EXPECT_TRUE(windowHoldsEveryOne(ah, m.select, true));
      cover(giCover, m.dst, gi.cols);
    }
  }
  EXPECT_GT(w, 0);
  EXPECT_GT(h, 0);
  EXPECT_TRUE(std::all_of(tCover.begin(), tCover.end(), [](int n) { return n == 1; })) << "W tiles cover T once";
  EXPECT_TRUE(std::all_of(giCover.begin(), giCover.end(), [](int n) { return n == 1; })) << "H tiles cover gradInput once";

  // T = gradOutput · A_W (small integers: exact in fp32), and gradInput = A_H^T · T.
  ASSERT_TRUE(v.midComputed);
  for (int64_t row = 0; row < t.rows; ++row)
    for (int64_t col = 0; col < t.cols; ++col) {
      float sum = 0.0f;
      for (int64_t k = 0; k < go.cols; ++k) sum += aw.one(k, col) ? go.value(row, k) : 0.0f;
      ASSERT_TRUE(t.hasValue(row, col)) << row << "," << col;
      EXPECT_EQ(t.value(row, col), sum) << row << "," << col;
    }
  for (int64_t row = 0; row < gi.rows; ++row)
    for (int64_t col = 0; col < gi.cols; ++col) {
      float sum = 0.0f;
      for (int64_t k = 0; k < t.rows; ++k) sum += ah.one(row, k) ? t.value(k, col) : 0.0f;
      EXPECT_EQ(gi.value(row, col), sum) << row << "," << col;
    }
}

// Other strategies draw T's cells empty and say so; so does the forward's S.
TEST(VizMatrix, IntermediateIsEmptyWithoutTheCube) {
  for (const char* strategy : {"gather", "scatter"}) {
    RunRequest r = request(OpKind::kUpsampleNearestExact2dBackward, 4, 8);
    r.strategy = strategy;
    const Ran x = runView(r);
    EXPECT_FALSE(x.view.cube) << strategy;
    EXPECT_TRUE(x.view.tiles.empty()) << strategy;
    const MatrixBlock& t = B(x.view, BlockRole::kMid);
    EXPECT_FALSE(t.hasValue(0, 0)) << strategy;
    EXPECT_EQ(t.formula, "T = gradOutput · A_W");
    EXPECT_EQ(t.note, "(not computed by this strategy)");
    EXPECT_TRUE(B(x.view, BlockRole::kResult).hasValue(3, 3)) << "gradInput comes from the run";
  }
  const Ran f = runView(request(OpKind::kUpsampleNearest2d, 4, 8));
  EXPECT_EQ(B(f.view, BlockRole::kMid).formula, "S = self · A_W^T");
  EXPECT_FALSE(B(f.view, BlockRole::kMid).hasValue(0, 0));
  EXPECT_EQ(f.view.equation, "out = A_H · self · A_W^T");
}

// The current tile is the one of the most recently landed move; the tiles before it are done, in order.
TEST(VizMatrix, TileProgressFollowsTheAnimation) {
  RunRequest r = request(OpKind::kUpsampleNearestExact2dBackward, 4, 8);
  r.strategy = "cube";
  Ran x = runView(r);
  for (Pacing pacing : {Pacing::kOneAtATime, Pacing::kCoresInParallel}) {
    const Animation anim(x.scene, pacing);
    ASSERT_FALSE(anim.empty());
    MatrixView v = buildMatrixView(x.scene, r);
    attachAnimation(v, anim);
    EXPECT_EQ(tileProgressAt(v, anim, 0.0).current, -1) << "nothing has landed";
    for (size_t i = 1; i < v.tiles.size(); ++i)
      if (v.tiles[i].firstMove >= 0) {
        EXPECT_GE(v.tiles[i].firstMove, v.tiles[i - 1].firstMove) << "in the order they ran";
      }
    size_t lastDone = 0;
    int seen = 0;
    for (double t = 0.0; t <= anim.duration() + 1.0; t += 0.25) {
      const TileProgress p = tileProgressAt(v, anim, t);
      EXPECT_GE(p.done.size(), lastDone) << "tiles stay done";
      lastDone = p.done.size();
      const size_t landed = anim.landedAt(t);
      if (landed == 0) continue;
      const int32_t tile = x.result.trace->moves[anim.moves()[landed - 1].move].tile;
      const int expected = v.tileIndex[static_cast<size_t>(tile)];
      EXPECT_EQ(p.current, expected) << "t=" << t;
      if (p.current >= 0) ++seen;
      for (int d : p.done) {
        EXPECT_NE(d, p.current);
        EXPECT_LT(v.tiles[static_cast<size_t>(d)].firstMove, static_cast<int64_t>(landed));
      }
    }
    EXPECT_GT(seen, 0) << "the cube's tiles show as the moves land";
  }
}

// Hover: an entry maps back from its scene point, a selection entry lights the tensor lines it connects, a
// tensor cell the selection lines that touch it, and the tooltip says it in words.
TEST(VizMatrix, HoverLinksEntriesAndCells) {
  RunRequest r = request(OpKind::kUpsampleNearestExact2dBackward, 4, 8);
  MatrixView v = shapesOnly(r);
  layoutMatrixView(v, {2.0f, 3.0f, 0.0f, 0.0f});
  for (const MatrixBlock& b : v.blocks) {
    if (!b.present) continue;
    const auto hit = hitTest(v, {b.x + 2.5f, b.y + 1.5f});
    ASSERT_TRUE(hit) << b.name;
    EXPECT_EQ(*hit, (MatrixHit{b.role, 1, 2})) << b.name;
  }
  const MatrixBlock& data = B(v, BlockRole::kData);
  EXPECT_FALSE(hitTest(v, {data.x - 0.5f, data.y + 1.0f})) << "left of every block";
  EXPECT_FALSE(hitTest(v, {data.x + 1.0f, data.y - 1.0f})) << "in the gap above gradOutput";

  using L = MatrixLine;
  using R = BlockRole;
  auto sorted = [](std::vector<L> l) {
    std::sort(l.begin(), l.end(), [](const L& a, const L& b) {
      return std::tie(a.block, a.row, a.index) < std::tie(b.block, b.row, b.index);
    });
    return l;
  };
  // A_W[5][2]: gradOutput column 5, T column 2, gradInput column 2.
  EXPECT_EQ(sorted(linkedLines(v, {R::kSelectW, 5, 2})), sorted({{R::kData, false, 5}, {R::kMid, false, 2}, {R::kResult, false, 2}}));
  // A_H^T[1][6]: gradOutput row 6, T row 6, gradInput row 1.
  EXPECT_EQ(sorted(linkedLines(v, {R::kSelectH, 1, 6})), sorted({{R::kData, true, 6}, {R::kMid, true, 6}, {R::kResult, true, 1}}));
  // gradOutput[6][5]: A_W row 5 and A_H^T column 6.
  EXPECT_EQ(sorted(linkedLines(v, {R::kData, 6, 5})), sorted({{R::kSelectW, true, 5}, {R::kSelectH, false, 6}}));
  // gradInput[1][2]: A_W column 2 and A_H^T row 1; T[6][2]: A_W column 2, A_H^T column 6.
  EXPECT_EQ(sorted(linkedLines(v, {R::kResult, 1, 2})), sorted({{R::kSelectW, false, 2}, {R::kSelectH, true, 1}}));
  EXPECT_EQ(sorted(linkedLines(v, {R::kMid, 6, 2})), sorted({{R::kSelectW, false, 2}, {R::kSelectH, false, 6}}));

  // 8 -> 4 nearest-exact: src(5) = floor(5.5 · 0.5) = 2.
  std::vector<std::string> one = hoverText(v, {R::kSelectW, 5, 2}, r);
  ASSERT_GE(one.size(), 2u);
  EXPECT_EQ(one[0], "A_W[5][2] = 1: gradOutput column 5 feeds gradInput column 2");
  EXPECT_NE(one.back().find("= 2"), std::string::npos) << one.back();
  std::vector<std::string> zero = hoverText(v, {R::kSelectW, 5, 3}, r);
  EXPECT_EQ(zero[0], "A_W[5][3] = 0: gradOutput column 5 does not feed gradInput column 3");
  EXPECT_EQ(hoverText(v, {R::kSelectH, 1, 3}, r)[0], "A_H^T[1][3] = 1: gradOutput row 3 feeds gradInput row 1");
  EXPECT_EQ(hoverText(v, {R::kData, 6, 5}, r)[1], "adds into gradInput[3][2]");
  EXPECT_EQ(hoverText(v, {R::kResult, 1, 2}, r)[1], "sums gradOutput rows h in [2, 4) x columns w in [4, 6)");

  // The forward: A_H[h][i] joins self row i, S row i and out row h; self feeds out.
  RunRequest f = request(OpKind::kUpsampleNearest2d, 4, 8);
  MatrixView fv = shapesOnly(f);
  EXPECT_EQ(sorted(linkedLines(fv, {R::kSelectH, 6, 3})), sorted({{R::kData, true, 3}, {R::kMid, true, 3}, {R::kResult, true, 6}}));
  EXPECT_EQ(hoverText(fv, {R::kSelectH, 6, 3}, f)[0], "A_H[6][3] = 1: self row 3 feeds out row 6");
  EXPECT_EQ(hoverText(fv, {R::kSelectW, 3, 7}, f)[0], "A_W^T[3][7] = 1: self column 3 feeds out column 7");

  // 1-D: row vectors; a cell's single row links nothing.
  RunRequest d = request(OpKind::kUpsampleNearestExact1dBackward, 3, 7);
  MatrixView dv = shapesOnly(d);
  EXPECT_FALSE(B(dv, BlockRole::kMid).present);
  EXPECT_EQ(dv.equation, "gradInput = gradOutput · A_W");
  EXPECT_EQ(linkedLines(dv, {R::kData, 0, 4}), (std::vector<L>{{R::kSelectW, true, 4}}));
  EXPECT_EQ(hoverText(dv, {R::kData, 0, 4}, d)[0].rfind("gradOutput[4] = ", 0), 0u);
}

// Lessons and sessions open the tab by name.
TEST(VizMatrix, TabIsNamedMatrixInLessons) {
  Tab tab = Tab::kScatter;
  ASSERT_TRUE(tabFromName("matrix", &tab));
  EXPECT_EQ(tab, Tab::kMatrix);
  EXPECT_STREQ(tabName(Tab::kMatrix), "matrix");
  EXPECT_FALSE(tabFromName("matrices", &tab));
  Lesson lesson;
  std::string error;
  ASSERT_TRUE(parseLesson(R"({"presets": [{"request": {"op": "upsample2d-backward"}, "view": {"tab": "matrix"}}]})", "m",
                          &lesson, &error))
      << error;
  EXPECT_EQ(lesson.presets[0].view.tab, Tab::kMatrix);
}

// ... and keep the strategy that makes the tab show the cube; a strategy the operator lacks names the ones it has.
TEST(VizMatrix, StrategyRoundTripsInLessons) {
  Lesson lesson;
  std::string error;
  ASSERT_TRUE(parseLesson(R"({"presets": [{"request": {"op": "upsample2d-backward", "strategy": "cube"}}]})", "m", &lesson,
                          &error))
      << error;
  EXPECT_EQ(lesson.presets[0].spec.request.strategy, "cube");
  EXPECT_NE(presetJson(lesson.presets[0]).find(R"("strategy": "cube")"), std::string::npos);
  EXPECT_FALSE(parseLesson(R"({"presets": [{"request": {"op": "upsample2d", "strategy": "cube"}}]})", "m", &lesson, &error));
  EXPECT_NE(error.find("unknown strategy \"cube\" for UpsampleNearestExact2d (gather, cann or default)"), std::string::npos) << error;
}

}  // namespace
}  // namespace gradlab::viz
#endif
