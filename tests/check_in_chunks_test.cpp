// verify::checkRun computes its reference a few planes at a time (about a million cells of the call's largest
// tensor), so that checking a large call holds one chunk's reference beside the run's own tensors: the lines it
// says and the positions it names are those of the whole call.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "gradlab/runner.h"
#include "gradlab/verify.h"

namespace gradlab {
namespace {

// 600 planes of 32 x 32 <- 64 x 64 (or 64 x 64 pooled): 256 planes of 4096 cells make a chunk, so three chunks.
RunRequest manyPlanes(OpKind op, bool deterministic) {
  RunRequest r;
  r.op = op;
  r.shape.C = 600;
  if (op == OpKind::kAdaptiveMaxPool2d) {  // 64 x 64 pooled to 13 x 9
    r.shape.in = {1, 64, 64};
    r.shape.out = {1, 13, 9};
  } else {
    r.shape.in = {1, 32, 32};
    r.shape.out = {1, 64, 64};
  }
  r.deterministic = deterministic;
  r.strategy = "default";  // the mode's, whatever GRADLAB_STRATEGY says (the cube's reference is not chunked)
  return r;
}

std::string joined(const verify::Verdict& v) {
  std::string all;
  for (const std::string& line : v.lines) all += line + "\n";
  return all;
}

// The result with one cell of output `role` changed (a copy: the run's own cells may be a device view).
RunResult withCellChanged(RunResult result, const std::string& role, size_t cell) {
  for (HostTensor& t : result.outputs) {
    if (t.name != role) continue;
    if (!t.ints.empty()) {
      std::vector<int64_t> ints = t.ints.vector();
      ints[cell] += 1;
      t.ints = std::move(ints);
    } else {
      std::vector<float> values = t.values.vector();
      values[cell] += 1.0f;
      t.values = std::move(values);
    }
  }
  return result;
}

// Runs `r` and checks it; the run must work and the check pass, saying `lines` lines.
std::pair<RunResult, verify::Verdict> runChecked(const RunRequest& r, size_t lines) {
  RunResult result = run(r);
  EXPECT_TRUE(result.ok()) << result.message;
  verify::Verdict v = verify::checkRun(r, result);
  EXPECT_TRUE(v.passed) << joined(v);
  EXPECT_EQ(v.lines.size(), lines) << joined(v);
  return {std::move(result), std::move(v)};
}

TEST(CheckInChunks, TheHostMemoryAskedForIsOneChunksReferenceWhateverThePlaneCount) {
  RunRequest big;
  big.op = OpKind::kUpsampleNearestExact2dBackward;
  big.shape.N = 3, big.shape.C = 16, big.shape.in = {1, 1024, 1024}, big.shape.out = {1, 1024, 1024};
  big.strategy = "default";  // whatever GRADLAB_STRATEGY says
  EXPECT_EQ(verify::checkRunHostBytes(big), (uint64_t{1} << 20) * 160);  // one plane of a million cells
  RunRequest small = manyPlanes(OpKind::kUpsampleNearestExact2dBackward, true);
  const uint64_t bytes = verify::checkRunHostBytes(small);
  EXPECT_EQ(bytes, uint64_t{256} * 4096 * 160);
  small.shape.N = 50;  // 30000 planes: the same chunk
  EXPECT_EQ(verify::checkRunHostBytes(small), bytes);
  // The cube strategy's reference takes every plane at once, and "cann" may pick the cube.
  for (const char* strategy : {"cube", "CANN"}) {
    small.strategy = strategy;
    EXPECT_EQ(verify::checkRunHostBytes(small), uint64_t{30000} * 4096 * 160) << strategy;
  }
  small.strategy = "gather";
  EXPECT_EQ(verify::checkRunHostBytes(small), bytes);
}

// Every chunk is compared and the line counts every cell; a wrong cell in a later chunk is named where it is.
TEST(CheckInChunks, EveryChunkIsComparedAndAWrongCellIsNamedWhereItIs) {
  for (bool deterministic : {true, false}) {
    const RunRequest r = manyPlanes(OpKind::kUpsampleNearestExact2dBackward, deterministic);
    const auto [result, v] = runChecked(r, 1);
    ASSERT_EQ(v.lines.size(), 1u);
    EXPECT_NE(v.lines[0].find(deterministic ? "bit for bit (614400 cells, float32)" : "(614400 cells, float32)"),
              std::string::npos)
        << v.lines[0];
    // Plane 550 (the third chunk), row 3, column 5.
    const verify::Verdict wrong = verify::checkRun(r, withCellChanged(result, "gradInput", (550 * 32 + 3) * 32 + 5));
    EXPECT_FALSE(wrong.passed);
    ASSERT_EQ(wrong.lines.size(), 1u) << joined(wrong);
    EXPECT_EQ(wrong.lines[0].rfind("MISMATCH gradInput[0, 550, 3, 5]: got ", 0), 0u) << wrong.lines[0];
  }
}

TEST(CheckInChunks, APoolForwardSaysItsOutputsInTheirOrderAndNamesAWrongIndex) {
  const RunRequest r = manyPlanes(OpKind::kAdaptiveMaxPool2d, true);
  const auto [result, good] = runChecked(r, 2);
  ASSERT_EQ(good.lines.size(), 2u);
  EXPECT_EQ(good.lines[0], "out matches the reference bit for bit (70200 cells, float32)");
  EXPECT_EQ(good.lines[1], "indices matches the reference exactly (70200 indices)");
  const verify::Verdict bad = verify::checkRun(r, withCellChanged(result, "indices", (599 * 13 + 12) * 9 + 8));
  EXPECT_FALSE(bad.passed);
  ASSERT_EQ(bad.lines.size(), 2u) << joined(bad);
  EXPECT_EQ(bad.lines[0], good.lines[0]);
  EXPECT_EQ(bad.lines[1].rfind("MISMATCH indices[0, 599, 12, 8]: got ", 0), 0u) << bad.lines[1];
}

}  // namespace
}  // namespace gradlab
