// The facts of the app's state a scenario checks (tests/ui): what the centre shows, what the controls
// hold, what the run used, where the player is, the lesson step and its question. Recorded only while
// the widget map is on.
#include "i18n/language.h"
#include "viz/model/text.h"
#include "viz/panels/actions.h"
#include "viz/panels/class_student.h"
#include "viz/panels/panels.h"
#include "viz/panels/ui_worker.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {
namespace {

void sizes(const char* prefix, const RunRequest& r) {
  const std::string p(prefix);
  uimap::fact(p + "op", opInfo(r.op).title);
  uimap::fact(p + "N", cat(r.shape.N));
  uimap::fact(p + "C", cat(r.shape.C));
  uimap::fact(p + "inH", cat(r.shape.in[kH]));
  uimap::fact(p + "inW", cat(r.shape.in[kW]));
  uimap::fact(p + "outH", cat(r.shape.out[kH]));
  uimap::fact(p + "outW", cat(r.shape.out[kW]));
  uimap::fact(p + "dtype", dtypeText(r.dtype));
  uimap::fact(p + "layout", layoutName(r.layout));
  uimap::fact(p + "deterministic", r.deterministic ? "yes" : "no");
  uimap::fact(p + "strategy", r.strategy.value_or("default"));
  uimap::fact(p + "seed", cat(r.seed));
  uimap::fact(p + "scaleH", cat(r.shape.scales[kH]));
  uimap::fact(p + "scaleW", cat(r.shape.scales[kW]));
}

}  // namespace

void recordUiState(const AppState& s) {
  if (!uimap::enabled()) return;
  uimap::fact("tab", tabName(s.view.tab));
  sizes("controls.", s.controls.request);
  uimap::fact("controls.device", s.controls.device);
  uimap::fact("controls.cores", cat(s.controls.cores));
  if (s.run.resolved) sizes("run.", s.run.request);
  uimap::fact("run.id", cat(s.run.id));
  uimap::fact("run.ok", s.run.ok() ? "yes" : "no");
  uimap::fact("run.message", s.run.result.message);
  // busy while a run or comparison is on the UI worker: its result will change the screen when it lands.
  uimap::fact("worker", s.host.worker && s.host.worker->busy() ? "busy" : "idle");
  uimap::fact("plane", cat(s.view.plane));
  uimap::fact("depth", depthWindowed(s.run.scene) ? cat(s.run.scene.depthFirst, "+", s.run.scene.depthShown) : "");
  uimap::fact("player.playing", s.player.playing ? "yes" : "no");
  uimap::fact("player.t", cat(s.player.t));
  uimap::fact("player.speed", cat(s.player.speed));
  uimap::fact("player.loop", s.player.loop ? "yes" : "no");
  uimap::fact("player.landed", cat(s.run.animation.landedAt(s.player.t)));
  uimap::fact("player.moves", cat(s.run.animation.moves().size()));
  uimap::fact("pacing", pacingName(s.pacing));
  uimap::fact("stepUnit", stepUnitName(s.stepUnit));
  const Lesson* lesson = s.currentLesson();
  uimap::fact("lesson", lesson ? lesson->id : "");
  uimap::fact("step", lesson ? cat(s.course.preset + 1) : "");
  // open: not tried yet; wrong: open after a wrong try; right; revealed: given away.
  uimap::fact("exercise", !s.course.exercise                    ? "none"
                          : s.course.exercise->open()           ? (s.course.exercise->verdict ? "wrong" : "open")
                          : !s.course.exercise->verdict         ? "revealed"
                          : s.course.exercise->verdict->correct ? "right"
                                                                : "wrong");
  uimap::fact("exercise.hints", s.course.exercise ? cat(s.course.exercise->hintsShown) : "");
  uimap::fact("exercise.open", s.exerciseOpen() ? "yes" : "no");
  // A class: the teacher's board (who joined and answered the open question), a student's page (the answer
  // revealed by the teacher).
  if (s.course.classBoard) {
    uimap::fact("class.joined", cat(s.course.classBoard->joined));
    uimap::fact("class.answered", cat(s.course.classBoard->answered));
    uimap::fact("class.rightEventually",
                s.course.classBoard->rounds.empty() ? "0" : cat(s.course.classBoard->rounds.back().rightEventually));
  }
  if (s.course.student) uimap::fact("class.revealed", s.course.student->shown.question.revealed ? "yes" : "no");
  uimap::fact("score", lessonScoreText(s));
  uimap::fact("status", s.view.status);
  uimap::fact("presenter", s.view.presenter ? "yes" : "no");
  uimap::fact("lang", i18n::languageCode(i18n::language()));
  uimap::fact("help", s.view.showHelp ? "yes" : "no");
  uimap::fact("memoryOrder", s.view.memoryOrder ? "yes" : "no");
  uimap::fact("canvasOnly", s.view.canvasOnly ? "yes" : "no");
  uimap::fact("pinned",
              s.view.pinned ? cat(s.view.pinned->grid, ",", s.view.pinned->row, ",", s.view.pinned->col) : "");
  uimap::fact("colour", s.view.colour == CellColour::kCores ? "cores" : "values");
  uimap::fact("outputDir", s.view.outputDir);
  uimap::fact("scatter.zoomed", s.view.scatterView.userAdjusted ? "yes" : "no");
  uimap::fact("scatter.cellPx", cat(s.view.scatterView.zoom));
  uimap::fact("compare.mode", s.compare.mode == CompareMode::kPrecision     ? "precision"
                             : s.compare.mode == CompareMode::kDeterminism ? "determinism"
                                                                           : "strategies");
  uimap::fact("compare.low", dtypeText(s.compare.lowDtype));
  uimap::fact("kernelsOnly", s.view.timelineKernelsOnly ? "yes" : "no");
  uimap::fact("pipelineGrids", s.view.pipelineGrids ? (*s.view.pipelineGrids ? "yes" : "no") : "auto");
  uimap::fact("codeTimeline", s.view.codeTimeline ? (*s.view.codeTimeline ? "yes" : "no") : "auto");
  uimap::fact("codePhase", s.view.codePhase ? cat(*s.view.codePhase) : "follow");
  if (s.verify)
    uimap::fact("verify", cat(s.verify->running() ? "running " : s.verify->started() ? "done " : "idle ", s.verify->done(), " of ",
                              s.verify->total(), ", failed ", s.verify->failed()));
  uimap::fact("palette", paletteScheme() == PaletteScheme::kClassic ? "classic" : "colour-blind safe");
  const ImGuiIO& io = ImGui::GetIO();
  uimap::fact("mouse", cat(static_cast<int>(io.MousePos.x), ",", static_cast<int>(io.MousePos.y), io.MouseDown[0] ? " down" : ""));
  uimap::fact("focus", ImGui::IsAnyItemActive() ? "item" : "");
}

}  // namespace gradlab::viz
