// The yardstick of every operator benchmark: a memcpy of the operator's byte count (the bytes it must
// read plus the bytes it must write), timed in the same run right after each operator call, between two
// device buffers allocated once. The copy uses whichever is faster on this host for that byte count,
// one thread or all host threads (decided once per byte count), so the ratio is never flattered.
// A second yardstick moves the call's own mix of reads and writes and nothing else (streamSeconds).
#pragma once

#include <cstdint>
#include <map>
#include <memory>

namespace gradlab::bench {

class CopyTeam;

// The bytes an operator call must read and the bytes it must write.
struct Traffic {
  uint64_t read = 0, written = 0;
  uint64_t bytes() const { return read + written; }
};

class MemcpyBaseline {
 public:
  static MemcpyBaseline& shared();
  // Copies `bytes` bytes once and returns the wall-clock seconds it took.
  double copySeconds(uint64_t bytes);
  // Same, with an explicit thread count (1 .. hostThreads()).
  double copySeconds(uint64_t bytes, int threads);
  // The second yardstick, the traffic floor: all host threads read `t.read` bytes (vector loads) and write
  // `t.written` bytes (streaming stores, as the operators' large outputs go), each thread its own part, the
  // reads and writes interleaved a few KiB at a time. It does nothing else, so an operator can hardly beat
  // it: where memcpy is bound by writes, an operator that writes most of its bytes cannot pass
  // bytes / written x memcpy, while this yardstick moves the same mix of reads and writes as the call.
  double streamSeconds(Traffic t);
  int hostThreads() const;

 private:
  MemcpyBaseline();
  ~MemcpyBaseline();
  int fasterThreads(uint64_t bytes);
  std::unique_ptr<CopyTeam> team_;
  std::map<uint64_t, int> threadsFor_;
};

}  // namespace gradlab::bench
