// The spoiler rule, read off one frame's logged text (tests/panels_harness.h's loggedFrame) while a question is
// open. Outside the lesson panel (and the room's picks of a hosted class) no text, legend, cell digit or outline may give the answer: no line of its
// explanation, no answer cell named or outlined, no tile outlined or named with its core, the answer's number
// neither standing alone (a legend's or histogram's label, except on another grid's legend; answers of two or
// more characters: a lone "2" is everywhere) nor in the asked cell; while the question hides the plan, no tile
// is selected. In the lesson panel (the step's own words, the question and its hints) nothing states it or the
// rule that answers it.
#pragma once
#ifdef GRADLAB_HAVE_VIZ
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "exercise_answer.h"
#include "viz/model/explain.h"
#include "viz/model/text.h"
#include "viz/panels/app_state.h"

namespace gradlab::viz {

// Text as one line with single spaces: a wrapped sentence reads as it was written.
inline std::string oneLine(const std::string& text) {
  std::string out;
  for (char ch : text) {
    const char c = ch == '\n' || ch == '\t' ? ' ' : ch;
    if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += c;
  }
  return out;
}

// Every way `frameText` gives the open question of `s` away, one sentence each; empty when none (or when no
// question is open).
inline std::vector<std::string> spoilersIn(const std::string& frameText, const AppState& s) {
  std::vector<std::string> found;
  if (!s.exerciseOpen()) return found;
  // The student's own picks are theirs to see (outlined, "Your pick: ..."): whether right or not, showing
  // them says nothing they did not choose. The rule is about the answer cells they have not picked.
  Exercise e = s.course.exercise->exercise;
  std::erase_if(e.cells, [&](const CellRef& c) { return s.course.exercise->picked(c); });
  const Scene& sc = s.run.scene;
  const Plan* plan = s.run.result.plan.get();
  const std::string answerNumber = formatNumber(e.number);
  const SceneGrid* answers = sc.gridAt(e.answerGrid);
  const SceneGrid* asked = sc.gridAt(e.asked.grid);
  std::string legend;  // the legend whose labels are being read, "" outside one
  bool offsets = false;  // reading a memory strip's offsets, not values
  auto leak = [&](const std::string& line) -> std::string {
    // A hosted class's picks ringed on the grid are the room's, as a student's own picks are theirs.
    if (line.rfind("[room", 0) == 0) return "";
    const bool mark = line.rfind("[", 0) == 0 && line.find(" = ") == std::string::npos;  // not a cell's digits
    if (answers) {
      for (const CellRef& c : e.cells) {
        if (mark && line.find(cat(answers->grid.name, " (", c.row, ", ", c.col, ")")) != std::string::npos)
          return "an answer cell outlined or flown to";
        if (line.find(cellName(*answers, sc.plane, c.row, c.col)) != std::string::npos) return "an answer cell named";
      }
    }
    // Which core writes it: a writing tile named beside its core (a tile table's row, an outline).
    for (int32_t tile : e.tiles) {
      const std::string id = cat("T", tile);
      for (size_t at = line.find(id); plan && at != std::string::npos; at = line.find(id, at + 1)) {
        const size_t end = at + id.size();
        const bool word = (at == 0 || !std::isalnum(static_cast<unsigned char>(line[at - 1]))) &&
                          (end == line.size() || !std::isdigit(static_cast<unsigned char>(line[end])));
        if (word && line.find(plan->coreName(plan->tiles[static_cast<size_t>(tile)].core)) != std::string::npos)
          return "a writing tile beside its core";
      }
    }
    // While the plan is hidden no tile is outlined: an outlined tile shows the rows its core writes.
    if (s.planHidden() && mark && line.rfind("[tile T", 0) == 0 && line.find(" outlined") != std::string::npos)
      return "a tile outlined";
    // Which cells get atomic adds: rows said to be shared, atomics with a number (a tile, a row, a count).
    if (e.spec.kind == ExerciseKind::kAtomicCells) {
      const size_t shared = line.find("shared");
      if (shared != std::string::npos && (shared + 6 == line.size() || !std::isalnum(static_cast<unsigned char>(line[shared + 6]))))
        return "rows said to be shared";
      if (line.find("atomic") != std::string::npos &&
          std::any_of(line.begin(), line.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); }))
        return "atomic adds with a number";
    }
    // Which schedule the tiling picks: the plan's words for it ("picks schedule 1 (").
    if (e.spec.kind == ExerciseKind::kSchedule && e.rightOption >= 0) {
      const std::string head = optionHead(e.options[static_cast<size_t>(e.rightOption)]);  // "schedule 1", "调度 1"
      if (!head.empty() && (line.find(head + " (") != std::string::npos || line.find(head + "\uff08") != std::string::npos))
        return "the plan names the schedule";
    }
    // Which thread gathers it: the grid's thread numbers ("t33").
    if (e.spec.kind == ExerciseKind::kThread && line == cat("t", answerNumber)) return "the thread numbered on the grid";
    if (e.input == AnswerInput::kNumber && asked && e.number != 0.0 &&
        line == cat("[", asked->grid.name, " (", e.asked.row, ", ", e.asked.col, ") = ", answerNumber, "]"))
      return "the asked cell shows it";
    // A number standing alone (a legend's or a histogram's label), unless it labels another grid's legend.
    if (e.input == AnswerInput::kNumber && answerNumber.size() >= 2 && asked && !offsets &&
        (legend.empty() || legend == asked->grid.name)) {
      std::string bare = line;
      for (const std::string prefix : {"\u00b1", ">", "<", "-", "\u2212"})
        if (bare.rfind(prefix, 0) == 0) bare.erase(0, prefix.size());
      if (bare == answerNumber) return "its number";
    }
    return "";
  };
  bool inLesson = false, inOptions = false;  // the options of a choice: their words are the question's, not a statement
  std::string outside;     // the text outside the lesson panel as one line: wrapped sentences joined again
  std::string lessonText;  // the lesson's words, the question and its buttons, as one line
  size_t from = 0;
  while (from < frameText.size()) {
    size_t to = frameText.find('\n', from);
    if (to == std::string::npos) to = frameText.size();
    std::string line = frameText.substr(from, to - from);
    from = to + 1;
    while (!line.empty() && line.front() == ' ') line.erase(0, 1);
    if (line == "[lesson panel]") inLesson = true;
    if (line == "[end of lesson panel]") inLesson = false;
    if (line.rfind("[legend ", 0) == 0) legend = line.substr(8, line.size() - 9);
    if (line == "[end of legend]") legend.clear();
    if (line == "[offsets]") offsets = e.spec.kind != ExerciseKind::kOffset;  // an offset question's answer is one
    if (line == "[end of offsets]") offsets = false;
    if (line == "[options]") inOptions = true;
    if (line == "[end of options]") inOptions = false;
    if (line.empty()) continue;
    const bool choices = line.find("[ ] ") != std::string::npos || line.find("[x] ") != std::string::npos;  // the cores' boxes
    if (inLesson && !choices && !inOptions) {
      lessonText += " " + line;
    } else if (!inLesson) {
      if (const std::string why = leak(line); !why.empty()) found.push_back(why + ": " + line);
      outside += " " + line;
    }
  }
  for (const std::string& why : e.why)
    if (oneLine(outside).find(oneLine(why)) != std::string::npos) found.push_back("its explanation is on screen: " + why);
  const std::string words = oneLine(lessonText);
  if (const std::string said = answerStatedIn(words, e, sc); !said.empty()) found.push_back("the lesson panel states the answer: " + said);
  if (const std::string said = ruleStatedIn(words, e, sc); !said.empty()) found.push_back("the lesson panel states the answer's rule: " + said);
  if (s.planHidden() && s.shownTile()) found.push_back("a tile is selected while the plan is hidden");
  return found;
}

}  // namespace gradlab::viz
#endif
