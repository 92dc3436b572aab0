#include "viz/model/simt_threads.h"

#include <algorithm>
#include <map>

#include "gradlab/cat.h"
#include "i18n/translate.h"
#include "viz/model/scene.h"

namespace gradlab::viz {
namespace {

bool sameWarp(const SimtThread& a, const SimtThread& b) { return a.core == b.core && a.pass == b.pass && a.warp == b.warp; }

}  // namespace

bool ThreadPlane::warpEdgeRight(int64_t row, int64_t col) const {
  return col + 1 < cols && !sameWarp(at(row, col), at(row, col + 1));
}

bool ThreadPlane::warpEdgeBelow(int64_t row, int64_t col) const {
  return row + 1 < rows && !sameWarp(at(row, col), at(row + 1, col));
}

std::optional<ThreadPlane> simtThreadsOf(const Plan& plan, int64_t plane, int64_t rows, int64_t cols) {
  const StrategyInfo* s = plan.strategyInfo();
  if (s == nullptr || s->threadOf == nullptr || rows <= 0 || cols <= 0) return std::nullopt;
  ThreadPlane t;
  t.rows = rows, t.cols = cols;
  t.warp = std::max<int32_t>(plan.profile.simtWarp, 1);
  t.cells.reserve(static_cast<size_t>(rows * cols));
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) {
      const std::optional<SimtThread> th = s->threadOf(plan, plane, r, c);
      if (!th) return std::nullopt;  // a copy (schedule 0) has no threads
      t.cells.push_back(*th);
    }
  }
  return t;
}

std::vector<std::string> simtCoreLines(const Plan& plan) {
  std::vector<std::string> lines;
  const StrategyInfo* s = plan.strategyInfo();
  if (s == nullptr || s->threadOf == nullptr || plan.simtThreads <= 0) return lines;
  const std::optional<SimtThread> first = s->threadOf(plan, 0, 0, 0);
  if (!first) return lines;
  // A core's run of gradInput cells (its tiles' boxes), once per plane (or batch item) its threads loop over.
  std::map<int32_t, int64_t> cells;
  for (const Tile& t : plan.tiles) cells[t.core] += t.dst.cells();
  const int64_t loop = std::max<int64_t>(first->planeLoop, 1);
  const int64_t warp = std::max<int32_t>(plan.profile.simtWarp, 1);
  const auto line = [&](int32_t from, int32_t to, int64_t run) {
    const std::string cores = from == to ? plan.coreName(from) : cat(plan.coreName(from), "\u2013", plan.coreId(to));
    const int64_t threads = std::min<int64_t>(run, plan.simtThreads);
    const int64_t warps = (threads + warp - 1) / warp, passes = (run + threads - 1) / std::max<int64_t>(threads, 1);
    const int64_t idle = warps * warp - threads;
    std::string text =
        passes > 1 ? i18n::trf("{0}: {1} cells each, {2} threads in {3} warps of {4}, {5} passes (the last takes {6} cells)", cores,
                               run, threads, warps, warp, passes, run - (passes - 1) * threads)
        : idle > 0 ? i18n::trf(warps == 1 ? "{0}: {1} cells each, {2} threads in {3} warp of {4} ({5} lanes idle)"
                                          : "{0}: {1} cells each, {2} threads in {3} warps of {4} ({5} lanes of the last one idle)",
                               cores, run, threads, warps, warp, idle)
                   : i18n::trf(warps == 1 ? "{0}: {1} cells each, {2} threads in {3} warp of {4}" : "{0}: {1} cells each, {2} threads in {3} warps of {4}",
                               cores, run, threads, warps, warp);
    if (loop > 1)
      text += i18n::trf(first->batchLoop ? "; each thread loops over {0} batch items" : "; each thread loops over {0} planes", loop);
    lines.push_back(std::move(text));
  };
  int32_t from = -1, to = -1;
  int64_t run = -1;
  for (const auto& [core, n] : cells) {
    const int64_t r = n / loop;
    if (r == run && core == to + 1) {
      to = core;
      continue;
    }
    if (from >= 0) line(from, to, run);
    from = to = core, run = r;
  }
  if (from >= 0) line(from, to, run);
  return lines;
}

}  // namespace gradlab::viz
