// Splitting a row of work units over cores: contiguous runs, one per core, that make the costliest run as
// cheap as it can be (the linear-partition problem). Exact: a binary search on the cost bound, each probe a
// greedy pass whose run ends are found by binary search in the prefix sums, so a split of a million units
// over 48 cores costs a few thousand prefix lookups. The runs are then spread over as many cores as there
// are units (up to `parts`) without raising that bound, where the cuts can be clean (below).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace gradlab::ops {

// `cum(u)`: the summed cost of units [0, u), non-decreasing, cum(0) = 0, for u in [0, units]. Returns
// boundaries 0 = b[0] < b[1] < ... < b[k] = units with k <= min(parts, units) ({0, 0} when there are no
// units), minimising the costliest run cum(b[i+1]) - cum(b[i]); k = min(parts, units) when every cut is
// clean.
//
// `clean(u)`: whether a cut before unit u costs nothing extra (scatter: it does not split the gradOutput
// rows of one gradInput row between two cores, which would take atomic adds). Among the splits with the
// least costliest run, cuts move up to three units to a clean place where they can.
template <typename Cum, typename Clean>
std::vector<int64_t> balancedRuns(int64_t units, int64_t parts, Cum cum, Clean clean) {
  if (units <= 0) return {0, 0};
  parts = std::max<int64_t>(1, std::min(parts, units));
  // The last end e in (s, units] with cum(e) - cum(s) <= bound (at least s + 1: a unit is never cut).
  // Searched from where units of the mean cost would end the run, widening by doubling steps: a few
  // lookups where a search over every unit would take twenty.
  const __int128 total = cum(units);
  auto runEnd = [&](int64_t s, __int128 bound) {
    const __int128 limit = cum(s) + bound;
    auto fits = [&](int64_t e) { return cum(e) <= limit; };
    int64_t lo = s + 1, hi = units;  // the answer lies in [lo, hi]; fits(lo), or lo = s + 1 (a lone unit)
    if (total > 0 && hi - lo > 8) {
      const int64_t guess = std::clamp<int64_t>(s + static_cast<int64_t>(bound * units / total), lo, hi);
      if (fits(guess)) {
        lo = guess;
        for (int64_t step = 1;; step *= 2) {
          if (lo + step > units) break;
          if (!fits(lo + step)) {
            hi = lo + step - 1;
            break;
          }
          lo += step;
        }
      } else {
        hi = guess - 1;
        for (int64_t step = 1;; step *= 2) {
          if (guess - step < s + 1) break;
          if (fits(guess - step)) {
            lo = guess - step;
            break;
          }
          hi = guess - step - 1;
        }
      }
    }
    while (lo < hi) {
      const int64_t mid = lo + (hi - lo + 1) / 2;
      if (fits(mid)) lo = mid;
      else hi = mid - 1;
    }
    return std::max(lo, s + 1);
  };
  auto runsFrom = [&](int64_t start, __int128 bound) {
    int64_t runs = 0;
    for (int64_t s = start; s < units && runs <= parts; s = runEnd(s, bound)) ++runs;
    return runs;
  };
  auto runsWithin = [&](__int128 bound) { return runsFrom(0, bound); };
  // The smallest bound under which the greedy pass needs at most `parts` runs. A bound below the costliest
  // unit still counts that unit as a run of its own, so the runs found cost max(bound, costliest unit),
  // which no split can beat.
  // Bracketed by the mean (no split beats it) and what cutting at the multiples of the mean costs (within
  // one unit of it): a few probes on big splits, where a search from 0 to the total would take fifty.
  __int128 lo = (total + parts - 1) / parts, hi = 0;
  for (int64_t k = 1, s = 0; k <= parts && s < units; ++k) {
    int64_t e = units;
    if (k < parts) {  // the first end whose prefix reaches k/parts of the total (at least one unit on)
      const __int128 target = total * k / parts;
      int64_t l = s + 1, h = units;
      while (l < h) {
        const int64_t mid = l + (h - l) / 2;
        if (cum(mid) >= target) h = mid;
        else l = mid + 1;
      }
      e = l;
    }
    hi = std::max(hi, cum(e) - cum(s));
    s = e;
  }
  lo = std::min(lo, hi);
  while (lo < hi) {
    const __int128 mid = lo + (hi - lo) / 2;
    if (runsWithin(mid) <= parts) hi = mid;
    else lo = mid + 1;
  }
  std::vector<int64_t> bounds{0};
  for (int64_t s = 0; s < units;) {
    int64_t e = runEnd(s, lo);
    const int64_t left = parts - static_cast<int64_t>(bounds.size());  // runs the rest may take
    for (int64_t back = e - 1; e < units && !clean(e) && back > s && back >= e - 3; --back) {
      if (clean(back) && runsFrom(back, lo) <= left) e = back;
    }
    bounds.push_back(s = e);
  }
  // Spread: split the costliest run that has two units or more at its most even clean cut, until every
  // core that can have a unit has one. Splitting never raises the costliest run; a run with no clean cut
  // stays whole (a core left idle there would only add shared rows, not finish sooner).
  std::vector<uint8_t> whole(bounds.size() - 1, 0);  // per run: no clean cut keeps it within the bound
  while (static_cast<int64_t>(bounds.size()) - 1 < parts) {
    size_t pick = bounds.size();
    __int128 worst = -1;
    for (size_t i = 0; i + 1 < bounds.size(); ++i) {
      const __int128 c = cum(bounds[i + 1]) - cum(bounds[i]);
      if (!whole[i] && bounds[i + 1] - bounds[i] >= 2 && c > worst) worst = c, pick = i;
    }
    if (pick == bounds.size()) break;
    const int64_t a = bounds[pick], b = bounds[pick + 1];
    auto larger = [&](int64_t c) { return std::max(cum(c) - cum(a), cum(b) - cum(c)); };
    int64_t cut = b - 1;  // the first cut whose left part holds half the run's cost or more
    for (int64_t l = a + 1, h = b - 1; l <= h;) {
      const int64_t mid = l + (h - l) / 2;
      if (2 * (cum(mid) - cum(a)) >= cum(b) - cum(a)) cut = mid, h = mid - 1;
      else l = mid + 1;
    }
    if (cut - 1 > a && larger(cut - 1) < larger(cut)) --cut;
    // Free units around the cut (equal prefix sums) move it for nothing: towards the middle of the run.
    const __int128 at = cum(cut);
    int64_t first = cut, last = cut;
    for (int64_t l = a + 1, h = cut; l <= h;) {  // the first cut with the same prefix
      const int64_t mid = l + (h - l) / 2;
      if (cum(mid) == at) first = mid, h = mid - 1;
      else l = mid + 1;
    }
    for (int64_t l = cut, h = b - 1; l <= h;) {  // the last
      const int64_t mid = l + (h - l) / 2;
      if (cum(mid) == at) last = mid, l = mid + 1;
      else h = mid - 1;
    }
    cut = std::clamp(a + (b - a) / 2, first, last);
    // Else the nearest clean cut that keeps both halves within the split's costliest run.
    if (!clean(cut)) {
      __int128 bound = 0;
      for (size_t i = 0; i + 1 < bounds.size(); ++i) bound = std::max(bound, cum(bounds[i + 1]) - cum(bounds[i]));
      int64_t found = -1;
      for (int64_t d = 1; found < 0 && (cut - d > a || cut + d < b); ++d) {
        if (cut - d > a && clean(cut - d) && larger(cut - d) <= bound) found = cut - d;
        else if (cut + d < b && clean(cut + d) && larger(cut + d) <= bound) found = cut + d;
      }
      if (found < 0) {
        whole[pick] = 1;
        continue;
      }
      cut = found;
    }
    bounds.insert(bounds.begin() + static_cast<std::ptrdiff_t>(pick) + 1, cut);
    whole.insert(whole.begin() + static_cast<std::ptrdiff_t>(pick) + 1, 0);
  }
  return bounds;
}

template <typename Cum>
std::vector<int64_t> balancedRuns(int64_t units, int64_t parts, Cum cum) {
  return balancedRuns(units, parts, cum, [](int64_t) { return true; });
}

}  // namespace gradlab::ops
