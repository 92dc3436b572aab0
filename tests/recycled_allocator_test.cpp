// Plan::tiles' allocator keeps large freed blocks for the next plan (gradlab/recycled_allocator.h).
#include <gtest/gtest.h>

#include <cstdint>
#include <type_traits>
#include <vector>

#include "gradlab/plan.h"
#include "gradlab/recycled_allocator.h"

namespace gradlab {
namespace {

static_assert(std::is_same_v<decltype(Plan::tiles), TileList>);

constexpr size_t kLargeTiles = 600;  // 600 x sizeof(Tile): well above the 64 KiB the allocator keeps from

TEST(RecycledAllocator, AFreedLargeBlockServesTheNextPlanOfItsSize) {
  const Tile* first = nullptr;
  {
    TileList tiles(kLargeTiles);
    tiles[kLargeTiles - 1].core = 7;
    first = tiles.data();
  }
  const size_t keptAfterFree = recycledBytesKept();
  EXPECT_GE(keptAfterFree, kLargeTiles * sizeof(Tile));
  TileList again(kLargeTiles);
  EXPECT_EQ(again.data(), first);
  EXPECT_LT(recycledBytesKept(), keptAfterFree);
  EXPECT_EQ(again[kLargeTiles - 1].core, 0);  // a kept block is handed out; the vector still value-initializes it
}

TEST(RecycledAllocator, SmallBlocksAreNotKept) {
  const size_t before = recycledBytesKept();
  { TileList few(4); }
  EXPECT_EQ(recycledBytesKept(), before);
}

TEST(RecycledAllocator, KeepsAtMostItsLimit) {
  std::vector<TileList> many(12);
  for (TileList& tiles : many) tiles.reserve((size_t{4} << 20) / sizeof(Tile) + 1);  // just over 4 MiB each: 12 of them pass the limit
  many.clear();
  EXPECT_GT(recycledBytesKept(), 0u);
  EXPECT_LE(recycledBytesKept(), kRecycledBytesKept);
}

TEST(RecycledAllocator, GrowsAndCopiesLikeAnyVector) {
  TileList tiles;
  for (int i = 0; i < 5000; ++i) {
    Tile t;
    t.order = i;
    tiles.push_back(t);
  }
  TileList copy = tiles;
  ASSERT_EQ(copy.size(), 5000u);
  for (int i = 0; i < 5000; ++i) ASSERT_EQ(copy[static_cast<size_t>(i)].order, i);
}

}  // namespace
}  // namespace gradlab
