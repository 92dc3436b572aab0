#include <algorithm>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "viz/model/text.h"
#include "viz/panels/compare_runs.h"
#include "viz/panels/panels.h"
#include "viz/widgets/grid_widget.h"
#include "viz/widgets/histogram_widget.h"
#include "viz/widgets/legend.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/timeline_widget.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {
namespace {

// The strategies mode: per strategy a line of facts and its timeline, all on one time axis.
void drawStrategyRuns(const CompareView& c, bool kernelsOnly) {
  if (c.strategies.empty()) return;
  const float font = ImGui::GetFontSize();
  const float textH = ImGui::GetTextLineHeightWithSpacing();
  const float each = std::max(font * 4.0f, ImGui::GetContentRegionAvail().y / static_cast<float>(c.strategies.size()) - textH * 1.2f);
  // The run the others are compared with, by name: "bit-identical to it" read as the line before, and "7457 cells
  // differ" beside a caption's "the same bits every run" as a contradiction.
  std::string reference;
  for (const StrategyRun& run : c.strategies)
    if (run.reference) reference = run.name;
  for (const StrategyRun& run : c.strategies) {
    const std::string cores = run.cubeCores > 0 ? i18n::trf("{0} cube + {1} vector cores", run.cubeCores, run.vectorCores)
                                                : i18n::trf("{0} vector cores", run.vectorCores);
    const std::string result = run.reference ? std::string(i18n::tr("the reference order"))
                               : run.diff.differing == 0 ? i18n::trf("bit-identical to {0}'s result", reference)
                                                         : i18n::trf("{0} cell(s) differ from {1}'s result (another order of the adds), max {2}",
                                                                     run.diff.differing, reference, formatTick(run.diff.maxAbs));
    ui::TextWrapped("%s (%s): %s µs, %s, %s; %s", run.name.c_str(), run.title.c_str(), formatTick(static_cast<float>(run.totalUs)).c_str(),
                bytesText(run.bytes).c_str(), cores.c_str(), result.c_str());
    if (!run.note.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", run.note.c_str());
    timelineWidget(cat("##strategy-", run.name).c_str(), run.timeline, ImVec2(0, each), {}, kernelsOnly);
  }
}

// The mode's radio buttons, the precision mode's dtype and accumulation: true when a choice changed.
bool modeControls(AppState& s) {
  CompareView& c = s.compare;
  int mode = static_cast<int>(c.mode);
  bool changed = ui::RadioButton("fp16/bf16 vs fp32", &mode, static_cast<int>(CompareMode::kPrecision));
  ImGui::SameLine();
  changed |= ui::RadioButton("default vs deterministic", &mode, static_cast<int>(CompareMode::kDeterminism));
  ImGui::SameLine();
  changed |= ui::RadioButton("strategies", &mode, static_cast<int>(CompareMode::kStrategies));
  ImGui::SameLine();
  changed |= ui::RadioButton("across chips", &mode, static_cast<int>(CompareMode::kChips));
  c.mode = static_cast<CompareMode>(mode);
  if (c.mode != CompareMode::kPrecision) return changed;
  // Its choices on a line of their own (presenter fonts are wide).
  int low = c.lowDtype == ACL_BF16 ? 1 : 0;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
  const char* names[] = {"float16", "bfloat16"};
  {
    const ui::Verbatim dtypeNames;
    if (ui::Combo("##low", &low, names, 2)) {
      c.lowDtype = low ? ACL_BF16 : ACL_FLOAT16;
      changed = true;
    }
  }
  ImGui::SameLine();
  int acc = static_cast<int>(c.accumulate);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  // Translated here: ui::Combo shows the chosen item as given.
  const char* accumulations[] = {i18n::tr("sum in fp32"), i18n::tr("sum in dtype")};
  const ui::Verbatim translated;
  if (ui::Combo("##accumulate", &acc, accumulations, 2)) {
    c.accumulate = static_cast<Accumulation>(acc);
    changed = true;
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", i18n::tr("fp32: sums kept in fp32 and rounded once (CANN's kernels).\n"
                                     "dtype: every partial sum rounded to the dtype (a naive kernel)."));
  }
  if (s.controls.request.dtype == ACL_FLOAT16 || s.controls.request.dtype == ACL_BF16) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", i18n::trf("(the controls' dtype {0} is used)", dtypeText(s.controls.request.dtype)).c_str());
  }
  return changed;
}

// The comparison's notes (presenter mode: behind a "(?)", its lines would take the grids' height) and its
// one-line summary.
void notesAndSummary(const AppState& s) {
  const CompareView& c = s.compare;
  if (s.view.presenter && !c.notes.empty()) {
    ImGui::TextDisabled("(?)");
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
      for (const std::string& n : c.notes) ImGui::TextUnformatted(n.c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
    ImGui::SameLine();
  } else {
    for (const std::string& n : c.notes) ui::TextWrapped("%s", n.c_str());
  }
  if (c.mode == CompareMode::kStrategies) return;
  if (c.mode == CompareMode::kChips) {
    ui::TextWrapped("%s", i18n::trf("{0} of {1} cells differ (max |diff| {2}): {3} where the 950's windows part from "
                                     "PyTorch's map, {4} from the order or rounding of the sums",
                                     static_cast<long long>(c.diff.differing), static_cast<long long>(c.diff.cells),
                                     fmt::format("{:.3g}", static_cast<double>(c.diff.maxAbs)),
                                     static_cast<long long>(c.windowCells), static_cast<long long>(c.orderCells))
                              .c_str());
  } else if (c.mode == CompareMode::kPrecision) {
    ImGui::TextUnformatted(i18n::trf("max error {0} ULP; {1} of {2} cells exact, {3} within 0.5 ULP",
                                     fmt::format("{:.3g}", static_cast<double>(c.ulps.maxUlps)), static_cast<long long>(c.ulps.exact),
                                     static_cast<long long>(c.ulps.cells), static_cast<long long>(c.ulps.withinHalf))
                               .c_str());
  } else {
    ImGui::TextUnformatted(i18n::trf("{0} of {1} cells differ (max |diff| {2}); {3} schedules gave {4} distinct result(s)",
                                     static_cast<long long>(c.diff.differing), static_cast<long long>(c.diff.cells),
                                     fmt::format("{:.3g}", static_cast<double>(c.diff.maxAbs)), c.defaultRuns, c.distinctDefaultResults)
                               .c_str());
  }
}

// The three grids side by side (the two results and their difference), the hovered cell in each, and its
// values in a tooltip.
void drawCompareGrids(AppState& s, int64_t plane, float legendH) {
  CompareView& c = s.compare;
  Point bmin{1e30f, 1e30f}, bmax{-1e30f, -1e30f};
  for (const SceneGrid& g : c.grids) {
    bmin = {std::min(bmin.x, g.x), std::min(bmin.y, g.y)};
    bmax = {std::max(bmax.x, g.x + g.width()), std::max(bmax.y, g.y + g.height())};
  }
  std::optional<std::pair<size_t, GridHover>> hover;
  {
    // Three grids side by side leave each label little width: presenter labels may take three lines, and a
    // label that needs more gets them from the next frame on, as on the scene tabs (the error grid's
    // "2 sig. digits" was cut to "2 sig…").
    const int labelLines = std::max(s.view.presenter ? 3 : 2, s.view.compareView.labelLines);
    Canvas canvas("##compare", ImVec2(0, -legendH), s.view.compareView, bmin, bmax,
                  gridLabelSize() * static_cast<float>(labelLines) + 8.0f);
    int wanted = 0;
    for (size_t i = 0; i < c.grids.size(); ++i) {
      GridStyle style;
      style.scale = i == 2 ? &c.diffScale : &c.valueScale;
      if (i < c.gridNotes.size()) style.note = c.gridNotes[i];
      style.labelLines = labelLines;
      int asked = 0;
      style.labelLinesWanted = &asked;
      if (auto h = drawGrid(canvas, c.grids[i], plane, style)) hover = {i, *h};
      wanted = std::max(wanted, asked);
    }
    askLabelLines(s.view.compareView, wanted, labelLines);
    if (hover) {
      for (const SceneGrid& g : c.grids)
        outlineCell(canvas, g, hover->second.row, hover->second.col, theme().highlight, theme().highlightWidth);
    }
  }
  if (hover) {
    ImGui::BeginTooltip();
    for (const SceneGrid& g : c.grids)
      ImGui::Text("%s: %.9g", g.grid.name.c_str(),
                  static_cast<double>(g.grid.value(plane, hover->second.row, hover->second.col)));
    if (c.mode == CompareMode::kChips && !c.grids.empty()) {
      const size_t cell = static_cast<size_t>(c.grids[0].grid.flat(plane, hover->second.row, hover->second.col));
      const uint8_t why = cell < c.chipReasons.size() ? c.chipReasons[cell] : uint8_t{kSameBits};
      ImGui::TextUnformatted(why == kWindowReason ? i18n::tr("why: the 950's window for this cell (ceil(i x scale - 0.5) in "
                                                             "fp32) holds other gradOutput cells than PyTorch's map")
                             : why == kOrderReason ? i18n::tr("why: the same terms, added in another order or rounded at "
                                                              "other steps (see each chip's kernel above)")
                                                   : i18n::tr("the same bits on both chips"));
    }
    ImGui::EndTooltip();
  }
}

}  // namespace

void drawComparePanel(AppState& s) {
  if (s.exerciseOpen()) {  // the other runs' results, ranges and plans would answer it
    textDimWrapped(i18n::tr("The comparison waits until the question on the right is answered: it would give the answer away."));
    return;
  }
  CompareView& c = s.compare;
  const bool changed = modeControls(s);
  bool again = false;
  if (c.mode == CompareMode::kDeterminism) {  // precision runs are deterministic: nothing to run again
    ImGui::SameLine();
    again = ui::Button("Run again");
  }
  if (s.run.ok() && s.run.scene.planes > 1) {
    ImGui::SameLine();
    planeSelector(s);
    ImGui::NewLine();
  }
  if (again) computeComparison(s, c.mode == CompareMode::kDeterminism);
  else if (changed || c.stale || !(c.spec == s.controls)) computeComparison(s);
  // A large call's comparison takes seconds on the worker: say so where its grids will be (the area stood
  // blank for three seconds in npu-strategies 7).
  if (s.host.worker && s.host.worker->busy("compare"))
    textDimWrapped(i18n::tr("Comparing the runs: the result appears here when they are done."));

  if (!c.error.empty()) {
    textColouredWrapped(theme().bad, c.error);
    return;
  }
  notesAndSummary(s);
  if (c.mode == CompareMode::kStrategies) {
    drawStrategyRuns(c, s.view.timelineKernelsOnly);
    return;
  }
  if (c.grids.size() < 3) return;

  const int64_t plane = std::clamp<int64_t>(s.view.plane, 0, std::max<int64_t>(c.grids[0].grid.dims.planes - 1, 0));
  const bool histogram = c.mode == CompareMode::kPrecision;  // (chips mode: three grids, as determinism)
  const float histogramH = histogram ? ImGui::GetFontSize() * 4.5f + ImGui::GetStyle().ItemSpacing.y : 0.0f;
  drawCompareGrids(s, plane, ImGui::GetFontSize() * 1.7f + ImGui::GetStyle().ItemSpacing.y * 2.0f + histogramH);
  const float w = std::min(ImGui::GetContentRegionAvail().x / 3.0f, ImGui::GetFontSize() * 14.0f);
  heatLegend(i18n::tr("values"), c.valueScale, w);
  ImGui::SameLine(0, 30);
  heatLegend(i18n::tr(c.mode == CompareMode::kPrecision ? "error (ULP)" : "|diff|"), c.diffScale, w);
  if (histogram) {
    ImGui::TextDisabled("%s", i18n::tr("cells by error (ULP, every plane)"));
    ulpHistogramWidget(c.ulps, ImVec2(std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 26.0f),
                                      ImGui::GetFontSize() * 3.2f));
  }
}

}  // namespace gradlab::viz
