#include "viz/widgets/grid_widget.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "viz/model/core_palette.h"
#include "viz/model/number_format.h"
#include "viz/model/text.h"
#include "viz/model/wrap.h"
#include "viz/widgets/cell_images.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"
#include "viz/widgets/draw_text.h"

namespace gradlab::viz {
namespace {

// A cell already sent (its gradient has left), faded towards the canvas (presenter mode less, for a washed-out
// projector), opaque: its digits are chosen to read on the colour it shows (at a third of its opacity, black
// digits of a yellow cell sank into the dark canvas).
Rgba faded(Rgba c, bool presenter) {
  const ImU32 bg = theme().canvasBg;
  const Rgba under{static_cast<uint8_t>(bg & 0xFF), static_cast<uint8_t>((bg >> 8) & 0xFF), static_cast<uint8_t>((bg >> 16) & 0xFF), 255};
  return lerp(under, c, (presenter ? 140.0f : 90.0f) / 255.0f);
}

// One tile's box, rows [r0, r1) x columns [c0, c1) of the grid, and where there is room its tag.
// `digitsH`: the height of the line of digits centred in each cell's `cell - gap` pixels (0: no digits). A tag
// then goes only where it ends above the top-left cell's digits, never over them (it hid minus signs and, on
// small grids, whole cells).
void drawTileBox(const Canvas& canvas, const SceneGrid& g, const Plan& plan, const Tile& t, int64_t r0, int64_t r1,
                 int64_t c0, int64_t c1, bool tagged, float digitsH, float gap) {
  ImDrawList* dl = canvas.drawList();
  const float cell = canvas.zoom();
  ImVec2 p0 = canvas.toScreen({g.x + static_cast<float>(c0), g.rowY(r0)});
  ImVec2 p1 = canvas.toScreen({g.x + static_cast<float>(c1), g.rowY(r1)});
  const float inset = theme().tileBorderWidth * 0.5f;
  dl->AddRect(ImVec2(p0.x + inset, p0.y + inset), ImVec2(p1.x - inset, p1.y - inset), toImU32(coreColour(t.core)),
              0.0f, 0, theme().tileBorderWidth);
  // The tag goes where the tile's own colour is: on a cell two tiles share, the colour is the first's, and a
  // later tile's tag there ("T4·c1" on a cell coloured c0) contradicted it.
  const size_t corner = static_cast<size_t>(r0 * g.grid.dims.cols + c0);
  const bool ownCorner = corner >= g.tileOf.size() || g.tileOf[corner] < 0 ||
                         g.tileOf[corner] == static_cast<int32_t>(&t - plan.tiles.data());
  if (!tagged || !ownCorner || (p1.x - p0.x) <= 34.0f || (p1.y - p0.y) <= 18.0f) return;
  std::string tag = cat("T", t.id, "·", coreTag(plan, t.core));
  ImFont* f = monoFont();
  float fs = std::min(f->FontSize, 13.0f + (theme().presenter ? 5.0f : 0.0f));
  const float lineShare = f->CalcTextSizeA(1.0f, 1e9f, 0.0f, "T").y;  // a line's height per pixel of font size
  const float digitsTop = (cell - gap - digitsH) * 0.5f;              // in the box's first cell
  if (digitsH > 0.0f) fs = std::min(fs, (digitsTop - 3.0f) / lineShare);
  ImVec2 ts = f->CalcTextSizeA(fs, 1e9f, 0.0f, tag.c_str());
  // A tag too small to read is left out (presenter mode: one a room cannot read from the back); the
  // inspector and the Tiling tab name every cell's tile.
  const float legible = theme().presenter ? kPresenterDigitPx : 9.0f;
  if (fs < legible || ts.x + 6 >= p1.x - p0.x) return;
  if (logging()) {
    logMark(cat("tag ", tag, ": ", static_cast<int>(fs + 0.5f), " px"));
    if (digitsH > 0.0f) logMark(cat("tag ", tag, " ends ", fmt::format("{:.1f}", digitsTop - 2.0f - ts.y), " px above the digits"));
  }
  ImVec2 at(p0.x + 3, p0.y + 2);
  dl->AddRectFilled(at, ImVec2(at.x + ts.x + 4, at.y + ts.y), toImU32(coreColour(t.core)), 2.0f);
  drawText(dl, f, fs, ImVec2(at.x + 2, at.y), IM_COL32(0, 0, 0, 255), tag.c_str());
}

// Every tile's box on the grid: a 3-D call's out side may cut one box into several runs of rows (boxRowRuns),
// of which the first carries the tag.
void drawTileBoxes(const Canvas& canvas, const SceneGrid& g, int64_t plane, const Plan& plan, TileBoxes which,
                   int32_t buffer, float digitsH, float gap) {
  const bool labels = canvas.zoom() * std::min<float>(g.width(), g.height()) > 30.0f;
  for (const Tile& t : plan.tiles) {
    if (t.src.cells() == 0) continue;  // a pass that only zeroes cells: not a tile of the picture
    const bool srcBox = which == TileBoxes::kSrc;
    if (!tileBoxOnGrid(plan, t, srcBox, buffer)) continue;
    const Box& b = srcBox ? t.src : t.dst;
    if (plane < b.plane0 || plane >= b.plane1) continue;
    const int64_t c0 = std::max<int64_t>(b.col0, 0), c1 = std::min(b.col1, g.grid.dims.cols);
    if (c0 >= c1) continue;
    bool first = true;
    for (const auto& [all0, all1] : boxRowRuns(plan, b, srcBox, buffer, g.grid.dims.rows)) {
      const auto [r0, r1] = g.shownPart(all0, all1);
      if (r0 >= r1) continue;
      drawTileBox(canvas, g, plan, t, r0, r1, c0, c1, labels && first, digitsH, gap);
      first = false;
    }
  }
}

}  // namespace

float gridLabelSize() {
  // Presenter labels at 0.8 of its 24 px type: still 19 px, and the grids get the line height they save.
  return uiFont()->FontSize * (theme().presenter ? 0.8f : 1.0f);
}

// Presenter digits fill three quarters of the cell (one or two characters of small integers still fit);
// the normal view leaves room for four significant digits.
constexpr float kPresenterDigitShare = 0.74f, kNormalDigitShare = 0.48f;

float cellTextSize(float cellPx, float fontPx, bool presenter) {
  return std::min(fontPx, cellPx * (presenter ? kPresenterDigitShare : kNormalDigitShare));
}

void askLabelLines(CanvasView& view, int wanted, int kept) {
  if (wanted <= kept || view.labelLines >= std::min(wanted, kMostLabelLines)) return;
  view.labelLines = std::min(wanted, kMostLabelLines);
  if (!view.userAdjusted) view.fitRequested = true;
}

float presenterReadableCellPx() { return kPresenterDigitPx / kPresenterDigitShare + 0.05f; }

std::string gridTitle(const SceneGrid& grid, int64_t plane) {
  std::string title = grid.grid.label();
  const auto& shape = grid.grid.shape;
  if (grid.grid.dims.planes > 1) {
    if (shape.size() == 4 || (shape.size() == 3 && grid.grid.dims.rows == 1 && shape[0] * shape[1] == grid.grid.dims.planes))
      title += cat("   n=", plane / shape[1], " c=", plane % shape[1]);
    else
      title += cat("   c=", plane);
  }
  return title;
}

std::string fittedValueText(float value, bool integer, float widthPx, float fontSize, const ImFont* font) {
  const float charWidth = font->CalcTextSizeA(fontSize, 1e9f, 0.0f, "0").x;
  const int room = charWidth > 0 ? static_cast<int>(widthPx / charWidth) : 0;
  const float one[] = {value};
  const CellText t = formatCell(value, chooseNumberFormat(one, integer, room));
  return t.fits ? t.text : std::string();
}

namespace {

// The digits of a grid: one number format for every cell (the same significant digits), the font baked at the
// size they are drawn, or none where cells are too small for any.
struct GridDigits {
  float fontSize = 0.0f;
  NumberFormat format;
  ImFont* font = nullptr;
};

GridDigits chooseDigits(const SceneGrid& g, const std::vector<float>& values, float z, float gap) {
  const Theme& th = theme();
  ImFont* mono = monoFont();
  // The largest digits (presenter: up to three quarters of the cell) at which every value fits with two
  // significant digits or more (fewer only where exact); smaller type down to the normal size before a value
  // gives way to dots. A presenter never shows a value cut to one digit and prefers three at 18 px to two
  // at a larger size; no grid shows two different values of one pooling window alike (g.apartDigits).
  int minDigits = std::max(g.apartDigits, th.presenter ? 3 : 1);
  auto formatIn = [&](const ImFont* font, float size) {
    const float charWidth = font->CalcTextSizeA(size, 1e9f, 0.0f, "0").x;
    return chooseNumberFormat(values, g.grid.isInteger(), charWidth > 0 ? static_cast<int>((z - gap - 3.0f) / charWidth) : 0,
                              minDigits);
  };
  auto formatAt = [&](float size) { return formatIn(mono, size); };
  auto allFit = [&](const NumberFormat& f) {
    if (!f.integer && f.digits < 2 && !std::all_of(values.begin(), values.end(), [&](float v) { return formatCell(v, f).exact; }))
      return false;
    return std::all_of(values.begin(), values.end(), [&](float v) { return formatCell(v, f).fits; });
  };
  GridDigits out;
  // Presenter digits stay at 18 px or more (read from the back of a room): below that, none.
  const float floor = th.presenter ? kPresenterDigitPx : cellTextSize(z, mono->FontSize, false);
  const int fallback = std::max(g.apartDigits, th.presenter ? 2 : 1);  // where 3 do not fit at 18 px
  for (const int least : {minDigits, fallback}) {
    minDigits = least;
    out.fontSize = cellTextSize(z, mono->FontSize, th.presenter);
    out.format = formatAt(out.fontSize);
    while (!allFit(out.format) && out.fontSize > floor) {
      out.fontSize = std::max(floor, out.fontSize * 0.9f);
      out.format = formatAt(out.fontSize);
    }
    if (allFit(out.format) || least == fallback) break;  // the same least twice would find the same
  }
  // Digits come from a font baked at the size they are drawn (a 14 px font scaled down to 8 turned 0 into ñ
  // and 8 into A): the largest at or below the size chosen. Cells too small for any show no digits.
  out.font = digitsFontAtMost(out.fontSize);
  if (out.font && out.font->FontSize < out.fontSize) {
    out.fontSize = out.font->FontSize;
    out.format = formatIn(out.font, out.fontSize);
  }
  return out;
}

// The width of label text at type size `size` (the UI font's).
float labelWidth(std::string_view text, float size) {
  return uiFont()->CalcTextSizeA(size, 1e9f, 0.0f, text.data(), text.data() + text.size()).x;
}

// A label's text before it is fitted: its lines (name and note over shape, dtype, plane, memory and rounding,
// or one line where it fits over the grid) and the essential note that goes on a line of its own.
struct LabelText {
  std::vector<std::string> lines;
  std::string ownLine;
};

LabelText composeLabel(const SceneGrid& g, int64_t plane, const GridStyle& style, const std::string& rounding,
                       float room, float limit, float fs, float smallest) {
  const auto width = labelWidth;
  LabelText out;
  std::string note = style.note.empty() ? std::string() : cat(" ", style.note);
  if (width(cat(g.grid.name, note), fs) > room) {  // a note is a nicety, dropped when cramped, unless essential
    if (style.noteEssential) out.ownLine = style.note;
    note.clear();
  }
  // How values are rounded is not a nicety: it stays, on the shape line.
  const std::string digits = rounding.empty() ? std::string() : cat(" · ", rounding);
  const std::string memory = style.memory.empty() ? std::string() : cat(" · ", style.memory);
  std::string title = gridTitle(g, plane).substr(g.grid.name.size() + 1);
  // The plane ("n=0 c=1") is also beside the plane slider over the canvas: it goes where the lines under the
  // name cannot hold it at the smallest size (the Pipeline tab's strip cut "[2, 4, 9, 9] float32…").
  if (const size_t at = title.find("   "); at != std::string::npos &&
      width(cat(title, memory, digits), smallest) > limit * static_cast<float>(std::max(style.labelLines - 1, 1)))
    title.erase(at);
  std::string line1 = cat(g.grid.name, note), line2 = cat(title, memory, digits);
  if (width(cat(g.grid.name, " ", line2, note), fs) <= room) {
    line1 = cat(g.grid.name, " ", line2, note);
    line2.clear();
  }
  // Where the canvas keeps room for more lines, a shape line still too wide at the smallest size breaks
  // at its separators (" · ", "   ") rather than run into the next grid's label.
  out.lines = {line1};
  if (!line2.empty()) out.lines.push_back(line2);
  if (out.lines.size() == 2 && style.labelLines > 2 && width(line2, smallest) > room) {
    out.lines.pop_back();
    std::string current;
    size_t at = 0;
    while (at < line2.size()) {
      // Between the parts, and before a strided view's offset ("strides 103,32,8,1" / "+10").
      size_t next = std::min({line2.find(" · ", at + 1), line2.find("   ", at + 1), line2.find(" +", at + 1)});
      if (next == std::string::npos) next = line2.size();
      const std::string piece = line2.substr(at, next - at);
      if (!current.empty() && width(current + piece, smallest) > room &&
          static_cast<int>(out.lines.size()) + 1 < style.labelLines) {
        out.lines.push_back(current);
        current = piece.substr(piece.find_first_not_of(" ·"));
      } else {
        current += piece;
      }
      at = next;
    }
    if (!current.empty()) out.lines.push_back(current);
  }
  if (!out.ownLine.empty()) out.lines.push_back(out.ownLine);
  return out;
}

// The label above the grid: "name note" over "shape dtype plane" unless one line fits over the grid. Lines
// much wider than the grid are drawn smaller so that neighbouring labels do not run into each other.
void drawGridLabel(const Canvas& canvas, const SceneGrid& g, int64_t plane, const GridStyle& style,
                   const std::string& rounding) {
  ImDrawList* dl = canvas.drawList();
  const Theme& th = theme();
  const float z = canvas.zoom();
  ImFont* font = uiFont();
  const float fs = gridLabelSize();
  const ImVec2 topLeft = canvas.toScreen({g.x, g.y});
  // At least a shape and dtype's width ("[1, 1, 1] float16"): a one-cell grid cut its dtype, which precision
  // steps 6 and 7 ask about.
  const float room = std::max(g.width() * z + fs * 1.5f, fs * 9.0f);
  const float canvasRight = canvas.origin().x + canvas.size().x - 4.0f;
  const auto width = labelWidth;
  const float smallest = th.presenter ? kPresenterDigitPx : fs * 0.8f;  // presenter labels stay legible from the back
  // Over its own grid and the gap after it, never pushed left onto a neighbour: what is still too wide
  // breaks between words, and past the lines the canvas keeps for labels ends in "…".
  const float x = std::max(canvas.origin().x + 4.0f, topLeft.x);
  const float limit = std::max(std::min({room, canvasRight - x, style.labelEndPx > 0.0f ? style.labelEndPx - 6.0f - x : room}), fs * 3.0f);
  const LabelText text = composeLabel(g, plane, style, rounding, room, limit, fs, smallest);
  std::vector<std::string> lines = text.lines;
  float widest = 0.0f;
  for (const std::string& l : lines) widest = std::max(widest, width(l, fs));
  // Smaller where the next grid (or the canvas's edge) comes so close that the name itself would break
  // (adaptive pooling's 3x3 gradOutput beside gradInput on the Tiling tab: "gradOutpu" over "t…"); the rest
  // wraps into its lines, and only what still ends in "…" is drawn smaller again, down to what fits.
  std::string joined;
  for (const std::string& l : lines) joined += (joined.empty() ? "" : "\n") + l;
  // At type size `at`, in at most `most` lines plus the essential note's own.
  const auto wrapAt = [&](float at, int most) {
    const size_t noteLines =
        text.ownLine.empty() ? 0 : wrapWithEllipsis(text.ownLine, limit, 3, [&](std::string_view t) { return width(t, at); }).size();
    return wrapWithEllipsis(joined, limit, most + static_cast<int>(noteLines), [&](std::string_view t) { return width(t, at); });
  };
  const int kept = std::max(style.labelLines, 1);
  const auto cut = [](const std::vector<std::string>& wrapped) {
    return std::any_of(wrapped.begin(), wrapped.end(), [](const std::string& l) { return l.find("…") != std::string::npos; });
  };
  // At full size where its words wrap into the lines it has (presenter mode's Tiling tab drew a strided
  // gradInput's strides at 10 px because they were wider than the grid on one line); else smaller.
  const float nameFits = std::max(smallest, std::min(fs, fs * limit / width(g.grid.name, fs)));
  if (style.labelLinesWanted) {
    const std::vector<std::string> most = wrapAt(smallest, kMostLabelLines);
    *style.labelLinesWanted = cut(most) ? kMostLabelLines : static_cast<int>(most.size());
  }
  float size = nameFits;
  lines = wrapAt(size, kept);
  if (cut(lines)) {
    size = std::max(smallest, std::min(nameFits, fs * room / widest));
    lines = wrapAt(size, kept);
  }
  if (cut(lines) && fs * limit / widest < size) {
    size = std::max(smallest, fs * limit / widest * 0.98f);  // a line exactly as wide as the limit wrapped its last word
    lines = wrapAt(size, kept);
  }
  if (cut(lines) && size > smallest) {
    size = smallest;
    lines = wrapAt(size, kept);
  }
  if (logging()) {
    float longest = 0.0f;
    for (const std::string& l : lines) longest = std::max(longest, width(l, size));
    logMark(cat("label of ", g.grid.name, " ends at ", fmt::format("{:.0f}", static_cast<double>(x + longest)), " px"));
  }
  const float lineH = size * 1.1f;  // DejaVu's glyphs stand about 1.1 sizes tall: lines `size` apart touched
  float y = topLeft.y - 4.0f - lineH * static_cast<float>(lines.size());
  if (style.labelTopPx) *style.labelTopPx = y;
  const std::string name = lines[0].substr(0, std::min(g.grid.name.size(), lines[0].size()));
  // Each line on a plate of the canvas's colour: an answer arrow or a chip between the grids passes behind
  // the words, not through them (they are drawn in the layer under this one).
  canvas.layer(CanvasLayer::kTop);
  for (size_t i = 0; i < lines.size(); ++i) {
    const float top = y + lineH * static_cast<float>(i);
    dl->AddRectFilled(ImVec2(x - 2.0f, top), ImVec2(x + width(lines[i], size) + 2.0f, top + lineH), th.canvasBg);
  }
  drawText(dl, font, size, ImVec2(x, y), th.label, name.c_str());
  drawText(dl, font, size, ImVec2(x + width(name, size), y), th.labelDim, lines[0].c_str() + name.size());
  for (size_t i = 1; i < lines.size(); ++i) drawText(dl, font, size, ImVec2(x, y + lineH * static_cast<float>(i)), th.labelDim, lines[i].c_str());
}

// A cell's colour: its core's (the Tiling tab), its value's on the heat scale, or the neutral / empty colours;
// faded where the style dims it.
Rgba cellFill(const SceneGrid& g, const GridStyle& style, size_t i, float v, bool filled) {
  const Theme& th = theme();
  Rgba fill = th.emptyCell;
  if (style.colour == CellColour::kCores) {
    int32_t tile = i < g.tileOf.size() ? g.tileOf[i] : -1;
    int32_t core = (tile >= 0 && style.plan && tile < static_cast<int32_t>(style.plan->tiles.size()))
                       ? style.plan->tiles[static_cast<size_t>(tile)].core
                       : -1;
    fill = tile >= 0 ? (th.presenter ? lerp(coreColour(core), Rgba{255, 255, 255, 255}, 0.35f) : coreColourMuted(core))
                     : th.emptyCell;
  } else if (filled && g.grid.hasValues() && style.scale && !g.grid.isInteger()) {
    fill = style.scale->colour(v);
  } else if (g.grid.isInteger()) {
    fill = th.neutral;
  }
  const bool dim = style.dimmed && i < style.dimmed->size() && (*style.dimmed)[i];
  return dim ? faded(fill, th.presenter) : fill;
}

// A cell's value centred in it, or three dots where it does not fit (never a shortened number); the hatching
// of a shared cell stops short of the digits (its lines through ".203" read "/203").
void drawCellDigits(const Canvas& canvas, const SceneGrid& g, const GridDigits& digits, ImVec2 p0, float cellPx,
                    float v, Rgba fill, bool hatched, int64_t r, int64_t c) {
  ImDrawList* dl = canvas.drawList();
  const CellText t = formatCell(v, digits.format);
  const ImU32 tc = toImU32(readableTextOn(fill));
  if (t.fits) {
    ImVec2 ts = digits.font->CalcTextSizeA(digits.fontSize, 1e9f, 0.0f, t.text.c_str());
    const ImVec2 at(p0.x + (cellPx - ts.x) / 2, p0.y + (cellPx - ts.y) / 2);
    if (hatched) {
      dl->AddRectFilled(ImVec2(at.x - 2.0f, at.y), ImVec2(at.x + ts.x + 2.0f, at.y + ts.y), toImU32(fill), 2.0f);
      if (logging()) logMark(cat("hatching kept off ", g.grid.name, " (", r, ", ", c, ")"));
    }
    canvas.layer(CanvasLayer::kTop);
    dl->AddText(digits.font, digits.fontSize, at, tc, t.text.c_str());
    canvas.layer(CanvasLayer::kCells);
    if (logging()) logMark(cat(g.grid.name, " (", r, ", ", c, ") = ", t.text));  // which cell says what
  } else {  // too wide for the cell: three dots say "hover me", never a shortened number
    if (logging()) logMark(cat(g.grid.name, " (", r, ", ", c, ") = \u2022\u2022\u2022 for ", formatCell(v, NumberFormat{.integer = std::floor(v) == v && std::fabs(v) < 1e9f}).text));
    const float cy = p0.y + cellPx / 2, radius = std::max(1.0f, canvas.zoom() * 0.05f);
    canvas.layer(CanvasLayer::kTop);
    for (int k = -1; k <= 1; ++k) dl->AddCircleFilled(ImVec2(p0.x + cellPx / 2 + k * radius * 3.0f, cy), radius, tc);
    canvas.layer(CanvasLayer::kCells);
  }
}

// The visible cells [r0, r1) x [c0, c1), zoomed out below 2 px a cell (a 1024-wide grid) in blocks of
// step x step cells drawn as one rectangle in the colour of their first cell (the draw stays a few thousand
// rectangles whatever the grid size); with no digits, lines or gaps, as one image, a texel each (cell_images.h).
void drawCells(const Canvas& canvas, const SceneGrid& g, const GridStyle& style, const std::vector<float>& values,
               const GridDigits& digits, bool printValues, float gap) {
  ImDrawList* dl = canvas.drawList();
  const Theme& th = theme();
  const GridDims& d = g.grid.dims;
  const float z = canvas.zoom();
  const ImVec2 clipMin = canvas.origin();
  const ImVec2 clipMax(clipMin.x + canvas.size().x, clipMin.y + canvas.size().y);
  Point a = canvas.toScene(clipMin), b = canvas.toScene(clipMax);
  int64_t c0 = std::clamp<int64_t>(static_cast<int64_t>(std::floor(a.x - g.x)), 0, d.cols);
  int64_t c1 = std::clamp<int64_t>(static_cast<int64_t>(std::ceil(b.x - g.x)), 0, d.cols);
  const int64_t rowEnd = g.shownRowEnd();
  int64_t r0 = std::clamp<int64_t>(g.rowFirst + static_cast<int64_t>(std::floor(a.y - g.y)), g.rowFirst, rowEnd);
  int64_t r1 = std::clamp<int64_t>(g.rowFirst + static_cast<int64_t>(std::ceil(b.y - g.y)), g.rowFirst, rowEnd);
  const int64_t step = z >= 2.0f ? 1 : static_cast<int64_t>(std::ceil(2.0f / z));
  CellImageTextures* textures = cellImageTextures();
  const bool asImage = textures && step == 1 && gap == 0.0f && z < 8.0f && !printValues && c1 > c0 && r1 > r0;
  std::vector<ImU32> texels;
  if (asImage) texels.reserve(static_cast<size_t>((c1 - c0) * (r1 - r0)));
  canvas.layer(CanvasLayer::kCells);  // the digits go on top of what crosses the cells
  for (int64_t r = r0 - (r0 - g.rowFirst) % step; r < r1; r += step) {
    for (int64_t c = c0 - c0 % step; c < c1; c += step) {
      const size_t i = static_cast<size_t>(r * d.cols + c);
      ImVec2 p0 = canvas.toScreen({g.x + static_cast<float>(c), g.rowY(r)});
      const float bw = z * static_cast<float>(std::min(step, d.cols - c)), bh = z * static_cast<float>(std::min(step, rowEnd - r));
      const bool filled = !style.filled || (i < style.filled->size() && (*style.filled)[i]);
      const float v = i < values.size() ? values[i] : 0.0f;
      const Rgba fill = cellFill(g, style, i, v, filled);
      const ImU32 col = toImU32(fill);
      if (asImage) {
        texels.push_back(col);
        continue;
      }
      dl->AddRectFilled(p0, ImVec2(p0.x + bw - gap, p0.y + bh - gap), col);
      if (gap == 0.0f && z >= 8.0f) dl->AddRect(p0, ImVec2(p0.x + z, p0.y + z), th.gridLine);
      const bool hatched = style.colour == CellColour::kCores && i < g.tileCount.size() && g.tileCount[i] > 1 && z >= 8.0f;
      if (hatched) {
        // Shared by several tiles (atomic adds): diagonal hatching.
        const float w = th.presenter ? 2.0f : 1.0f;  // seen from the back of a room
        for (float k = 0.25f; k < 1.0f; k += 0.25f)
          dl->AddLine(ImVec2(p0.x + z * k, p0.y), ImVec2(p0.x, p0.y + z * k), IM_COL32(0, 0, 0, th.presenter ? 170 : 110), w);
      }
      if (printValues && filled) drawCellDigits(canvas, g, digits, p0, z - gap, v, fill, hatched, r, c);
    }
  }
  if (!asImage) return;
  const ImVec2 p0 = canvas.toScreen({g.x + static_cast<float>(c0), g.rowY(r0)});
  const ImVec2 p1 = canvas.toScreen({g.x + static_cast<float>(c1), g.rowY(r1)});
  if (ImTextureID texture = textures->upload(static_cast<int>(c1 - c0), static_cast<int>(r1 - r0), texels.data())) {
    dl->AddImage(texture, p0, p1);
  } else {  // no texture: the rectangles after all
    for (int64_t r = r0; r < r1; ++r) {
      for (int64_t c = c0; c < c1; ++c) {
        const ImVec2 at = canvas.toScreen({g.x + static_cast<float>(c), g.rowY(r)});
        dl->AddRectFilled(at, ImVec2(at.x + z, at.y + z), texels[static_cast<size_t>((r - r0) * (c1 - c0) + (c - c0))]);
      }
    }
  }
}

// A 3-D tensor's plane is its depth slices one under another (planeDims): a bar between two slices, and each
// slice's "d0", "d1", ... at its left where a line of text fits in it.
void drawDepthSlices(const Canvas& canvas, const SceneGrid& g) {
  const int64_t depth = g.grid.depthSlices();
  if (depth < 2) return;
  const int64_t rows = g.grid.dims.rows / depth;
  ImDrawList* dl = canvas.drawList();
  const Theme& th = theme();
  const float z = canvas.zoom();
  const float bar = std::max(2.0f, z * 0.14f);
  ImFont* f = uiFont();
  const float fs = std::min(f->FontSize, z * static_cast<float>(rows) * 0.8f);
  // A window of slices (Scene::depthFirst) draws its own: the bar goes between two of them.
  const auto [firstShown, endShown] = g.shownSlices();
  for (int64_t d = firstShown; d < endShown; ++d) {
    const float top = g.rowY(d * rows);
    if (d > firstShown) {
      const ImVec2 a = canvas.toScreen({g.x - 0.2f, top}), b = canvas.toScreen({g.x + g.width() + 0.2f, top});
      dl->AddLine(a, b, th.label, bar);
    }
    const std::string tag = cat("d", d);
    // A tag wider than the room the scene left ("d25" beside small cells) is set smaller to fit, down to the
    // least readable size; past that it would lie on the grid beside it, and is left out.
    const float wide = f->CalcTextSizeA(fs, 1e9f, 0.0f, tag.c_str()).x;
    const float size = std::min(fs, wide > 0.0f ? fs * (kDepthTagCells * z - 6.0f) / wide : fs);
    if (size < (th.presenter ? kPresenterDigitPx : 9.0f)) continue;
    const ImVec2 ts = f->CalcTextSizeA(size, 1e9f, 0.0f, tag.c_str());
    const ImVec2 mid = canvas.toScreen({g.x, top + 0.5f * static_cast<float>(rows)});
    drawText(dl, f, size, ImVec2(mid.x - ts.x - 6.0f, mid.y - ts.y * 0.5f), th.labelDim, tag.c_str());
  }
}

}  // namespace

std::optional<GridHover> drawGrid(const Canvas& canvas, const SceneGrid& g, int64_t plane, const GridStyle& style) {
  const float z = canvas.zoom();
  const float gap = z >= 12.0f ? std::max(1.0f, z * 0.04f) : 0.0f;
  const std::vector<float> own = style.values ? std::vector<float>() : g.grid.planeValues(plane);
  const std::vector<float>& values = style.values ? *style.values : own;
  const GridDigits digits = chooseDigits(g, values, z, gap);
  const bool printValues = style.showValues && digits.font && g.grid.hasValues();
  if (printValues && logging()) logMark(cat("digits of ", g.grid.name, ": ", static_cast<int>(digits.fontSize + 0.5f), " px"));
  bool rounded = false;  // some value is shown to fewer digits than it has: the label says how many
  if (printValues && !digits.format.integer) {
    for (float v : values) rounded = rounded || !formatCell(v, digits.format).exact;
  }
  if (style.label) drawGridLabel(canvas, g, plane, style, rounded ? digits.format.describe() : std::string());
  drawCells(canvas, g, style, values, digits, printValues, gap);
  canvas.layer(CanvasLayer::kTop);
  drawDepthSlices(canvas, g);
  if (style.plan && style.boxes != TileBoxes::kNone)
    drawTileBoxes(canvas, g, plane, *style.plan, style.boxes, style.buffer,
                  printValues ? digits.font->CalcTextSizeA(digits.fontSize, 1e9f, 0.0f, "0").y : 0.0f, gap);
  if (uimap::enabled()) {
    // The grid's place (a scenario clicks a cell at [(col + 0.5) / cols, (row + 0.5) / rows]) and how many of
    // its cells show a value other than 0.
    const ImVec2 a = canvas.toScreen({g.x, g.y}), b = canvas.toScreen({g.x + g.width(), g.y + g.height()});
    int64_t nonzero = 0;
    for (size_t i = 0; i < values.size(); ++i)
      nonzero += values[i] != 0.0f && (!style.filled || (i < style.filled->size() && (*style.filled)[i])) ? 1 : 0;
    uimap::rect("grid", g.grid.name, a, b, cat(static_cast<int64_t>(g.height()), "x", g.grid.dims.cols, ", ", nonzero, " nonzero"));
  }

  if (auto m = canvas.mouse()) {
    if (const auto cell = g.cellUnder(*m)) return GridHover{cell->first, cell->second};
  }
  return std::nullopt;
}

void outlineCell(const Canvas& canvas, const SceneGrid& g, int64_t row, int64_t col, ImU32 colour, float thickness) {
  if (!g.rowShown(row)) return;  // outside the depth slices shown
  ImVec2 p0 = canvas.toScreen({g.x + static_cast<float>(col), g.rowY(row)});
  const float z = canvas.zoom();
  canvas.drawList()->AddRect(ImVec2(p0.x - 1, p0.y - 1), ImVec2(p0.x + z + 1, p0.y + z + 1), colour, 0.0f, 0, thickness);
  if (logging()) logMark(cat("outlined ", g.grid.name, " (", row, ", ", col, ")"));
}

}  // namespace gradlab::viz
