// The cell moves of one traced launch, each stored at its sequence number. Every core writes its own
// slots (sequence numbers are unique), so the trace's list comes out in sequence order without a sort,
// and is handed over one chunk at a time: a capped trace (4M moves, 235 MB) never exists twice.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "gradlab/trace.h"
#include "gradlab/no_copy.h"

namespace gradlab::ops {

class MoveStore : NoCopy {
 public:
  // Sequence numbers [0, capacity()) can be stored: `maxMoves`, at most kMaxMoves.
  explicit MoveStore(uint64_t maxMoves);
  ~MoveStore();

  static constexpr uint64_t kMaxMoves = uint64_t{1} << 32;
  // Moves live in chunks of 4096 (224 KiB: a small run takes little), found through pages of 1024 chunk
  // pointers (one page covers the default cap of 4M moves); both are made by the first core to need them.
  static constexpr uint64_t kChunkShift = 12;
  static constexpr uint64_t kChunkMoves = uint64_t{1} << kChunkShift;
  uint64_t capacity() const { return capacity_; }
  // Stores `move` at `sequence` (< capacity()). Safe from many threads at once, one writer per slot.
  void put(uint64_t sequence, const CellMove& move);
  // Appends the moves [0, count) to `out` in sequence order (all stored), releasing each chunk once copied.
  void drainInto(uint64_t count, std::vector<CellMove>& out);

 private:
  static constexpr uint64_t kPageShift = 10;
  static constexpr uint64_t kPageChunks = uint64_t{1} << kPageShift;
  using Page = std::atomic<CellMove*>[kPageChunks];
  std::atomic<CellMove*>& chunkSlot(uint64_t chunk);
  uint64_t capacity_;
  std::vector<std::atomic<Page*>> pages_;
};

}  // namespace gradlab::ops
