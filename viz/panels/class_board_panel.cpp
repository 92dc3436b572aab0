// The teacher's join card: the QR code a room scans from the projector, the code and the link, and how many
// joined and answered. Top right of the canvas; Hide folds it to one line that opens it again.
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "i18n/translate.h"
#include "viz/model/text.h"
#include "viz/panels/panels.h"
#include "viz/widgets/draw_text.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {

namespace {

// A bar as long as `n` of `answered` students, in the room's colour.
void shareBar(int n, int answered) {
  const float barW = ImGui::GetFontSize() * 6.0f;
  const ImVec2 bar = ImGui::GetCursorScreenPos();
  const float w = barW * static_cast<float>(n) / static_cast<float>(std::max(answered, 1));
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(bar.x, bar.y + 3.0f), ImVec2(bar.x + std::max(w, 2.0f), bar.y + ImGui::GetFontSize() - 2.0f),
                                            IM_COL32(230, 60, 170, 255));
  ImGui::Dummy(ImVec2(barW, ImGui::GetFontSize()));
}

// One round of the open question as the room answered it (each student's first try): typed numbers as bars,
// cores as counts, options as bars beside their words, cells on the picture; once revealed, the share right first time.
void roundSummary(const AppState& s, const ClassSummary& r, const char* title) {
  const ClassBoard& b = *s.course.classBoard;
  ImGui::TextUnformatted(i18n::trf(r.answered == 1 ? "{0}: {1} answer" : "{0}: {1} answers", i18n::tr(title), r.answered).c_str());
  if (!r.numbers.empty()) {
    std::vector<std::pair<int, std::string>> numbers;
    for (const auto& [typed, n] : r.numbers) numbers.emplace_back(n, typed);
    std::sort(numbers.begin(), numbers.end(), [](const auto& x, const auto& y) { return x.first != y.first ? x.first > y.first : x.second < y.second; });
    const float textW = ImGui::GetFontSize() * 4.5f;
    for (size_t i = 0; i < numbers.size() && i < 6; ++i) {
      const auto& [n, typed] = numbers[i];
      {
        const ui::Verbatim number;  // a student's number, as typed
        ImGui::TextUnformatted(typed.c_str());
      }
      ImGui::SameLine(textW);
      shareBar(n, r.answered);
      ImGui::SameLine();
      ImGui::Text("%d", n);
      if (logging()) logMark(cat("room typed ", typed, ": ", n));
    }
    if (numbers.size() > 6) textDimWrapped(i18n::trf("and {0} other numbers", numbers.size() - 6));
  }
  if (!r.choices.empty() && s.course.exercise) {  // each option the room picked, with a bar as long as its share
    const std::vector<std::string>& options = s.course.exercise->exercise.options;
    for (const auto& [option, n] : r.choices) {
      const std::string words = option >= 0 && option < static_cast<int32_t>(options.size()) ? options[static_cast<size_t>(option)] : cat("#", option);
      shareBar(n, r.answered);
      ImGui::SameLine();
      const ui::Verbatim said;  // the option's own words, translated already
      ui::TextWrapped("%d  %s", n, words.c_str());
      if (logging()) logMark(cat("room picked ", words, ": ", n));
    }
  }
  if (!r.cores.empty() && s.run.result.plan) {
    std::string line;
    for (const auto& [core, n] : r.cores) line += cat(line.empty() ? "" : "   ", coreTag(*s.run.result.plan, core), " \u00d7", n);
    const ui::Verbatim names;  // core names
    ImGui::TextWrapped("%s", line.c_str());
  }
  if (b.revealed && r.answered > 0)
    textColouredWrapped(theme().good, i18n::trf("right first time: {0} of {1}", r.rightFirstTime, r.answered));
}

// The room's answers to the open question, round by round, and Vote again (peer instruction: the room
// discusses and answers once more; the first round's answers stay beside the second's).
void drawRoomSummary(AppState& s) {
  ClassBoard& b = *s.course.classBoard;
  if (!b.asking || b.rounds.empty()) return;
  ImGui::Separator();
  if (b.rounds.size() > 1) {
    roundSummary(s, b.rounds.front(), "first vote");
    roundSummary(s, b.rounds.back(), "this vote");
  } else {
    roundSummary(s, b.rounds.back(), "the room");
  }
  // Folded, the card keeps to the counts and Vote again: it sits over the canvas.
  if (s.course.classBoardShown && (!b.rounds.back().cells.empty() || !b.rounds.front().cells.empty()))
    textDimWrapped(i18n::tr("(their cells are ringed on the grid)"));
  if (!b.revealed && b.rounds.back().answered > 0 && ui::Button("Vote again")) b.voteAgain = true;
}

// The class so far, question by question: how many answered and how many were right first time. Scores per
// student stay off this screen (it is projected); the report's CSV files beside the record hold them.
void drawClassReport(AppState& s) {
  ClassBoard& b = *s.course.classBoard;
  if (!b.reportWanted) {
    if (ui::SmallButton("Class report")) b.reportWanted = true;
    return;
  }
  ImGui::Separator();
  ImGui::TextUnformatted(i18n::tr("The class so far: right first time"));
  if (!b.report || b.report->questions.empty()) {
    textDimWrapped(i18n::tr("no question asked yet"));
  } else {
    const std::vector<ClassReport::Question>& questions = b.report->questions;
    for (size_t i = 0; i < questions.size(); ++i) {
      const ClassReport::Question& q = questions[i];
      // The open question's share waits for its answer, as the room's summary does.
      const std::string line = q.key == b.question && b.asking && !b.revealed
                                   ? i18n::trf("question {0} ({1}): open, {2} answered", i + 1, q.key, q.answered)
                                   : i18n::trf("question {0} ({1}): {2} of {3}", i + 1, q.key, q.rightFirstTime, q.answered);
      ImGui::TextUnformatted(line.c_str());
      if (logging()) logMark(cat("report ", line));
    }
  }
  textDimWrapped(i18n::tr("Each student's score is written beside the class record when the class ends, not shown here."));
  if (ui::SmallButton("Hide the report")) b.reportWanted = false;
}

}  // namespace

void drawClassBoard(AppState& s, ImVec2 topRight, ImVec2 bottomRight) {
  if (!s.course.classBoard) return;
  const ClassBoard& b = *s.course.classBoard;
  const std::string counts = b.asking ? i18n::trf("{0} joined · {1} answered", b.joined, b.answered) : i18n::trf("{0} joined", b.joined);
  if (s.course.classBoardShown) ImGui::SetNextWindowPos(topRight, ImGuiCond_Always, ImVec2(1.0f, 0.0f));
  else ImGui::SetNextWindowPos(bottomRight, ImGuiCond_Always, ImVec2(1.0f, 1.0f));
  ImGui::SetNextWindowBgAlpha(0.96f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse;
  beginPanel("##classBoard", nullptr, flags);
  if (!s.course.classBoardShown) {  // folded: one line that opens it again, and what the room answered
    if (ui::Button(cat(i18n::trf("Class {0}", b.code), " · ", counts, "###classShow").c_str()))
      s.course.classBoardShown = true;
    drawRoomSummary(s);
    endPanel();
    return;
  }
  ImGui::PushFont(headingFont());
  ImGui::TextUnformatted(i18n::trf("Join the class: code {0}", b.code).c_str());
  ImGui::PopFont();
  // Hide first, beside the title: at the card's foot it went below the window's edge in presenter mode once the
  // class report was open, and the card then covered the answer grid for good.
  ImGui::SameLine();
  if (ui::SmallButton("Hide")) s.course.classBoardShown = false;
  if (b.qrSize > 0 && b.qr.size() == static_cast<size_t>(b.qrSize) * static_cast<size_t>(b.qrSize)) {
    // Dark modules on white with the quiet zone of four modules a scanner needs, whatever the theme.
    const float module = std::max(2.0f, std::floor(ImGui::GetFontSize() * 9.0f / static_cast<float>(b.qrSize + 8)));
    const float side = module * static_cast<float>(b.qrSize + 8);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(at, ImVec2(at.x + side, at.y + side), IM_COL32(255, 255, 255, 255));
    for (int r = 0; r < b.qrSize; ++r)
      for (int c = 0; c < b.qrSize; ++c)
        if (b.qr[static_cast<size_t>(r * b.qrSize + c)]) {
          const ImVec2 p(at.x + module * static_cast<float>(c + 4), at.y + module * static_cast<float>(r + 4));
          dl->AddRectFilled(p, ImVec2(p.x + module, p.y + module), IM_COL32(0, 0, 0, 255));
        }
    ImGui::Dummy(ImVec2(side, side));
    uimap::item("qr", "join", cat(b.qrSize, " modules of ", static_cast<int>(module), " px"));
  }
  ImGui::TextUnformatted(b.link.c_str());
  textDimWrapped(counts);
  drawRoomSummary(s);
  drawClassReport(s);
  endPanel();
}

}  // namespace gradlab::viz
