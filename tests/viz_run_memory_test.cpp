// A run's memory goes when the run is replaced: a large run on screen holds its tensors and trace, and
// once a small run takes its place the process gives them back (the device buffers the result read in
// place, the trace, the scene that shares the tensors). Resident memory, not time: it holds on a busy machine.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdint>

#include "panels_harness.h"

// The sanitizers' allocators keep freed memory (ASan's quarantine, TSan's own caches): resident memory then
// says nothing about what the app gives back.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define GRADLAB_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define GRADLAB_TEST_SANITIZED 1
#endif
#endif

namespace gradlab::viz {
namespace {

// The process's resident bytes now; 0 where /proc does not say.
uint64_t residentBytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (f == nullptr) return 0;
  unsigned long long size = 0, resident = 0;
  const int read = std::fscanf(f, "%llu %llu", &size, &resident);
  std::fclose(f);
  return read == 2 ? resident * static_cast<uint64_t>(sysconf(_SC_PAGESIZE)) : 0;
}

class VizRunMemory : public PanelsHarness {};

TEST_F(VizRunMemory, ALargeRunIsGivenBackWhenASmallOneReplacesIt) {
#ifdef GRADLAB_TEST_SANITIZED
  GTEST_SKIP() << "a sanitizer's allocator keeps freed memory";
#endif
  AppState s;
  s.host.runner = [](const RunRequest& r) { return run(r); };
  s.controls.request.op = OpKind::kUpsampleNearestExact2dBackward;
  s.controls.request.shape.N = 1, s.controls.request.shape.C = 64;
  s.controls.request.shape.in[kH] = s.controls.request.shape.in[kW] = 64;
  s.controls.request.shape.out[kH] = s.controls.request.shape.out[kW] = 128;
  const uint64_t before = residentBytes();
  if (before == 0) GTEST_SKIP() << "this host does not report resident memory";
  runControls(s);
  ASSERT_TRUE(s.run.ok()) << s.run.result.message;
  const uint64_t tensors = runTensorBytes(s.run.request);  // 5.2 MB
  ASSERT_TRUE(s.run.result.trace);
  const uint64_t trace = s.run.result.trace->moves.size() * sizeof(CellMove);  // 1M moves: 59 MB
  const uint64_t held = residentBytes() - before;
  EXPECT_GE(held, (tensors + trace) * 9 / 10) << "the large run is on screen";

  s.controls.request.shape.C = 1;
  s.controls.request.shape.in[kH] = s.controls.request.shape.in[kW] = 4;
  s.controls.request.shape.out[kH] = s.controls.request.shape.out[kW] = 8;
  runControls(s);
  ASSERT_TRUE(s.run.ok()) << s.run.result.message;
  const uint64_t after = residentBytes();
  EXPECT_LE(after, before + (tensors + trace) / 5)
      << "resident " << before << " before the large run, " << before + held << " with it, " << after
      << " once a small run replaced it";
}

}  // namespace
}  // namespace gradlab::viz
#endif
