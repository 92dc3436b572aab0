// The Matrix tab: an upsample operator as products with its 0/1 selection matrices (viz/model/matrix_view.h),
// the cube's matmul tiles sliding over them with the player, and hover links between entries and cells.
#include <algorithm>
#include <array>
#include <cmath>

#include "i18n/translate.h"
#include "viz/model/core_palette.h"
#include "viz/model/matrix_view.h"
#include "viz/model/text.h"
#include "viz/panels/actions.h"
#include "viz/panels/panels.h"
#include "viz/widgets/grid_widget.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"
#include "viz/widgets/draw_text.h"

namespace gradlab::viz {

// The view of the current run, rebuilt when the run, the plane or the animation changes, and laid out again
// when the canvas changes size.
struct MatrixPanelCache {
  std::shared_ptr<const Plan> plan;
  std::shared_ptr<const Trace> trace;
  const float* values = nullptr;  // the result's first tensor (runs without a plan)
  OpKind op = OpKind::kCount;
  int64_t plane = -1;
  size_t moves = 0;
  Pacing pacing = Pacing::kOneAtATime;
  MatrixView view;
  std::array<SceneGrid, kBlockRoles> grids;  // the tensor blocks as grids (drawGrid draws their cells)
  // The fit: for a canvas of `laidOutFor` pixels at label size `labelPx`, labels above the blocks or beside
  // the columns (whichever gives the larger cells), and the room the canvas keeps above the diagram.
  ImVec2 laidOutFor{-1.0f, -1.0f};
  float labelPx = -1.0f;
  bool labelsBeside = false;
  float topMarginPx = 0.0f;
  MatrixSpacing spacing;
};

namespace {

const float* firstValues(const RunView& r) {
  return r.result.outputs.empty() || r.result.outputs[0].values.empty() ? nullptr : r.result.outputs[0].values.data();
}

MatrixPanelCache& cacheFor(AppState& s) {
  const RunView& r = s.run;
  std::shared_ptr<MatrixPanelCache>& c = s.view.matrixCache;
  if (c && c->plan == r.result.plan && c->trace == r.result.trace && c->values == firstValues(r) && c->op == r.scene.op &&
      c->plane == r.scene.plane && c->moves == r.animation.moves().size() && c->pacing == r.animation.pacing())
    return *c;
  c = std::make_shared<MatrixPanelCache>();
  c->plan = r.result.plan;
  c->trace = r.result.trace;
  c->values = firstValues(r);
  c->op = r.scene.op;
  c->plane = r.scene.plane;
  c->moves = r.animation.moves().size();
  c->pacing = r.animation.pacing();
  c->view = buildMatrixView(r.scene, r.request);
  attachAnimation(c->view, r.animation);
  for (const MatrixBlock& b : c->view.blocks) {
    if (!b.present || b.selection()) continue;
    SceneGrid& g = c->grids[static_cast<size_t>(b.role)];
    g.grid.name = b.name;
    g.grid.shape = {b.rows, b.cols};
    g.grid.dims = {1, b.rows, b.cols};
    const SceneGrid* tensor = r.scene.gridAt(b.role == BlockRole::kData ? r.scene.src : r.scene.dst);
    g.grid.dtype = b.role != BlockRole::kMid && tensor ? tensor->grid.dtype : ACL_FLOAT;
    g.grid.values = b.values.empty() ? std::vector<float>(static_cast<size_t>(b.rows * b.cols), 0.0f) : b.values;
  }
  return *c;
}

ImU32 translucent(ImU32 c, int alpha) { return (c & 0x00FFFFFFu) | (static_cast<ImU32>(alpha) << 24); }

// The screen rectangle of rows [r0, r1) x columns [c0, c1) of a block.
std::pair<ImVec2, ImVec2> rectOf(const Canvas& canvas, const MatrixBlock& b, int64_t r0, int64_t r1, int64_t c0, int64_t c1) {
  return {canvas.toScreen({b.x + static_cast<float>(c0), b.y + static_cast<float>(r0)}),
          canvas.toScreen({b.x + static_cast<float>(c1), b.y + static_cast<float>(r1)})};
}

// A selection matrix: empty cells, a filled cell for every 1 (one per output position). Below 2 px a cell, a
// 1 fills the block of step x step cells around it, as the grid widget draws blocks.
void drawSelection(const Canvas& canvas, const MatrixBlock& b) {
  ImDrawList* dl = canvas.drawList();
  const Theme& th = theme();
  const float z = canvas.zoom();
  const auto [p0, p1] = rectOf(canvas, b, 0, b.rows, 0, b.cols);
  dl->AddRectFilled(p0, p1, toImU32(th.emptyCell));
  if (z >= 6.0f) {  // the grid of entries
    const ImVec2 clip0 = canvas.origin(), clip1(clip0.x + canvas.size().x, clip0.y + canvas.size().y);
    for (int64_t r = 1; r < b.rows; ++r) {
      const float y = p0.y + static_cast<float>(r) * z;
      if (y >= clip0.y && y <= clip1.y) dl->AddLine(ImVec2(p0.x, y), ImVec2(p1.x, y), th.gridLine);
    }
    for (int64_t c = 1; c < b.cols; ++c) {
      const float x = p0.x + static_cast<float>(c) * z;
      if (x >= clip0.x && x <= clip1.x) dl->AddLine(ImVec2(x, p0.y), ImVec2(x, p1.y), th.gridLine);
    }
  }
  const int64_t step = z >= 2.0f ? 1 : static_cast<int64_t>(std::ceil(2.0f / z));
  const float gap = z >= 12.0f ? std::max(1.0f, z * 0.04f) : 0.0f;
  // A 1 in the colour of the labels (black on the projector's white, near-white on the dark theme).
  const Rgba oneColour = th.presenter ? Rgba{0, 0, 0, 255} : Rgba{230, 232, 236, 255};
  const ImU32 one = toImU32(oneColour), digit = toImU32(readableTextOn(oneColour));
  ImFont* mono = monoFont();
  const float fontSize = cellTextSize(z, mono->FontSize, th.presenter);
  const bool digits = fontSize >= (th.presenter ? kPresenterDigitPx : 9.0f);  // smaller, a filled cell says it alone
  const ImVec2 ts = mono->CalcTextSizeA(fontSize, 1e9f, 0.0f, "1");
  for (size_t o = 0; o < b.src.size(); ++o) {
    int64_t r = b.outAlongRows ? static_cast<int64_t>(o) : b.src[o];
    int64_t c = b.outAlongRows ? b.src[o] : static_cast<int64_t>(o);
    if (r < 0 || c < 0 || r >= b.rows || c >= b.cols) continue;
    r -= r % step, c -= c % step;
    const auto [a, e] = rectOf(canvas, b, r, std::min(r + step, b.rows), c, std::min(c + step, b.cols));
    dl->AddRectFilled(ImVec2(a.x + gap, a.y + gap), ImVec2(e.x - gap, e.y - gap), one);
    if (digits && step == 1)
      drawText(dl, mono, fontSize, ImVec2((a.x + e.x - ts.x) / 2, (a.y + e.y - ts.y) / 2), digit, "1");
  }
  dl->AddRect(ImVec2(p0.x - 1, p0.y - 1), ImVec2(p1.x + 1, p1.y + 1), th.labelDim);
}

struct LabelText {
  std::string line1, line2;
};

std::string sizeText(const MatrixBlock& b) { return cat(b.rows, "×", b.cols); }

// "T = gradOutput · A_W   8×4" over "the cube's W pass, from the trace"; a tensor's second line is its shape,
// dtype and plane, a selection matrix's the rule of its 1s.
LabelText labelText(const MatrixView& v, const MatrixBlock& b, const AppState& s) {
  LabelText t{cat(b.formula, "   ", sizeText(b)), b.note};
  if (b.role == BlockRole::kData || b.role == BlockRole::kResult) {
    const SceneGrid* tensor = s.run.scene.gridAt(b.role == BlockRole::kData ? s.run.scene.src : s.run.scene.dst);
    if (tensor) {
      const std::string title = gridTitle(*tensor, v.plane);  // "gradOutput [1, 1, 8, 8] float32   n=0 c=1"
      t.line2 = title.substr(std::min(tensor->grid.name.size() + 1, title.size()));
    }
  }
  return t;
}

float textWidth(const std::string& text, float size) { return uiFont()->CalcTextSizeA(size, 1e9f, 0.0f, text.c_str()).x; }
float labelWidth(const LabelText& t, float size) { return std::max(textWidth(t.line1, size), textWidth(t.line2, size)); }
float labelHeight(float size) { return size * 2.0f + 6.0f; }
float smallestLabel() { return theme().presenter ? kPresenterDigitPx : gridLabelSize() * 0.8f; }

bool inLeftColumn(BlockRole r) { return r == BlockRole::kData || r == BlockRole::kSelectH; }

// The two lines of a block's label. Above the block: left-column labels end at the block's right edge and grow
// leftwards, middle-column labels start at its left edge and grow rightwards, so that no two labels share any
// space. Beside: left-column labels end left of the block, middle-column ones start right of it, at its top.
// Smaller type (down to a readable floor) where a line is wider than the canvas leaves; one line where there is
// no room for two.
void drawLabel(const Canvas& canvas, const MatrixBlock& b, const LabelText& text, bool beside, float roomPx) {
  ImDrawList* dl = canvas.drawList();
  const Theme& th = theme();
  const float fs = gridLabelSize(), gap = 8.0f;
  const auto [p0, p1] = rectOf(canvas, b, 0, b.rows, 0, b.cols);
  const bool left = inLeftColumn(b.role);
  const float canvasLeft = canvas.origin().x + 4.0f, canvasRight = canvas.origin().x + canvas.size().x - 4.0f;
  const float avail = std::max(left ? (beside ? p0.x - gap : p1.x) - canvasLeft : canvasRight - (beside ? p1.x + gap : p0.x), 1.0f);
  const float widest = labelWidth(text, fs);
  const float size = std::clamp(widest > 0.0f ? fs * avail / widest : fs, smallestLabel(), fs);
  const bool two = !text.line2.empty() && roomPx >= labelHeight(size);
  float y = beside ? p0.y : p0.y - 4.0f - size * (two ? 2.0f : 1.0f);
  for (int i = 0; i < (two ? 2 : 1); ++i) {
    const std::string& line = i == 0 ? text.line1 : text.line2;
    const float w = textWidth(line, size);
    const float x = left ? std::max(canvasLeft, (beside ? p0.x - gap : p1.x) - w) : (beside ? p1.x + gap : p0.x);
    drawText(dl, uiFont(), size, ImVec2(x, y), i == 0 ? th.label : th.labelDim, line.c_str());
    y += size;
  }
}

void drawLabels(const Canvas& canvas, const MatrixPanelCache& c, const AppState& s) {
  const MatrixView& v = c.view;
  const float z = canvas.zoom();
  for (const auto& column : {leftColumn(v), middleColumn(v)}) {
    for (size_t k = 0; k < column.size(); ++k) {
      const MatrixBlock& b = v.block(column[k]);
      // Above: the gap over the block (the canvas' margin over the top one). Beside: the block and the gap under it.
      float room = c.spacing.gapY * z;
      if (c.labelsBeside) room = k + 1 < column.size() ? (v.block(column[k + 1]).y - b.y) * z : 1e9f;
      else if (b.role == BlockRole::kSelectW) room = canvas.toScreen({b.x, b.y}).y - canvas.origin().y;
      drawLabel(canvas, b, labelText(v, b, s), c.labelsBeside, room);
    }
  }
}

// The operator's equation in the corner the diagram leaves empty: left of the first right operand, above the
// first left operand. Clipped to that corner, so it never runs into a label.
void drawEquation(const Canvas& canvas, const MatrixPanelCache& c) {
  const MatrixView& v = c.view;
  const MatrixBlock& selW = v.block(BlockRole::kSelectW);
  const ImVec2 top = canvas.toScreen({selW.x - c.spacing.gapX, selW.y + selW.height()});
  const ImVec2 min(canvas.origin().x + 4.0f, canvas.origin().y + 4.0f), max(top.x, top.y - 4.0f);
  if (max.x - min.x < 40.0f || max.y - min.y < smallestLabel()) return;
  // One line, or the left-hand side over the right-hand side; the largest type that fits, heading size at most.
  const size_t eq = v.equation.find(" = ");
  const std::vector<std::vector<std::string>> layouts = {{v.equation}, {v.equation.substr(0, eq + 2), v.equation.substr(eq + 3)}};
  ImFont* font = headingFont();
  const float biggest = std::min(font->FontSize, gridLabelSize() * 1.25f);
  for (const auto& lines : layouts) {
    float widest = 0.0f;
    for (const std::string& l : lines) widest = std::max(widest, font->CalcTextSizeA(biggest, 1e9f, 0.0f, l.c_str()).x);
    const float size = std::min({biggest, biggest * (max.x - min.x) / widest, (max.y - min.y) / static_cast<float>(lines.size())});
    if (size < smallestLabel() && &lines != &layouts.back()) continue;
    ImDrawList* dl = canvas.drawList();
    dl->PushClipRect(min, max, true);
    float y = max.y - size * static_cast<float>(lines.size());  // sits on the corner's floor, over the products
    for (const std::string& l : lines) {
      drawText(dl, font, size, ImVec2(max.x - font->CalcTextSizeA(size, 1e9f, 0.0f, l.c_str()).x, y), theme().label, l.c_str());
      y += size;
    }
    dl->PopClipRect();
    return;
  }
}

// Labels above the blocks (room between the rows of the diagram, and beside the diagram where a label is wider
// than its column) or beside the columns (room left and right): whichever leaves the larger cells; beside only
// where every block but a column's last is as tall as a label.
void fitLayout(MatrixPanelCache& c, const AppState& s, ImVec2 size) {
  MatrixView& v = c.view;
  const float fs = gridLabelSize();
  std::array<float, kBlockRoles> labelW{};
  float leftW = 0.0f, rightW = 0.0f, leftCols = 0.0f;
  for (const MatrixBlock& b : v.blocks) {
    if (!b.present) continue;
    labelW[static_cast<size_t>(b.role)] = labelWidth(labelText(v, b, s), fs);
    float& widest = inLeftColumn(b.role) ? leftW : rightW;
    widest = std::max(widest, labelW[static_cast<size_t>(b.role)]);
    if (inLeftColumn(b.role)) leftCols = std::max(leftCols, b.width());
  }
  auto fit = [&](const MatrixSpacing& px, float top) {
    return fitMatrixLayout(v, px, [&](Point a, Point b) { return Canvas::fitZoom(size, a, b, top); });
  };
  const float gapX = ImGui::GetFontSize() * 1.5f;
  const float aboveTop = labelHeight(fs) + 2.0f, besideTop = 8.0f;
  const MatrixSpacing beside{gapX, std::max(8.0f, fs * 0.5f), leftW + 12.0f, rightW + 12.0f};
  const float zoomBeside = fit(beside, besideTop);
  bool tallEnough = true;
  for (const auto& column : {leftColumn(v), middleColumn(v)})
    for (size_t k = 0; k + 1 < column.size(); ++k)
      tallEnough = tallEnough && (v.block(column[k + 1]).y - v.block(column[k]).y) * zoomBeside >= labelHeight(fs);
  // Above: a left label grows leftwards from its block's right edge, a middle one rightwards from its left edge;
  // widen the bounds by what the widest overhangs at the zoom that results (a few rounds: the zoom falls as they grow).
  MatrixSpacing above{gapX, labelHeight(fs) + 2.0f, 0.0f, 0.0f};
  float zoomAbove = fit(above, aboveTop);
  for (int round = 0; round < 4; ++round) {
    float needLeft = 0.0f, needRight = 0.0f;
    for (const MatrixBlock& b : v.blocks) {
      if (!b.present) continue;
      const float w = labelW[static_cast<size_t>(b.role)];
      if (inLeftColumn(b.role)) needLeft = std::max(needLeft, w - leftCols * zoomAbove + 4.0f);
      else needRight = std::max(needRight, w - b.width() * zoomAbove + 4.0f);
    }
    if (needLeft <= above.padLeft + 1.0f && needRight <= above.padRight + 1.0f) break;
    above.padLeft = std::max(above.padLeft, needLeft);
    above.padRight = std::max(above.padRight, needRight);
    zoomAbove = fit(above, aboveTop);
  }
  c.labelsBeside = tallEnough && zoomBeside > zoomAbove;
  const MatrixSpacing& px = c.labelsBeside ? beside : above;
  const float zoom = fit(px, c.labelsBeside ? besideTop : aboveTop);
  c.spacing = {px.gapX / zoom, px.gapY / zoom, px.padLeft / zoom, px.padRight / zoom};
  c.topMarginPx = c.labelsBeside ? besideTop : aboveTop;
  c.laidOutFor = size;
  c.labelPx = fs;
  for (const MatrixBlock& b : v.blocks) {
    if (!b.present) continue;
    c.grids[static_cast<size_t>(b.role)].x = b.x;
    c.grids[static_cast<size_t>(b.role)].y = b.y;
  }
}

// A region's fill and border; `outside`: the border just outside the region, off the entries it frames.
void markRegion(const Canvas& canvas, const MatrixView& v, const MatrixRegion& g, ImU32 fill, ImU32 border, float width,
                bool outside = false) {
  if (g.empty()) return;
  auto [p0, p1] = rectOf(canvas, v.block(g.block), g.row0, g.row1, g.col0, g.col1);
  if (fill) canvas.drawList()->AddRectFilled(p0, p1, fill);
  if (!border) return;
  const float d = outside ? -width * 0.5f - 1.0f : width * 0.5f;
  canvas.drawList()->AddRect(ImVec2(p0.x + d, p0.y + d), ImVec2(p1.x - d, p1.y - d), border, 0.0f, 0, width);
}

// The tiles that ran so far, faint on what they wrote, and the current one framed on its three regions in its
// core's colour (frames only: the entries under them stay readable).
void drawTiles(const Canvas& canvas, const MatrixView& v, const TileProgress& p) {
  const Theme& th = theme();
  for (int i : p.done) {
    const MatrixTile& t = v.tiles[static_cast<size_t>(i)];
    const ImU32 c = toImU32(coreColour(t.core));
    markRegion(canvas, v, t.dst, translucent(c, th.presenter ? 45 : 35), translucent(c, 140), 1.0f);
  }
  if (p.current < 0) return;
  const MatrixTile& t = v.tiles[static_cast<size_t>(p.current)];
  const ImU32 c = toImU32(coreColour(t.core));
  for (const MatrixRegion* g : {&t.src, &t.select, &t.dst}) markRegion(canvas, v, *g, 0, c, th.tileBorderWidth + 1.0f, true);
  // The tile's name over its result, where the cells leave room.
  const auto [p0, p1] = rectOf(canvas, v.block(t.dst.block), t.dst.row0, t.dst.row1, t.dst.col0, t.dst.col1);
  const std::string tag = cat("T", t.tile, " · ", v.plan ? v.plan->coreName(t.core) : std::string());
  ImFont* f = monoFont();
  const float fs = std::min(f->FontSize, 13.0f + (th.presenter ? 5.0f : 0.0f));
  const ImVec2 ts = f->CalcTextSizeA(fs, 1e9f, 0.0f, tag.c_str());
  if (t.dst.row1 - t.dst.row0 >= 3 && ts.x + 8.0f < p1.x - p0.x && ts.y * 3.0f < p1.y - p0.y) {  // off most of its cells
    const ImVec2 at(p0.x + 3, p0.y + 2);
    canvas.drawList()->AddRectFilled(at, ImVec2(at.x + ts.x + 4, at.y + ts.y), c, 2.0f);
    drawText(canvas.drawList(), f, fs, ImVec2(at.x + 2, at.y), IM_COL32(0, 0, 0, 255), tag.c_str());
  }
}

void drawHover(const Canvas& canvas, AppState& s, const MatrixView& v) {
  const auto mouse = canvas.mouse();
  if (!mouse) return;
  const auto hit = hitTest(v, *mouse);
  if (!hit) return;
  const Theme& th = theme();
  for (const MatrixLine& line : linkedLines(v, *hit)) {
    const MatrixBlock& b = v.block(line.block);
    const MatrixRegion g = line.row ? MatrixRegion{line.block, line.index, line.index + 1, 0, b.cols}
                                    : MatrixRegion{line.block, 0, b.rows, line.index, line.index + 1};
    markRegion(canvas, v, g, translucent(th.highlight, 45), th.highlight, th.highlightWidth * 0.8f);
  }
  markRegion(canvas, v, {hit->block, hit->row, hit->row + 1, hit->col, hit->col + 1}, 0, th.highlightAlt, th.highlightWidth, true);
  // gradOutput / gradInput (self / out) cells are the scene's: the inspector explains them too.
  if (hit->block == BlockRole::kData || hit->block == BlockRole::kResult) {
    const int grid = hit->block == BlockRole::kData ? s.run.scene.src : s.run.scene.dst;
    if (s.run.scene.gridAt(grid)) s.view.hovered = CellRef{grid, hit->row, hit->col};
  }
  const std::vector<std::string> lines = hoverText(v, *hit, s.run.request);
  if (lines.empty()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 34.0f);
  ImGui::TextUnformatted(lines[0].c_str());
  for (size_t i = 1; i < lines.size(); ++i) ImGui::TextDisabled("%s", lines[i].c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

// The line above the canvas: which tile runs on which core in which pass, or why there are no tiles. Returns
// true when it started another run (the view is stale until the next frame).
bool statusLine(AppState& s, const MatrixView& v, const TileProgress& p) {
  const OpInfo& op = opInfo(v.op);
  if (!op.backward) {
    ImGui::TextDisabled("%s", i18n::tr("The forward runs no products: each out cell copies the self cell the 1s pick."));
    return false;
  }
  if (!v.cube) {
    ImGui::TextDisabled("%s", i18n::trf("Strategy {0}: no matrix products run.", v.strategy.empty() ? "?" : v.strategy.c_str()).c_str());
    const std::span<const StrategyInfo> strategies = strategiesOf(v.op);
    const auto cube = std::find_if(strategies.begin(), strategies.end(), [](const StrategyInfo& st) { return st.cube; });
    if (cube == strategies.end()) return false;  // none of the operator's strategies runs matrix products
    ImGui::SameLine();
    if (ui::Button("run the cube strategy")) {
      s.controls.request.strategy = cube->name;
      runControls(s);
      return true;
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", i18n::tr("CANN's A2 kernel: T = gradOutput · A_W on the cube cores, then gradInput = A_H^T · T."));
    return false;
  }
  if (p.current < 0) {
    const auto w = std::count_if(v.tiles.begin(), v.tiles.end(), [](const MatrixTile& t) { return t.pass == MatmulPass::kW; });
    ImGui::TextUnformatted(i18n::trf("Cube: {0} matmul tiles on this plane (W pass {1}, H pass {2}): play to watch them slide.",
                                     v.tiles.size(), static_cast<int>(w), static_cast<int>(v.tiles.size() - static_cast<size_t>(w)))
                               .c_str());
    return false;
  }
  const MatrixTile& t = v.tiles[static_cast<size_t>(p.current)];
  const float swatch = ImGui::GetFontSize() * 0.8f;
  ImGui::ColorButton("##core", toImVec4(coreColour(t.core)), ImGuiColorEditFlags_NoTooltip, ImVec2(swatch, swatch));
  ImGui::SameLine();
  ImGui::TextUnformatted(i18n::trf("{0}  ({1} of {2})", tileText(v, t), p.current + 1, v.tiles.size()).c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tileRegionsText(v, t).c_str());
  return false;
}

}  // namespace

void drawMatrixPanel(AppState& s) {
  RunView& r = s.run;
  if (!r.ok()) {
    drawRunError(r);
    return;
  }
  if (!matrixViewApplies(r.scene.op)) {
    textDimWrapped(i18n::tr("The matrix view draws the 1-D and 2-D upsample operators, whose maps are 0/1 selection matrices (a 3-D call would need a third product, for D)."));
    return;
  }
  // The selection matrices are a lookup table for where a cell lands, what feeds it, which rows two bands
  // share (determinism's atomic cells) and, with the product beside them, what a cell sums: they wait for
  // any open question.
  if (s.exerciseOpen()) {
    textDimWrapped(i18n::tr("The matrices wait until the question on the right is answered: they would give the answer away."));
    return;
  }
  MatrixPanelCache& c = cacheFor(s);
  MatrixView& v = c.view;
  planeSelector(s);
  if (s.run.scene.plane != c.plane) return;  // another plane: rebuilt next frame
  const TileProgress progress = tileProgressAt(v, r.animation, s.player.t);
  if (statusLine(s, v, progress)) return;

  const ImVec2 size = Canvas::claimedSize(ImVec2(0, 0));
  if (size.x != c.laidOutFor.x || size.y != c.laidOutFor.y || gridLabelSize() != c.labelPx) fitLayout(c, s, size);
  Canvas canvas("##matrix", ImVec2(0, 0), s.view.matrixView, v.boundsMin, v.boundsMax, c.topMarginPx);
  // T and the result as far as the trace has got at the player's time, as the Scatter tab shows them.
  std::vector<float> resultNow, midNow;
  std::vector<uint8_t> resultFilled, midFilled;
  dstValuesNow(s, &resultNow, &resultFilled, nullptr);
  const bool moving = !r.animation.empty() && !s.player.atEnd();
  if (moving && v.midComputed && r.scene.mid >= 0) r.animation.gridValuesAt(s.player.t, r.scene, r.scene.mid, &midNow, &midFilled);
  for (const MatrixBlock& b : v.blocks) {
    if (!b.present) continue;
    if (b.selection()) {
      drawSelection(canvas, b);
      continue;
    }
    GridStyle style;
    style.label = false;
    style.scale = b.role == BlockRole::kData ? &r.srcScale : &r.dstScale;
    style.filled = b.known.empty() ? nullptr : &b.known;
    const size_t cells = static_cast<size_t>(b.rows * b.cols);
    if (b.role == BlockRole::kResult && resultNow.size() == cells) {
      style.values = &resultNow;
      style.filled = resultFilled.size() == cells ? &resultFilled : nullptr;
    } else if (b.role == BlockRole::kMid && moving && midNow.size() == cells) {
      style.values = &midNow;
      style.filled = midFilled.size() == cells ? &midFilled : nullptr;
    }
    drawGrid(canvas, c.grids[static_cast<size_t>(b.role)], 0, style);
    // Its extent, also where no cell has a value (T under another strategy, on a projector's white).
    const auto [p0, p1] = rectOf(canvas, b, 0, b.rows, 0, b.cols);
    canvas.drawList()->AddRect(ImVec2(p0.x - 1, p0.y - 1), ImVec2(p1.x + 1, p1.y + 1), theme().labelDim);
  }
  drawTiles(canvas, v, progress);
  drawLabels(canvas, c, s);
  drawEquation(canvas, c);
  drawHover(canvas, s, v);
}

}  // namespace gradlab::viz
