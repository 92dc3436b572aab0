// The threads of a SIMT run (the Ascend 950) drawn on the output grid: each warp of 32 threads outlined where it
// meets another warp (or another core's, or the next pass's), every other warp of a core shaded (a band of 32
// cells, the last one shorter where lanes idle), and in cells large enough the thread that gathers
// the cell ("t9") in its top left corner, the value's digits left in the middle. Hidden while an open question
// hides the plan: the warps' edges would show each core's run of cells.
#include <algorithm>

#include "viz/model/text.h"
#include "viz/panels/panels.h"
#include "viz/widgets/canvas.h"
#include "viz/widgets/draw_text.h"
#include "viz/widgets/grid_widget.h"
#include "viz/widgets/theme.h"

namespace gradlab::viz {

const ThreadPlane* shownThreads(AppState& s) {
  RunView& r = s.run;
  const Plan* plan = r.result.plan.get();
  const SceneGrid* g = r.scene.gridAt(r.scene.dst);
  if (plan == nullptr || plan->simtThreads <= 0 || g == nullptr) return nullptr;
  if (r.threadsRun != r.id || r.threadsPlane != r.scene.plane) {
    r.threads = simtThreadsOf(*plan, r.scene.plane, g->grid.dims.rows, g->grid.dims.cols);
    r.threadsRun = r.id;
    r.threadsPlane = r.scene.plane;
  }
  return r.threads ? &*r.threads : nullptr;
}

void drawSimtThreads(const Canvas& canvas, AppState& s) {
  if (s.planHidden()) return;
  const ThreadPlane* t = shownThreads(s);
  const SceneGrid* g = s.run.scene.gridAt(s.run.scene.dst);
  if (t == nullptr || !g->shown || t->rows != g->grid.dims.rows || t->cols != g->grid.dims.cols) return;
  const float px = canvas.zoom();
  if (px < 4.0f) return;  // a warp's edge would cover its cells
  const Theme& th = theme();
  ImDrawList* dl = canvas.drawList();
  canvas.layer(CanvasLayer::kLines);
  const ImU32 edge = th.label;
  const float width = std::clamp(px * 0.08f, 1.5f, 4.0f);
  // Thread numbers where a cell holds them beside its digits: presenter type stays at what a room reads.
  const float textPx = th.presenter ? kPresenterDigitPx : std::clamp(px * 0.28f, 10.0f, 13.0f);
  const bool numbers = px >= textPx * (th.presenter ? 2.6f : 2.8f);
  ImFont* font = uiFont();
  for (int64_t row = 0; row < t->rows; ++row) {
    if (!g->rowShown(row)) continue;
    for (int64_t col = 0; col < t->cols; ++col) {
      const ImVec2 a = canvas.toScreen({g->x + static_cast<float>(col), g->rowY(row)});
      const ImVec2 b = canvas.toScreen({g->x + static_cast<float>(col + 1), g->rowY(row + 1)});
      if (t->at(row, col).warp % 2 == 1) dl->AddRectFilled(a, b, IM_COL32(0, 0, 0, 56));
      if (t->warpEdgeRight(row, col)) {
        dl->AddLine(ImVec2(b.x, a.y), b, edge, width);
      }
      if (t->warpEdgeBelow(row, col) && g->rowShown(row + 1)) {
        dl->AddLine(ImVec2(a.x, b.y), b, edge, width);
      }
      if (numbers) {
        canvas.layer(CanvasLayer::kTop);
        const std::string tag = cat("t", t->at(row, col).thread);
        drawText(dl, font, textPx, ImVec2(a.x + 2.0f, a.y + 1.0f), th.labelDim, tag.c_str());
        canvas.layer(CanvasLayer::kLines);
      }
    }
  }
  canvas.layer(CanvasLayer::kCells);
  if (logging()) logMark(cat("simt warps of ", t->warp, " outlined on ", g->grid.name, numbers ? ", threads numbered" : ""));
}

}  // namespace gradlab::viz
