#include "viz/panels/memory_strip.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "i18n/translate.h"
#include "viz/model/core_palette.h"
#include "viz/model/explain.h"
#include "viz/model/text.h"
#include "viz/panels/actions.h"
#include "viz/panels/panels.h"
#include "viz/widgets/draw_text.h"
#include "viz/widgets/grid_widget.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/draw_text.h"

namespace gradlab::viz {
namespace {

// Storage larger than this is named, not drawn: the strip is for the small tensors of a lesson.
constexpr int64_t kMaxStripElems = 16384;

float gapWidth(float cellW) { return std::max(3.0f, std::round(cellW * 0.22f)); }
float stripeHeight(float cellW) { return std::max(3.0f, std::round(cellW * 0.16f)); }
float gutterFontSize() { return std::min(monoFont()->FontSize, theme().presenter ? 18.0f : 12.0f); }

// The size of the offsets written in cells `cellW` wide, `digits` long: as large as fits, up to the mono font's.
float labelFontSize(float cellW, int digits) {
  ImFont* mono = monoFont();
  const float advance = mono->CalcTextSizeA(100.0f, 1e9f, 0.0f, "0").x / 100.0f;  // a digit's width per pixel of size
  const float across = (cellW - 3.0f) / (static_cast<float>(std::max(digits, 1)) * advance);
  return std::min({mono->FontSize, across, (cellW - stripeHeight(cellW)) * 0.8f});
}

// The names of a tensor's planes beside their stripe colours: "c=0", "n=1 c=2", or in short "c=" then "0" /
// "n,c=" then "1,2".
struct PlaneLegend {
  std::string prefix;
  std::vector<std::string> labels;
};
struct PlaneLegendPlace {
  ImVec2 at;  // the first name's top-left
  float size;
  PlaneLegend names;
};

PlaneLegend planeLegend(const Grid& grid, bool compact) {
  PlaneLegend out;
  for (int64_t p = 0; p < grid.dims.planes; ++p) {
    std::string name = grid.planeName(p);
    if (compact) {
      const bool batched = name.rfind("n=", 0) == 0;
      out.prefix = batched ? "n,c=" : "c=";
      if (batched) name = cat(name.substr(2, name.find(' ') - 2), ",", name.substr(name.find("c=") + 2));
      else name = name.substr(2);
    }
    out.labels.push_back(std::move(name));
  }
  return out;
}

float planeLegendWidth(const PlaneLegend& legend, const ImFont* font, float size) {
  float w = legend.prefix.empty() ? 0.0f : font->CalcTextSizeA(size, 1e9f, 0.0f, legend.prefix.c_str()).x + size * 0.3f;
  for (const std::string& label : legend.labels) w += size + font->CalcTextSizeA(size, 1e9f, 0.0f, label.c_str()).x + size * 0.6f;
  return w - size * 0.6f;
}

}  // namespace

MemoryStrips::MemoryStrips(const AppState& s, float width, float soft, float hard) : width_(width) {
  if (!s.run.ok()) return;
  if (s.exerciseOpen() && s.course.exercise->exercise.spec.kind == ExerciseKind::kOffset) {
    hidden_ = i18n::tr("memory order: hidden until the question is answered (it shows every offset)");
    height_ = ImGui::GetFontSize() + 4.0f;
    return;
  }
  collectStrips(s);
  if (strips_.empty()) return;
  chooseCells(s.run.scene, soft, hard);
  height_ = cutToHeight(hard);
}

void MemoryStrips::collectStrips(const AppState& s) {
  const Scene& sc = s.run.scene;
  for (int i : {sc.src, sc.dst}) {
    const SceneGrid* g = sc.gridAt(i);
    if (!g || !g->shown || g->grid.shape.empty()) continue;
    Strip strip;
    strip.grid = i;
    const StorageView view = storageOf(g->grid.shape, s.run.request);
    // Both begin with the tensor's name: draw() writes it brighter than the rest.
    strip.title = i18n::trf("{0} in memory · {1}: {2}", g->grid.name, i18n::tr(layoutName(s.run.request.layout)), stridesText(view));
    if (view.storageElems > kMaxStripElems) {
      strip.note = i18n::trf("{0}: {1} elements of storage, more than the memory strip draws ({2})", g->grid.name,
                             view.storageElems, kMaxStripElems);
    } else {
      strip.order = memoryOrder(g->grid.shape, view);
      const int64_t used = static_cast<int64_t>(strip.order.slots.size()) - strip.order.unused;
      if (strip.order.unused > 0) strip.title += cat(" · ", i18n::trf("{0} of {1} elements hold cells", used, strip.order.slots.size()));
      strip.digits = static_cast<int>(std::to_string(std::max<int64_t>(view.storageElems - 1, 0)).size());
    }
    strips_.push_back(std::move(strip));
  }
}

void MemoryStrips::chooseCells(const Scene& sc, float soft, float hard) {
  const bool presenter = theme().presenter;
  titleH_ = gridLabelSize() + 3.0f;
  ImFont* mono = monoFont();
  int digits = 1;
  for (const Strip& strip : strips_) digits = std::max(digits, strip.digits);
  gutterW_ = mono->CalcTextSizeA(gutterFontSize(), 1e9f, 0.0f, std::string(static_cast<size_t>(digits), '0').c_str()).x + 8.0f;
  const float across = std::max(width_ - gutterW_, 40.0f);
  // Each cell size from the largest down: its rows (lined up with the layout's periods), its height, and
  // whether every offset reads at it.
  struct Choice {
    float cellW = 0.0f, height = 0.0f;
    int64_t period = 0;
    bool readable = true;
    std::vector<StripRows> rows;
  };
  std::vector<Choice> choices;
  const float largest = presenter ? 40.0f : 26.0f, smallest = presenter ? 24.0f : 15.0f;
  // Rows lined up with each strip's longest period that fits, its next longest, ..., or packed.
  std::vector<std::vector<int64_t>> periods;
  size_t levels = 1;
  for (const Strip& strip : strips_) {
    periods.push_back(layoutPeriods(strip.order, sc.grids[static_cast<size_t>(strip.grid)].grid.shape));
    levels = std::max(levels, periods.back().size() + 1);
  }
  for (float cw = largest; cw >= smallest; cw -= 1.0f) {
    for (size_t level = 0; level < levels; ++level) {
      Choice c;
      c.cellW = cw;
      for (size_t i = 0; i < strips_.size(); ++i) {
        const Strip& strip = strips_[i];
        const SceneGrid& g = sc.grids[static_cast<size_t>(strip.grid)];
        const int64_t longest = level < periods[i].size() ? periods[i][level] : 0;
        c.rows.push_back(wrapRows(strip.order, g.grid.shape, across, cw, gapWidth(cw), longest));
        c.height += titleH_ + static_cast<float>(strip.note.empty() ? c.rows.back().starts.size() : 0) * (cw + 1.0f);
        c.period += c.rows.back().period;
        c.readable = c.readable && (!strip.note.empty() || labelFontSize(cw, strip.digits) >= (presenter ? 13.0f : 10.5f));
      }
      choices.push_back(std::move(c));
    }
  }
  // Readable offsets within `soft` (the longest periods, then the largest cells); else within `hard` at the
  // smallest such height; else the longest periods that fit; else the smallest cells, cut.
  auto best = [&](auto&& allowed, bool lowest) {
    const Choice* b = nullptr;
    for (const Choice& c : choices) {
      if (!allowed(c)) continue;
      if (!b || c.period > b->period || (c.period == b->period && lowest && c.height < b->height)) b = &c;
    }
    return b;
  };
  const Choice* pick = best([&](const Choice& c) { return c.readable && c.height <= soft; }, false);
  if (!pick) pick = best([&](const Choice& c) { return c.readable && c.height <= hard; }, true);
  if (!pick) pick = best([&](const Choice& c) { return c.height <= hard; }, false);
  if (!pick) pick = &choices.back();
  cellW_ = pick->cellW;
  for (size_t i = 0; i < strips_.size(); ++i) strips_[i].rows = pick->rows[i];
  gapW_ = gapWidth(cellW_);
  rowH_ = cellW_ + 1.0f;
}

float MemoryStrips::cutToHeight(float hard) {
  // Rows past the height are left out (the title says how much is shown).
  float y = 0.0f;
  for (Strip& strip : strips_) {
    strip.top = y;
    y += titleH_;
    const int64_t total = static_cast<int64_t>(strip.order.slots.size());
    std::vector<int64_t>& starts = strip.rows.starts;
    const auto fitting = static_cast<size_t>(std::max(1.0f, std::floor((hard - y) / rowH_)));
    if (starts.size() > fitting) {
      strip.shownElems = starts[fitting];
      starts.resize(fitting);
      strip.title += cat(" · ", i18n::trf("the first {0} shown", strip.shownElems));
    } else {
      strip.shownElems = total;
    }
    y += static_cast<float>(strip.note.empty() ? starts.size() : 0) * rowH_;
  }
  return y;
}

ImVec2 MemoryStrips::slotMin(const Strip& strip, int64_t offset) const {
  const std::vector<int64_t>& starts = strip.rows.starts;
  const size_t row = static_cast<size_t>(std::upper_bound(starts.begin(), starts.end(), offset) - starts.begin()) - 1;
  float x = topLeft_.x + gutterW_;
  for (int64_t o = starts[row]; o < offset; ++o) x += slotWidth(strip, o);
  return ImVec2(x, topLeft_.y + strip.top + titleH_ + static_cast<float>(row) * rowH_);
}

float MemoryStrips::slotWidth(const Strip& strip, int64_t offset) const {
  return strip.order.slots[static_cast<size_t>(offset)] >= 0 ? cellW_ : gapW_;
}

void MemoryStrips::outlineSlot(const Strip& strip, int64_t offset, ImU32 colour, float thickness) const {
  if (offset < 0 || offset >= strip.shownElems) return;
  const ImVec2 p0 = slotMin(strip, offset);
  ImGui::GetWindowDrawList()->AddRect(ImVec2(p0.x - 1.0f, p0.y - 1.0f), ImVec2(p0.x + slotWidth(strip, offset), p0.y + cellW_ + 1.0f),
                                      colour, 0.0f, 0, thickness);
}

MemoryStrips::Slot MemoryStrips::slotAt(ImVec2 mouse) const {
  for (const Strip& strip : strips_) {
    if (!strip.note.empty()) continue;
    const float y0 = topLeft_.y + strip.top + titleH_;
    const float fromTop = mouse.y - y0;
    if (fromTop < 0.0f || fromTop >= rowH_ * static_cast<float>(strip.rows.starts.size())) continue;
    const size_t row = static_cast<size_t>(fromTop / rowH_);
    const int64_t end = row + 1 < strip.rows.starts.size() ? strip.rows.starts[row + 1] : strip.shownElems;
    float x = topLeft_.x + gutterW_;
    for (int64_t o = strip.rows.starts[row]; o < end; ++o) {
      const float w = slotWidth(strip, o);
      if (mouse.x >= x && mouse.x < x + w) return {&strip, o};
      x += w;
    }
  }
  return {};
}

std::optional<ImVec2> MemoryStrips::slotCentre(int grid, int64_t offset) const {
  for (const Strip& strip : strips_) {
    if (strip.grid != grid || !strip.note.empty() || offset < 0 || offset >= strip.shownElems) continue;
    const ImVec2 p = slotMin(strip, offset);
    return ImVec2(p.x + slotWidth(strip, offset) / 2.0f, p.y + cellW_ / 2.0f);
  }
  return std::nullopt;
}

void MemoryStrips::place(AppState& s, ImVec2 topLeft) {
  topLeft_ = topLeft;
  hovered_ = {};
  if (!ImGui::IsWindowHovered()) return;
  hovered_ = slotAt(ImGui::GetIO().MousePos);
  if (!hovered_.strip) return;
  const int64_t cell = hovered_.strip->order.slots[static_cast<size_t>(hovered_.offset)];
  const SceneGrid& g = s.run.scene.grids[static_cast<size_t>(hovered_.strip->grid)];
  const PlaneCell c = planeCellOf(g.grid.dims, cell);
  if (cell >= 0 && c.plane == s.run.scene.plane) s.view.hovered = CellRef{hovered_.strip->grid, c.row, c.col};
}

std::vector<MemoryStrips::TitleLayout> MemoryStrips::titleLayouts() const {
  ImFont* ui = uiFont();
  const float titleSize = gridLabelSize();
  std::vector<TitleLayout> titles;
  for (const Strip& strip : strips_) {
    const std::string& title = titleOf(strip);
    const float size = std::clamp(titleSize * width_ / ui->CalcTextSizeA(titleSize, 1e9f, 0.0f, title.c_str()).x,
                                  titleSize * 0.8f, titleSize);
    titles.push_back({size, topLeft_.x + ui->CalcTextSizeA(size, 1e9f, 0.0f, title.c_str()).x + size});
  }
  return titles;
}

// The planes' stripe colours, named once for all the strips (their tensors have the same planes): on the
// first title line with room for every name ("c=0 c=1 c=2"), else for the short form ("c= 0 1 2"), else after
// the last strip's last row; never a part of them (layouts 4's legend named c=0 alone).
void MemoryStrips::drawPlaneLegend(const Scene& sc, const std::vector<TitleLayout>& titles) const {
  ImFont* ui = uiFont();
  std::optional<PlaneLegendPlace> legend;
  const float right = topLeft_.x + width_;
  for (const bool compact : {false, true}) {
    for (size_t i = 0; i < strips_.size() && !legend; ++i) {
      const Grid& grid = sc.grids[static_cast<size_t>(strips_[i].grid)].grid;
      if (grid.dims.planes <= 1 || grid.dims.planes > 8) continue;
      PlaneLegend names = planeLegend(grid, compact);
      if (titles[i].end + planeLegendWidth(names, ui, titles[i].size) <= right)
        legend = PlaneLegendPlace{ImVec2(titles[i].end, topLeft_.y + strips_[i].top), titles[i].size, std::move(names)};
    }
  }
  if (const Strip& last = strips_.back(); !legend && last.note.empty() && !last.rows.starts.empty()) {
    const Grid& grid = sc.grids[static_cast<size_t>(last.grid)].grid;
    const size_t row = last.rows.starts.size() - 1;
    float end = topLeft_.x + gutterW_ + cellW_;
    for (int64_t o = last.rows.starts[row]; o < last.shownElems; ++o) end += slotWidth(last, o);
    const float size = gridLabelSize() * 0.8f;
    PlaneLegend names = planeLegend(grid, true);
    const float y = topLeft_.y + last.top + titleH_ + static_cast<float>(row) * rowH_ + (cellW_ - size) / 2.0f;
    if (grid.dims.planes > 1 && grid.dims.planes <= 8 && end + planeLegendWidth(names, ui, size) <= right)
      legend = PlaneLegendPlace{ImVec2(end, y), size, std::move(names)};
  }
  if (!legend) return;
  if (logging()) {
    std::string names;
    for (const std::string& label : legend->names.labels) names += cat(names.empty() ? "" : " ", legend->names.prefix, label);
    logMark(cat("plane legend: ", names));
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  float x = legend->at.x;
  const float size = legend->size, y = legend->at.y;
  if (!legend->names.prefix.empty()) {
    drawText(dl, ui, size, ImVec2(x, y), theme().labelDim, legend->names.prefix.c_str());
    x += ui->CalcTextSizeA(size, 1e9f, 0.0f, legend->names.prefix.c_str()).x + size * 0.3f;
  }
  for (size_t p = 0; p < legend->names.labels.size(); ++p) {
    const std::string& label = legend->names.labels[p];
    dl->AddRectFilled(ImVec2(x, y + size * 0.55f), ImVec2(x + size * 0.8f, y + size * 0.55f + stripeHeight(cellW_)),
                      toImU32(coreColour(static_cast<int32_t>(p))));
    drawText(dl, ui, size, ImVec2(x + size, y), theme().labelDim, label.c_str());
    x += size + ui->CalcTextSizeA(size, 1e9f, 0.0f, label.c_str()).x + size * 0.6f;
  }
}

void MemoryStrips::drawSlots(const AppState& s, const Strip& strip, const std::vector<float>& dstValues,
                             const std::vector<uint8_t>& dstFilled, bool dstFinal) const {
  const Scene& sc = s.run.scene;
  const Theme& th = theme();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImFont* mono = monoFont();
  const float gutterFont = gutterFontSize();
  const float stripe = stripeHeight(cellW_);
  const SceneGrid& g = sc.grids[static_cast<size_t>(strip.grid)];
  const HeatScale& scale = strip.grid == sc.dst ? s.run.dstScale : s.run.srcScale;
  const float labelFont = labelFontSize(cellW_, strip.digits);
  const bool labels = labelFont >= (th.presenter ? kPresenterDigitPx : 8.0f);  // the row starts beside say where they are
  for (size_t row = 0; row < strip.rows.starts.size(); ++row) {
    const int64_t begin = strip.rows.starts[row];
    const int64_t end = row + 1 < strip.rows.starts.size() ? strip.rows.starts[row + 1] : strip.shownElems;
    const float y = topLeft_.y + strip.top + titleH_ + static_cast<float>(row) * rowH_;
    const std::string address = std::to_string(begin);
    const ImVec2 as = mono->CalcTextSizeA(gutterFont, 1e9f, 0.0f, address.c_str());
    drawText(dl, mono, gutterFont, ImVec2(topLeft_.x + gutterW_ - 6.0f - as.x, y + (cellW_ - as.y) / 2.0f), th.labelDim,
             address.c_str());
    float cx = topLeft_.x + gutterW_;
    for (int64_t o = begin; o < end; ++o) {
      const int64_t cell = strip.order.slots[static_cast<size_t>(o)];
      const float w = slotWidth(strip, o);
      const ImVec2 p0(cx + 0.5f, y), p1(cx + w - 1.0f, y + cellW_);
      cx += w;
      if (cell < 0) {  // padding, or before the view: no cell of the tensor lives here
        dl->AddRectFilled(ImVec2(p0.x, p0.y + cellW_ * 0.3f), ImVec2(p1.x, p1.y - cellW_ * 0.3f), (th.labelDim & 0x00FFFFFFu) | (90u << 24));
        continue;
      }
      const PlaneCell c = planeCellOf(g.grid.dims, cell);
      const bool shownPlane = c.plane == sc.plane;
      const size_t inPlane = static_cast<size_t>(c.row * g.grid.dims.cols + c.col);
      bool filled = true;
      float v = g.grid.value(c.plane, c.row, c.col);
      if (strip.grid == sc.dst && shownPlane) {
        filled = dstFilled.empty() || (inPlane < dstFilled.size() && dstFilled[inPlane]);
        v = inPlane < dstValues.size() ? dstValues[inPlane] : 0.0f;
      } else if (strip.grid == sc.dst) {
        filled = dstFinal;  // the animation plays the shown plane only: the others fill in at its end
      }
      const Rgba fill = filled && g.grid.hasValues() ? scale.colour(v) : th.emptyCell;
      dl->AddRectFilled(p0, p1, toImU32(fill));
      dl->AddRectFilled(ImVec2(p0.x, p1.y - stripe), p1, toImU32(coreColour(static_cast<int32_t>(c.plane))));
      if (!labels) continue;
      const std::string text = std::to_string(o);
      const ImVec2 ts = mono->CalcTextSizeA(labelFont, 1e9f, 0.0f, text.c_str());
      if (ts.x <= w - 2.0f)
        drawText(dl, mono, labelFont, ImVec2(p0.x + (w - 1.0f - ts.x) / 2.0f, p0.y + (cellW_ - stripe - ts.y) / 2.0f),
                 toImU32(readableTextOn(fill)), text.c_str());
    }
  }
}

// The hovered slot outlined and named; a click pins its cell (and shows its plane).
void MemoryStrips::drawHovered(AppState& s, bool dstFinal) const {
  const Theme& th = theme();
  const Scene& sc = s.run.scene;
  const Strip& strip = *hovered_.strip;
  const SceneGrid& g = sc.grids[static_cast<size_t>(strip.grid)];
  const int64_t cell = strip.order.slots[static_cast<size_t>(hovered_.offset)];
  outlineSlot(strip, hovered_.offset, th.highlight, th.highlightWidth);
  if (cell < 0) {
    const std::string why = hovered_.offset < strip.order.view.offset
                                ? i18n::trf("before the view, which starts at offset {0}", strip.order.view.offset)
                                : std::string(i18n::tr("padding: no cell of the view lies here"));
    ImGui::SetTooltip("%s", i18n::trf("offset {0}: {1}", hovered_.offset, why).c_str());
    return;
  }
  const PlaneCell c = planeCellOf(g.grid.dims, cell);
  const bool shownPlane = c.plane == sc.plane;
  std::string text = i18n::trf("offset {0}: {1}", hovered_.offset, cellName(g, c.plane, c.row, c.col));
  if (strip.grid == sc.src || dstFinal) text += cat(" = ", g.grid.value(c.plane, c.row, c.col));
  if (!shownPlane) text += cat("\n", i18n::trf("plane {0}: click to show it on the grids", g.grid.planeName(c.plane)));
  ImGui::SetTooltip("%s", text.c_str());
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) && !s.exerciseOpen()) {
    const CellRef ref{strip.grid, c.row, c.col};
    if (!shownPlane) setPlane(s, c.plane);
    s.view.pinned = shownPlane && s.view.pinned == ref ? std::nullopt : std::optional<CellRef>(ref);
  }
}

void MemoryStrips::draw(AppState& s) {
  if (!hidden_.empty()) {
    textDimWrapped(hidden_);
    return;
  }
  if (strips_.empty()) return;
  ImGui::Dummy(ImVec2(ImGui::GetContentRegionAvail().x, height_));
  const Scene& sc = s.run.scene;
  const Theme& th = theme();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImFont* ui = uiFont();

  // The output's values as its grid shows them now; its other planes once the animation has run.
  std::vector<float> dstValues;
  std::vector<uint8_t> dstFilled;
  dstValuesNow(s, &dstValues, &dstFilled, nullptr);
  const bool dstFinal = dstValuesFinal(s);
  const std::optional<CellRef> focus = s.focusCell();
  const std::vector<TitleLayout> titles = titleLayouts();
  drawPlaneLegend(sc, titles);

  for (size_t index = 0; index < strips_.size(); ++index) {
    const Strip& strip = strips_[index];
    const SceneGrid& g = sc.grids[static_cast<size_t>(strip.grid)];
    ImVec2 at(topLeft_.x, topLeft_.y + strip.top);
    const std::string name = g.grid.name;
    const std::string& title = titleOf(strip);
    const float size = titles[index].size;
    drawText(dl, ui, size, at, th.label, name.c_str());
    float x = at.x + ui->CalcTextSizeA(size, 1e9f, 0.0f, name.c_str()).x;
    const std::string rest = title.substr(name.size());
    drawText(dl, ui, size, ImVec2(x, at.y), th.labelDim, rest.c_str());
    if (!strip.note.empty()) continue;

    // The numbers in and beside the strip are offsets, not values (the spoiler test reads them apart).
    if (logging()) logMark("offsets");
    drawSlots(s, strip, dstValues, dstFilled, dstFinal);
    if (logging()) logMark("end of offsets");

    // The focused grid cell here, and the same pixel of the other planes (channels-last: its neighbours).
    if (focus && focus->grid == strip.grid) {
      for (int64_t p = 0; p < g.grid.dims.planes; ++p) {
        const bool shown = p == sc.plane;
        outlineSlot(strip, strip.order.offsetOf[static_cast<size_t>(g.grid.flat(p, focus->row, focus->col))],
                    shown ? th.highlight : th.highlightAlt, th.highlightWidth * (shown ? 1.0f : 0.6f));
      }
    }
    // An offset question once answered: where the cell it asked about sits.
    if (s.course.exercise && s.course.exercise->revealed &&
        s.course.exercise->exercise.spec.kind == ExerciseKind::kOffset &&
        s.course.exercise->exercise.asked.grid == strip.grid) {
      const CellRef& asked = s.course.exercise->exercise.asked;
      outlineSlot(strip, strip.order.offsetOf[static_cast<size_t>(g.grid.flat(sc.plane, asked.row, asked.col))], th.good,
                  th.highlightWidth * 1.3f);
    }
  }
  if (hovered_.strip) drawHovered(s, dstFinal);
}

}  // namespace gradlab::viz
