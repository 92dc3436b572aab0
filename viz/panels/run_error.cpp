#include "gradlab/refusal.h"
#include "viz/panels/panels.h"
#include "viz/widgets/refusal_view.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {

void drawRunError(const RunView& run) {
  const Theme& th = theme();
  // Which rule failed, with the call's numbers (gradlab/refusal.h); recomputed per frame: a few string
  // operations, and a refused run draws nothing else.
  const refusal::Explanation why = run.resolved ? refusal::explain(run.request, run.result)
                                                : refusal::explainDeviceSpec(run.spec.deviceSpec(), run.resolveError);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(th.bad));
  if (!run.resolved) {
    ui::TextWrapped("Device settings rejected: %s", run.resolveError.c_str());
  } else {
    ui::TextWrapped("%s returned error %d%s%s%s%s%s", opName(run.request.op), run.result.status,
                       why.codeName.empty() ? "" : " (", why.codeName.c_str(), why.codeName.empty() ? "" : ")",
                       run.result.stage.empty() ? "" : " at ", run.result.stage.c_str());
  }
  ImGui::PopStyleColor();
  if (run.resolved) {
    ImGui::PushFont(monoFont());
    ui::TextWrapped("%s", run.result.message.c_str());
    ImGui::PopFont();
  }
  drawRefusalExplanation(why);
}

}  // namespace gradlab::viz
