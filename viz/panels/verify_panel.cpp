#include <algorithm>

#include "i18n/translate.h"
#include "viz/model/text.h"
#include "viz/panels/panels.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {

void drawVerifyPanel(AppState& s) {
  if (!s.verify) s.verify = std::make_unique<VerifyRunner>(s.host.caseList, s.host.verifyPrepare, s.host.runtimeLock);
  VerifyRunner& v = *s.verify;
  ui::TextWrapped("%s", i18n::tr("Runs the test suite's case table (the same cases as the GoogleTest suite and gradlab-cli --check): "
                                 "every operator call compared with an independent reference or PyTorch golden vectors."));
  // The buttons keep their places and widths whatever the run's state, so "failures only" never moves
  // under a pointer on its way to it when a run starts or ends.
  const float runW = std::max(ImGui::CalcTextSize(i18n::tr("Run all cases")).x, ImGui::CalcTextSize(i18n::tr("Run again")).x) +
                     ImGui::GetStyle().FramePadding.x * 2.0f;
  ImGui::BeginDisabled(v.running() || !s.host.caseList);
  if (ui::Button(v.started() ? "Run again" : "Run all cases", ImVec2(runW, 0))) v.start();
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!v.running());
  if (ui::Button("Cancel")) v.cancel();
  ImGui::EndDisabled();
  ImGui::SameLine();
  ui::Checkbox("failures only", &s.view.verifyFailuresOnly);
  const bool failuresOnly = s.view.verifyFailuresOnly;
  if (!s.host.caseList) ImGui::TextDisabled("%s", i18n::tr("(no case table connected)"));

  const size_t total = v.total(), done = v.done(), failed = v.failed();
  if (v.started()) {
    float fraction = total ? static_cast<float>(done) / static_cast<float>(total) : 0.0f;
    std::string text = i18n::trf(v.running() ? "{0} / {1} running" : "{0} / {1} done", done, total);
    ImGui::ProgressBar(fraction, ImVec2(-1, 0), text.c_str());
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(failed ? theme().bad : theme().good), "%s",
                       i18n::trf("passed {0}, failed {1}", done - failed, failed).c_str());
  }
  const std::string error = v.error();
  if (!error.empty()) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(theme().bad), "%s", error.c_str());

  const std::vector<VerifyRow> rows = v.rows();
  const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("##cases", 5, flags, ImVec2(0, ImGui::GetContentRegionAvail().y))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  const float em = ImGui::GetFontSize();
  ImGui::TableSetupColumn(i18n::tr("result"), ImGuiTableColumnFlags_WidthFixed, em * 3.0f);
  ImGui::TableSetupColumn(i18n::tr("case"), ImGuiTableColumnFlags_WidthStretch, 2.2f);
  ImGui::TableSetupColumn(i18n::tr("op / group"), ImGuiTableColumnFlags_WidthStretch, 1.6f);
  ImGui::TableSetupColumn("ms", ImGuiTableColumnFlags_WidthFixed, em * 2.6f);  // a unit
  ImGui::TableSetupColumn(i18n::tr("detail"), ImGuiTableColumnFlags_WidthStretch, 2.2f);
  ImGui::TableHeadersRow();
  for (const VerifyRow& row : rows) {
    if (failuresOnly && (!row.done || row.passed)) continue;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (!row.done) {
      ImGui::TextDisabled("...");
    } else {
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(row.passed ? theme().good : theme().bad), "%s",
                         i18n::tr(row.passed ? "pass" : "FAIL"));
    }
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.name.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%s / %s", row.op.c_str(), row.group.c_str());
    ImGui::TableNextColumn();
    if (row.done) ImGui::Text("%.1f", row.ms);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.detail.c_str());
    if (ImGui::IsItemHovered() && !row.detail.empty()) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40);
      ImGui::TextUnformatted(row.detail.c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
  }
  ImGui::EndTable();
}

}  // namespace gradlab::viz
