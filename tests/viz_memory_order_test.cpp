// The memory-order model: a tensor's storage in address order, from the strides the core reports for each
// layout (storageView, what the runner lays the run's tensors out with).
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>

#include "viz/model/memory_order.h"

namespace gradlab::viz {
namespace {

const std::vector<int64_t> kShape = {1, 3, 2, 2};  // N, C, H, W

// Every cell sits at the offset the core's strides give it, and the slot there names the cell back.
void expectConsistentWithTheCore(const std::vector<int64_t>& shape, const StorageView& view, const MemoryOrder& m) {
  ASSERT_EQ(m.slots.size(), static_cast<size_t>(view.storageElems));
  int64_t used = 0;
  for (int64_t f = 0; f < static_cast<int64_t>(m.offsetOf.size()); ++f) {
    int64_t rest = f, offset = view.offset;
    for (size_t d = shape.size(); d-- > 0;) {
      offset += (rest % shape[d]) * view.strides[d];
      rest /= shape[d];
    }
    EXPECT_EQ(m.offsetOf[static_cast<size_t>(f)], offset) << "cell " << f;
    EXPECT_EQ(m.slots[static_cast<size_t>(offset)], f) << "offset " << offset;
  }
  for (int64_t slot : m.slots) used += slot >= 0 ? 1 : 0;
  EXPECT_EQ(used, static_cast<int64_t>(m.offsetOf.size())) << "no two cells share an address";
  EXPECT_EQ(m.unused, view.storageElems - used);
}

TEST(VizMemoryOrder, ContiguousIsRowMajor) {
  const StorageView view = storageView(kShape, Layout::kContiguous, 1);
  const MemoryOrder m = memoryOrder(kShape, view);
  expectConsistentWithTheCore(kShape, view, m);
  ASSERT_EQ(m.slots.size(), 12u);
  for (int64_t i = 0; i < 12; ++i) EXPECT_EQ(m.slots[static_cast<size_t>(i)], i) << "offset i holds cell i";
  EXPECT_EQ(m.unused, 0);
}

TEST(VizMemoryOrder, ChannelsLastInterleavesTheChannels) {
  const StorageView view = storageView(kShape, Layout::kChannelsLast, 1);
  ASSERT_EQ(view.strides[1], 1) << "the core puts channels innermost";
  const MemoryOrder m = memoryOrder(kShape, view);
  expectConsistentWithTheCore(kShape, view, m);
  EXPECT_EQ(m.unused, 0);
  // Offsets 0, 1, 2 hold pixel (0, 0) of channels 0, 1, 2 (cells 0, 4, 8 of the row-major grid), then
  // pixel (0, 1) of each channel.
  const GridDims d{3, 2, 2};
  const std::vector<int64_t> expected = {0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11};
  EXPECT_EQ(m.slots, expected);
  for (int64_t offset = 0; offset < 12; ++offset) {
    const PlaneCell c = planeCellOf(d, m.slots[static_cast<size_t>(offset)]);
    EXPECT_EQ(c.plane, offset % 3) << "the channel cycles fastest";
    EXPECT_EQ(c.row * 2 + c.col, offset / 3);
  }
}

TEST(VizMemoryOrder, SlicedViewStartsAtAnOffsetAndLeavesGaps) {
  const std::vector<int64_t> shape = {1, 2, 3, 4};
  const StorageView view = storageView(shape, Layout::kSliced, 1);
  ASSERT_GT(view.offset, 0);
  const MemoryOrder m = memoryOrder(shape, view);
  expectConsistentWithTheCore(shape, view, m);
  EXPECT_GT(m.unused, 0);
  for (int64_t i = 0; i < view.offset; ++i) EXPECT_EQ(m.slots[static_cast<size_t>(i)], -1) << "before the view";
  EXPECT_EQ(m.slots[static_cast<size_t>(view.offset)], 0) << "cell 0 at the view's offset";
  // A row's cells are neighbours (w has stride 1); the next row starts after padding no cell uses.
  for (int64_t col = 0; col + 1 < 4; ++col) EXPECT_EQ(m.offsetOf[static_cast<size_t>(col + 1)], m.offsetOf[static_cast<size_t>(col)] + 1);
  const int64_t rowEnd = m.offsetOf[3], nextRow = m.offsetOf[4];
  ASSERT_EQ(nextRow - rowEnd, view.strides[2] - 3);
  ASSERT_GT(nextRow - rowEnd, 1);
  for (int64_t o = rowEnd + 1; o < nextRow; ++o) EXPECT_EQ(m.slots[static_cast<size_t>(o)], -1) << "padding at " << o;
}

TEST(VizMemoryOrder, TransposedRunsDownTheColumns) {
  const StorageView view = storageView(kShape, Layout::kTransposed, 1);
  const MemoryOrder m = memoryOrder(kShape, view);
  expectConsistentWithTheCore(kShape, view, m);
  EXPECT_EQ(m.slots[1], 2) << "after (0, 0) comes (1, 0)";
}

TEST(VizMemoryOrder, FollowsTheRequest) {
  RunRequest r;
  r.layout = Layout::kChannelsLast;
  EXPECT_EQ(channelDimOf({2, 3, 4, 5}, r), 1u);
  EXPECT_EQ(channelDimOf({3, 4, 5}, r), 1u) << "a batched 1-D tensor (N, C, L)";
  r.shape.unbatched = true;
  EXPECT_EQ(channelDimOf({3, 4, 5}, r), 0u) << "an unbatched (C, H, W) tensor";
  EXPECT_EQ(storageOf({3, 4, 5}, r).strides, storageView({3, 4, 5}, Layout::kChannelsLast, 0).strides);
  r.layout = Layout::kSliced;
  const StorageView sliced = storageOf({1, 1, 2, 2}, r);
  EXPECT_EQ(stridesText(sliced).rfind("strides ", 0), 0u);
  EXPECT_NE(stridesText(sliced).find(" +"), std::string::npos) << "the offset is part of it";
}

TEST(VizMemoryOrder, StripRowsLineUpWithTheLayout) {
  const std::vector<int64_t> shape = {1, 3, 6, 6};
  const MemoryOrder flat = memoryOrder(shape, storageView(shape, Layout::kContiguous, 1));
  StripRows rows = wrapRows(flat, shape, 40.0f, 1.0f, 0.5f);
  EXPECT_EQ(rows.period, 36) << "one plane a row";
  EXPECT_EQ(rows.starts, (std::vector<int64_t>{0, 36, 72}));
  rows = wrapRows(flat, shape, 20.0f, 1.0f, 0.5f);
  EXPECT_EQ(rows.period, 6) << "three image rows a row";
  EXPECT_EQ(rows.starts.size(), 6u);
  EXPECT_EQ(rows.starts[1], 18);

  const MemoryOrder last = memoryOrder(shape, storageView(shape, Layout::kChannelsLast, 1));
  rows = wrapRows(last, shape, 40.0f, 1.0f, 0.5f);
  EXPECT_EQ(rows.period, 18) << "an image row, every channel of each pixel";
  EXPECT_EQ(rows.starts, (std::vector<int64_t>{0, 36, 72}));
  rows = wrapRows(last, shape, 40.0f, 1.0f, 0.5f, 17);
  EXPECT_EQ(rows.period, 3) << "periods up to 17: a pixel's channels";
  EXPECT_EQ(rows.starts[1], 39);
  EXPECT_EQ(layoutPeriods(last, shape), (std::vector<int64_t>{18, 3}));
  rows = wrapRows(last, shape, 2.0f, 1.0f, 0.5f);
  EXPECT_EQ(rows.period, 0) << "not even a pixel fits: filled greedily";
  EXPECT_EQ(rows.starts.size(), 54u);

  // The sliced view's rows: a padded image row each, its unused elements narrower than its cells.
  const StorageView sliced = storageView(shape, Layout::kSliced, 1);
  const MemoryOrder view = memoryOrder(shape, sliced);
  const float paddedRow = 6.0f + static_cast<float>(sliced.strides[2] - 6) * 0.5f;
  rows = wrapRows(view, shape, paddedRow, 1.0f, 0.5f);
  EXPECT_EQ(rows.period, sliced.strides[2]);
  for (size_t i = 1; i < rows.starts.size(); ++i) EXPECT_EQ(rows.starts[i] - rows.starts[i - 1], sliced.strides[2]);
  // Filled greedily instead, the same room holds more of the storage a row.
  const StripRows packed = wrapRows(view, shape, paddedRow * 1.5f, 1.0f, 0.5f, 0);
  EXPECT_EQ(packed.period, 0);
  EXPECT_LT(packed.starts.size(), wrapRows(view, shape, paddedRow * 1.5f, 1.0f, 0.5f).starts.size());
}

TEST(VizMemoryOrder, EmptyShapesHaveNoStorage) {
  EXPECT_TRUE(memoryOrder({}, StorageView{}).empty());
  EXPECT_TRUE(memoryOrder({1, 0, 2, 2}, storageView({1, 0, 2, 2}, Layout::kContiguous, 1)).empty());
}

}  // namespace
}  // namespace gradlab::viz
#endif
