#include <algorithm>
#include <cstdio>

#include "viz/panels/actions.h"
#include "viz/panels/panels.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {
namespace {

// Speed, loop and pacing: the bar's second line, or (presenter mode) a popup.
void paceSettings(AppState& s);

}  // namespace

void drawPlayerBar(AppState& s) {
  Player& p = s.player;
  const Animation& a = s.run.animation;
  ImGui::Separator();
  ImGui::BeginDisabled(a.empty());
  if (ui::Button("|◀")) p.scrub(0.0);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to the start");
  ImGui::SameLine();
  if (ui::Button("◀")) p.stepBack(a, s.stepUnit);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Step back by a %s (Left)", stepUnitName(s.stepUnit));
  ImGui::SameLine();
  if (ui::Button(p.playing ? "  Pause  " : "▶ Play ", ImVec2(ImGui::GetFontSize() * 5.5f, 0))) p.togglePlay();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Play / pause (Space)");
  ImGui::SameLine();
  if (ui::Button("▶")) p.stepForward(a, s.stepUnit);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Step forward by a %s (Right)", stepUnitName(s.stepUnit));
  ImGui::SameLine();
  if (ui::Button("▶|")) p.toEnd();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Jump to the end: the final result");
  ImGui::SameLine();
  float t = static_cast<float>(p.t);
  const float paceW = ImGui::CalcTextSize("pace").x + ImGui::GetStyle().FramePadding.x * 2.0f + ImGui::GetStyle().ItemSpacing.x;
  ImGui::SetNextItemWidth(s.presenter ? -paceW : -1.0f);
  const size_t landed = a.landedAt(p.t);
  char label[96];
  const bool capped = s.run.scene.trace && s.run.scene.trace->movesTruncated;
  if (a.empty() && capped) std::snprintf(label, sizeof label, "no moves: the trace stopped before this plane");
  else std::snprintf(label, sizeof label, "%zu of %zu moves landed%s", landed, a.moves().size(), capped ? " (trace capped)" : "");
  if (ui::SliderFloat("##time", &t, 0.0f, static_cast<float>(std::max(p.duration, 1e-3)), label)) p.scrub(t);
  ImGui::EndDisabled();

  // Presenter mode keeps one line for the grids' sake: the pace settings open from a button.
  if (s.presenter) {
    ImGui::SameLine();
    if (ui::Button("pace")) ImGui::OpenPopup("##pace");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Speed, loop, one move at a time or cores in parallel");
    if (ImGui::BeginPopup("##pace")) {
      ui::CloseOnEscape();
      paceSettings(s);
      ImGui::EndPopup();
    }
    return;
  }
  paceSettings(s);
}

namespace {

void paceSettings(AppState& s) {
  Player& p = s.player;
  float speed = static_cast<float>(p.speed);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  if (ui::SliderFloat("speed", &speed, 0.25f, 60.0f, "%.2g beats/s", ImGuiSliderFlags_Logarithmic)) p.speed = speed;
  ImGui::SameLine();
  ui::Checkbox("loop", &p.loop);
  ImGui::SameLine();
  int pacing = static_cast<int>(s.pacing);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 11);
  const char* names[] = {pacingName(Pacing::kOneAtATime), pacingName(Pacing::kCoresInParallel)};
  if (ui::Combo("##pacing", &pacing, names, 2)) setPacing(s, static_cast<Pacing>(pacing));
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("One move at a time: every add in the recorded order.\n"
                      "Cores in parallel: each core issues one move per beat; a cell never receives\n"
                      "its adds out of the recorded order.");
  ImGui::SameLine();
  int unit = static_cast<int>(s.stepUnit);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
  const char* units[] = {stepUnitName(StepUnit::kBeat), stepUnitName(StepUnit::kTile), stepUnitName(StepUnit::kCore),
                         stepUnitName(StepUnit::kPhase)};
  if (ui::Combo("step by", &unit, units, 4)) s.stepUnit = static_cast<StepUnit>(unit);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("What the step buttons and Left / Right jump by: a beat, or to where the next tile, core\n"
                      "or phase sends its first move (a long run is crossed in a few steps).");
  char beat[64];
  std::snprintf(beat, sizeof beat, "beat %.1f / %.1f", p.t, p.duration);
  if (roomAfterLastItem() > ImGui::CalcTextSize(beat).x + ImGui::GetStyle().ItemSpacing.x) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", beat);  // where the line has room for it: the slider says the moves anyway
  }
}

}  // namespace

}  // namespace gradlab::viz
