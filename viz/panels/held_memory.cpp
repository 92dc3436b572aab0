#include "viz/panels/held_memory.h"

#include <algorithm>

#include "viz/panels/app_state.h"

namespace gradlab::viz {
namespace {

template <typename T>
uint64_t bytesOf(const std::vector<T>& v) {
  return v.capacity() * sizeof(T);
}

template <typename T>
uint64_t bytesOf(const Cells<T>& c) {
  return c.size() * sizeof(T);
}

uint64_t bytesOf(const HostTensor& t) { return bytesOf(t.values) + bytesOf(t.ints); }

// Whether a grid shows cells a tensor of the run holds already (shared, not copied).
bool sharedWithRun(const RunResult& result, const void* data) {
  for (const auto* list : {&result.inputs, &result.outputs}) {
    for (const HostTensor& t : *list) {
      if (data != nullptr && (data == t.values.data() || data == t.ints.data())) return true;
    }
  }
  return false;
}

// The heap block of a short list: malloc's smallest chunk (glibc: 32 bytes on 64-bit hosts).
constexpr uint64_t kSmallBlockBytes = 32;
// A plane cell's lists (moves from, moves to: two vector headers, each with a small block) and its tile marks.
constexpr uint64_t kPlaneCellBytes = 2 * (sizeof(std::vector<uint32_t>) + kSmallBlockBytes) + sizeof(int32_t) + 1;
// A move of the shown plane: its index and its animated flight.
constexpr uint64_t kPlaneMoveBytes = sizeof(uint32_t) + sizeof(AnimatedMove);

}  // namespace

uint64_t heldBytes(const RunView& run) {
  uint64_t bytes = 0;
  for (const HostTensor& t : run.result.inputs) bytes += bytesOf(t);
  for (const HostTensor& t : run.result.outputs) bytes += bytesOf(t);
  const Scene& scene = run.scene;
  for (const SceneGrid& g : scene.grids) {
    if (!sharedWithRun(run.result, g.grid.values.data())) bytes += bytesOf(g.grid.values);
    if (!sharedWithRun(run.result, g.grid.ints.data())) bytes += bytesOf(g.grid.ints);
    bytes += bytesOf(g.tileOf) + bytesOf(g.tileCount);
  }
  bytes += bytesOf(scene.planeMoves);
  for (const auto* lists : {&scene.movesFromSrc, &scene.movesToDst, &scene.movesToMid, &scene.movesFromMid}) {
    bytes += bytesOf(*lists);
    for (const std::vector<uint32_t>& l : *lists) bytes += l.capacity() > 0 ? std::max(bytesOf(l), kSmallBlockBytes) : 0;
  }
  bytes += bytesOf(run.animation.moves());
  if (run.result.trace) bytes += bytesOf(run.result.trace->moves) + bytesOf(run.result.trace->events);
  return bytes;
}

uint64_t sceneBytes(const RunRequest& request) {
  // The grids' copies of the tensors are not counted: they are made once the run has released its device
  // tensors and their staging, which hold at least as many bytes (measured: the app's peak is the run's).
  const OpInfo& op = opInfo(request.op);
  const Extents sizes = request.shape;
  uint64_t planeCells = 0;
  for (const TensorRole& role : op.tensorRoles()) {
    const std::vector<int64_t> shape = sideShape(op, role.side, sizes);
    uint64_t plane = 1;  // the last spatialRank dims: a 1-D op's plane is one row
    const size_t rank = static_cast<size_t>(op.spatialRank);
    for (size_t i = shape.size() >= rank ? shape.size() - rank : 0; i < shape.size(); ++i)
      plane *= static_cast<uint64_t>(std::max<int64_t>(shape[i], 0));
    planeCells += plane;
  }
  // Moves on the shown plane: at most one per cell of its sides.
  return planeCells * (kPlaneCellBytes + kPlaneMoveBytes);
}

}  // namespace gradlab::viz
