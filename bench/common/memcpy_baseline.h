// The yardstick of every operator benchmark: a memcpy of the operator's byte count (the bytes it must
// read plus the bytes it must write), timed in the same run right after each operator call, between two
// device buffers allocated once. The copy uses whichever is faster on this host for that byte count,
// one thread or all host threads (decided once per byte count), so the ratio is never flattered.
#pragma once

#include <cstdint>
#include <map>
#include <memory>

namespace gradlab::bench {

class CopyTeam;

class MemcpyBaseline {
 public:
  static MemcpyBaseline& shared();
  // Copies `bytes` bytes once and returns the wall-clock seconds it took.
  double copySeconds(uint64_t bytes);
  // Same, with an explicit thread count (1 .. hostThreads()).
  double copySeconds(uint64_t bytes, int threads);
  int hostThreads() const;

 private:
  MemcpyBaseline();
  ~MemcpyBaseline();
  int fasterThreads(uint64_t bytes);
  std::unique_ptr<CopyTeam> team_;
  std::map<uint64_t, int> threadsFor_;
};

}  // namespace gradlab::bench
