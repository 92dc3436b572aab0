// Exercises: a lesson step that asks before it shows. The student predicts (clicks cells, picks cores,
// types a number), the answer is checked at once against the run on screen, the feedback explains the
// right answer with the run's own numbers, and then the animation reveals it. The lesson names only the
// question; every answer comes from the real run (its trace, plan and tensors), so it cannot disagree
// with the library. No ImGui here: the panels draw it, the tests walk it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gradlab/runner.h"
#include "viz/model/scene.h"

namespace gradlab::viz {

enum class ExerciseKind {
  kLandsIn,      // "click the gradInput cell that gradOutput[r, c] lands in"
  kFeeds,        // "select every gradOutput cell that feeds gradInput[i, j]"
  kOwner,        // "which core(s) write gradInput[i, j]?"
  kAtomicCells,  // "select every gradInput cell that receives atomic adds"
  kValue,        // "what will gradInput[i, j] hold?"
  kArgmax,       // adaptive pooling: "which self cell does window (a, b) pick?"
  kOffset,       // "at which memory offset does gradInput[i, j] sit?" (the run's layout; memory_order.h)
  kSchedule,     // "which schedule does CANN's tiling pick for this call?" (the plan's branches)
  kChips,        // "do the Atlas A2 and the Ascend 950 give gradInput[i, j] the same value?" (chips_compare.h)
  kThread,       // "which thread of its core gathers gradInput[i, j]?" (a SIMT run: StrategyInfo::threadOf)
};
// "lands-in", "feeds", "owner", "atomic-cells", "value", "argmax", "offset", "schedule", "chips", "thread"
const char* exerciseKindName(ExerciseKind kind);
std::optional<ExerciseKind> exerciseKindFromName(const std::string& name);

// As the lesson JSON states it: the kind and the cell it asks about (rows and columns of the shown plane).
struct ExerciseSpec {
  ExerciseKind kind = ExerciseKind::kLandsIn;
  int64_t row = 0, col = 0;  // lands-in: a gradOutput cell; feeds, owner, value, offset, chips, thread: an output cell; argmax: a
                             // window; schedule: none
  std::string hint;          // an optional sentence shown under the question
};

// Which operators and cells an exercise applies to: "" when `spec` fits `request`, else one sentence
// naming the field (the lesson loader refuses the lesson step with it).
std::string exerciseProblem(const ExerciseSpec& spec, const RunRequest& request);

enum class AnswerInput { kOneCell, kCells, kNumber, kCores, kChoice };

// What the student gives.
struct Answer {
  std::vector<CellRef> cells;
  std::optional<double> number;
  std::vector<int32_t> cores;  // plan core lanes
  std::optional<int32_t> choice;  // an index into Exercise::options
};

// An exercise made concrete by the run on screen.
struct Exercise {
  ExerciseSpec spec;
  std::string question;              // "Click the gradInput cell that gradOutput[0, 0, 5, 3] lands in."
  AnswerInput input = AnswerInput::kOneCell;
  CellRef asked;                     // the cell the question is about (outlined while it is open); grid -1: none
  int answerGrid = -1;               // cell answers: the grid they are clicked on
  int64_t answerRows = 0, answerCols = 0;  // its plane
  int64_t answerSliceRows = 0;              // rows per depth slice of a 3-D call's answer grid (H), else 0
  std::vector<CellRef> cells;        // the right cells
  std::vector<int32_t> cores;        // the right cores
  std::vector<int32_t> tiles;        // owner: the tiles that write the cell (outlined once revealed)
  std::vector<int32_t> choices;      // cores to pick from
  std::vector<std::string> coreNames;  // per choice
  std::vector<std::string> options;  // a choice: what to pick from, in words
  int32_t rightOption = -1;          // a choice: the right one
  double number = 0.0;               // the right value
  bool exact = false;                // the number is a count or an offset: nothing but it is right
  bool summed = false;               // a value that sums gradients (a backward's output), not a copy
  aclDataType dtype = ACL_FLOAT;
  // A float16/bfloat16 sum: the sum of its terms, exact, and rounded once to the dtype. Typing either where
  // the cell holds another number is the mistake the question is about, and the verdict says so.
  std::optional<double> exactSum, roundedOnce;
  std::optional<double> tieLoser;  // where the exact sum lies halfway between two low-precision values: the odd one
  std::vector<std::string> why;      // the right answer, explained with the run's numbers
  std::vector<std::string> hints;    // two steps towards it, from the run (exercise_hints.h); never the answer
  std::string error;                 // not empty: the run cannot pose this question (it failed, no trace, ...)
  bool ok() const { return error.empty(); }
};

// `runCall` runs another call (a chips question runs this one on both chips): the app's runner, which holds the
// runtime's lock; empty: gradlab::run on this thread.
Exercise buildExercise(const ExerciseSpec& spec, const Scene& scene, const RunRequest& request, const RunResult& result,
                       const std::function<RunResult(const RunRequest&)>& runCall = {});

struct Verdict {
  bool correct = false;
  std::string headline;            // "Right: cell (2, 1)." / "Not quite: ...; the answer is ..." / "Not yet: ..."
  std::vector<std::string> lines;  // why, with the run's numbers
};
Verdict checkAnswer(const Exercise& exercise, const Answer& answer, const Scene& scene);
// A wrong try while the question stays open: what was wrong ("Not yet: 1 missing, 2 too many."), never
// the answer; no lines.
Verdict retryVerdict(const Exercise& exercise, const Answer& answer);
// What the grids show once the answer is revealed, in one sentence true of it: the right cells outlined (or
// that no cell is right), the writing tiles outlined, or only the animation for a number.
std::string revealNote(const Exercise& exercise);
// The right answer, and a plausible wrong one (for the tests, and the headless renders' reveal).
Answer rightAnswer(const Exercise& exercise);
Answer wrongAnswer(const Exercise& exercise);

// The exercise of the step on screen as the student works on it: open (the animation waits at its start,
// the spoilers are hidden) until it is answered right or given up, then revealed. A wrong try keeps it
// open and shows the next hint: think, pair, share, try again.
struct ExerciseState {
  Exercise exercise;
  int64_t plane = 0;              // the plane it was built on
  uint64_t run = 0;               // RunView::id of the run it was built from
  Answer answer;
  std::string typed;              // a number being typed
  std::optional<Verdict> verdict;  // after Check: a right one, or the last wrong try's
  bool revealed = false;          // answered right or given up: the answer is drawn and the animation may play
  int wrongTries = 0;             // checks that were wrong
  int hintsShown = 0;             // hints on screen: one more per wrong try, or when asked for
  int hintsAsked = 0;             // of those, the ones asked for (Hint): what the score counts

  bool open() const { return exercise.ok() && !revealed; }
  // One-cell questions: the click is the answer; cell sets: a click adds or removes the cell.
  void pickCell(const CellRef& cell);
  void toggleCore(int32_t core);
  void pickOption(int32_t option);
  bool picked(const CellRef& cell) const;
  // Checks the answer (the typed text for numbers): right reveals it; wrong keeps the question open, says
  // what was wrong and shows the next hint.
  const Verdict& check(const Scene& scene);
  // The next hint without a try; false when every hint is on screen already.
  bool showHint();
  // Gives up: the answer is revealed without a verdict.
  void reveal() {
    revealed = true;
    verdict.reset();
  }
};

// Parses a typed number ("0.5", "-3", "1e-3", "inf", "nan"); nullopt when it is not one.
std::optional<double> parseTypedNumber(const std::string& text);

}  // namespace gradlab::viz
