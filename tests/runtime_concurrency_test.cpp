// Several host threads, each with its own stream, running all six operators at once: every result is
// bit-identical to a serial run. And a stream destroyed with operator work still queued finishes that
// work first. (Device reset and aclFinalize with live work are in tests/lifecycle.)
#include <cmath>
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_adaptive_max_pool2d.h"
#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"
#include "mode_scope.h"
#include "verify/adaptive_pool_harness.h"
#include "verify/device_tensor.h"

namespace {

using gradlab::testing::DeterministicScope;
using gradlab::verify::DeviceTensor;
using gradlab::verify::RuntimeScope;

// Random values in [-1, 1), or small integers (whose sums are exact in any order, so even the default
// mode's atomic adds give one answer).
std::vector<float> values(size_t n, uint32_t seed, bool integers) {
  std::mt19937 rng(seed);
  std::vector<float> v(n);
  for (float& x : v) {
    x = integers ? static_cast<float>(static_cast<int>(rng() % 17) - 8)
                 : std::uniform_real_distribution<float>(-1.0f, 1.0f)(rng);
  }
  return v;
}

size_t count(const std::vector<int64_t>& shape) {
  size_t n = 1;
  for (int64_t d : shape) n *= static_cast<size_t>(d);
  return n;
}

// The workspaces of the launched calls, freed after the synchronize.
struct Workspaces {
  std::vector<void*> blocks;
  void* get(uint64_t bytes) {
    if (bytes == 0) return nullptr;
    void* p = nullptr;
    EXPECT_EQ(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    blocks.push_back(p);
    return p;
  }
  ~Workspaces() {
    for (void* p : blocks) EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
  }
};

#define LAUNCH(op, ...)                                                          \
  do {                                                                           \
    uint64_t ws = 0;                                                             \
    aclOpExecutor* exec = nullptr;                                               \
    ASSERT_EQ(op##GetWorkspaceSize(__VA_ARGS__, &ws, &exec), ACLNN_SUCCESS)      \
        << #op << ": " << aclGetRecentErrMsg();                                  \
    ASSERT_EQ(op(workspaces.get(ws), ws, exec, stream), ACLNN_SUCCESS) << #op;   \
  } while (0)

// All six operators (fp32, fp16, bf16; 4-D and 3-D) queued on `stream`, then one synchronize when
// `sync`; the outputs in a fixed order.
struct Batch {
  std::vector<DeviceTensor> inputs, outputs;
  std::vector<aclIntArray*> arrays;
  ~Batch() {
    for (aclIntArray* a : arrays) aclDestroyIntArray(a);
  }
  aclIntArray* array(std::vector<int64_t> v) {
    arrays.push_back(aclCreateIntArray(v.data(), v.size()));
    return arrays.back();
  }
  std::vector<std::vector<float>> results() const {
    std::vector<std::vector<float>> r;
    for (const DeviceTensor& t : outputs) r.push_back(t.values());
    return r;
  }
};

void launchAll(Batch& b, Workspaces& workspaces, aclrtStream stream, uint32_t seed, bool integers) {
  auto input = [&](std::vector<int64_t> shape, aclDataType dtype, uint32_t salt) -> aclTensor* {
    b.inputs.emplace_back(shape, dtype, values(count(shape), seed * 31 + salt, integers));
    return b.inputs.back().get();
  };
  auto output = [&](std::vector<int64_t> shape, aclDataType dtype) -> aclTensor* {
    b.outputs.emplace_back(shape, dtype, std::vector<float>(count(shape), 0.0f));
    return b.outputs.back().get();
  };
  b.inputs.reserve(8);
  b.outputs.reserve(8);

  LAUNCH(aclnnUpsampleNearestExact2dBackward, input({2, 3, 9, 7}, ACL_FLOAT, 1), b.array({9, 7}),
         b.array({2, 3, 4, 3}), 0.0, 0.0, output({2, 3, 4, 3}, ACL_FLOAT));
  LAUNCH(aclnnUpsampleNearestExact2dBackward, input({1, 4, 10, 12}, ACL_FLOAT16, 2), b.array({10, 12}),
         b.array({1, 4, 3, 5}), 0.0, 0.0, output({1, 4, 3, 5}, ACL_FLOAT16));
  LAUNCH(aclnnUpsampleNearestExact1dBackward, input({2, 2, 17}, ACL_FLOAT, 3), b.array({17}), b.array({2, 2, 6}),
         0.0, output({2, 2, 6}, ACL_FLOAT));
  LAUNCH(aclnnUpsampleNearestExact2d, input({1, 2, 5, 4}, ACL_BF16, 4), b.array({11, 9}), 0.0, 0.0,
         output({1, 2, 11, 9}, ACL_BF16));
  aclTensor* self = input({2, 3, 9, 11}, ACL_FLOAT, 5);
  aclTensor* pooled = output({2, 3, 4, 5}, ACL_FLOAT);
  b.outputs.push_back(DeviceTensor::indices({2, 3, 4, 5}, ACL_INT64, std::vector<int64_t>(120, 0)));
  aclTensor* indices = b.outputs.back().get();
  LAUNCH(aclnnAdaptiveMaxPool2d, self, b.array({4, 5}), pooled, indices);
  // The backward reads the indices the forward wrote: stream order makes that safe.
  LAUNCH(aclnnAdaptiveMaxPool2dBackward, input({2, 3, 4, 5}, ACL_FLOAT, 6), self, indices,
         output({2, 3, 9, 11}, ACL_FLOAT));
}

std::vector<std::vector<float>> runBatch(aclrtStream stream, uint32_t seed, bool integers) {
  Batch b;
  {
    Workspaces workspaces;
    launchAll(b, workspaces, stream, seed, integers);
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS) << aclGetRecentErrMsg();
  }
  return b.results();
}

bool sameBits(const std::vector<std::vector<float>>& a, const std::vector<std::vector<float>>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].size() != b[i].size() || std::memcmp(a[i].data(), b[i].data(), a[i].size() * sizeof(float)) != 0) {
      return false;
    }
  }
  return true;
}

// Each thread sets the device, makes its own stream, runs `rounds` batches and compares each with the
// serial result of its seed.
void concurrentMatchesSerial(bool integers) {
  constexpr int kThreads = 4, kRounds = 3;
  std::vector<std::vector<std::vector<float>>> serial(kThreads);
  for (int t = 0; t < kThreads; ++t) serial[t] = runBatch(RuntimeScope::shared().stream(), 100 + t, integers);

  std::vector<int> mismatches(kThreads, 0), failures(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      if (aclrtSetDevice(0) != ACL_SUCCESS) {
        ++failures[t];
        return;
      }
      aclrtStream stream = nullptr;
      if (aclrtCreateStream(&stream) != ACL_SUCCESS) ++failures[t];
      for (int r = 0; r < kRounds && stream; ++r) mismatches[t] += !sameBits(runBatch(stream, 100 + t, integers), serial[t]);
      if (stream && aclrtDestroyStream(stream) != ACL_SUCCESS) ++failures[t];
      if (aclrtResetDevice(0) != ACL_SUCCESS) ++failures[t];
    });
  }
  for (std::thread& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_EQ(failures[t], 0) << "thread " << t;
    EXPECT_EQ(mismatches[t], 0) << "thread " << t << ": a concurrent run differs from the serial one";
  }
}

TEST(RuntimeConcurrency, ThreadsWithOwnStreamsMatchASerialRunDeterministic) {
  RuntimeScope::shared();
  DeterministicScope on(true);
  concurrentMatchesSerial(false);
}

TEST(RuntimeConcurrency, ThreadsWithOwnStreamsMatchASerialRunDefaultModeExactSums) {
  RuntimeScope::shared();
  DeterministicScope off(false);
  concurrentMatchesSerial(true);
}

TEST(RuntimeConcurrency, DestroyingAStreamWithQueuedOperatorsFinishesThemFirst) {
  RuntimeScope::shared();
  DeterministicScope on(true);
  const auto expected = runBatch(RuntimeScope::shared().stream(), 7, false);
  Batch b;
  {
    Workspaces workspaces;  // freed after the destroy; the queued work pins them anyway
    aclrtStream stream = nullptr;
    ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    launchAll(b, workspaces, stream, 7, false);
    EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_ERROR_INVALID_RESOURCE_HANDLE);
  }
  EXPECT_TRUE(sameBits(b.results(), expected));
}

TEST(RuntimeConcurrency, DestroyingAStreamDropsItsUnreportedDeviceError) {
  RuntimeScope::shared();
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  DeviceTensor gradOutput({1, 1, 2, 2}, ACL_FLOAT, {1, 2, 3, 4});
  DeviceTensor self({1, 1, 4, 4}, ACL_FLOAT, std::vector<float>(16, 0.0f));
  DeviceTensor bad = DeviceTensor::indices({1, 1, 2, 2}, ACL_INT64, {0, 1, 99, 2});
  DeviceTensor gradInput({1, 1, 4, 4}, ACL_FLOAT, std::vector<float>(16, -1.0f));
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(gradOutput, self, bad, gradInput, &ws, &exec), ACLNN_SUCCESS);
  ASSERT_EQ(ws, 0u);
  ASSERT_EQ(aclnnAdaptiveMaxPool2dBackward(nullptr, 0, exec, stream), ACLNN_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS) << "the error goes with the stream nobody can synchronize";
  for (float v : gradInput.values()) EXPECT_TRUE(std::isnan(v)) << "the failed launch left every cell NaN";
  // Another stream is not affected.
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
}

}  // namespace
