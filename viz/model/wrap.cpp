#include "viz/model/wrap.h"

#include <algorithm>

namespace gradlab::viz {
namespace {

constexpr std::string_view kEllipsis = "…";

size_t charLength(unsigned char lead) { return lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1; }

// The longest prefix of `word` (whole UTF-8 characters, at least one) no wider than `width`.
size_t fittingPrefix(std::string_view word, float width, const TextMeasure& measure) {
  size_t end = 0;
  while (end < word.size()) {
    const size_t next = std::min(word.size(), end + charLength(static_cast<unsigned char>(word[end])));
    if (end > 0 && measure(word.substr(0, next)) > width) break;
    end = next;
  }
  return end;
}

// `s` shortened by whole characters until it and "…" fit `width`, then "…".
std::string withEllipsis(std::string s, float width, const TextMeasure& measure) {
  while (!s.empty() && measure(s + std::string(kEllipsis)) > width) {
    while (!s.empty() && (static_cast<unsigned char>(s.back()) & 0xC0) == 0x80) s.pop_back();
    if (!s.empty()) s.pop_back();
  }
  return s + std::string(kEllipsis);
}

}  // namespace

namespace {

// Where a line may break: between words, and (Chinese has no spaces) between any two CJK characters,
// except before closing punctuation or after opening punctuation, which stay with their neighbour.
struct Unit {
  std::string_view text;
  size_t spacesBefore = 0;  // kept as written, as between words
};

bool isCjk(std::string_view cp) { return !cp.empty() && static_cast<unsigned char>(cp[0]) >= 0xE3; }  // U+3000 on
bool closesCjk(std::string_view cp) {
  for (std::string_view p : {"，", "。", "：", "；", "！", "？", "、", "）", "」", "』", "》", "…"})
    if (cp == p) return true;
  return false;
}
bool opensCjk(std::string_view cp) {
  for (std::string_view p : {"（", "「", "『", "《"})
    if (cp == p) return true;
  return false;
}

std::vector<Unit> breakUnits(std::string_view paragraph) {
  std::vector<Unit> units;
  size_t spaces = 0;
  bool glueNext = false, lastCjk = false;
  for (size_t i = 0; i < paragraph.size();) {
    if (paragraph[i] == ' ') {
      ++spaces, ++i;
      continue;
    }
    const size_t len = std::min(charLength(static_cast<unsigned char>(paragraph[i])), paragraph.size() - i);
    const std::string_view cp = paragraph.substr(i, len);
    const bool cjk = isCjk(cp);
    if (units.empty() || spaces > 0 || (!glueNext && !closesCjk(cp) && (cjk || lastCjk))) {
      units.push_back({cp, spaces});
    } else {
      Unit& u = units.back();
      u.text = std::string_view(u.text.data(), u.text.size() + len);
    }
    glueNext = opensCjk(cp);
    lastCjk = cjk;
    spaces = 0;
    i += len;
  }
  if (units.empty()) units.push_back({std::string_view(), 0});
  if (spaces > 0) units.push_back({std::string_view(), spaces});  // trailing spaces, as written
  return units;
}

}  // namespace

std::vector<std::string> wrapWords(std::string_view text, float width, const TextMeasure& measure) {
  std::vector<std::string> lines;
  while (true) {
    const size_t newline = text.find('\n');
    std::string line;
    for (const Unit& unit : breakUnits(text.substr(0, newline))) {
      std::string_view word = unit.text;
      std::string candidate = line;
      candidate.append(unit.spacesBefore, ' ');
      candidate.append(word.data(), word.size());
      if (measure(candidate) <= width) {
        line = std::move(candidate);
        continue;
      }
      if (!line.empty()) lines.push_back(std::move(line));
      line.clear();
      while (measure(word) > width) {  // only a word wider than a whole line is cut
        const size_t cut = fittingPrefix(word, width, measure);
        lines.emplace_back(word.substr(0, cut));
        word = word.substr(cut);
      }
      line = std::string(word);
    }
    lines.push_back(std::move(line));
    if (newline == std::string_view::npos) break;
    text = text.substr(newline + 1);
  }
  return lines;
}

std::string cutToWidth(std::string_view text, float width, const TextMeasure& measure) {
  return measure(text) <= width ? std::string(text) : withEllipsis(std::string(text), width, measure);
}

std::string cutKeepingEnd(std::string_view text, float width, const TextMeasure& measure) {
  if (measure(text) <= width) return std::string(text);
  // The longest end of `text` (from at least `from`, whole characters) after `head` + "…", starting at or
  // before `latest`; "" when none fits.
  const auto longestEnd = [&](const std::string& head, size_t from, size_t latest) -> std::string {
    for (size_t at = from; at < text.size() && at <= latest; ++at) {
      if ((static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) continue;  // inside a UTF-8 character
      std::string cut = head + "\u2026" + std::string(text.substr(at));
      if (measure(cut) <= width) return cut;
    }
    return "";
  };
  const size_t colon = text.find(": ");
  const size_t slash = text.rfind('/');
  const size_t name = slash == std::string_view::npos ? text.size() : slash + 1;  // a path's file name starts here
  // What it says and the file's whole name; else the file's name (and what of its path fits) alone.
  if (colon != std::string_view::npos) {
    const std::string head(text.substr(0, colon + 2));
    if (std::string cut = longestEnd(head, head.size() + 1, name); !cut.empty()) return cut;
  }
  if (std::string cut = longestEnd("", 1, name); !cut.empty()) return cut;
  return withEllipsis(std::string(text), width, measure);
}

std::vector<std::string> wrapWithEllipsis(std::string_view text, float width, int maxLines, const TextMeasure& measure) {
  std::vector<std::string> lines = wrapWords(text, width, measure);
  if (maxLines > 0 && static_cast<int>(lines.size()) > maxLines) {
    lines.resize(static_cast<size_t>(maxLines));
    lines.back() = withEllipsis(lines.back(), width, measure);
  }
  return lines;
}

}  // namespace gradlab::viz
