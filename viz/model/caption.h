// Lesson captions that are true of their run. A caption states a number that depends on the run only
// through a placeholder, filled from the run when the step is shown:
//   {imbalance}          the plan's busiest core time over the mean (two decimals)
//   {cores}              cores that got work           {tiles}  tiles of the plan
//   {moves}              gradient moves on the plane shown
//   {adds GRID[r, c]}    adds that cell of the plane shown receives     {value GRID[r, c]}  what it holds
//   {once answered: TEXT}  TEXT only once the step's question is answered: while it is open, the view
//                        holds back what TEXT describes (core colours, hatching, what a hover shows)
// A statement a caption makes in words is declared as a claim beside it, and the tests check every
// claim of every shipped lesson against its run:
//   "claims": [{"cell": "gradInput[4, 3]", "adds": 2}, {"cell": "out[1, 2]", "tie": true}]
// ("tie": adaptive pooling's window of that pooled cell has its maximum in two cells or more).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "viz/model/scene.h"

namespace gradlab::viz {

struct CaptionClaim {
  std::string cell;              // "GRID[r, c]" of the plane shown ("" for a claim about the plan)
  std::optional<int64_t> adds;   // the cell receives exactly this many adds
  std::optional<bool> tie;       // its pooling window's maximum is (or is not) shared
  std::optional<bool> tilesCrossPlanes;  // some tile of the plan covers parts of two planes (or none does)
  std::optional<bool> coresWait;  // in "cores in parallel" pacing some core's first move waits for another core's add
  std::string planSays;          // the plan's strategy line (its English words) contains this ("schedule 1 (")
};

// The caption with its placeholders filled from the run. An unknown placeholder or a cell that is not in the
// scene leaves "?" in the text and a reason in `error` (the first one).
// `questionOpen`: the step's question waits for an answer (its `{once answered: ...}` parts are left out).
std::string fillCaption(const std::string& caption, const Scene& scene, bool questionOpen, std::string* error);

// Why a claim is false of the run ("" when it holds).
std::string claimFailure(const CaptionClaim& claim, const Scene& scene);

}  // namespace gradlab::viz
