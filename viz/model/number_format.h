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
// every finite value is one (or `integerTensor`), else 4 significant digits down to 1, with or without the
// leading zero (the same for the whole grid).
NumberFormat chooseNumberFormat(std::span<const float> values, bool integerTensor, int maxChars);

struct CellText {
  std::string text;  // the value under the format
  bool fits = true;  // false: wider than maxChars (draw a mark instead, show it on hover)
  bool exact = true;  // the text reads back as the same float
};
CellText formatCell(float value, const NumberFormat& format);

}  // namespace gradlab::viz
