#include "ops/common/move_store.h"

#include <sys/mman.h>

#include <algorithm>
#include <new>

namespace gradlab::ops {
namespace {

// A chunk is a mapping of its own, given back to the system when it is drained: from the heap, a chunk's
// pages would stay with the process after it is freed, and a capped trace would still cost twice its size.
// Its moves need no construction (each slot is assigned before it is read), so pages past the last move
// are never touched.
constexpr size_t kChunkBytes = sizeof(CellMove) * MoveStore::kChunkMoves;

CellMove* mapChunk() {
  void* p = mmap(nullptr, kChunkBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  return static_cast<CellMove*>(p);
}

void unmapChunk(CellMove* chunk) { munmap(chunk, kChunkBytes); }

// The pointer in `slot`, made with `make` (and published) by the first caller that finds it empty.
template <typename T, typename Make, typename Drop>
T* madeOnce(std::atomic<T*>& slot, Make make, Drop drop) {
  T* p = slot.load(std::memory_order_acquire);
  if (p != nullptr) return p;
  T* made = make();
  if (slot.compare_exchange_strong(p, made, std::memory_order_acq_rel, std::memory_order_acquire)) return made;
  drop(made);  // another core made it first
  return p;
}

}  // namespace

MoveStore::MoveStore(uint64_t maxMoves)
    : capacity_(std::min(maxMoves, kMaxMoves)),
      pages_((capacity_ + (kChunkMoves << kPageShift) - 1) >> (kChunkShift + kPageShift)) {}

MoveStore::~MoveStore() {
  for (auto& page : pages_) {
    Page* p = page.load(std::memory_order_relaxed);
    if (p == nullptr) continue;
    for (auto& chunk : *p) {
      if (CellMove* c = chunk.load(std::memory_order_relaxed)) unmapChunk(c);
    }
    delete[] p;
  }
}

std::atomic<CellMove*>& MoveStore::chunkSlot(uint64_t chunk) {
  Page* page = madeOnce(
      pages_[chunk >> kPageShift], [] { return new Page[1]{}; }, [](Page* p) { delete[] p; });
  return (*page)[chunk & (kPageChunks - 1)];
}

void MoveStore::put(uint64_t sequence, const CellMove& move) {
  CellMove* chunk = madeOnce(
      chunkSlot(sequence >> kChunkShift), mapChunk, unmapChunk);
  chunk[sequence & (kChunkMoves - 1)] = move;
}

void MoveStore::drainInto(uint64_t count, std::vector<CellMove>& out) {
  count = std::min(count, capacity_);
  out.reserve(out.size() + count);
  for (uint64_t first = 0, c = 0; first < count; first += kChunkMoves, ++c) {
    CellMove* chunk = chunkSlot(c).exchange(nullptr, std::memory_order_acq_rel);
    const uint64_t n = std::min(kChunkMoves, count - first);
    if (chunk == nullptr) {  // never with every sequence number below `count` stored; kept harmless anyway
      out.insert(out.end(), n, CellMove{});
      continue;
    }
    out.insert(out.end(), chunk, chunk + n);
    unmapChunk(chunk);
  }
}

}  // namespace gradlab::ops
