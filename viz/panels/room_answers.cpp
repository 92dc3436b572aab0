// The room's answers on the question's own picture (a hosted class, the teacher's screen): each cell the
// students picked gets a ring as thick as its share of the room and a badge with how many picked it ("3", or
// "5→2" after Vote again: the first round, then this one). The cell's digits stay in view: nothing fills it.
// Which cells are right is not marked here; Reveal does that on every device.
#include <algorithm>
#include <map>

#include "viz/model/text.h"
#include "viz/panels/panels.h"
#include "viz/widgets/canvas.h"
#include "viz/widgets/draw_text.h"
#include "viz/widgets/grid_widget.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {

void drawRoomAnswers(const Canvas& canvas, const AppState& s) {
  if (!s.course.classBoard || !s.course.classBoard->asking || s.course.classBoard->rounds.empty() || !s.course.exercise)
    return;
  const Exercise& e = s.course.exercise->exercise;
  if (e.input != AnswerInput::kOneCell && e.input != AnswerInput::kCells) return;
  const SceneGrid* g = s.run.scene.gridAt(e.answerGrid);
  if (g == nullptr || !g->shown) return;
  const std::vector<ClassSummary>& rounds = s.course.classBoard->rounds;
  std::map<std::pair<int64_t, int64_t>, std::pair<int, int>> picks;  // cell -> (first round, this round)
  for (const auto& [cell, n] : rounds.back().cells) picks[cell].second = n;
  if (rounds.size() > 1)
    for (const auto& [cell, n] : rounds.front().cells) picks[cell].first = n;
  const int answered = std::max(rounds.back().answered, 1);
  const Theme& th = theme();
  ImDrawList* dl = canvas.drawList();
  ImFont* font = uiFont();
  const float fs = th.presenter ? kPresenterDigitPx : 13.0f;
  const ImU32 ring = IM_COL32(230, 60, 170, 255);
  for (const auto& [cell, n] : picks) {
    const auto [row, col] = cell;
    if (!g->rowShown(row) || col < 0 || col >= g->grid.dims.cols) continue;
    const ImVec2 a = canvas.toScreen({g->x + static_cast<float>(col), g->rowY(row)});
    const ImVec2 b = canvas.toScreen({g->x + static_cast<float>(col + 1), g->rowY(row + 1)});
    const float share = static_cast<float>(n.second) / static_cast<float>(answered);
    if (n.second > 0) {
      const float width = std::min(2.0f + 8.0f * share, (b.x - a.x) * 0.2f);
      dl->AddRect(ImVec2(a.x + width / 2, a.y + width / 2), ImVec2(b.x - width / 2, b.y - width / 2), ring, 0.0f, 0, width);
    }
    const std::string badge = rounds.size() > 1 ? cat(n.first, "\u2192", n.second) : cat(n.second);
    const ImVec2 ts = font->CalcTextSizeA(fs, 1e9f, 0.0f, badge.c_str());
    if (logging()) logMark(cat("room: ", g->grid.name, " (", row, ", ", col, ") picked by ", badge));
    uimap::rect("room", cat(g->grid.name, " (", row, ", ", col, ")"), a, b, badge);  // a scenario reads the room's picks
    // In the cell's top right corner where it leaves the middle (the digits) free, else centred on that corner
    // (over the corners of its neighbours, which hold no digits either).
    const bool inside = ts.x + 6.0f < (b.x - a.x) * 0.5f && ts.y + 4.0f < (b.y - a.y) * 0.4f;
    const ImVec2 at = inside ? ImVec2(b.x - ts.x - 4.0f, a.y + 2.0f) : ImVec2(b.x - ts.x / 2.0f, a.y - ts.y / 2.0f);
    dl->AddRectFilled(ImVec2(at.x - 2.0f, at.y), ImVec2(at.x + ts.x + 2.0f, at.y + ts.y), ring, 3.0f);
    drawText(dl, font, fs, at, IM_COL32(255, 255, 255, 255), badge.c_str());
  }
}

}  // namespace gradlab::viz
