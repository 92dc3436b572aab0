// Number fields that behave as a person expects: what is typed counts once the field is left, by Enter,
// by Tab or by a click elsewhere; Escape puts back the value in use; a - / + pair steps it. Whenever the
// field is not being edited it shows the value in use, never a stale or clamped copy.
#pragma once

#include <cstdint>

namespace gradlab::viz {

// An integer in [lo, hi]: typed values outside are clamped, text that is no number is dropped. Returns
// true when *value changed.
bool intField(const char* label, int64_t* value, int64_t lo, int64_t hi);
// A real number in [lo, hi]; `zeroText` is shown for 0 ("auto (0)"), and typing "auto" means 0.
bool realField(const char* label, double* value, double lo, double hi, double step, const char* zeroText);

}  // namespace gradlab::viz
