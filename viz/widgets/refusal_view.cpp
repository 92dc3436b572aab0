#include "viz/widgets/refusal_view.h"

#include <algorithm>
#include <cmath>
#include <span>
#include <string>

#include <imgui.h>

#include "i18n/translate.h"
#include "viz/model/explain.h"
#include "viz/model/text.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"
#include "viz/widgets/draw_text.h"

namespace gradlab::viz {
namespace {

using refusal::Gauge;
using refusal::Picture;
using refusal::PictureKind;

ImU32 alpha(ImU32 c, int a) { return (c & ~IM_COL32_A_MASK) | (static_cast<ImU32>(a) << IM_COL32_A_SHIFT); }

// Text at `p` in the current font at `scale` of its size; returns its size.
ImVec2 text(ImDrawList* dl, ImVec2 p, ImU32 col, const std::string& s, float scale = 1.0f) {
  ImFont* f = ImGui::GetFont();
  const float fs = ImGui::GetFontSize() * scale;
  drawText(dl, f, fs, p, col, s.c_str());
  return f->CalcTextSizeA(fs, 1e9f, 0.0f, s.c_str());
}

ImVec2 textSize(const std::string& s, float scale = 1.0f) {
  return ImGui::GetFont()->CalcTextSizeA(ImGui::GetFontSize() * scale, 1e9f, 0.0f, s.c_str());
}

// A label centred on x, kept inside [left, right].
void tickLabel(ImDrawList* dl, float x, float y, float left, float right, ImU32 col, const std::string& s) {
  const ImVec2 ts = textSize(s, 0.85f);
  text(dl, ImVec2(std::clamp(x - ts.x / 2.0f, left, std::max(left, right - ts.x)), y), col, s, 0.85f);
}

// One bar: the legal part of the axis tinted, the value's bar (or marker, for a range) in the colour of
// its verdict, the limit as a thick line; the label above, the value and limit below.
float gauge(ImDrawList* dl, ImVec2 p, float width, std::span<const Gauge> gauges, size_t index) {
  const Gauge& g = gauges[index];
  const Theme& th = theme();
  const float u = ImGui::GetFontSize();
  const refusal::GaugeScale scale = refusal::gaugeScale(gauges, index);
  auto x = [&](double v) { return p.x + static_cast<float>(scale.at(v)) * width; };
  const ImU32 labelCol = g.offending ? th.bad : th.label;
  float y = p.y;
  const std::string flagged = i18n::trf("{0}   \u2190 breaks the rule", g.label);
  const bool flag = g.offending && textSize(flagged).x <= width;
  y += text(dl, ImVec2(p.x, y), labelCol, flag ? flagged : g.label).y + 0.2f * u;
  const float h = 1.1f * u;
  const ImVec2 a(p.x, y), b(p.x + width, y + h);
  dl->AddRectFilled(a, b, alpha(th.bad, 40));
  // The legal stretch of the axis.
  const float legal0 = g.low ? x(*g.low) : g.atMost ? p.x : x(g.limit);
  const float legal1 = g.atMost ? x(g.limit) : p.x + width;
  dl->AddRectFilled(ImVec2(legal0, y), ImVec2(legal1, y + h), alpha(th.good, 50));
  const bool valueLegal = refusal::gaugeLegal(g, g.value);
  const ImU32 valueCol = valueLegal ? th.good : th.bad;
  if (g.low) {  // a range: the value as a marker
    const float vx = x(g.value);
    dl->AddRectFilled(ImVec2(vx - 0.25f * u, y - 0.15f * u), ImVec2(vx + 0.25f * u, y + h + 0.15f * u), valueCol);
  } else {  // a bar from 0 (or the left end) to the value, the part past the limit in red
    const float x0 = scale.log ? p.x : x(0.0), xv = x(g.value), xl = x(g.limit);
    const float lo = std::min(x0, xv), hi = std::max(x0, xv);
    const float inset = 0.2f * u;
    const float legalLo = g.atMost ? lo : std::max(lo, xl), legalHi = g.atMost ? std::min(hi, xl) : hi;
    if (legalHi > legalLo) dl->AddRectFilled(ImVec2(legalLo, y + inset), ImVec2(legalHi, y + h - inset), th.good);
    if (g.atMost && hi > xl) dl->AddRectFilled(ImVec2(std::max(lo, xl), y + inset), ImVec2(hi, y + h - inset), th.bad);
    if (!g.atMost && lo < xl) dl->AddRectFilled(ImVec2(lo, y + inset), ImVec2(std::min(hi, xl), y + h - inset), th.bad);
  }
  dl->AddRect(a, b, th.labelDim);
  if (scale.cut) {  // the axis does not start at 0: a break mark at its left end
    for (float dx : {0.35f * u, 0.6f * u}) {
      dl->AddLine(ImVec2(p.x + dx - 0.15f * u, y + h + 0.1f * u), ImVec2(p.x + dx + 0.15f * u, y - 0.1f * u), th.label, 2.0f);
    }
  }
  const float lw = std::max(2.0f, 0.15f * u);
  for (double limit : {g.limit, g.low.value_or(g.limit)}) {
    const float lx = x(limit);
    dl->AddLine(ImVec2(lx, y - 0.3f * u), ImVec2(lx, y + h + 0.3f * u), th.label, lw);
  }
  y += h + 0.35f * u;
  // Below the bar: the limit(s) under their lines, the value under its end (on a second row when they
  // would collide).
  const float right = p.x + width;
  tickLabel(dl, x(g.limit), y, p.x, right, th.label,
            i18n::trf(g.low ? "max {0}" : g.atMost ? "limit {0}" : "at least {0}", g.limitText));
  if (g.low) tickLabel(dl, x(*g.low), y, p.x, right, th.label, i18n::trf("min {0}", g.lowText));
  if (scale.cut) text(dl, ImVec2(p.x, y), th.labelDim, i18n::trf("from {0}", formatNumber(scale.a)), 0.85f);
  const float rowH = textSize("0", 0.85f).y;
  const std::string valueLabel = i18n::trf("you: {0}", g.valueText);
  const float vw = textSize(valueLabel, 0.85f).x, lwText = textSize(i18n::trf("limit {0}", g.limitText), 0.85f).x;
  const bool collide = std::fabs(x(g.value) - x(g.limit)) < (vw + lwText) / 2.0f + 0.5f * u ||
                       (g.low && std::fabs(x(g.value) - x(*g.low)) < vw + 0.5f * u);
  const float vy = collide ? y + rowH : y;
  tickLabel(dl, x(g.value), vy, p.x, right, valueCol, valueLabel);
  return vy + rowH + 0.4f * u - p.y;
}

float shapes(ImDrawList* dl, ImVec2 p, float width, const std::vector<refusal::ShapeView>& views) {
  const Theme& th = theme();
  const float u = ImGui::GetFontSize();
  float nameW = 0.0f;
  for (const auto& s : views) nameW = std::max(nameW, textSize(s.name).x);
  float y = p.y;
  for (const auto& s : views) {
    const float boxH = 1.6f * u;
    text(dl, ImVec2(p.x, y + 0.55f * u), th.label, s.name);
    float x = p.x + nameW + 0.8f * u;
    for (size_t i = 0; i < s.dims.size(); ++i) {
      const std::string v = std::to_string(s.dims[i]);
      const float w = std::max(2.4f * u, textSize(v).x + 0.8f * u);
      const bool marked = i < s.marked.size() && s.marked[i];
      if (i < s.axes.size()) tickLabel(dl, x + w / 2.0f, y - 0.05f * u, x, x + w, th.labelDim, s.axes[i]);
      const ImVec2 a(x, y + 0.8f * u), b(x + w, y + 0.8f * u + boxH);
      dl->AddRectFilled(a, b, marked ? alpha(th.bad, 70) : alpha(th.label, 18));
      dl->AddRect(a, b, marked ? th.bad : th.labelDim, 0.0f, 0, marked ? std::max(2.5f, 0.18f * u) : 1.0f);
      const ImVec2 ts = textSize(v);
      text(dl, ImVec2(x + (w - ts.x) / 2.0f, a.y + (boxH - ts.y) / 2.0f), marked ? th.bad : th.label, v);
      x += w + 0.2f * u;
    }
    if (!s.note.empty() && x + textSize(s.note, 0.85f).x + u < p.x + width) {
      text(dl, ImVec2(x + 0.6f * u, y + 0.8f * u + 0.35f * u), th.labelDim, s.note, 0.85f);
    }
    y += boxH + 1.3f * u;
  }
  return y - p.y;
}

// The plane at a scale that fits, its window, and the cell the index points at; an index far outside is
// drawn one gap past the plane's edge with how far it really is.
float plane(ImDrawList* dl, ImVec2 p, float width, const refusal::PlaneView& v) {
  const Theme& th = theme();
  const float u = ImGui::GetFontSize();
  const float maxW = std::min(width * 0.5f, 22.0f * u), maxH = 8.0f * u;
  const float cell = std::clamp(std::min(maxW / static_cast<float>(v.cols), maxH / static_cast<float>(v.rows)), 0.05f, 1.8f * u);
  const float pw = cell * static_cast<float>(v.cols), ph = cell * static_cast<float>(v.rows);
  const bool near = v.row >= -3 && v.row < v.rows + 3;
  const float markerCell = std::max(cell, 0.9f * u);
  const float gap = near ? 0.0f : 1.6f * u;
  // Rows above the plane when the index is negative.
  const float top = p.y + 1.2f * u + (v.row < 0 ? (near ? cell * static_cast<float>(-v.row) : gap + markerCell) : 0.0f);
  const float left = p.x + 2.5f * u;
  text(dl, ImVec2(left, p.y), th.labelDim, i18n::trf("plane {0} x {1}  (h * W + w in 0..{2})", v.rows, v.cols, v.rows * v.cols - 1),
       0.85f);
  const ImVec2 a(left, top), b(left + pw, top + ph);
  dl->AddRectFilled(a, b, alpha(th.label, 20));
  if (cell >= 6.0f) {
    for (int64_t r = 1; r < v.rows; ++r) dl->AddLine(ImVec2(a.x, a.y + cell * r), ImVec2(b.x, a.y + cell * r), alpha(th.labelDim, 90));
    for (int64_t c = 1; c < v.cols; ++c) dl->AddLine(ImVec2(a.x + cell * c, a.y), ImVec2(a.x + cell * c, b.y), alpha(th.labelDim, 90));
  }
  dl->AddRectFilled(ImVec2(a.x + cell * v.winCol0, a.y + cell * v.winRow0), ImVec2(a.x + cell * v.winCol1, a.y + cell * v.winRow1),
                    alpha(th.highlight, 110));
  dl->AddRect(ImVec2(a.x + cell * v.winCol0, a.y + cell * v.winRow0), ImVec2(a.x + cell * v.winCol1, a.y + cell * v.winRow1),
              th.highlight, 0.0f, 0, 2.0f);
  dl->AddRect(a, b, th.label, 0.0f, 0, std::max(2.0f, 0.12f * u));
  // Where the index points.
  float my = 0.0f;
  if (near) my = top + cell * static_cast<float>(v.row);
  else my = v.row < 0 ? top - gap - markerCell : b.y + gap;
  const float mx = a.x + cell * static_cast<float>(v.col) + (cell - markerCell) / 2.0f;
  const ImVec2 m0(std::max(mx, p.x), my), m1(m0.x + markerCell, my + markerCell);
  if (!near) {  // a dotted trail across the gap: the real distance is much larger
    const float x = (m0.x + m1.x) / 2.0f;
    const float y0 = v.row < 0 ? m1.y : b.y, y1 = v.row < 0 ? a.y : m0.y;
    for (float y = y0 + 2.0f; y < y1 - 2.0f; y += 5.0f) dl->AddLine(ImVec2(x, y), ImVec2(x, std::min(y + 2.5f, y1)), th.bad, 2.0f);
  }
  dl->AddRectFilled(m0, m1, alpha(th.bad, 200));
  const ImVec2 xs = textSize("X");
  text(dl, ImVec2((m0.x + m1.x - xs.x) / 2.0f, (m0.y + m1.y - xs.y) / 2.0f), IM_COL32(255, 255, 255, 255), "X");
  // Labels on the right, two short lines each: where the index points, and the window it belongs in.
  const float lx = std::max(b.x, m1.x) + 0.8f * u;
  const float room = p.x + width - lx;
  const std::string title = v.cell + " = " + std::to_string(v.index);
  const std::string where = i18n::trf("row {0}, col {1}", v.row, v.col);
  std::string far;
  if (!near && v.row < 0) far = i18n::tr("(above row 0)");
  if (!near && v.row >= 0) far = i18n::trf("({0} rows past the end)", v.row - v.rows + 1);
  const std::string window = i18n::trf("rows {0}..{1}, cols {2}..{3}", v.winRow0, v.winRow1 - 1, v.winCol0, v.winCol1 - 1);
  const float widest = std::max({textSize(title).x, textSize(where).x, textSize(far).x, textSize(window).x});
  const float scaleText = room >= widest ? 1.0f : std::max(0.75f, room / widest);
  const float line = textSize("0", scaleText).y;
  const float markerMid = (m0.y + m1.y) / 2.0f;
  const float markerTop = markerMid - (far.empty() ? 1.0f : 1.5f) * line;
  text(dl, ImVec2(lx, markerTop), th.bad, title, scaleText);
  text(dl, ImVec2(lx, markerTop + line), th.bad, where, scaleText);
  if (!far.empty()) text(dl, ImVec2(lx, markerTop + 2.0f * line), th.bad, far, scaleText);
  const float winTop = std::min(a.y + cell * v.winRow0, markerTop - 2.4f * line);
  text(dl, ImVec2(lx, winTop), th.highlight, i18n::tr("its window"), scaleText);
  text(dl, ImVec2(lx, winTop + line), th.highlight, window, scaleText);
  const float bottom = std::max({b.y, m1.y, markerTop + (far.empty() ? 2.0f : 3.0f) * line});
  return bottom - p.y + 0.6f * u;
}

// The allowed values as pills, then the one asked for, crossed out.
float choices(ImDrawList* dl, ImVec2 p, float width, const refusal::Choices& c) {
  const Theme& th = theme();
  const float u = ImGui::GetFontSize();
  float x = p.x, y = p.y;
  const float pillH = 1.5f * u;
  auto pill = [&](const std::string& s, ImU32 col, bool crossed) {
    const ImVec2 ts = textSize(s);
    const float w = ts.x + 1.0f * u;
    if (x > p.x && x + w > p.x + width) x = p.x, y += pillH + 0.4f * u;
    const ImVec2 a(x, y), b(x + w, y + pillH);
    dl->AddRectFilled(a, b, alpha(col, 45), 0.5f * u);
    dl->AddRect(a, b, col, 0.5f * u, 0, crossed ? 2.5f : 1.5f);
    text(dl, ImVec2(x + 0.5f * u, y + (pillH - ts.y) / 2.0f), crossed ? th.bad : th.label, s);
    if (crossed) dl->AddLine(ImVec2(a.x + 0.3f * u, b.y - 0.3f * u), ImVec2(b.x - 0.3f * u, a.y + 0.3f * u), th.bad, 2.5f);
    x += w + 0.5f * u;
  };
  x += text(dl, ImVec2(x, y + 0.25f * u), th.labelDim, c.what + ":").x + 0.6f * u;
  for (const std::string& s : c.allowed) pill(s, th.good, false);
  x += 0.8f * u;
  const std::string asked = i18n::tr("asked:");
  if (x + textSize(asked).x + textSize(c.given).x + 2.0f * u > p.x + width) x = p.x, y += pillH + 0.4f * u;
  x += text(dl, ImVec2(x, y + 0.25f * u), th.bad, asked).x + 0.4f * u;
  pill(c.given, th.bad, true);
  return y + pillH + 0.4f * u - p.y;
}

void bullets(const std::vector<std::string>& lines, ImU32 colour) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour));
  for (const std::string& line : lines) {
    ImGui::Bullet();
    ui::TextWrapped("%s", line.c_str());
  }
  ImGui::PopStyleColor();
}

}  // namespace

float drawRefusalPicture(const Picture& pic, float width) {
  if (pic.kind == PictureKind::kNone) return 0.0f;
  if (width <= 0.0f) width = ImGui::GetContentRegionAvail().x;
  const float u = ImGui::GetFontSize();
  width = std::min(width, 48.0f * u);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImVec2 p = ImVec2(p0.x + 0.3f * u, p0.y + 0.3f * u);
  const float inner = width - 0.6f * u;
  float h = 0.0f;
  switch (pic.kind) {
    case PictureKind::kGauges:
      for (size_t i = 0; i < pic.gauges.size(); ++i) h += gauge(dl, ImVec2(p.x, p.y + h), inner, pic.gauges, i);
      break;
    case PictureKind::kShapes: h = shapes(dl, p, inner, pic.shapes); break;
    case PictureKind::kPlane: h = plane(dl, p, inner, pic.plane); break;
    case PictureKind::kChoices: h = choices(dl, p, inner, pic.choices); break;
    case PictureKind::kNone: break;
  }
  ImGui::Dummy(ImVec2(width, h + 0.6f * u));
  if (!pic.caption.empty()) textDimWrapped(pic.caption);
  return h + 0.6f * u;
}

void drawRefusalExplanation(const refusal::Explanation& e) {
  if (!e.refused) return;
  const Theme& th = theme();
  ImGui::Spacing();
  if (!e.matched) {
    textDimWrapped(i18n::tr("No rule of the explainer's table matches this refusal, so there is nothing to draw: the code "
                            "and the library's sentence above are all that is known."));
    return;
  }
  // A side panel keeps the words (rule, numbers, fixes); the centre adds the sentence and the picture, with
  // the fixes beside the picture, in a region of its own that scrolls when it is taller than the tab.
  // Presenter mode puts the picture right under the numbers and the sentence last.
  const float u = ImGui::GetFontSize(), room = ImGui::GetContentRegionAvail().x;
  const bool narrow = room < 22.0f * u, wide = room >= 30.0f * u;
  // Only the centre is wide (a side panel is at most 25 font sizes across), so only the centre scrolls.
  if (wide && !ImGui::BeginChild("##refusal", ImVec2(0, 0), false)) {
    ImGui::EndChild();
    return;
  }
  ImGui::PushFont(headingFont());
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(th.panelAccent));
  textWrapped(i18n::trf("Why: {0}", e.rule));
  ImGui::PopStyleColor();
  ImGui::PopFont();
  // Presenter mode: the picture and the fix first (what the room reads from afar), then the numbers and the
  // sentence; otherwise the sentence, the numbers, then the picture and the fix.
  const bool pictureFirst = th.presenter;
  auto sentence = [&] {
    if (!narrow) ui::TextWrapped("%s", e.plain.c_str());
  };
  auto numbers = [&] {
    ImGui::Spacing();
    ImGui::TextDisabled("%s", i18n::tr("Your numbers"));
    ImGui::PushFont(monoFont());
    bullets(e.numbers, th.label);
    ImGui::PopFont();
    ImGui::Spacing();
  };
  auto fixes = [&] {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(th.good));
    ImGui::TextUnformatted(i18n::tr("To make it legal"));
    ImGui::PopStyleColor();
    bullets(e.fixes, th.label);
  };
  auto pictureAndFixes = [&] {
    if (wide && e.picture.kind != PictureKind::kNone &&
        ImGui::BeginTable("##refusal", 2, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_NoSavedSettings)) {
      ImGui::TableSetupColumn("picture", ImGuiTableColumnFlags_WidthStretch, 0.6f);
      ImGui::TableSetupColumn("fixes", ImGuiTableColumnFlags_WidthStretch, 0.4f);
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      drawRefusalPicture(e.picture);
      ImGui::TableSetColumnIndex(1);
      fixes();
      ImGui::EndTable();
      return;
    }
    if (!narrow) drawRefusalPicture(e.picture);
    fixes();
  };
  if (pictureFirst) {
    pictureAndFixes();
    numbers();
    sentence();
  } else {
    sentence();
    numbers();
    pictureAndFixes();
  }
  if (wide) ImGui::EndChild();
}

}  // namespace gradlab::viz
