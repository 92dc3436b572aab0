// The upsample kernels' host fast paths against exact expectations and the independent reference:
// - the forward's doubled-row writer (core/src/ops/nearest_engine/doubled_row.h), with each vector width the
//   host has: every length and alignment against dst[i] = src[i / 2], nothing written outside the row, every
//   2-byte bit pattern against the staged path's widen-and-round, and whole forwards that take it (2x along W, streamed and not, odd
//   widths, column blocks, every dtype);
// - ragged backwards (each cell's sum kept in a register) and streamed outputs whose rows do not start on
//   32 bytes (their ends go out 4 bytes a streaming store), bit-exact in deterministic mode.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "gradlab/half.h"
#include "gradlab/runner.h"
#include "ops/nearest_engine/doubled_row.h"
#include "verify/adaptive_pool_harness.h"
#include "verify/device_tensor.h"
#include "verify/run_case.h"

namespace gradlab {
namespace {

namespace nearest = ops::nearest;

constexpr uint32_t kGuard32 = 0xDEADBEEF;
constexpr uint16_t kGuard16 = 0xBEEF;

// A 64-byte aligned buffer with `lead` guard elements before the row and guards after it.
template <typename T>
struct GuardedRow {
  std::vector<T> storage;
  size_t lead;
  GuardedRow(size_t count, size_t leadElements, T guard) : storage(count + leadElements + 64 + 64 / sizeof(T), guard) {
    const auto address = reinterpret_cast<uintptr_t>(storage.data());
    lead = (64 - address % 64) % 64 / sizeof(T) + leadElements;
  }
  T* row() { return storage.data() + lead; }
};

// The vector widths this host can write rows with: AVX2 always (hostDoublesRows), AVX-512 where it has it.
std::vector<nearest::RowVectors> hostRowVectorChoices() {
  std::vector<nearest::RowVectors> v{nearest::RowVectors::kAvx2};
  if (nearest::hostRowVectors() == nearest::RowVectors::kAvx512) v.push_back(nearest::RowVectors::kAvx512);
  return v;
}

const char* name(nearest::RowVectors v) { return v == nearest::RowVectors::kAvx512 ? " AVX-512" : " AVX2"; }

template <typename T>
void checkEveryLengthAndAlignment(T guard, uint16_t quietBit) {
  if (!nearest::hostDoublesRows()) GTEST_SKIP() << "this host has no AVX2: the forward keeps the staged path";
  std::vector<T> src(130);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<T>(0x1000 + 17 * i);  // no NaN patterns
  for (nearest::RowVectors vectors : hostRowVectorChoices()) {
    for (bool stream : {false, true}) {
      // Every start within a 64-byte line and lengths past four of the widest vectors.
      for (size_t lead = 0; lead < 64 / sizeof(T) + 1; ++lead) {
        for (int64_t count = 0; count <= 260; ++count) {
          GuardedRow<T> out(static_cast<size_t>(count), lead, guard);
          // Exactly the source cells the row may read, so AddressSanitizer sees any read past them.
          const std::vector<T> exact(src.begin(), src.begin() + (count + 1) / 2);
          nearest::writeDoubledRow(reinterpret_cast<std::byte*>(out.row()),
                                   reinterpret_cast<const std::byte*>(exact.data()), count, sizeof(T), quietBit, stream,
                                   vectors);
          for (size_t i = 0; i < out.storage.size(); ++i) {
            const int64_t at = static_cast<int64_t>(i) - static_cast<int64_t>(out.lead);
            const T want = at >= 0 && at < count ? src[static_cast<size_t>(at / 2)] : guard;
            ASSERT_EQ(out.storage[i], want) << "count " << count << " lead " << lead << " element " << at
                                            << (stream ? " streamed" : "") << name(vectors);
          }
        }
      }
    }
  }
}

TEST(UpsampleDoubledRow, EveryLengthAndAlignmentFourByte) { checkEveryLengthAndAlignment<uint32_t>(kGuard32, 0); }
TEST(UpsampleDoubledRow, EveryLengthAndAlignmentTwoByte) {
  checkEveryLengthAndAlignment<uint16_t>(kGuard16, nearest::kQuietBitFloat16);
}

// The staged path widens each 2-byte value to fp32 and rounds it back: the same value, NaNs made quiet.
TEST(UpsampleDoubledRow, TwoByteBitsMatchTheStagedRoundTrip) {
  if (!nearest::hostDoublesRows()) GTEST_SKIP() << "this host has no AVX2";
  std::vector<uint16_t> src(65536);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<uint16_t>(i);
  for (nearest::RowVectors vectors : hostRowVectorChoices()) {
    for (bool bf16 : {false, true}) {
      for (int64_t shift : {0, 1}) {  // both parities of the first output
        std::vector<uint16_t> out(2 * src.size() + 16, kGuard16);
        const int64_t count = 2 * static_cast<int64_t>(src.size()) - shift;
        nearest::writeDoubledRow(reinterpret_cast<std::byte*>(out.data() + shift),
                                 reinterpret_cast<const std::byte*>(src.data()), count, 2,
                                 bf16 ? nearest::kQuietBitBf16 : nearest::kQuietBitFloat16, true, vectors);
        for (int64_t i = 0; i < count; ++i) {
          const uint16_t x = src[static_cast<size_t>(i / 2)];
          const uint16_t want = bf16 ? floatToBf16Bits(bf16BitsToFloat(x)) : floatToHalfBits(halfBitsToFloat(x));
          ASSERT_EQ(out[static_cast<size_t>(i + shift)], want) << (bf16 ? "bf16" : "fp16") << " bits 0x" << std::hex
                                                               << x << std::dec << " at output " << i << name(vectors);
        }
      }
    }
  }
}

// Whole forwards whose rows take the fast path, judged against the reference.
TEST(UpsampleDoubledRow, ForwardsThatDoubleRowsMatchTheReference) {
  struct Shape {
    OpKind op;
    int64_t N, C, inH, inW, outH, outW;
    const char* profile;
  };
  const Shape shapes[] = {
      {OpKind::kUpsampleNearestExact2d, 2, 3, 5, 7, 10, 14, ""},            // even widths
      {OpKind::kUpsampleNearestExact2d, 1, 2, 4, 9, 9, 18, ""},             // rows of 18: odd alignments
      {OpKind::kUpsampleNearestExact2d, 1, 2, 3, 41, 7, 82, "classroom"},   // column blocks
      {OpKind::kUpsampleNearestExact1d, 2, 3, 1, 333, 1, 666, ""},
      {OpKind::kUpsampleNearestExact1d, 1, 1, 1, 5000, 1, 10000, "atlas-a2:ub=4k"},  // row pieces
      {OpKind::kUpsampleNearestExact2d, 1, 1, 1030, 1030, 2060, 2060, ""},  // streamed: over 8 MiB
  };
  for (const Shape& s : shapes) {
    // Sliced views have padded rows of an odd length: rows start on both parities of a pair.
    for (Layout layout : {Layout::kContiguous, Layout::kSliced}) {
      for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        if (s.inH > 1000 && (dtype != ACL_FLOAT16 || layout != Layout::kContiguous)) continue;  // one streamed run
        RunRequest r;
        r.op = s.op, r.shape.N = s.N, r.shape.C = s.C, r.shape.in[kH] = s.inH, r.shape.in[kW] = s.inW, r.shape.out[kH] = s.outH, r.shape.out[kW] = s.outW;
        r.dtype = dtype, r.layout = layout;
        if (*s.profile) r.profile = verify::adaptive::namedProfile(s.profile);
        const verify::CaseResult c = verify::runAndJudge(r);
        EXPECT_TRUE(c.passed) << s.inH << "x" << s.inW << " -> " << s.outH << "x" << s.outW << " " << dtypeText(dtype)
                              << " " << layoutName(layout) << " " << s.profile << ": " << c.detail;
      }
    }
  }
}

// Ragged column maps sum each gradInput cell in a register; rows of 100 or 75 cells do not start on 32
// bytes, and outputs over 8 MiB are streamed.
TEST(UpsampleFastPaths, RaggedBackwardsAndStreamedUnalignedRowsMatchTheReference) {
  struct Shape {
    OpKind op;
    int64_t N, C, inH, inW, outH, outW;
    aclDataType dtype;
    const char* profile;
  };
  const Shape shapes[] = {
      {OpKind::kUpsampleNearestExact2dBackward, 2, 3, 7, 10, 16, 23, ACL_FLOAT, ""},
      {OpKind::kUpsampleNearestExact2dBackward, 1, 2, 5, 13, 9, 61, ACL_FLOAT, "atlas-a2:ub=2k"},  // row pieces
      {OpKind::kUpsampleNearestExact1dBackward, 2, 2, 1, 37, 1, 100, ACL_FLOAT16, ""},
      {OpKind::kUpsampleNearestExact2dBackward, 1, 2, 7, 5, 3, 13, ACL_FLOAT, ""},  // downsampling rows
      {OpKind::kUpsampleNearestExact2dBackward, 3, 8, 300, 300, 768, 768, ACL_FLOAT, ""},      // 8.6 MB gradInput
      {OpKind::kUpsampleNearestExact2d, 2, 7, 330, 375, 470, 1000, ACL_FLOAT, ""},              // 26 MB out
  };
  for (const Shape& s : shapes) {
    for (bool deterministic : {true, false}) {
      if (s.outH > 400 && !deterministic) continue;  // the large ones once: bit-exact
      RunRequest r;
      r.op = s.op, r.shape.N = s.N, r.shape.C = s.C, r.shape.in[kH] = s.inH, r.shape.in[kW] = s.inW, r.shape.out[kH] = s.outH, r.shape.out[kW] = s.outW;
      r.dtype = s.dtype, r.deterministic = deterministic;
      if (*s.profile) r.profile = verify::adaptive::namedProfile(s.profile);
      const verify::CaseResult c = verify::runAndJudge(r);
      EXPECT_TRUE(c.passed) << s.inH << "x" << s.inW << " <-> " << s.outH << "x" << s.outW << " " << dtypeText(s.dtype)
                            << (deterministic ? " deterministic " : " default ") << s.profile << ": " << c.detail;
    }
  }
}

}  // namespace
}  // namespace gradlab
