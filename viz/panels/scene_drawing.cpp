// Shared by the scatter and tiling panels: the scene's grids at the player's time, and the hovered
// cell's mapping (outlines and arrows from the trace; the windows of adaptive pooling).
#include <algorithm>
#include <cfloat>
#include <tuple>

#include "i18n/translate.h"
#include "viz/model/explain.h"
#include "viz/model/memory_order.h"
#include "viz/model/text.h"
#include "viz/panels/panels.h"
#include "viz/widgets/flights.h"
#include "viz/widgets/grid_widget.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/draw_text.h"

namespace gradlab::viz {
namespace {

// Where adaptive pooling's windows and argmax cells are drawn: the forward input (self), or the backward's
// gradInput (self's shape) while self is hidden.
const SceneGrid* fullSizeGrid(const Scene& sc) {
  if (!opInfo(sc.op).backward) return sc.gridAt(sc.src);
  const SceneGrid* self = sc.gridAt(sc.forwardInput);
  return self && self->shown ? self : sc.gridAt(sc.dst);
}

void outlineWindow(const Canvas& canvas, const SceneGrid& g, int64_t r0, int64_t r1, int64_t c0, int64_t c1, ImU32 colour,
                   float thickness) {
  std::tie(r0, r1) = g.shownPart(r0, r1);  // the depth slices shown
  if (r0 >= r1) return;
  ImVec2 p0 = canvas.toScreen({g.x + static_cast<float>(c0), g.rowY(r0)});
  ImVec2 p1 = canvas.toScreen({g.x + static_cast<float>(c1), g.rowY(r1)});
  canvas.drawList()->AddRect(ImVec2(p0.x - 2, p0.y - 2), ImVec2(p1.x + 2, p1.y + 2), colour, 0.0f, 0, thickness);
}

// A pooling window: one box per input slice it spans (a 2-D window: one box).
void outlinePoolWindow(const Canvas& canvas, const SceneGrid& g, const PoolWindow& w, ImU32 colour, float thickness) {
  for (const RowRun& run : w.rows) outlineWindow(canvas, g, run.row0, run.row1, w.col0, w.col1, colour, thickness);
}

// The exercise on the grids: the cell it asks about (and, for a window's argmax, the window), the student's
// picks, and once revealed (or in the teacher's view) the right cells and the wrong picks.
void drawExerciseMarks(const Canvas& canvas, const AppState& s) {
  if (!s.course.exercise || !s.course.exercise->exercise.ok()) return;
  const ExerciseState& ex = *s.course.exercise;
  const Exercise& e = ex.exercise;
  const Scene& sc = s.run.scene;
  const RunRequest& r = s.run.request;
  const Theme& th = theme();
  const float w = th.highlightWidth;
  if (const SceneGrid* g = sc.gridAt(e.asked.grid); g && g->shown) {
    // A two-colour ring (the label's colour round the marker's): no tile box or core colour looks like it
    // (the magenta alone read as core c2's box).
    outlineCell(canvas, *g, e.asked.row, e.asked.col, th.label, w * 2.6f);
    outlineCell(canvas, *g, e.asked.row, e.asked.col, th.highlightAlt, w * 1.2f);
    if (e.spec.kind == ExerciseKind::kArgmax) {
      if (const SceneGrid* full = sc.gridAt(e.answerGrid); full && full->shown) {
        outlinePoolWindow(canvas, *full, poolWindow(r.shape, e.asked.row, e.asked.col), th.highlightAlt, w);
      }
    }
  }
  const bool showRight = ex.revealed || s.course.showAnswers;
  if (showRight) {
    for (int32_t tile : e.tiles) outlineTile(canvas, s, tile);
  }
  const SceneGrid* answers = sc.gridAt(e.answerGrid);
  if (!answers || !answers->shown) return;
  for (const CellRef& c : ex.answer.cells) {
    const bool right = std::find(e.cells.begin(), e.cells.end(), c) != e.cells.end();
    outlineCell(canvas, *answers, c.row, c.col, ex.revealed && !right ? th.bad : th.label, w * 1.3f);
  }
  if (!showRight) return;
  for (const CellRef& c : e.cells) outlineCell(canvas, *answers, c.row, c.col, th.good, w * (ex.picked(c) ? 1.9f : 1.3f));
}

void adaptiveOverlay(const Canvas& canvas, const AppState& s, const CellRef& cell) {
  const Scene& sc = s.run.scene;
  const RunRequest& r = s.run.request;
  const Theme& th = theme();
  const bool backward = opInfo(sc.op).backward;
  const SceneGrid* full = fullSizeGrid(sc);
  const SceneGrid* ix = sc.gridAt(sc.indices);
  const bool pooled = backward ? (cell.grid == sc.src || cell.grid == sc.indices) : (cell.grid == sc.dst || cell.grid == sc.indices);
  if (pooled) {
    // The window of this output cell on the forward input, and the argmax it picked.
    if (full) {
      outlinePoolWindow(canvas, *full, poolWindow(r.shape, cell.row, cell.col), th.highlightAlt, th.highlightWidth);
    }
    for (int g : {sc.src, sc.dst, sc.indices}) {
      const SceneGrid* grid = sc.gridAt(g);
      if (grid && !grid->shown) continue;
      const bool pooledGrid = backward ? (g == sc.src || g == sc.indices) : (g == sc.dst || g == sc.indices);
      if (grid && pooledGrid) outlineCell(canvas, *grid, cell.row, cell.col, th.highlight, th.highlightWidth);
    }
    if (ix && ix->grid.hasValues() && full) {
      const int64_t idx = static_cast<int64_t>(ix->grid.value(sc.plane, cell.row, cell.col));
      const int64_t W = std::max<int64_t>(r.shape.in[kW], 1);
      outlineCell(canvas, *full, idx / W, idx % W, th.highlight, th.highlightWidth * 1.5f);
    }
    return;
  }
  // A full-size cell: the same cell in gradInput and self, and the windows that picked it.
  for (int g : {sc.dst, sc.forwardInput, sc.src}) {
    const SceneGrid* grid = sc.gridAt(g);
    if (!grid || !grid->shown) continue;
    const bool fullGrid = backward ? (g == sc.dst || g == sc.forwardInput) : g == sc.src;
    if (fullGrid) outlineCell(canvas, *grid, cell.row, cell.col, th.highlight, th.highlightWidth);
  }
}

// A grid's name alone above it, as large as the grid's width allows (down to a size still read from the back).
void shortLabel(const Canvas& canvas, const SceneGrid& g) {
  const std::string name = g.grid.name.substr(0, g.grid.name.find(" = "));
  ImFont* font = uiFont();
  const float fs = gridLabelSize(), least = theme().presenter ? kPresenterDigitPx : fs * 0.75f;
  const float room = g.width() * canvas.zoom() + fs;
  const float w = font->CalcTextSizeA(fs, FLT_MAX, 0.0f, name.c_str()).x;
  const float size = std::max(least, std::min(fs, fs * room / std::max(w, 1.0f)));
  const ImVec2 at = canvas.toScreen({g.x, g.y});
  const float right = canvas.origin().x + canvas.size().x - 4.0f;  // a name wider than the last grid stays inside
  const float x = std::max(canvas.origin().x + 2.0f, std::min(at.x, right - font->CalcTextSizeA(size, FLT_MAX, 0.0f, name.c_str()).x));
  drawText(canvas.drawList(), font, size, ImVec2(x, at.y - size - 3.0f), theme().label, name.c_str());
}

}  // namespace

bool dstValuesFinal(const AppState& s) {
  const RunView& r = s.run;
  return r.animation.empty() || s.player.atEnd() || (r.scene.trace && r.scene.trace->movesTruncated);
}

void dstValuesNow(const AppState& s, std::vector<float>* values, std::vector<uint8_t>* filled, std::string* note) {
  const RunView& r = s.run;
  const SceneGrid* dst = r.scene.gridAt(r.scene.dst);
  values->clear();
  filled->clear();
  if (!dst) return;
  const bool truncated = r.scene.trace && r.scene.trace->movesTruncated;
  if (dstValuesFinal(s)) {
    *values = dst->grid.planeValues(r.scene.plane);
    if (note) {
      *note = i18n::tr(r.animation.empty() ? "(final values; the trace has no moves for this plane)"
                       : truncated         ? "(final values; the trace was truncated)"
                                           : "(final values)");
    }
    return;
  }
  r.animation.dstValuesAt(s.player.t, r.scene, values, filled);
  if (opInfo(r.scene.op).backward) {
    filled->clear();  // a backward output starts zeroed: every cell shows its running sum
    // accumulate=dtype rounds every sum to the tensor's type: the trace holds those sums, not fp32 ones.
    const Plan* plan = r.result.plan.get();
    if (note && plan && plan->accumulate == Accumulation::kDtype && plan->dtype != ACL_FLOAT)
      *note = i18n::trf("(running sums, each rounded to {0})", dtypeText(plan->dtype));
    else if (note && plan && plan->dtype == ACL_DOUBLE)
      *note = i18n::tr("(running fp64 sums)");  // DOUBLE sums in fp64 (the legacy 1-D backward)
    else if (note)
      *note = i18n::tr("(running fp32 sums)");
  } else if (note) {
    *note = i18n::tr("(cells written so far)");
  }
}

// "strides [64, 1, 8, 1] offset 3": where a non-contiguous layout puts the cells (the grid stays logical).
std::string memoryText(const std::vector<int64_t>& shape, const RunRequest& request) {
  if (request.layout == Layout::kContiguous || shape.empty()) return "";
  return cat(i18n::tr(layoutName(request.layout)), ": ", stridesText(storageOf(shape, request)));
}

void fitSecondaryGrids(AppState& s, ImVec2 canvasSize, float topMarginPx, CanvasView& view) {
  Scene& sc = s.run.scene;
  // A student's page: cells large enough for a finger (about 44 px), the rest of the picture a pan away.
  view.fitFloor = s.course.student ? kTapTargetPx : 0.0f;
  // The picture starts at the grid the open question is answered on, or (cores, a number) asks about.
  view.fitFocus.reset();
  if (s.course.student && s.exerciseOpen()) {
    const Exercise& e = s.course.exercise->exercise;
    if (const SceneGrid* g = sc.gridAt(e.answerGrid >= 0 ? e.answerGrid : e.asked.grid)) view.fitFocus = Point{g->x, g->y};
  }
  if (!hasSecondaryGrids(sc)) return;
  const ImVec2 size = Canvas::claimedSize(canvasSize);
  auto zoomWith = [&](bool shown, bool row, float margin) {
    showSecondaryGrids(sc, shown, row);
    return Canvas::fitZoom(size, sc.boundsMin, sc.boundsMax, margin);
  };
  // Under the main grids or in one row with them: whichever this canvas draws larger.
  const bool row = zoomWith(true, true, topMarginPx) > zoomWith(true, false, topMarginPx);
  // Whether the digits read is judged with two lines of label: lines the labels ask for beyond them never
  // make presenter mode give up its readable digits (they shrank to 12 px once the labels asked for five).
  const float judged = std::min(topMarginPx, SceneLabels{}.roomPx());
  const float all = zoomWith(true, row, judged), mainOnly = zoomWith(false, row, judged);
  auto readable = [](float zoom) { return cellTextSize(zoom, fonts().monoLarge->FontSize, true) >= kPresenterDigitPx; };
  // A question that asks where a gradient lands (or what feeds a cell) is answered by reading the indices.
  const bool questionReadsIndices = s.exerciseOpen() && opInfo(sc.op).backward &&
                                    (s.course.exercise->exercise.spec.kind == ExerciseKind::kLandsIn ||
                                     s.course.exercise->exercise.spec.kind == ExerciseKind::kFeeds);
  bool shown = s.view.secondaryGrids.value_or(true);
  if (!s.view.secondaryGrids && s.view.presenter) shown = readable(all) || questionReadsIndices;
  showSecondaryGrids(sc, shown, row);
  // Ticked by hand in presenter mode where the four grids cannot all be read at once: the digits stay
  // readable and the canvas scrolls (they shrank until no digit showed).
  if (s.view.presenter && shown && !readable(all) && readable(mainOnly))
    view.fitFloor = std::max(view.fitFloor, presenterReadableCellPx());
}

float SceneLabels::roomPx() const { return gridLabelSize() * static_cast<float>(lines) + 8.0f; }

SceneLabels SceneLabels::forCanvas(const AppState& s, const CanvasView& view) const {
  SceneLabels l = *this;
  if (l.memory && s.run.request.layout != Layout::kContiguous) l.lines = std::max(l.lines, s.view.presenter ? 6 : 5);
  if (!l.compact) l.lines = std::max(l.lines, view.labelLines);
  return l;
}

namespace {

// The lines grid `g`'s label may take: those the canvas keeps above the top row, or as many as fit between the
// grid and the nearest shown grid above it (or the canvas's top), at most eight (the Tiling tab's narrow gradInput
// cut "[1, 1, 16, 16]…" before its dtype where the canvas had room).
int labelLinesFor(const Canvas& canvas, const Scene& sc, const SceneGrid& g, int kept, bool* topRow) {
  const float z = canvas.zoom(), fs = gridLabelSize();
  const float room = std::max(g.width() * z + fs * 1.5f, fs * 9.0f) / z;  // as drawGrid reserves it
  float free = canvas.toScreen({g.x, g.y}).y - canvas.origin().y;
  *topRow = true;
  for (const SceneGrid& o : sc.grids) {
    if (&o == &g || !o.shown || o.y + o.height() > g.y + 1e-3f || o.x >= g.x + room || o.x + o.width() <= g.x) continue;
    free = std::min(free, (g.y - o.y - o.height()) * z);
    *topRow = false;
  }
  // Under another grid, the lines between them (two at least): the lines the canvas keeps above its top row,
  // raised for a top-row label that asked for more, would run up into the grid above.
  return std::clamp(static_cast<int>((free - 4.0f) / (fs * 1.1f)), *topRow ? kept : std::min(kept, 2), 8);
}

// What the animation shows at this moment: gradInput's (or out's) values and cells filled so far with its note,
// the cube's intermediate product, and the source cells already sent.
struct AnimatedValues {
  std::vector<float> dstValues, midValues;
  std::vector<uint8_t> dstFilled, srcSent, midFilled;
  std::string dstNote;
  bool playing = false;
};

AnimatedValues animatedValues(const AppState& s) {
  const RunView& r = s.run;
  const Scene& sc = r.scene;
  AnimatedValues v;
  dstValuesNow(s, &v.dstValues, &v.dstFilled, &v.dstNote);
  v.playing = !r.animation.empty() && !s.player.atEnd();
  if (sc.mid >= 0 && v.playing) r.animation.gridValuesAt(s.player.t, sc, sc.mid, &v.midValues, &v.midFilled);
  if (!r.animation.empty() && s.player.t > 0 && !s.player.atEnd()) r.animation.srcSentAt(s.player.t, sc, &v.srcSent);
  return v;
}

// Grid `i`'s style for its role in the scene (source, destination, indices, forward input, the cube's
// intermediate product), coloured by `colour`.
GridStyle roleStyle(const RunView& r, int i, CellColour colour, const AnimatedValues& v) {
  const Scene& sc = r.scene;
  const SceneGrid& g = sc.grids[static_cast<size_t>(i)];
  const Plan* plan = r.result.plan.get();
  const bool backward = opInfo(sc.op).backward;
  const bool cores = colour == CellColour::kCores;
  GridStyle style;
  style.colour = colour;
  style.plan = plan;
  style.scale = i == sc.dst ? &r.dstScale : &r.srcScale;
  if (i == sc.src) {
    style.dimmed = v.srcSent.empty() ? nullptr : &v.srcSent;
    style.boxes = cores ? TileBoxes::kSrc : TileBoxes::kNone;
  } else if (i == sc.dst) {
    style.values = &v.dstValues;
    style.filled = v.dstFilled.empty() ? nullptr : &v.dstFilled;
    style.note = v.dstNote;
    // fp32 sums in a float16 or bfloat16 grid hold values the dtype cannot: the note must say so, and at the end
    // that the cells now hold the dtype's final values (the precision lesson asks which one a cell shows).
    style.noteEssential = g.grid.dtype != ACL_FLOAT && backward;
    style.boxes = cores ? TileBoxes::kDst : TileBoxes::kNone;
  } else if (i == sc.indices) {
    // The forward writes its indices together with out: reveal them cell by cell, like out.
    if (!backward && !v.dstFilled.empty() && v.dstFilled.size() == static_cast<size_t>(g.grid.dims.planeCells()))
      style.filled = &v.dstFilled;
    style.boxes = cores ? (backward ? TileBoxes::kSrc : TileBoxes::kDst) : TileBoxes::kNone;
  } else if (i == sc.forwardInput) {
    style.note = i18n::tr("(forward input)");
    style.colour = CellColour::kValues;
    style.scale = &r.selfScale;
  } else if (i == sc.mid) {
    // The cube's intermediate product: the W pass fills it, the H pass reads it.
    style.scale = &r.dstScale;
    if (v.playing) style.values = &v.midValues;
    style.note = i18n::tr(v.playing ? "(running fp32 sums in the workspace)" : "(fp32, in the workspace)");
    style.buffer = plan ? plan->intermediate : -1;
    style.boxes = cores ? TileBoxes::kDst : TileBoxes::kNone;
  }
  return style;
}

// Adaptive pooling: a corner triangle on each cell of the forward input that won at least one window (the
// argmax cells).
void markArgmaxCells(const Canvas& canvas, const Scene& sc) {
  const SceneGrid* full = opInfo(sc.op).rule == IndexRule::kAdaptiveMax ? fullSizeGrid(sc) : nullptr;
  const SceneGrid* ix = sc.gridAt(sc.indices);
  if (!full || !ix || !ix->grid.hasValues() || canvas.zoom() < 6.0f) return;
  const GridDims& d = full->grid.dims;
  std::vector<uint8_t> won(static_cast<size_t>(d.planeCells()), 0);
  for (int64_t a = 0; a < ix->grid.dims.rows; ++a)
    for (int64_t b = 0; b < ix->grid.dims.cols; ++b) {
      const int64_t idx = static_cast<int64_t>(ix->grid.value(sc.plane, a, b));
      if (idx >= 0 && idx < d.planeCells()) won[static_cast<size_t>(idx)] = 1;
    }
  const float z = canvas.zoom(), m = std::max(4.0f, z * 0.28f);
  for (int64_t i = 0; i < d.planeCells(); ++i) {
    if (!won[static_cast<size_t>(i)] || !full->rowShown(i / d.cols)) continue;
    ImVec2 p = canvas.toScreen({full->x + static_cast<float>(i % d.cols), full->rowY(i / d.cols)});
    canvas.drawList()->AddTriangleFilled(ImVec2(p.x + z - m - 1, p.y + 1), ImVec2(p.x + z - 1, p.y + 1),
                                         ImVec2(p.x + z - 1, p.y + m + 1), theme().label);
  }
}

// Where grid `g`'s label ends: before the next shown grid to the right whose rows meet its band of `lines` lines.
float labelEndPx(const Canvas& canvas, const Scene& sc, const SceneGrid& g, int lines) {
  const float band = static_cast<float>(lines) * gridLabelSize() * 1.1f / canvas.zoom();
  float end = 0.0f;
  for (const SceneGrid& o : sc.grids) {
    if (&o == &g || !o.shown || o.x <= g.x || o.y - band >= g.y || o.y + o.height() <= g.y - band) continue;
    const float left = canvas.toScreen({o.x, o.y}).x;
    if (end <= 0.0f || left < end) end = left;
  }
  return end;
}

}  // namespace

void drawSceneGrids(const Canvas& canvas, AppState& s, CellColour colour, SceneLabels labels) {
  const bool compact = labels.compact;
  RunView& r = s.run;
  Scene& sc = r.scene;
  // An open question hides what would give its answer away: the cores' colours, and the indices that name
  // every window's argmax.
  const bool asking = s.exerciseOpen();
  const bool hideArgmax = asking && s.course.exercise->exercise.spec.kind == ExerciseKind::kArgmax;
  if (asking) colour = CellColour::kValues;
  const AnimatedValues values = animatedValues(s);

  r.labelTops.resize(sc.grids.size());
  for (int i = 0; i < static_cast<int>(sc.grids.size()); ++i) {
    const SceneGrid& g = sc.grids[static_cast<size_t>(i)];
    r.labelTops[static_cast<size_t>(i)] = g.y;
    if (!g.shown || (hideArgmax && i == sc.indices)) continue;
    GridStyle style = roleStyle(r, i, colour, values);
    if (!labels.notes) style.note.clear();
    if (labels.memory) style.memory = memoryText(g.grid.shape, r.request);
    bool topRow = false;
    style.labelLines = labelLinesFor(canvas, sc, g, labels.lines, &topRow);
    int wanted = 0;
    if (topRow) style.labelLinesWanted = &wanted;
    style.labelEndPx = labelEndPx(canvas, sc, g, style.labelLines);
    style.label = !compact;
    float labelTop = canvas.toScreen({g.x, g.y}).y - labels.roomPx();
    style.labelTopPx = &labelTop;
    if (compact && theme().presenter) style.showValues = canvas.zoom() >= kPresenterDigitPx * 1.4f;
    if (auto hover = drawGrid(canvas, g, sc.plane, style)) s.view.hovered = CellRef{i, hover->row, hover->col};
    r.labelTops[static_cast<size_t>(i)] = canvas.toScene(ImVec2(0.0f, labelTop)).y;
    // A top-row label that needs more lines than the canvas keeps gets them from the next frame on (it was cut
    // with "…": "[2, 3, 16, 16] float3…", "[1, 1, 3, 3]…" beside a close neighbour).
    askLabelLines(canvas.view(), wanted, style.labelLines);
    if (compact) shortLabel(canvas, g);
  }
  if (!hideArgmax) markArgmaxCells(canvas, sc);

  drawExerciseMarks(canvas, s);
  // A click answers an open question that asks for cells; else it pins the cell under the mouse (or unpins
  // it): the inspector keeps explaining it.
  if (canvas.hovered() && ImGui::IsMouseClicked(ImGuiMouseButton_Left) && !ImGui::GetIO().KeyShift) {
    if (asking && s.view.hovered && s.view.hovered->grid == s.course.exercise->exercise.answerGrid) {
      s.course.exercise->pickCell(*s.view.hovered);
    } else if (!asking) {
      s.view.pinned = (s.view.hovered && s.view.pinned != s.view.hovered) ? s.view.hovered : std::nullopt;
    }
  }
}

void outlineTile(const Canvas& canvas, const AppState& s, int32_t tile) {
  const Scene& sc = s.run.scene;
  const Plan* plan = s.run.result.plan.get();
  if (!plan || tile < 0 || static_cast<size_t>(tile) >= plan->tiles.size()) return;
  const Tile& t = plan->tiles[static_cast<size_t>(tile)];
  const Theme& th = theme();
  if (logging()) logMark(cat("tile T", t.id, " on ", plan->coreName(t.core), " outlined"));
  struct Side {
    int grid;
    int32_t buffer;
    bool src;
  };
  for (const Side& side : {Side{sc.src, -1, true}, Side{sc.dst, -1, false}, Side{sc.mid, plan->intermediate, true},
                           Side{sc.mid, plan->intermediate, false}}) {
    const SceneGrid* g = sc.gridAt(side.grid);
    if (!g || !g->shown || !tileBoxOnGrid(*plan, t, side.src, side.buffer)) continue;
    const Box& b = side.src ? t.src : t.dst;
    if (b.cells() == 0 || sc.plane < b.plane0 || sc.plane >= b.plane1) continue;
    const int64_t c0 = std::max<int64_t>(b.col0, 0), c1 = std::min(b.col1, g->grid.dims.cols);
    if (c0 >= c1) continue;
    for (const auto& [r0, r1] : boxRowRuns(*plan, b, side.src, side.buffer, g->grid.dims.rows)) {
      outlineWindow(canvas, *g, r0, r1, c0, c1, th.highlight, th.highlightWidth * 1.4f);
    }
  }
}

void drawHoverOverlay(const Canvas& canvas, const AppState& s) {
  const std::optional<CellRef> focus = s.focusCell();
  if (!focus || !s.run.ok()) return;
  const Scene& sc = s.run.scene;
  const CellRef cell = *focus;
  const Theme& th = theme();
  if (s.exerciseOpen()) {  // the arrows and windows would answer the question, a pinned cell hint at it
    const SceneGrid& g = sc.grids[static_cast<size_t>(cell.grid)];
    if (s.view.hovered) outlineCell(canvas, g, cell.row, cell.col, th.highlight, th.highlightWidth);
    return;
  }
  if (opInfo(sc.op).rule == IndexRule::kAdaptiveMax) adaptiveOverlay(canvas, s, cell);
  const SceneGrid& g = sc.grids[static_cast<size_t>(cell.grid)];
  outlineCell(canvas, g, cell.row, cell.col, th.highlight, th.highlightWidth);
  if (!sc.trace) return;
  // The adds that arrive at the cell and those that leave it (an intermediate cell has both).
  size_t drawn = 0;
  for (const std::vector<uint32_t>* list : {sc.movesInto(cell), sc.movesOutOf(cell)}) {
    if (list == nullptr) continue;
    for (uint32_t index : *list) {
      if (++drawn > 200) return;
      const CellMove& m = sc.trace->moves[index];
      const CellRef from = sc.srcCellOf(m), to = sc.dstCellOf(m);
      const CellRef& other = from == cell ? to : from;
      if (!sc.grids[static_cast<size_t>(other.grid)].rowShown(other.row)) continue;  // outside the slices shown
      outlineCell(canvas, sc.grids[static_cast<size_t>(other.grid)], other.row, other.col, th.highlight,
                  th.highlightWidth * 0.7f);
      // A grid's box with its label above it, as drawn: the solid arc neither starts nor ends over its words.
      const auto box = [&](const CellRef& at) {
        const SceneGrid& on = sc.grids[static_cast<size_t>(at.grid)];
        const size_t i = static_cast<size_t>(at.grid);
        return SceneBox{{on.x, i < s.run.labelTops.size() ? s.run.labelTops[i] : on.y}, {on.x + on.width(), on.y + on.height()}};
      };
      const auto cellBox = [&](const CellRef& at) {
        const SceneGrid& on = sc.grids[static_cast<size_t>(at.grid)];
        const Point corner{on.x + static_cast<float>(at.col), on.rowY(at.row)};
        return SceneBox{corner, {corner.x + 1.0f, corner.y + 1.0f}};
      };
      drawArrow(canvas, sc.centre(from), sc.centre(to), th.highlight, th.highlightWidth * 0.8f, cellBox(from), box(from), box(to),
                cellBox(to));
    }
  }
}

}  // namespace gradlab::viz
