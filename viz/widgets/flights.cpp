#include "viz/widgets/flights.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "viz/widgets/grid_widget.h"
#include "viz/widgets/theme.h"
#include "viz/model/text.h"
#include "viz/widgets/draw_text.h"

namespace gradlab::viz {
namespace {

// The arc bulges sideways by 15% of its length so that moves between the same rows stay apart.
Point control(Point from, Point to) {
  float dx = to.x - from.x, dy = to.y - from.y;
  return {(from.x + to.x) / 2 - dy * 0.15f, (from.y + to.y) / 2 + dx * 0.15f};
}

// The arc's point at `t` (0..1): a quadratic Bézier curve through its control point.
Point bezier(Point a, Point c, Point b, float t) {
  const float u = 1.0f - t;
  return {u * u * a.x + 2 * u * t * c.x + t * t * b.x, u * u * a.y + 2 * u * t * c.y + t * t * b.y};
}

}  // namespace

Point flightPosition(Point from, Point to, float progress) {
  float t = std::clamp(progress, 0.0f, 1.0f);
  t = t * t * (3.0f - 2.0f * t);  // ease in and out
  return bezier(from, control(from, to), to, t);
}

namespace {

bool inside(const SceneBox& box, Point p) { return p.x > box.min.x && p.x < box.max.x && p.y > box.min.y && p.y < box.max.y; }

// The shown grid a chip of half-width `half` (scene units) centred at `p` overlaps, if any.
const SceneGrid* gridUnder(const Scene& scene, Point p, float half) {
  for (const SceneGrid& g : scene.grids) {
    if (g.shown && p.x + half > g.x && p.x - half < g.x + g.width() && p.y + half > g.y && p.y - half < g.y + g.height()) return &g;
  }
  return nullptr;
}

}  // namespace

void drawArrow(const Canvas& canvas, Point from, Point to, ImU32 colour, float thickness, const SceneBox& fromCell,
               const SceneBox& leave, const SceneBox& reach, const SceneBox& cell) {
  ImDrawList* dl = canvas.drawList();
  canvas.layer(CanvasLayer::kLines);  // under the digits of the cells it crosses
  struct Top {
    const Canvas& canvas;
    ~Top() { canvas.layer(CanvasLayer::kTop); }
  } top{canvas};
  const Point c = control(from, to);
  // The arc runs solid from where it leaves the source's grid to where it meets the target's: over the cells
  // in between it would hide their digits (an arrow to gradInput[0, 1] crossed gradInput[0, 0]). Over the
  // target grid's other cells it goes on as a faint line, to a head at the target cell's edge.
  constexpr int kSteps = 96;
  const auto at = [&](int k) { return bezier(from, c, to, static_cast<float>(k) / kSteps); };
  int start = 0;  // where it leaves its own cell
  while (start < kSteps && inside(fromCell, at(start))) ++start;
  int first = start;
  while (first < kSteps && inside(leave, at(first))) ++first;
  int meets = kSteps, enters = kSteps;
  for (int k = first; k <= kSteps; ++k) {
    if (meets == kSteps && inside(reach, at(k))) meets = k;
    if (inside(cell, at(k))) {
      enters = k;
      break;
    }
  }
  if (enters - first < 2) return;  // the grids touch: no room for an arrow
  meets = std::min(meets, enters);
  ImVec2 points[kSteps + 1];
  for (int k = start; k <= enters; ++k) points[k - start] = canvas.toScreen(at(k));
  const ImU32 faint = (colour & 0x00FFFFFFu) | 0x80000000u;
  const float thin = std::max(1.0f, thickness * 0.4f);
  if (first > start) dl->AddPolyline(points, first - start + 1, faint, 0, thin);
  dl->AddPolyline(points + (first - start), meets - first + 1, colour, 0, thickness);
  if (enters > meets) dl->AddPolyline(points + (meets - start), enters - meets + 1, faint, 0, thin);
  // The head along the curve's tangent, its tip just inside the target cell.
  const int n = enters - start + 1;
  const ImVec2 b = points[n - 1], before = points[n - 2];
  float dx = b.x - before.x, dy = b.y - before.y;
  const float len = std::sqrt(dx * dx + dy * dy);
  if (len < 1e-3f) return;
  dx /= len, dy /= len;
  const float size = 6.0f + thickness * 2.0f;
  const ImVec2 tip(b.x + dx * size * 0.4f, b.y + dy * size * 0.4f);
  const ImVec2 p1(tip.x - dx * size - dy * size * 0.5f, tip.y - dy * size + dx * size * 0.5f);
  const ImVec2 p2(tip.x - dx * size + dy * size * 0.5f, tip.y - dy * size - dx * size * 0.5f);
  dl->AddTriangleFilled(tip, p1, p2, colour);  // under the digits too (five heads meeting at a cell hid its "-2")
  if (logging()) {
    const Point tail = at(start), grid = at(meets), head = at(enters);
    logMark(cat("arrow meets its grid at ", fmt::format("{:.2f}", static_cast<double>(grid.x)), ", ", fmt::format("{:.2f}", static_cast<double>(grid.y)),
                ", its head at ", fmt::format("{:.2f}", static_cast<double>(head.x)), ", ", fmt::format("{:.2f}", static_cast<double>(head.y)),
                ", its tail at ", fmt::format("{:.2f}", static_cast<double>(tail.x)), ", ", fmt::format("{:.2f}", static_cast<double>(tail.y))));
  }
}

void drawFlights(const Canvas& canvas, const Scene& scene, const std::vector<Flight>& flights, const HeatScale& scale) {
  if (!scene.trace) return;
  ImDrawList* dl = canvas.drawList();
  const Theme& th = theme();
  const float z = canvas.zoom();
  // Presenter mode's chips are larger, with digits at its readable size where they fit (its fonts are baked
  // from 18 px up: at the normal share of the chip none was found, and the chips flew blank).
  const float box = std::max(z * (th.presenter ? 0.8f : 0.62f), 6.0f);
  ImFont* mono = digitsFontAtMost(std::min(monoFont()->FontSize, box * (th.presenter ? 0.6f : 0.45f)));  // drawn at its baked size
  const float fontSize = mono ? mono->FontSize : 0.0f;
  for (const Flight& f : flights) {
    const CellMove& m = scene.trace->moves[f.move->move];
    Point from = scene.centre(f.move->from), to = scene.centre(f.move->to);
    if (logging() && f.progress > 0.0f) {
      const SceneGrid &a = scene.grids[static_cast<size_t>(f.move->from.grid)], &b = scene.grids[static_cast<size_t>(f.move->to.grid)];
      logMark(cat("flight from ", a.grid.name, " (", f.move->from.row, ", ", f.move->from.col, ") to ", b.grid.name, " (",
                  f.move->to.row, ", ", f.move->to.col, ")"));
    }
    if (f.progress <= 0.0f) {
      // Not yet on its way (move 0 at rest): a frame around its source cell, which keeps the cell's digits in
      // view (a token over them covered the first gradOutput value).
      const ImVec2 c = canvas.toScreen(from);
      const float half = z * 0.5f;
      dl->AddRect(ImVec2(c.x - half, c.y - half), ImVec2(c.x + half, c.y + half), th.label, 2.0f, 0, th.lineWidth * 2.0f);
      if (logging()) logMark("next move waits at its source");
      continue;
    }
    Point at = flightPosition(from, to, f.progress);
    // Trail: the arc from its source grid's edge to where the cell is now, between the grids only (over a
    // grid it ran through the digits of the cells it crossed, its source's own value first).
    canvas.layer(CanvasLayer::kLines);
    Point prev = from;
    for (int k = 1; k <= 24; ++k) {
      const Point next = flightPosition(from, to, f.progress * static_cast<float>(k) / 24.0f);
      if (!gridUnder(scene, prev, 0.0f) && !gridUnder(scene, next, 0.0f))
        dl->AddLine(canvas.toScreen(prev), canvas.toScreen(next), th.trail, th.lineWidth * 1.5f);
      prev = next;
    }
    // Between the grids the chip goes over the lines and under the grids' labels (their plates hide it as it
    // passes behind them).
    canvas.layer(CanvasLayer::kChips);
    ImVec2 c = canvas.toScreen(at);
    Rgba fill = scale.colour(m.value);
    if (const SceneGrid* over = gridUnder(scene, at, box / z / 2)) {
      // Over a grid the chip is not drawn: its source cell shows it sent, its target cell's sum shows it landed.
      // Filled and cell-sized it covered the digits it crossed, a cell-sized frame read as an outline round
      // other cells, and a dot under the digits blotted them ("4" became a blob).
      canvas.layer(CanvasLayer::kTop);
      if (logging()) logMark(cat("chip over ", over->grid.name, ", hidden"));
      continue;
    }
    // Between the grids the chip covers nothing: where the cell is too small for its value, the chip grows to
    // hold it at the smallest readable type (presenter mode's 2048-cell rows flew chips without digits).
    ImFont* font = mono;
    float size = fontSize, w = box, h = box;
    std::string text = mono ? fittedValueText(m.value, false, box - 2.0f, fontSize, mono) : std::string();
    if (text.empty() && (font = digitsFontAtMost(th.presenter ? 18.0f : 10.0f)) != nullptr) {
      size = font->FontSize;
      text = fittedValueText(m.value, false, font->CalcTextSizeA(size, 1e9f, 0.0f, "0").x * 6.0f, size, font);
      const ImVec2 ts = font->CalcTextSizeA(size, 1e9f, 0.0f, text.c_str());
      w = std::max(box, ts.x + size * 0.5f), h = std::max(box, ts.y + 2.0f);
    }
    const ImVec2 p0(c.x - w / 2, c.y - h / 2), p1(c.x + w / 2, c.y + h / 2);
    dl->AddRectFilled(ImVec2(p0.x + 2, p0.y + 3), ImVec2(p1.x + 2, p1.y + 3), IM_COL32(0, 0, 0, 90), 3.0f);
    dl->AddRectFilled(p0, p1, toImU32(fill), 3.0f);
    dl->AddRect(p0, p1, th.label, 3.0f, 0, th.lineWidth * 1.5f);
    if (!text.empty()) {
      ImVec2 ts = font->CalcTextSizeA(size, 1e9f, 0.0f, text.c_str());
      drawText(dl, font, size, ImVec2(c.x - ts.x / 2, c.y - ts.y / 2), toImU32(readableTextOn(fill)), text.c_str());
    }
    canvas.layer(CanvasLayer::kTop);
    if (logging()) logMark(text.empty() ? std::string("chip without digits") : cat("chip ", text, " at ", static_cast<int>(size + 0.5f), " px"));
  }
}

}  // namespace gradlab::viz
