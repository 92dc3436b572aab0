#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "viz/model/text.h"
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
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::tr("Back to the start"));
  ImGui::SameLine();
  if (ui::Button("◀")) p.stepBack(a, s.stepUnit);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::trf("Step back by a {0} (Left)", i18n::tr(stepUnitName(s.stepUnit))).c_str());
  ImGui::SameLine();
  if (ui::Button(p.playing ? "  Pause  " : "▶ Play ", ImVec2(ImGui::GetFontSize() * 5.5f, 0))) p.togglePlay();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::tr("Play / pause (Space)"));
  ImGui::SameLine();
  if (ui::Button("▶")) p.stepForward(a, s.stepUnit);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::trf("Step forward by a {0} (Right)", i18n::tr(stepUnitName(s.stepUnit))).c_str());
  ImGui::SameLine();
  if (ui::Button("▶|")) p.toEnd();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::tr("Jump to the end: the final result"));
  ImGui::SameLine();
  float t = static_cast<float>(p.t);
  // Presenter mode's pace button names the speed it plays at and opens the pace settings (a bare "pace" read
  // as a word cut short). Its id stays "pace" in every language.
  const std::string paceText = cat(i18n::trf("{0} beats/s", fmt::format("{:.2g}", p.speed)), " \u25BE");
  const float paceW = ImGui::CalcTextSize(paceText.c_str()).x + ImGui::GetStyle().FramePadding.x * 2.0f + ImGui::GetStyle().ItemSpacing.x;
  ImGui::SetNextItemWidth(s.view.presenter ? -paceW : -1.0f);
  const size_t landed = a.landedAt(p.t);
  const bool capped = s.run.scene.trace && s.run.scene.trace->movesTruncated;
  // The slider shows this text as its format: a '%' in it (none in either language) would be read as one.
  std::string label;
  if (a.empty() && capped) label = i18n::tr("no moves: the trace stopped before this plane");
  else if (capped) label = i18n::trf("{0} of {1} moves landed (trace capped)", landed, a.moves().size());
  else label = i18n::trf("{0} of {1} moves landed", landed, a.moves().size());
  // A narrow grab: a wide one covered the count it shows ("12 of 64" read "1  f 64").
  ImGui::PushStyleVar(ImGuiStyleVar_GrabMinSize, std::max(4.0f, ImGui::GetFontSize() * 0.25f));
  if (ui::SliderFloat("##time", &t, 0.0f, static_cast<float>(std::max(p.duration, 1e-3)), label.c_str())) p.scrub(t);
  ImGui::PopStyleVar();
  ImGui::EndDisabled();

  // Presenter mode keeps one line for the grids' sake: the pace settings open from a button.
  if (s.view.presenter) {
    ImGui::SameLine();
    if (ImGui::Button(cat(paceText, "###pace").c_str())) ImGui::OpenPopup("##pace");
    uimap::item("button", "pace");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::tr("Speed, loop, one move at a time or cores in parallel"));
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
  if (ui::SliderFloat("speed", &speed, 0.25f, 60.0f, i18n::tr("%.2g beats/s"), ImGuiSliderFlags_Logarithmic)) p.speed = speed;
  ImGui::SameLine();
  ui::Checkbox("loop", &p.loop);
  ImGui::SameLine();
  int pacing = static_cast<int>(s.pacing);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 11);
  const char* names[] = {pacingName(Pacing::kOneAtATime), pacingName(Pacing::kCoresInParallel)};
  if (ui::Combo("##pacing", &pacing, names, 2)) setPacing(s, static_cast<Pacing>(pacing));
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", i18n::tr("One move at a time: every add in the recorded order.\n"
                                      "Cores in parallel: each core issues one move per beat; a cell never receives\n"
                                      "its adds out of the recorded order."));
  ImGui::SameLine();
  int unit = static_cast<int>(s.stepUnit);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
  const char* units[] = {stepUnitName(StepUnit::kBeat), stepUnitName(StepUnit::kTile), stepUnitName(StepUnit::kCore),
                         stepUnitName(StepUnit::kPhase)};
  if (ui::Combo("step by", &unit, units, 4)) s.stepUnit = static_cast<StepUnit>(unit);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", i18n::tr("What the step buttons and Left / Right jump by: a beat, or to where the next tile, core\n"
                                      "or phase sends its first move (a long run is crossed in a few steps)."));
  const std::string beat = i18n::trf("beat {0} / {1}", fmt::format("{:.1f}", p.t), fmt::format("{:.1f}", p.duration));
  if (roomAfterLastItem() > ImGui::CalcTextSize(beat.c_str()).x + ImGui::GetStyle().ItemSpacing.x) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", beat.c_str());  // where the line has room for it: the slider says the moves anyway
  }
}

}  // namespace

}  // namespace gradlab::viz
