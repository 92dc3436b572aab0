// The trace's move store: cores write moves at their sequence numbers from many threads, and the trace
// takes them back in sequence order, each once.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "ops/common/move_store.h"

namespace gradlab::ops {
namespace {

TEST(MoveStore, MovesComeBackInSequenceOrderFromManyWriters) {
  constexpr uint64_t kMoves = 3 * MoveStore::kChunkMoves + 17;  // a partly filled last chunk
  MoveStore store(uint64_t{1} << 22);
  std::vector<std::thread> cores;
  for (int core = 0; core < 4; ++core) {
    cores.emplace_back([&store, core] {
      for (uint64_t seq = static_cast<uint64_t>(core); seq < kMoves; seq += 4) {
        CellMove m;
        m.sequence = seq;
        m.core = core;
        m.src = static_cast<int64_t>(seq) * 3;
        store.put(seq, m);
      }
    });
  }
  for (std::thread& t : cores) t.join();
  std::vector<CellMove> out;
  store.drainInto(kMoves, out);
  ASSERT_EQ(out.size(), kMoves);
  for (uint64_t i = 0; i < kMoves; ++i) {
    EXPECT_EQ(out[i].sequence, i);
    EXPECT_EQ(out[i].core, static_cast<int32_t>(i % 4));
    EXPECT_EQ(out[i].src, static_cast<int64_t>(i) * 3);
  }
}

TEST(MoveStore, ACapAboveWhatItCanHoldIsClamped) {
  EXPECT_EQ(MoveStore(uint64_t{1} << 40).capacity(), MoveStore::kMaxMoves);
  EXPECT_EQ(MoveStore(100).capacity(), 100u);
  MoveStore store(100);
  std::vector<CellMove> out;
  store.drainInto(0, out);
  EXPECT_TRUE(out.empty()) << "nothing stored, nothing drained";
}

}  // namespace
}  // namespace gradlab::ops
