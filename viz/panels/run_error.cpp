#include "gradlab/refusal.h"
#include "i18n/translate.h"
#include "viz/model/text.h"
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
    ui::TextWrapped("%s", i18n::trf("Device settings rejected: {0}", run.resolveError).c_str());
  } else {
    // "aclnnX returned error 161002 (ACLNN_ERR_PARAM_INVALID) at GetWorkspaceSize": the code's name and the
    // stage are names.
    ui::TextWrapped("%s%s%s", i18n::trf("{0} returned error {1}", opName(run.request.op), run.result.status).c_str(),
                    why.codeName.empty() ? "" : cat(" (", why.codeName, ")").c_str(),
                    run.result.stage.empty() ? "" : i18n::trf(" at {0}", run.result.stage).c_str());
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
