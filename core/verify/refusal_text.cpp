// gradlab/refusal.h as text for a terminal (gradlab-cli --explain): the rule, the numbers, a small ASCII
// picture and the fixes; and the helpers of refusal_util.h.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

#include "gradlab/refusal.h"
#include "verify/refusal_util.h"

namespace gradlab::refusal {
namespace detail {

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

std::string num(double v) {
  if (!std::isfinite(v)) return v != v ? "NaN" : v > 0 ? "inf" : "-inf";
  if (v == std::floor(v) && std::fabs(v) < 1e15) return std::to_string(static_cast<int64_t>(v));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

std::string exact(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

std::string bytesText(double bytes) {
  if (bytes >= 1024.0 * 1024.0 && std::fmod(bytes, 1024.0 * 1024.0) == 0.0) return num(bytes / (1024.0 * 1024.0)) + " MiB";
  if (bytes >= 1024.0) return num(bytes / 1024.0) + " KiB";
  return num(bytes) + " B";
}

int64_t cellCount(const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) {
    if (d <= 0) return 0;
    if (__builtin_mul_overflow(n, d, &n)) return std::numeric_limits<int64_t>::max();
  }
  return n;
}

const char* aclDtypeName(aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT: return "FLOAT";
    case ACL_FLOAT16: return "FLOAT16";
    case ACL_BF16: return "BF16";
    case ACL_DOUBLE: return "DOUBLE";
    case ACL_INT8: return "INT8";
    case ACL_UINT8: return "UINT8";
    case ACL_INT16: return "INT16";
    case ACL_UINT16: return "UINT16";
    case ACL_INT32: return "INT32";
    case ACL_UINT32: return "UINT32";
    case ACL_INT64: return "INT64";
    case ACL_UINT64: return "UINT64";
    case ACL_BOOL: return "BOOL";
    default: return "UNKNOWN";
  }
}

std::string joinOr(const std::vector<std::string>& items) {
  std::string s;
  for (size_t i = 0; i < items.size(); ++i) s += (i == 0 ? "" : i + 1 == items.size() ? " or " : ", ") + items[i];
  return s;
}

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::string trim(const std::string& text) {
  size_t b = 0, e = text.size();
  while (b < e && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
  return text.substr(b, e - b);
}

bool parseBytes(const std::string& text, uint64_t* out) {
  size_t digits = 0;
  uint64_t v = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) {
    if (v > (std::numeric_limits<uint64_t>::max() - 9) / 10) return false;
    v = v * 10 + static_cast<uint64_t>(text[digits++] - '0');
  }
  if (digits == 0) return false;
  const std::string suffix = lower(text.substr(digits));
  const uint64_t scale = suffix.empty()                                          ? 1
                         : suffix == "k" || suffix == "kb" || suffix == "kib"   ? 1024
                         : suffix == "m" || suffix == "mb" || suffix == "mib"   ? 1024 * 1024
                                                                                : 0;
  if (scale == 0 || v > std::numeric_limits<uint64_t>::max() / scale) return false;
  *out = v * scale;
  return true;
}

}  // namespace detail

namespace {

constexpr int kBar = 44;  // characters of an ASCII gauge

// Greedy word wrap; every line starts with `indent`.
void wrap(std::ostringstream& out, const std::string& text, const std::string& indent, int width) {
  std::istringstream words(text);
  std::string word, line;
  const size_t room = static_cast<size_t>(std::max(20, width - static_cast<int>(indent.size())));
  while (words >> word) {
    if (!line.empty() && line.size() + 1 + word.size() > room) {
      out << indent << line << "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
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
  out << "  " << g.label << (g.offending ? "  <- breaks the rule" : "") << "\n";
  out << "    " << (scale.cut ? "~" : "[") << bar << "]  " << g.valueText;
  if (g.low) out << "  (legal " << g.lowText << " .. " << g.limitText << ")";
  else out << (g.atMost ? "  (at most " : "  (at least ") << g.limitText << ")";
  out << "\n";
  if (scale.cut) out << "     (~: the bar starts at " << detail::num(scale.a) << ", not 0, to show the excess)\n";
}

void shapesText(std::ostringstream& out, const std::vector<ShapeView>& shapes) {
  size_t nameWidth = 0;
  for (const ShapeView& s : shapes) nameWidth = std::max(nameWidth, s.name.size());
  for (const ShapeView& s : shapes) {
    std::string line = "  " + s.name + std::string(nameWidth - s.name.size() + 2, ' ');
    std::string marks(line.size(), ' ');
    bool anyMark = false;
    for (size_t i = 0; i < s.dims.size(); ++i) {
      const std::string item = (i < s.axes.size() ? s.axes[i] + "=" : "") + std::to_string(s.dims[i]);
      const bool marked = i < s.marked.size() && s.marked[i];
      anyMark |= marked;
      line += item + "  ";
      marks += std::string(item.size(), marked ? '^' : ' ') + "  ";
    }
    out << line << (s.note.empty() ? "" : "(" + s.note + ")") << "\n";
    if (anyMark) out << marks.substr(0, marks.find_last_not_of(' ') + 1) << "\n";
  }
}

void planeText(std::ostringstream& out, const PlaneView& p, int width) {
  const int64_t first = std::min<int64_t>(0, p.row), last = std::max(p.rows - 1, p.row);
  const bool small = p.cols <= 24 && p.rows <= 12 && p.row >= -6 && p.row <= p.rows + 6;
  if (!small) {
    std::ostringstream line;
    line << "plane " << p.rows << "x" << p.cols << " (rows 0.." << p.rows - 1 << "); " << p.cell << " = " << p.index
         << " points at row " << p.row << ", col " << p.col << ", " << (p.row < 0 ? "above the first row" : "below the last row")
         << "; its window: rows " << p.winRow0 << ".." << p.winRow1 - 1 << ", cols " << p.winCol0 << ".." << p.winCol1 - 1;
    wrap(out, line.str(), "  ", width);
    return;
  }
  const std::string border = "       +" + std::string(static_cast<size_t>(2 * p.cols + 1), '-') + "+";
  for (int64_t r = first; r <= last; ++r) {
    if (r == 0) out << border << "\n";
    const bool inside = r >= 0 && r < p.rows;
    char label[32];
    std::snprintf(label, sizeof label, "  %4lld ", static_cast<long long>(r));
    std::string line = std::string(label) + (inside ? "|" : " ");
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
  out << "  (o: the window of the gradOutput cell, X: where the index points)\n";
}

void choicesText(std::ostringstream& out, const Choices& c) {
  std::string list;
  for (const std::string& a : c.allowed) list += (list.empty() ? "" : " | ") + a;
  out << "  " << c.what << " allowed: " << list << "\n";
  out << "  " << std::string(c.what.size(), ' ') << " asked:   " << c.given << "   <- not in the list\n";
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
  out << "explain: ";
  if (e.stage == "device") out << "device settings refused";
  else if (!e.codeName.empty()) out << e.codeName << " (" << e.status << ")";
  else if (e.status != 0) out << "status " << e.status;
  else out << "refused";
  if (!e.stage.empty() && e.stage != "device") out << " in " << e.stage;
  out << "\n";
  if (!e.matched) {
    wrap(out,
         "No rule of the explainer's table matches this refusal, so there is nothing to draw: the code and the "
         "library's sentence are all that is known.",
         "  ", width);
    wrap(out, e.message, "  | ", width);
    return out.str();
  }
  out << "rule: " << e.rule << " [" << e.ruleId << "]\n";
  wrap(out, e.plain, "  ", width);
  out << "your numbers:\n";
  for (const std::string& n : e.numbers) wrap(out, n, "  ", width);
  if (e.picture.kind != PictureKind::kNone) {
    out << "picture:\n";
    switch (e.picture.kind) {
      case PictureKind::kGauges:
        for (size_t i = 0; i < e.picture.gauges.size(); ++i) gaugeText(out, e.picture.gauges, i);
        break;
      case PictureKind::kShapes: shapesText(out, e.picture.shapes); break;
      case PictureKind::kPlane: planeText(out, e.picture.plane, width); break;
      case PictureKind::kChoices: choicesText(out, e.picture.choices); break;
      case PictureKind::kNone: break;
    }
    if (!e.picture.caption.empty()) wrap(out, "(" + e.picture.caption + ")", "  ", width);
  }
  out << "to make it legal:\n";
  for (const std::string& f : e.fixes) wrap(out, "- " + f, "  ", width);
  return out.str();
}

}  // namespace gradlab::refusal
