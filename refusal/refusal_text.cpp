// gradlab/refusal.h as text for a terminal (gradlab-cli --explain): the rule, the numbers, a small ASCII
// picture and the fixes; and the helpers of refusal_util.h.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <sstream>

#include <fmt/format.h>

#include "gradlab/refusal.h"
#include "i18n/translate.h"
#include "refusal_util.h"

namespace gradlab::refusal {
namespace detail {

std::string num(double v) {
  if (!std::isfinite(v)) return v != v ? "NaN" : v > 0 ? "inf" : "-inf";
  if (v == std::floor(v) && std::fabs(v) < 1e15) return std::to_string(static_cast<int64_t>(v));
  return fmt::format("{:.4g}", v);
}

std::string exact(double v) { return fmt::format("{:g}", v); }

int64_t cellCount(const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) {
    if (d <= 0) return 0;
    if (__builtin_mul_overflow(n, d, &n)) return std::numeric_limits<int64_t>::max();
  }
  return n;
}

std::string joinOr(const std::vector<std::string>& items) {
  if (items.size() < 2) return items.empty() ? std::string() : items.front();
  std::string head;
  for (size_t i = 0; i + 1 < items.size(); ++i) head += (i == 0 ? "" : ", ") + items[i];
  return i18n::trf("{0} or {1}", head, items.back());
}

size_t columns(std::string_view text) {
  // A character of U+3000 and up (lead byte 0xE3..0xEF: CJK ideographs and punctuation) is two columns
  // wide and three bytes long; every other byte counts one column, as it always did for English.
  size_t wide = 0;
  for (char c : text) {
    const unsigned char b = static_cast<unsigned char>(c);
    wide += b >= 0xE3 && b <= 0xEF;
  }
  return text.size() - wide;
}

}  // namespace detail

namespace {

using detail::columns;

constexpr int kBar = 44;  // characters of an ASCII gauge

bool isWide(unsigned char lead) { return lead >= 0xE3; }

// The pieces of one space-free word a line may break between: Chinese text has no spaces, so it may
// break before or after any wide character, but not before closing punctuation nor after opening one.
// A word without wide characters is one piece.
std::vector<std::string> breakable(const std::string& word) {
  static const std::string_view closing[] = {"，", "。", "：", "；", "、", "！", "？", "）", "」", "』", "》",
                                             "”",  "’",  ",",  ".",  ":",  ";",  "!",  "?",  ")",  "]"};
  static const std::string_view opening[] = {"（", "「", "『", "《", "“", "‘", "(", "["};
  std::vector<std::string> chars;
  for (size_t i = 0; i < word.size();) {
    const unsigned char b = static_cast<unsigned char>(word[i]);
    const size_t len = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
    chars.push_back(word.substr(i, len));
    i += len;
  }
  std::vector<std::string> pieces;
  for (size_t i = 0; i < chars.size(); ++i) {
    bool cut = false;
    if (i > 0) {
      const std::string& prev = chars[i - 1];
      const std::string& cur = chars[i];
      cut = isWide(static_cast<unsigned char>(prev[0])) || isWide(static_cast<unsigned char>(cur[0]));
      for (std::string_view c : closing) cut = cut && cur != c;
      for (std::string_view o : opening) cut = cut && prev != o;
    }
    if (pieces.empty() || cut) pieces.emplace_back();
    pieces.back() += chars[i];
  }
  return pieces;
}

// Greedy word wrap; every line starts with `indent`. Widths in terminal columns (a Chinese character is
// two), which is the byte count for English.
void wrap(std::ostringstream& out, const std::string& text, const std::string& indent, int width) {
  std::istringstream words(text);
  std::string word, line;
  const size_t room = static_cast<size_t>(std::max(20, width - static_cast<int>(columns(indent))));
  while (words >> word) {
    bool first = true;
    for (const std::string& piece : breakable(word)) {
      const size_t gap = first && !line.empty() ? 1 : 0;
      if (!line.empty() && columns(line) + gap + columns(piece) > room) {
        out << indent << line << "\n";
        line.clear();
      }
      line += (first && !line.empty() ? " " : "") + piece;
      first = false;
    }
  }
  if (!line.empty()) out << indent << line << "\n";
}

void gaugeText(std::ostringstream& out, std::span<const Gauge> gauges, size_t index) {
  const Gauge& g = gauges[index];
  const GaugeScale scale = gaugeScale(gauges, index);
  auto col = [&](double x) { return std::clamp(static_cast<int>(std::lround(scale.at(x) * (kBar - 1))), 0, kBar - 1); };
  // The number each column stands for, to colour it legal or not.
  auto at = [&](int i) {
    const double t = static_cast<double>(i) / (kBar - 1);
    return scale.log ? std::pow(10.0, std::log10(scale.a) + t * (std::log10(scale.b) - std::log10(scale.a)))
                     : scale.a + t * (scale.b - scale.a);
  };
  const int limitCol = col(g.limit), valueCol = col(g.value);
  const int origin = scale.log ? 0 : col(0.0);
  std::string bar(kBar, ' ');
  for (int i = 0; i < kBar; ++i) {
    const bool inBar = i >= std::min(origin, valueCol) && i <= std::max(origin, valueCol);
    if (g.low) bar[static_cast<size_t>(i)] = gaugeLegal(g, at(i)) ? '.' : ' ';
    else if (inBar) bar[static_cast<size_t>(i)] = gaugeLegal(g, at(i)) ? '=' : '!';
  }
  bar[static_cast<size_t>(limitCol)] = '|';
  if (g.low) bar[static_cast<size_t>(col(*g.low))] = '|';
  if (g.low) bar[static_cast<size_t>(valueCol)] = gaugeLegal(g, g.value) ? 'o' : 'X';
  out << "  " << g.label << (g.offending ? std::string("  ") + i18n::tr("<- breaks the rule") : std::string()) << "\n";
  out << "    " << (scale.cut ? "~" : "[") << bar << "]  " << g.valueText << "  ";
  if (g.low) out << i18n::trf("(legal {0} .. {1})", g.lowText, g.limitText);
  else out << (g.atMost ? i18n::trf("(at most {0})", g.limitText) : i18n::trf("(at least {0})", g.limitText));
  out << "\n";
  if (scale.cut) out << "     " << i18n::trf("(~: the bar starts at {0}, not 0, to show the excess)", detail::num(scale.a)) << "\n";
}

void shapesText(std::ostringstream& out, const std::vector<ShapeView>& shapes) {
  size_t nameWidth = 0;
  for (const ShapeView& s : shapes) nameWidth = std::max(nameWidth, columns(s.name));
  for (const ShapeView& s : shapes) {
    std::string line = "  " + s.name + std::string(nameWidth - columns(s.name) + 2, ' ');
    std::string marks(columns(line), ' ');
    bool anyMark = false;
    for (size_t i = 0; i < s.dims.size(); ++i) {
      const std::string item = (i < s.axes.size() ? s.axes[i] + "=" : "") + std::to_string(s.dims[i]);
      const bool marked = i < s.marked.size() && s.marked[i];
      anyMark |= marked;
      line += item + "  ";
      marks += std::string(columns(item), marked ? '^' : ' ') + "  ";
    }
    out << line << (s.note.empty() ? std::string() : i18n::trf("({0})", s.note)) << "\n";
    if (anyMark) out << marks.substr(0, marks.find_last_not_of(' ') + 1) << "\n";
  }
}

void planeText(std::ostringstream& out, const PlaneView& p, int width) {
  const int64_t first = std::min<int64_t>(0, p.row), last = std::max(p.rows - 1, p.row);
  const bool small = p.cols <= 24 && p.rows <= 12 && p.row >= -6 && p.row <= p.rows + 6;
  if (!small) {
    const char* pattern = p.row < 0 ? "plane {0}x{1} (rows 0..{2}); {3} = {4} points at row {5}, col {6}, above the "
                                       "first row; its window: rows {7}..{8}, cols {9}..{10}"
                                     : "plane {0}x{1} (rows 0..{2}); {3} = {4} points at row {5}, col {6}, below the "
                                       "last row; its window: rows {7}..{8}, cols {9}..{10}";
    wrap(out,
         i18n::trf(pattern, p.rows, p.cols, p.rows - 1, p.cell, p.index, p.row, p.col, p.winRow0, p.winRow1 - 1,
                   p.winCol0, p.winCol1 - 1),
         "  ", width);
    return;
  }
  const std::string border = "       +" + std::string(static_cast<size_t>(2 * p.cols + 1), '-') + "+";
  for (int64_t r = first; r <= last; ++r) {
    if (r == 0) out << border << "\n";
    const bool inside = r >= 0 && r < p.rows;
    std::string line = fmt::format("  {:4} {}", r, inside ? "|" : " ");
    for (int64_t c = 0; c < p.cols; ++c) {
      const bool window = r >= p.winRow0 && r < p.winRow1 && c >= p.winCol0 && c < p.winCol1;
      const char cell = r == p.row && c == p.col ? 'X' : !inside ? ' ' : window ? 'o' : '.';
      line += std::string(" ") + cell;
    }
    line += inside ? " |" : "  ";
    if (r == p.row) line += "  <- " + p.cell + " = " + std::to_string(p.index);
    out << line.substr(0, line.find_last_not_of(' ') + 1) << "\n";
    if (r == p.rows - 1) out << border << "\n";
  }
  out << "  " << i18n::tr("(o: the window of the gradOutput cell, X: where the index points)") << "\n";
}

void choicesText(std::ostringstream& out, const Choices& c) {
  std::string list;
  for (const std::string& a : c.allowed) list += (list.empty() ? "" : " | ") + a;
  // "allowed:" and "asked:" padded to one width, so the given value sits under the list.
  std::string allowed = i18n::tr("allowed:"), asked = i18n::tr("asked:");
  const size_t labels = std::max(columns(allowed), columns(asked));
  allowed += std::string(labels - columns(allowed), ' ');
  asked += std::string(labels - columns(asked), ' ');
  out << "  " << c.what << " " << allowed << " " << list << "\n";
  out << "  " << std::string(columns(c.what), ' ') << " " << asked << " " << c.given << "   "
      << i18n::tr("<- not in the list") << "\n";
}

}  // namespace

double GaugeScale::at(double x) const {
  const double lo = log ? std::log10(a) : a, hi = log ? std::log10(b) : b;
  const double v = log ? std::log10(std::max(x, a)) : x;
  return std::clamp((v - lo) / (hi - lo), 0.0, 1.0);
}

GaugeScale gaugeScale(const Gauge& g) {
  GaugeScale s;
  const double low = g.low.value_or(g.limit);
  s.log = g.logScale && g.value > 0.0 && g.limit > 0.0 && low > 0.0;
  if (s.log) {
    s.a = std::min({g.value, low, g.limit}) / 4.0;
    s.b = std::max({g.value, low, g.limit}) * 4.0;
    return s;
  }
  if (!g.low && g.atMost && g.limit > 0.0 && g.value > g.limit && g.value - g.limit < 0.05 * g.limit) {
    const double over = g.value - g.limit;  // too thin to see from 0: zoom in around the limit
    s.a = g.limit - 6.0 * over;
    s.b = g.value + 2.0 * over;
    s.cut = true;
    return s;
  }
  double a = std::min({0.0, g.value, low, g.limit}), b = std::max({g.value, low, g.limit});
  const double span = b - a > 0.0 ? b - a : 1.0;
  if (a < 0.0) a -= 0.15 * span;
  s.a = a;
  s.b = b + 0.15 * span;
  return s;
}

GaugeScale gaugeScale(std::span<const Gauge> gauges, size_t i) {
  const Gauge& g = gauges[i];
  const bool shared = std::all_of(gauges.begin(), gauges.end(), [&](const Gauge& o) {
    return o.limit == g.limit && o.low == g.low && o.atMost == g.atMost && o.logScale == g.logScale;
  });
  if (!shared || gauges.size() == 1) return gaugeScale(g);
  // One axis for every value: the union of the scales of the smallest and the largest.
  Gauge lowest = g, highest = g;
  for (const Gauge& o : gauges) {
    lowest.value = std::min(lowest.value, o.value);
    highest.value = std::max(highest.value, o.value);
  }
  const GaugeScale a = gaugeScale(lowest), b = gaugeScale(highest);
  GaugeScale s;
  s.a = std::min(a.a, b.a);
  s.b = std::max(a.b, b.b);
  s.log = a.log && b.log;
  s.cut = a.cut && b.cut;
  return s;
}

bool gaugeLegal(const Gauge& g, double x) {
  if (g.low && x < *g.low) return false;
  return g.atMost ? x <= g.limit : x >= g.limit;
}

std::string text(const Explanation& e, int width) {
  if (!e.refused) return {};
  std::ostringstream out;
  const bool inStage = !e.stage.empty() && e.stage != "device";
  if (e.stage == "device") out << i18n::tr("explain: device settings refused");
  else if (!e.codeName.empty() && inStage) out << i18n::trf("explain: {0} ({1}) in {2}", e.codeName, e.status, e.stage);
  else if (!e.codeName.empty()) out << i18n::trf("explain: {0} ({1})", e.codeName, e.status);
  else if (e.status != 0 && inStage) out << i18n::trf("explain: status {0} in {1}", e.status, e.stage);
  else if (e.status != 0) out << i18n::trf("explain: status {0}", e.status);
  else if (inStage) out << i18n::trf("explain: refused in {0}", e.stage);
  else out << i18n::tr("explain: refused");
  out << "\n";
  if (!e.matched) {
    wrap(out,
         i18n::tr("No rule of the explainer's table matches this refusal, so there is nothing to draw: the code and "
                  "the library's sentence are all that is known."),
         "  ", width);
    wrap(out, e.message, "  | ", width);
    return out.str();
  }
  out << i18n::trf("rule: {0} [{1}]", e.rule, e.ruleId) << "\n";
  wrap(out, e.plain, "  ", width);
  out << i18n::tr("your numbers:") << "\n";
  for (const std::string& n : e.numbers) wrap(out, n, "  ", width);
  if (e.picture.kind != PictureKind::kNone) {
    out << i18n::tr("picture:") << "\n";
    switch (e.picture.kind) {
      case PictureKind::kGauges:
        for (size_t i = 0; i < e.picture.gauges.size(); ++i) gaugeText(out, e.picture.gauges, i);
        break;
      case PictureKind::kShapes: shapesText(out, e.picture.shapes); break;
      case PictureKind::kPlane: planeText(out, e.picture.plane, width); break;
      case PictureKind::kChoices: choicesText(out, e.picture.choices); break;
      case PictureKind::kNone: break;
    }
    if (!e.picture.caption.empty()) wrap(out, i18n::trf("({0})", e.picture.caption), "  ", width);
  }
  out << i18n::tr("to make it legal:") << "\n";
  for (const std::string& f : e.fixes) wrap(out, "- " + f, "  ", width);
  return out.str();
}

}  // namespace gradlab::refusal
