// Single-threaded mode (gradlab/host_threads.h), what the browser build runs on a page without
// cross-origin isolation: no thread is started (the host refuses every one here, and nothing fails), a
// stream's work waits in its queue until a thread synchronizes, and every operator's outputs are bit for
// bit those of the threaded runtime: deterministic, seeded default mode, half precision.
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "gradlab/host_threads.h"
#include "gradlab/runner.h"
#include "runtime/context.h"
#include "runtime/host_thread.h"
#include "runtime/stream.h"
#include "verify/device_tensor.h"

namespace gradlab {
namespace {

// On a device of its own, so its default stream starts in the mode under test (a stream keeps the mode
// it was created in, and the shared device 0 has one already).
constexpr int32_t kDevice = 5;

class RuntimeSingleThread : public ::testing::Test {
 protected:
  void SetUp() override { verify::RuntimeScope::shared(); }
  void TearDown() override {
    setSingleThreaded(false);
    rt::refuseHostThreadsForTesting(0);
  }
};

// Runs `body` on a fresh thread with kDevice set, single-threaded or not, the host refusing every new
// thread while single-threaded (so one the runtime asked for would fail the run).
template <typename Body>
void onOwnDevice(bool single, Body body) {
  std::thread user([&] {
    setSingleThreaded(single);
    if (single) rt::refuseHostThreadsForTesting(1 << 30);
    ASSERT_EQ(aclrtSetDevice(kDevice), ACL_SUCCESS);
    body();
    EXPECT_EQ(aclrtResetDevice(kDevice), ACL_SUCCESS);
    rt::refuseHostThreadsForTesting(0);
    setSingleThreaded(false);
  });
  user.join();
  // Later tests of this process find device 0 as the last one set, as before (the reset above forgot it).
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

// Large enough that every launch spreads over many cores and past the size the runtime keeps on one
// host thread anyway (runtime/core_pool.h: kSmallJobBytes).
RunRequest request(const OpInfo& op, aclDataType dtype, bool deterministic) {
  RunRequest r;
  r.op = op.kind;
  r.shape.N = 2, r.shape.C = 16;
  r.dtype = dtype;
  r.deterministic = deterministic;
  if (!deterministic) r.schedule = AtomicSchedule::fromSeed(11);
  r.seed = 5;
  if (op.rule == IndexRule::kAdaptiveMax) {
    r.shape.in[kH] = 67, r.shape.in[kW] = 45, r.shape.out[kH] = 9, r.shape.out[kW] = 7;
  } else if (op.spatialRank == 1) {
    r.shape.in[kH] = r.shape.out[kH] = 1, r.shape.in[kW] = 301, r.shape.out[kW] = 1013;
  } else {
    r.shape.in[kH] = 29, r.shape.in[kW] = 23, r.shape.out[kH] = 97, r.shape.out[kW] = 71;
  }
  return r;
}

std::vector<RunResult> runEverything(bool single) {
  std::vector<RunResult> results;
  onOwnDevice(single, [&] {
    for (const OpInfo& op : allOps()) {
      for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16}) {
        for (bool deterministic : {true, false}) results.push_back(run(request(op, dtype, deterministic)));
      }
    }
  });
  return results;
}

TEST_F(RuntimeSingleThread, EveryOperatorsOutputsAreThoseOfTheThreadedRuntimeBitForBit) {
  const std::vector<RunResult> threaded = runEverything(false);
  const std::vector<RunResult> single = runEverything(true);
  ASSERT_EQ(threaded.size(), single.size());
  for (size_t i = 0; i < threaded.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "run " << i << " (operator " << i / 4 << ", " << (i % 4 < 2 ? "float32" : "float16")
                                    << (i % 2 == 0 ? ", deterministic)" : ", default mode, seed:11)"));
    ASSERT_TRUE(threaded[i].ok()) << threaded[i].message;
    ASSERT_TRUE(single[i].ok()) << single[i].stage << ": " << single[i].message;
    ASSERT_EQ(threaded[i].outputs.size(), single[i].outputs.size());
    for (size_t o = 0; o < threaded[i].outputs.size(); ++o) {
      const HostTensor& a = threaded[i].outputs[o];
      const HostTensor& b = single[i].outputs[o];
      ASSERT_EQ(a.values.size(), b.values.size()) << a.name;
      EXPECT_EQ(std::memcmp(a.values.data(), b.values.data(), a.values.size() * sizeof(float)), 0) << a.name;
      EXPECT_EQ(a.ints, b.ints) << a.name;
    }
  }
}

// A stream's tasks wait in its queue, run by no thread of their own, until a thread synchronizes the
// stream (they run there, in order) or destroys it.
TEST_F(RuntimeSingleThread, AStreamsWorkRunsOnTheThreadThatSynchronizesOrDestroysIt) {
  onOwnDevice(true, [] {
    aclrtStream handle = nullptr;
    ASSERT_EQ(aclrtCreateStream(&handle), ACL_SUCCESS) << aclGetRecentErrMsg();
    std::shared_ptr<rt::Stream> stream = rt::resolveStream(handle, "test");
    ASSERT_NE(stream, nullptr);
    std::vector<int> order;
    std::vector<std::thread::id> ranOn;
    for (int i = 0; i < 3; ++i) {
      stream->enqueue([&order, &ranOn, i] {
        order.push_back(i);
        ranOn.push_back(std::this_thread::get_id());
        return rt::TaskResult{};
      });
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_TRUE(order.empty()) << "no thread ran the queue before synchronize";
    ASSERT_EQ(aclrtSynchronizeStream(handle), ACL_SUCCESS) << aclGetRecentErrMsg();
    EXPECT_EQ(order, (std::vector<int>{0, 1, 2}));
    EXPECT_EQ(ranOn, std::vector<std::thread::id>(3, std::this_thread::get_id()));

    stream->enqueue([&order] {
      order.push_back(3);
      return rt::TaskResult{};
    });
    stream.reset();
    ASSERT_EQ(aclrtDestroyStream(handle), ACL_SUCCESS);
    EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3}));
  });
}

}  // namespace
}  // namespace gradlab
