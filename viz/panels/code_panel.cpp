// The Code tab: the kernel's code (the core's Ascend C-style listing of the phase the animation is in) beside
// the animated grids, the line that made the move under the player lit as it plays or steps, lines that
// recorded nothing in this run dimmed; below, the timeline, where a clicked line's events stand out.
#include <algorithm>
#include <cctype>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <string_view>

#include "i18n/translate.h"
#include "viz/model/code_view.h"
#include "viz/model/text.h"
#include "viz/panels/panels.h"
#include "viz/widgets/flights.h"
#include "viz/widgets/grid_widget.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/timeline_widget.h"
#include "viz/widgets/ui_map.h"
#include "viz/widgets/draw_text.h"

namespace gradlab::viz {

// The listings of the current run, rebuilt when the run changes.
struct CodePanelCache {
  std::shared_ptr<const Plan> plan;
  std::shared_ptr<const Trace> trace;
  CodeModel model;
  int32_t litPhase = -1;  // the line lit last frame: the listing scrolls to a newly lit line that is out of view
  int litLine = -1;
};

namespace {

CodePanelCache& cacheFor(AppState& s) {
  const RunView& r = s.run;
  std::shared_ptr<CodePanelCache>& c = s.view.codeCache;
  if (c && c->plan == r.result.plan && c->trace == r.result.trace) return *c;
  c = std::make_shared<CodePanelCache>();
  c->plan = r.result.plan;
  c->trace = r.result.trace;
  c->model = buildCodeModel(*r.result.plan, r.result.trace.get());
  // A new run: what was picked belonged to the old one.
  s.view.codeLine.reset();
  if (s.view.codePhase && *s.view.codePhase >= static_cast<int32_t>(c->model.phases.size())) s.view.codePhase.reset();
  s.view.codeView.fitRequested = true;
  return *c;
}

// The phase to show before any move: the first whose lines made moves, else the first with tiles.
int32_t restingPhase(const CodeModel& m) {
  for (size_t p = 0; p < m.phases.size(); ++p)
    if (std::any_of(m.phases[p].moves.begin(), m.phases[p].moves.end(), [](int32_t n) { return n > 0; }))
      return static_cast<int32_t>(p);
  for (size_t p = 0; p < m.phases.size(); ++p)
    if (m.phases[p].tiles > 0) return static_cast<int32_t>(p);
  return 0;
}

// ---- syntax colours ----------------------------------------------------------------------------------

struct CodeColours {
  ImU32 text, keyword, call, comment, number, dim;
};

CodeColours codeColours() {
  const Theme& th = theme();
  if (th.presenter) {
    return {th.label, IM_COL32(0, 60, 170, 255), IM_COL32(140, 40, 0, 255), IM_COL32(40, 110, 40, 255),
            IM_COL32(120, 0, 140, 255), IM_COL32(150, 150, 150, 255)};
  }
  return {th.label, IM_COL32(120, 170, 255, 255), IM_COL32(240, 200, 110, 255), IM_COL32(120, 175, 120, 255),
          IM_COL32(210, 150, 240, 255), IM_COL32(105, 110, 120, 255)};
}

bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool isKeyword(std::string_view w) {
  for (const char* k : {"for", "if", "else", "auto", "continue", "void", "const", "return", "__aicore__"}) {
    if (w == k) return true;
  }
  return false;
}

// How a line is drawn: in syntax colours (it recorded events or moves in this run), quiet (it records nothing
// itself: a declaration, a loop, a brace) or faint (it records, but did not run in this call).
enum class Shade { kRan, kQuiet, kFaint };

// Draws one line of code at `pos`, token by token: keywords, calls (a word before '('), numbers and the
// trailing comment in their colours; a quiet or faint line in one grey.
void drawCodeText(ImDrawList* dl, ImFont* font, float size, ImVec2 pos, const std::string& text, Shade shade) {
  const CodeColours c = codeColours();
  const bool dimmed = shade != Shade::kRan;
  const ImU32 grey = shade == Shade::kFaint ? c.dim : theme().labelDim;
  const char* s = text.c_str();
  const char* end = s + text.size();
  const char* comment = std::strstr(s, "//");
  const char* codeEnd = comment ? comment : end;
  // An underscore is a glyph under a pixel tall once the font is scaled below its size, which the software
  // renderer of headless pictures drops: it is drawn as a whole-pixel bar instead.
  const float barY = std::round(pos.y + size * 0.93f), barH = std::max(1.0f, std::round(size * 0.06f));
  auto put = [&](const char* a, const char* b, ImU32 colour) {
    const ImU32 col = dimmed ? grey : colour;
    drawText(dl, font, size, pos, col, a, b);
    for (const char* u = a; u < b; ++u) {
      if (*u != '_') continue;
      const float x0 = pos.x + font->CalcTextSizeA(size, FLT_MAX, 0.0f, a, u).x;
      dl->AddRectFilled(ImVec2(x0, barY), ImVec2(x0 + font->CalcTextSizeA(size, FLT_MAX, 0.0f, "_").x, barY + barH), col);
    }
    pos.x += font->CalcTextSizeA(size, FLT_MAX, 0.0f, a, b).x;
  };
  for (const char* p = s; p < codeEnd;) {
    const char* q = p;
    if (isWordChar(*p)) {
      while (q < codeEnd && isWordChar(*q)) ++q;
      const std::string_view word(p, static_cast<size_t>(q - p));
      const char* after = q;
      while (after < codeEnd && *after == ' ') ++after;
      const bool number = std::isdigit(static_cast<unsigned char>(*p)) != 0;
      put(p, q, number ? c.number : isKeyword(word) ? c.keyword : (after < codeEnd && (*after == '(' || *after == '<')) ? c.call : c.text);
    } else {
      while (q < codeEnd && !isWordChar(*q)) ++q;
      put(p, q, c.text);
    }
    p = q;
  }
  if (comment) put(comment, end, c.comment);
}

// ---- the listing ---------------------------------------------------------------------------------------

struct ListingLayout {
  ImFont* font = nullptr;
  float size = 0.0f;     // font size after fitting the widest line
  float lineH = 0.0f;
  float indentW = 0.0f;  // one level: two characters
  float gutterW = 0.0f;  // line numbers
};

ListingLayout layoutListing(const KernelListing& l, float width, float height, bool presenter) {
  ListingLayout g;
  g.font = monoFont();
  const float advance = g.font->CalcTextSizeA(g.font->FontSize, FLT_MAX, 0.0f, "M").x / g.font->FontSize;  // per px of size
  size_t widest = 1;
  for (const CodeLine& c : l.lines) widest = std::max(widest, c.text.size() + 2 * static_cast<size_t>(c.indent));
  const float columns = static_cast<float>(widest) + 3.5f;  // the gutter's "12 " and a margin
  // The largest size the widest line fits at, between the smallest a room (presenter) or a desk reads and the
  // theme's own size.
  const float least = presenter ? kPresenterDigitPx : 12.0f;
  const float rows = static_cast<float>(std::max<size_t>(l.lines.size(), 1)) * 1.25f;
  g.size = std::clamp(std::min(width / (columns * advance), height / rows), least, g.font->FontSize);
  g.lineH = std::round(g.size * 1.25f);
  g.indentW = 2.0f * advance * g.size;
  g.gutterW = 3.0f * advance * g.size;
  return g;
}

bool executing(const CodeFocus& f, int32_t phase, int16_t step) {
  return step >= 0 && f.phase == phase && std::find(f.steps.begin(), f.steps.end(), step) != f.steps.end();
}

// What line `line` does, in words: its note, or that of the first line of its statement group that has one.
std::string noteOf(const KernelListing& l, int line) {
  if (line < 0 || static_cast<size_t>(line) >= l.lines.size()) return {};
  const CodeLine& c = l.lines[static_cast<size_t>(line)];
  for (size_t i = 0; c.note.empty() && c.step >= 0 && i < l.lines.size(); ++i)
    if (l.lines[i].step == c.step && !l.lines[i].note.empty()) return l.lines[i].note;
  return c.note.empty() && c.step < 0 ? i18n::tr("this line records nothing itself (a declaration, a loop, a brace).") : c.note;
}

// The listing's header: the kernel's name, its core, phase and tiles (what the phase does on hover).
void listingHeader(const AppState& s, const CodePhase& p, int32_t phase, const std::string& what) {
  const Plan& plan = *s.run.result.plan;
  const KernelListing& l = p.listing;
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(theme().panelAccent), "%s", l.name.c_str());
  ImGui::SameLine();
  ImGui::TextDisabled("%s", i18n::trf(p.tiles == 1 ? "{0}, phase {1} of {2} ({3}): {4} tile" : "{0}, phase {1} of {2} ({3}): {4} tiles",
                                      l.core, phase + 1, plan.phases.size(),
                                      i18n::tr(phaseKindName(plan.phases[static_cast<size_t>(phase)].kind)), p.tiles)
                                .c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", what.c_str());
}

// Line `i` at `at`: lit while it runs, outlined when clicked, its number, its code shaded by whether it ran
// (`stepped`: the trace records lines); a click picks it (its events on the timeline). Returns whether the mouse is over it.
bool listingLine(AppState& s, const CodePhase& p, bool stepped, int32_t phase, const CodeFocus& focus, const ListingLayout& g,
                 size_t i, ImVec2 at, float width) {
  const KernelListing& l = p.listing;
  const CodeLine& c = l.lines[i];
  const Theme& th = theme();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 a = at, b(at.x + width, at.y + g.lineH);
  const float y = at.y;
  const bool on = executing(focus, phase, c.step);
  const bool picked =
      s.view.codeLine && s.view.codeLine->phase == phase && s.view.codeLine->line == static_cast<int>(i);
  if (on) {
    dl->AddRectFilled(a, b, (th.highlight & 0x00FFFFFFu) | (th.presenter ? 0x55000000u : 0x45000000u));
    dl->AddRectFilled(a, ImVec2(a.x + 4.0f, b.y), th.highlight);
  }
  if (picked) dl->AddRect(a, b, th.highlightAlt, 0.0f, 0, th.presenter ? 3.0f : 2.0f);
  const std::string number = cat(i + 1);
  const float nw = g.font->CalcTextSizeA(g.size, FLT_MAX, 0.0f, number.c_str()).x;
  dl->AddText(g.font, g.size, ImVec2(a.x + g.gutterW - nw - g.indentW * 0.4f, y + (g.lineH - g.size) / 2.0f), codeColours().dim,
              number.c_str());
  if (logging()) logMark(cat("line ", number));  // a line number, not a value
  const Shade shade = !stepped || s.planHidden() || p.recorded(i) ? Shade::kRan : c.step < 0 ? Shade::kQuiet : Shade::kFaint;
  if (logging()) logMark("code");  // code stays code in every language: a reader may skip it
  drawCodeText(dl, g.font, g.size, ImVec2(a.x + g.gutterW + g.indentW * static_cast<float>(c.indent), y + (g.lineH - g.size) / 2.0f),
               c.text, shade);
  if (logging()) logMark("end of code");
  ImGui::SetCursorScreenPos(a);
  ImGui::InvisibleButton(cat("##line", i).c_str(), ImVec2(width, g.lineH));
  const bool hovered = ImGui::IsItemHovered();
  if (ImGui::IsItemClicked() && !s.planHidden()) {  // its events would name the tiles that add atomically
    const CodeLineRef ref{phase, static_cast<int>(i)};
    if (s.view.codeLine == ref) s.view.codeLine.reset();
    else s.view.codeLine = ref;
  }
  return hovered;
}

// The hovered line: its note, and what it did in this run (unless an open question hides the plan).
void lineTooltip(const AppState& s, const CodePhase& p, size_t n) {
  const CodeLine& c = p.listing.lines[n];
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
  if (!c.note.empty()) ImGui::TextUnformatted(c.note.c_str());
  if (c.step < 0) {
    ImGui::TextDisabled("%s", i18n::tr("Records nothing itself: a declaration, a loop or a queue hand-over."));
  } else if (s.planHidden()) {  // how often the atomic-add line ran would count the shared cells
    ImGui::TextDisabled("%s", i18n::tr("What it did in this run is shown once the question is answered."));
  } else {
    const std::string events = i18n::trf(p.events[n] == 1 ? "{0} event" : "{0} events", p.events[n]);
    const std::string moves = i18n::trf(p.moves[n] == 1 ? "{0} cell move" : "{0} cell moves", p.moves[n]);
    ImGui::TextDisabled("%s", i18n::trf("In this run: {0}, {1} (every plane). Click: its events on the timeline.", events, moves).c_str());
  }
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

// The listing of phase `phase` in a child of `size`: a header, the lines (lit, dimmed, clickable), the note.
void drawListing(AppState& s, CodePanelCache& cache, int32_t phase, const CodeFocus& focus, ImVec2 size) {
  const CodeModel& m = cache.model;
  const CodePhase& p = m.phases[static_cast<size_t>(phase)];
  const KernelListing& l = p.listing;
  ImGui::BeginChild("##listing", size, true, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  // The phase's words count the rows cores share and what they zero: they wait while a question hides the plan.
  const std::string what = s.planHidden() ? std::string(i18n::tr("(what this phase does is said once the question is answered)")) : l.what;
  listingHeader(s, p, phase, what);
  // The line of the move under the player (its statement group's first line); the others in flight are lit too.
  const int lit = focus.phase == phase && !focus.steps.empty() ? l.firstLine(focus.steps.front()) : -1;
  // Under the lines, what the clicked line (or else the lit one) does: as many wrapped lines as it takes.
  const bool clicked = s.view.codeLine && s.view.codeLine->phase == phase;
  std::string note = !m.stepped ? std::string(i18n::tr("This trace records no lines (it was written before kernels recorded them): the code is shown unlit."))
                     : clicked  ? i18n::trf("clicked: {0}", noteOf(l, s.view.codeLine->line))
                     : lit >= 0 ? i18n::trf("now: {0}", noteOf(l, lit))
                                : what;
  const float noteH = ImGui::CalcTextSize(note.c_str(), nullptr, false, ImGui::GetContentRegionAvail().x).y +
                      ImGui::GetStyle().ItemSpacing.y;
  const ListingLayout g =
      layoutListing(l, ImGui::GetContentRegionAvail().x - 8.0f,
                    ImGui::GetContentRegionAvail().y - noteH - ImGui::GetStyle().ItemSpacing.y, s.view.presenter);
  ImGui::BeginChild("##lines", ImVec2(0, std::max(ImGui::GetContentRegionAvail().y - noteH, g.lineH * 3.0f)), false,
                    ImGuiWindowFlags_NoScrollbar);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  int hoveredLine = -1;
  for (size_t i = 0; i < l.lines.size(); ++i) {
    const ImVec2 at(origin.x, origin.y + static_cast<float>(i) * g.lineH);
    if (listingLine(s, p, m.stepped, phase, focus, g, i, at, width)) hoveredLine = static_cast<int>(i);
  }
  // Follow the lit line as the animation plays or steps.
  if (lit >= 0 && (lit != cache.litLine || phase != cache.litPhase)) {
    const float top = static_cast<float>(lit) * g.lineH, view = ImGui::GetWindowHeight();
    if (top < ImGui::GetScrollY() || top + g.lineH > ImGui::GetScrollY() + view) ImGui::SetScrollY(std::max(0.0f, top - view / 3.0f));
  }
  cache.litPhase = phase, cache.litLine = lit;
  if (hoveredLine >= 0) lineTooltip(s, p, static_cast<size_t>(hoveredLine));
  ImGui::SetCursorScreenPos(origin);
  ImGui::Dummy(ImVec2(width, static_cast<float>(l.lines.size()) * g.lineH));
  ImGui::EndChild();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(note.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
}

// The phase picker: follow the animation, or one phase's kernel.
void phasePicker(AppState& s, const CodeModel& m, int32_t shown) {
  const Plan& plan = *s.run.result.plan;
  auto label = [&](int32_t p) {
    return cat(p + 1, " ", i18n::tr(phaseKindName(plan.phases[static_cast<size_t>(p)].kind)), ": ",
               m.phases[static_cast<size_t>(p)].listing.name);
  };
  const std::string preview =
      s.view.codePhase ? label(shown) : i18n::trf("follow: {0}", m.phases[static_cast<size_t>(shown)].listing.name);
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("follow: CheckIndices").x + ImGui::GetFrameHeight() * 1.5f);
  if (ui::BeginCombo("kernel", preview.c_str())) {
    if (ui::Selectable("follow the animation", !s.view.codePhase)) s.view.codePhase.reset();
    const ui::Verbatim kernels;  // "2 compute: GatherRows": a phase's number, kind and kernel name
    for (int32_t p = 0; p < static_cast<int32_t>(m.phases.size()); ++p) {
      if (ui::Selectable(label(p).c_str(), s.view.codePhase && *s.view.codePhase == p)) s.view.codePhase = p;
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", i18n::tr("Each phase runs its own kernel. Follow: the kernel of the move under the player."));
  }
}

}  // namespace

void drawCodePanel(AppState& s) {
  RunView& r = s.run;
  if (!r.ok() || !r.result.plan) {
    drawRunError(r);
    return;
  }
  CodePanelCache& cache = cacheFor(s);
  const CodeModel& m = cache.model;
  if (m.phases.empty()) {
    textDimWrapped(i18n::trf("This call runs no kernel: {0}", r.result.plan->strategy));
    return;
  }
  // While the plan is hidden no line is lit: the first move's line says whether a tile adds atomically.
  const CodeFocus focus = s.planHidden() ? CodeFocus{} : codeFocusAt(r.scene, r.animation, s.player.t);
  const int32_t phase = std::clamp(s.view.codePhase.value_or(focus.phase >= 0 ? focus.phase : restingPhase(m)), 0,
                                   static_cast<int32_t>(m.phases.size()) - 1);

  planeSelector(s);
  phasePicker(s, m, phase);
  bool timeline = s.view.codeTimeline.value_or(!s.view.presenter);
  ImGui::SameLine();
  if (ui::Checkbox("timeline", &timeline)) s.view.codeTimeline = timeline;
  if (!s.view.presenter && !s.planHidden()) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", i18n::tr(s.view.codeLine ? "(its events are outlined on the timeline)"
                                                       : "(click a line: its events on the timeline)"));
  }

  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float font = ImGui::GetFontSize();
  const float timelineH = timeline ? std::clamp(avail.y * 0.25f, font * 5.5f, font * 10.0f) : 0.0f;
  const float topH = std::max(avail.y - timelineH - (timeline ? ImGui::GetStyle().ItemSpacing.y : 0.0f), font * 8.0f);
  // The code takes what its widest line needs at a readable size (46 columns and the line numbers); the grids the rest.
  const float codeW = std::floor(avail.x * 0.6f);
  drawListing(s, cache, phase, focus, ImVec2(codeW, topH));
  ImGui::SameLine();
  {
    const SceneLabels labels{.notes = false, .lines = 1, .compact = true};  // one line: the grids' names alone
    fitSecondaryGrids(s, ImVec2(0, topH), labels.roomPx(), s.view.codeView);
    Canvas canvas("##code-grids", ImVec2(0, topH), s.view.codeView, r.scene.boundsMin, r.scene.boundsMax,
                  labels.roomPx());
    drawSceneGrids(canvas, s, s.view.colour, labels);
    if (!s.exerciseOpen()) drawFlights(canvas, r.scene, r.animation.flightsAt(s.player.t), r.srcScale);  // no hint at the answer
    drawHoverOverlay(canvas, s);
  }
  if (!timeline) return;
  // Marked: the clicked line's events (every tile), else the lit line's events of the tile the move belongs to.
  std::vector<uint8_t> marks;
  const Plan& plan = *r.result.plan;
  if (s.planHidden()) {
    // No line's events are marked: the atomic-add line's would say which tiles add atomically.
  } else if (s.view.codeLine && static_cast<size_t>(s.view.codeLine->phase) < m.phases.size()) {
    const KernelListing& l = m.phases[static_cast<size_t>(s.view.codeLine->phase)].listing;
    if (static_cast<size_t>(s.view.codeLine->line) < l.lines.size())
      marks = barsOfStep(r.timeline, plan, s.view.codeLine->phase,
                         l.lines[static_cast<size_t>(s.view.codeLine->line)].step);
  } else if (!focus.steps.empty()) {
    marks = barsOfStep(r.timeline, plan, focus.phase, focus.steps.front(), focus.tile);
  }
  std::vector<int32_t> tiles;
  if (focus.tile >= 0) tiles.push_back(focus.tile);
  // The kernels only: the launch overhead would squeeze a small call's events into a sliver.
  const TimelineModel& shown = s.shownTimeline();
  const int bar = timelineWidget("##code-timeline", shown, ImVec2(0, timelineH), tiles, true, &marks);
  // A click on an event picks the line that recorded it.
  if (bar >= 0 && !s.planHidden() && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    const TimelineBar& b = shown.bars[static_cast<size_t>(bar)];
    const int32_t p = b.tile >= 0 && static_cast<size_t>(b.tile) < plan.tiles.size() ? plan.tiles[static_cast<size_t>(b.tile)].phase : -1;
    if (p >= 0 && static_cast<size_t>(p) < m.phases.size()) {
      const int line = m.phases[static_cast<size_t>(p)].listing.firstLine(b.step);
      if (line >= 0) {
        s.view.codeLine = CodeLineRef{p, line};
        s.view.codePhase = p;
      }
    }
  }
}

}  // namespace gradlab::viz
