// One number format per grid: every cell of a grid shows the same number of significant digits (or whole
// numbers), chosen so that the values fit the cells. A value that still does not fit is marked, never cut
// to another number; its exact value is on hover.
#pragma once

#include <span>
#include <string>

namespace gradlab::viz {

struct NumberFormat {
  bool integer = false;     // whole numbers ("%lld")
  int digits = 4;           // significant digits ("%.Ng") when not integer
  bool dropLeadingZero = false;  // ".25" for "0.25", for every value of the grid alike
  int maxChars = 0;         // the cell's room in characters
  std::string describe() const;  // "whole numbers", "3 sig. digits"
};

// The richest format under which every value of `values` fits in `maxChars` characters: whole numbers when
// every finite value is one (or `integerTensor`), else 4 significant digits (or `minDigits`, if more) down
// to `minDigits`, with or without the leading zero (the same for the whole grid). Fewer than `minDigits`
// only where every value then reads back exactly (".5" for 0.5). Where none fits, the narrowest such
// format: what does not fit in it is marked.
NumberFormat chooseNumberFormat(std::span<const float> values, bool integerTensor, int maxChars, int minDigits = 1);

// The fewest significant digits under which `a` and `b` (different floats) print differently: 1 for 0.25 and
// 0.75, 3 for 0.812 and 0.815, up to 9 (every float is told apart at 9).
int digitsToTellApart(float a, float b);
// The fewest digits under which no two different values of one group read alike (a group: one adaptive
// pooling window, where ".8" twice, the argmax picking the second, reads as a broken tie rule). Sorts
// `values` in place; NaNs are left out.
int digitsToTellApartInGroup(std::span<float> values);

struct CellText {
  std::string text;  // the value under the format
  bool fits = true;  // false: wider than maxChars (draw a mark instead, show it on hover)
  bool exact = true;  // the text reads back as the same float
};
CellText formatCell(float value, const NumberFormat& format);

// `part` of `whole` as a percentage without the sign: whole percents from 1, one decimal below ("0.2"), "<0.1"
// below that, and "0" only for nothing: a share that is there never reads as none.
std::string percentText(double part, double whole);

}  // namespace gradlab::viz
