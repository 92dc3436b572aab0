// Breaking text into lines that fit a width, between words only: a number is never split (ImGui's own
// wrapping breaks after '.', which printed "0." and "003906" on two lines). A word wider than a whole line
// is cut where it must, at a character boundary.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace gradlab::viz {

using TextMeasure = std::function<float(std::string_view)>;  // the width of a piece of text

// Every paragraph ('\n') of `text` broken into lines no wider than `width` (a word wider than that on its own,
// cut). An empty paragraph is an empty line.
std::vector<std::string> wrapWords(std::string_view text, float width, const TextMeasure& measure);

// `text` on one line: whole when it fits `width`, else cut (whole characters) and ended with "…" within it.
std::string cutToWidth(std::string_view text, float width, const TextMeasure& measure);

// `text` on one line, cut in the middle where it must be: what it says up to its first ": " and as much of its
// end as fits ("session saved: …/gradlab-3.gradlab"), so that a path's file name stays whole; where that does
// not fit, the end alone ("…gradlab-3.gradlab"); cut at the end when not even the file's name fits.
std::string cutKeepingEnd(std::string_view text, float width, const TextMeasure& measure);

// The same, then at most `maxLines` lines: a line cut short (or the last one kept) ends in "…" within `width`.
std::vector<std::string> wrapWithEllipsis(std::string_view text, float width, int maxLines, const TextMeasure& measure);

}  // namespace gradlab::viz
