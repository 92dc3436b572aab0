// The upsample kernels' host fast paths against exact expectations and the independent reference:
// - the forward's doubled-row writer (core/src/ops/nearest_engine/doubled_row.h), with each vector width the
//   host has: every length and alignment against dst[i] = src[i / 2], into one row or several at once,
//   nothing written outside the rows, every 2-byte bit pattern against the staged path's widen-and-round,
//   and whole forwards that take it (2x along W, streamed and not, odd widths, column blocks, every dtype);
// - the backward's halved-row writer (core/src/ops/nearest_engine/halved_row.h): every width, alignment and
//   row count against the SPEC's summation order bit for bit (signed zeros, infinities, NaNs), every 2-byte
//   pattern summed in fp32 and rounded once, nothing written outside the row, and whole backwards that take
//   it (2x along W, 2x or not along H, 1-D, 3-D, every dtype, streamed and not, rows split between cores in
//   default mode);
// - ragged backwards (each cell's sum kept in a register) and streamed outputs whose rows do not start on
//   32 bytes (their ends go out 4 bytes a streaming store), bit-exact in deterministic mode.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "gradlab/half.h"
#include "gradlab/runner.h"
#include "ops/nearest_engine/doubled_row.h"
#include "ops/nearest_engine/halved_row.h"
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
          // One row, or the same row into three (writeDoubledRows: the output rows of one source row).
          for (int copies : {1, 3}) {
            std::vector<GuardedRow<T>> outs;
            std::vector<std::byte*> rows;
            for (int k = 0; k < copies; ++k) outs.emplace_back(static_cast<size_t>(count), lead, guard);
            for (auto& out : outs) rows.push_back(reinterpret_cast<std::byte*>(out.row()));
            // Exactly the source cells the row may read, so AddressSanitizer sees any read past them.
            const std::vector<T> exact(src.begin(), src.begin() + (count + 1) / 2);
            const auto* from = reinterpret_cast<const std::byte*>(exact.data());
            nearest::writeDoubledRows(rows.data(), copies, from, count, sizeof(T), quietBit, stream, vectors);
            for (const auto& out : outs) {
              for (size_t i = 0; i < out.storage.size(); ++i) {
                const int64_t at = static_cast<int64_t>(i) - static_cast<int64_t>(out.lead);
                const T want = at >= 0 && at < count ? src[static_cast<size_t>(at / 2)] : guard;
                ASSERT_EQ(out.storage[i], want) << "count " << count << " lead " << lead << " element " << at
                                                << " copies " << copies << (stream ? " streamed" : "") << name(vectors);
              }
            }
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
        std::byte* row = reinterpret_cast<std::byte*>(out.data() + shift);
        nearest::writeDoubledRows(&row, 1, reinterpret_cast<const std::byte*>(src.data()), count, 2,
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
      {OpKind::kUpsampleNearestExact2d, 2, 2, 6, 16, 12, 32, ""},           // rows of 64 B multiples: 2 at once
      {OpKind::kUpsampleNearestExact2d, 1, 3, 4, 32, 13, 64, ""},           // 3 or 4 output rows a source row
      {OpKind::kUpsampleNearestExact2d, 1, 1, 520, 1024, 1040, 2048, ""},   // streamed, 2 at once
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

// Values whose sums round (1, 2^-24, 3 ...), signed zeros, infinities and NaNs, so any other order or any
// add that is left out changes the bits.
float awkwardValue(size_t i) {
  static const float kValues[] = {1.0f, 0x1p-24f, -0.0f, 3.0f, -1.0f, 0x1p-25f, 0.0f, 1e30f, -1e30f, 0.1f,
                                  std::numeric_limits<float>::infinity(), 7.0f, -0.0f, 0x1.8p-24f, 2.5f};
  const size_t n = sizeof(kValues) / sizeof(kValues[0]);
  if (i % 97 == 5) return std::numeric_limits<float>::quiet_NaN();
  return kValues[(i * 7 + i / n) % n] * static_cast<float>(1 + i % 3);
}

TEST(UpsampleHalvedRow, EveryWidthAlignmentAndRowCountInTheSpecOrder) {
  if (!nearest::hostHalvesRows()) GTEST_SKIP() << "this host has no AVX2: the backward keeps the staged path";
  constexpr int64_t kMaxWidth = 1100;  // past two of the writer's 512-cell chunks
  std::vector<std::vector<float>> rowData(nearest::kHalvedRowsMax);
  for (size_t h = 0; h < rowData.size(); ++h) {
    rowData[h].resize(2 * kMaxWidth);
    for (size_t i = 0; i < rowData[h].size(); ++i) rowData[h][i] = awkwardValue(i + 1000 * h);
  }
  for (bool stream : {false, true}) {
    for (int64_t rowCount = 0; rowCount <= nearest::kHalvedRowsMax; ++rowCount) {
      for (size_t lead = 0; lead < 9; ++lead) {
        for (int64_t width : {0, 1, 3, 7, 8, 9, 15, 16, 17, 31, 64, 100, 127, 128, 513, 520, 1025, 1100}) {
          // Exactly the gradOutput cells each row may read, so AddressSanitizer sees any read past them.
          std::vector<std::vector<float>> exact(static_cast<size_t>(rowCount));
          std::vector<const float*> rows;
          for (int64_t h = 0; h < rowCount; ++h) {
            exact[h].assign(rowData[h].begin(), rowData[h].begin() + 2 * width);
            rows.push_back(exact[h].data());
          }
          GuardedRow<uint32_t> out(static_cast<size_t>(width), lead, kGuard32);
          nearest::writeHalvedRow(reinterpret_cast<float*>(out.row()), rows.data(), rowCount, width, stream);
          for (size_t i = 0; i < out.storage.size(); ++i) {
            const int64_t at = static_cast<int64_t>(i) - static_cast<int64_t>(out.lead);
            uint32_t want = kGuard32;
            if (at >= 0 && at < width) {
              float sum = 0.0f;
              for (int64_t h = 0; h < rowCount; ++h) sum = (sum + exact[h][2 * at]) + exact[h][2 * at + 1];
              want = std::bit_cast<uint32_t>(sum);
            }
            if (at >= 0 && at < width && std::isnan(std::bit_cast<float>(want))) {  // any NaN, as below
              ASSERT_TRUE(std::isnan(std::bit_cast<float>(out.storage[i]))) << "width " << width << " cell " << at;
              continue;
            }
            ASSERT_EQ(out.storage[i], want) << "width " << width << " rows " << rowCount << " lead " << lead
                                            << " cell " << at << (stream ? " streamed" : "");
          }
        }
      }
    }
  }
}

// FLOAT16 / BF16 rows: each value widened, the sums in fp32 in the same order, rounded once; every 2-byte
// pattern appears among the rows (NaNs, infinities, subnormals, signed zeros).
TEST(UpsampleHalvedRow, TwoByteRowsAreSummedInFp32AndRoundedOnce) {
  if (!nearest::hostHalvesRows()) GTEST_SKIP() << "this host has no AVX2";
  constexpr int64_t kWidth = 65536 / 2 + 37;  // every pattern in each row, and a tail past whole vectors
  std::vector<std::vector<uint16_t>> rowData(3, std::vector<uint16_t>(2 * kWidth));
  for (size_t h = 0; h < rowData.size(); ++h) {
    for (size_t i = 0; i < rowData[h].size(); ++i) rowData[h][i] = static_cast<uint16_t>((i * (2 * h + 1) + 7 * h) & 0xFFFF);
  }
  for (bool bf16 : {false, true}) {
    auto widen = [&](uint16_t x) { return bf16 ? bf16BitsToFloat(x) : halfBitsToFloat(x); };
    auto round = [&](float x) { return bf16 ? floatToBf16Bits(x) : floatToHalfBits(x); };
    for (bool stream : {false, true}) {
      for (int64_t rowCount = 0; rowCount <= 3; ++rowCount) {
        for (size_t lead : {0, 1, 5}) {
          std::vector<const uint16_t*> rows;
          for (int64_t h = 0; h < rowCount; ++h) rows.push_back(rowData[h].data());
          GuardedRow<uint16_t> out(kWidth, lead, kGuard16);
          nearest::writeHalvedRow16(out.row(), rows.data(), rowCount, kWidth, bf16, stream);
          for (size_t i = 0; i < out.storage.size(); ++i) {
            const int64_t at = static_cast<int64_t>(i) - static_cast<int64_t>(out.lead);
            uint16_t want = kGuard16;
            if (at >= 0 && at < kWidth) {
              float sum = 0.0f;
              for (int64_t h = 0; h < rowCount; ++h) sum = (sum + widen(rowData[h][2 * at])) + widen(rowData[h][2 * at + 1]);
              want = round(sum);
            }
            // Which NaN's payload a sum of two NaNs keeps is the compiler's choice in the expectation: any NaN.
            if (at >= 0 && at < kWidth && std::isnan(widen(want))) {
              ASSERT_TRUE(std::isnan(widen(out.storage[i]))) << (bf16 ? "bf16" : "fp16") << " cell " << at;
              continue;
            }
            ASSERT_EQ(out.storage[i], want) << (bf16 ? "bf16" : "fp16") << " rows " << rowCount << " lead " << lead
                                            << " cell " << at << (stream ? " streamed" : "");
          }
        }
      }
    }
  }
}

// Whole backwards whose rows take the halved path, bit-exact against the reference in deterministic mode;
// in default mode rows split between cores go the atomic way beside them.
TEST(UpsampleHalvedRow, BackwardsThatHalveRowsMatchTheReference) {
  struct Shape {
    OpKind op;
    int64_t N, C, inD, inH, inW, outD, outH, outW;
    const char* profile;
  };
  const Shape shapes[] = {
      {OpKind::kUpsampleNearestExact2dBackward, 2, 3, 1, 8, 16, 1, 16, 32, ""},
      {OpKind::kUpsampleNearestExact2dBackward, 1, 2, 1, 9, 13, 1, 27, 26, ""},          // 3 rows each, odd width
      {OpKind::kUpsampleNearestExact2dBackward, 1, 1, 1, 2, 600, 1, 40, 1200, ""},       // 20 rows: staged
      {OpKind::kUpsampleNearestExact2dBackward, 2, 2, 1, 12, 40, 1, 24, 80, "atlas-a2:ub=2k"},  // column blocks
      {OpKind::kUpsampleNearestExact2dBackward, 3, 8, 1, 300, 300, 1, 600, 600, ""},     // streamed gradInput
      {OpKind::kUpsampleNearestExact1dBackward, 2, 3, 1, 1, 37, 1, 1, 74, ""},
      {OpKind::kUpsampleNearestExact3dBackward, 1, 2, 3, 4, 5, 6, 8, 10, ""},
  };
  for (const Shape& s : shapes) {
    for (bool deterministic : {true, false}) {
      for (Layout layout : {Layout::kContiguous, Layout::kSliced}) {
        RunRequest r;
        r.op = s.op, r.shape.N = s.N, r.shape.C = s.C;
        r.shape.in[kD] = s.inD, r.shape.in[kH] = s.inH, r.shape.in[kW] = s.inW;
        r.shape.out[kD] = s.outD, r.shape.out[kH] = s.outH, r.shape.out[kW] = s.outW;
        for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
          r.dtype = dtype, r.deterministic = deterministic, r.layout = layout;
          if (*s.profile) r.profile = verify::adaptive::namedProfile(s.profile);
          const verify::CaseResult c = verify::runAndJudge(r);
          EXPECT_TRUE(c.passed) << s.inD << "x" << s.inH << "x" << s.inW << " <- " << s.outD << "x" << s.outH << "x"
                                << s.outW << " " << dtypeText(dtype) << (deterministic ? " deterministic " : " default ")
                                << layoutName(layout) << " " << s.profile << ": " << c.detail;
        }
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
