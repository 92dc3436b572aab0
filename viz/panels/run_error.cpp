#include "viz/panels/panels.h"
#include "viz/widgets/theme.h"

namespace gradlab::viz {

void drawRunError(const RunView& run) {
  const Theme& th = theme();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(th.bad));
  if (!run.resolved) {
    ImGui::TextWrapped("Device settings rejected: %s", run.resolveError.c_str());
  } else {
    ImGui::TextWrapped("%s returned error %d%s%s", opName(run.request.op), run.result.status,
                       run.result.stage.empty() ? "" : " at ", run.result.stage.c_str());
  }
  ImGui::PopStyleColor();
  if (run.resolved) {
    ImGui::PushFont(monoFont());
    ImGui::TextWrapped("%s", run.result.message.c_str());
    ImGui::PopFont();
  }
}

}  // namespace gradlab::viz
