// Whether a text states an exercise's answer: it names an answer cell ("gradInput[0, 0, 2, 1]" or
// "(2, 1)"), ends a formula with the answer's number ("= 2052", not "= 2052.5" or "= 2052/3"), or names a
// core that writes the asked cell. Returns the form found, "" when none. Used on hints, captions and
// every panel's text while a question is open.
#pragma once

#include <algorithm>
#include <cctype>
#include <cmath>
#include <initializer_list>
#include <string>

#include "viz/model/exercise.h"
#include "viz/model/explain.h"
#include "viz/model/text.h"

namespace gradlab::viz {

// A schedule option's name, the words before its colon: "schedule 1" of "schedule 1: a thread per (h, w), ...",
// "调度 1" of "调度 1：..."; "" when it has no colon.
inline std::string optionHead(const std::string& option) {
  const size_t colon = std::min(option.find(':'), option.find("\uff1a"));
  return colon == std::string::npos ? std::string() : option.substr(0, colon);
}

inline std::string answerStatedIn(const std::string& hint, const Exercise& e, const Scene& s) {
  for (const CellRef& c : e.cells) {
    const SceneGrid& g = s.grids[static_cast<size_t>(c.grid)];
    for (const std::string& form : {cellName(g, s.plane, c.row, c.col), cat("(", c.row, ", ", c.col, ")")})
      if (hint.find(form) != std::string::npos) return form;
  }
  if (e.input == AnswerInput::kNumber) {
    const std::string stated = cat("= ", formatNumber(e.number));
    for (size_t at = hint.find(stated); at != std::string::npos; at = hint.find(stated, at + 1)) {
      const size_t end = at + stated.size();
      auto digit = [&](size_t i) { return i < hint.size() && std::isdigit(static_cast<unsigned char>(hint[i])); };
      const bool longer = digit(end) || (end < hint.size() && hint[end] == '/') || (end < hint.size() && hint[end] == '.' && digit(end + 1));
      if (!longer) return stated;
    }
  }
  if (e.input == AnswerInput::kCores) {
    for (size_t i = 0; i < e.choices.size(); ++i) {
      const bool right = std::find(e.cores.begin(), e.cores.end(), e.choices[i]) != e.cores.end();
      if (right && hint.find(e.coreNames[i]) != std::string::npos) return e.coreNames[i];
    }
  }
  if (e.input == AnswerInput::kChoice && e.rightOption >= 0) {
    const std::string& right = e.options[static_cast<size_t>(e.rightOption)];
    if (hint.find(right) != std::string::npos) return right;
    // A schedule by its name alone ("schedule 1", "调度 1").
    if (const std::string head = optionHead(right); e.spec.kind == ExerciseKind::kSchedule && !head.empty() && hint.find(head) != std::string::npos)
      return head;
  }
  return "";
}

// Whether a text states the rule that answers a question in words: that no cell gets atomic adds (when
// none does), that a NaN wins a window's max (when the window holds one), that the first of equal values
// wins (when the window has a tie). Returns the words found, "" when none.
inline std::string ruleStatedIn(const std::string& text, const Exercise& e, const Scene& s) {
  std::string lower;
  for (char ch : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  auto said = [&](std::initializer_list<const char*> phrases) -> std::string {
    for (const char* p : phrases)
      if (lower.find(p) != std::string::npos) return p;
    return "";
  };
  if (e.spec.kind == ExerciseKind::kAtomicCells && e.cells.empty())
    return said({"no two cores", "never add", "no cell", "none of", "no atomic", "nothing is shared", "never shared"});
  if (e.spec.kind == ExerciseKind::kArgmax && !e.cells.empty()) {
    const SceneGrid* self = s.gridAt(e.answerGrid);
    if (self && self->grid.hasValues() && std::isnan(self->grid.value(s.plane, e.cells.front().row, e.cells.front().col)) &&
        lower.find("nan") != std::string::npos)
      return said({"larger than", "greater than", "bigger than", "beats", "nan wins", "wins over", "above every"});
    return said({"first one wins", "first wins", "first cell wins", "keeps the first",
                 "index 0 wins", "lowest index wins", "the earliest wins", "ties go to"});
  }
  return "";
}

}  // namespace gradlab::viz
