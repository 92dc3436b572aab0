// Test helper for the race tests: a small call of any catalog operator on its own device memory, a
// thread that frees one block at a random moment, and the iteration count (GRADLAB_RACE_ITERATIONS).
#pragma once

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "gradlab/ops.h"
#include "gradlab/no_copy.h"

namespace gradlab::testing {

// `fallback` unless GRADLAB_RACE_ITERATIONS asks for more (or fewer).
inline int raceIterations(int fallback) {
  const char* text = std::getenv("GRADLAB_RACE_ITERATIONS");
  if (text == nullptr) return fallback;
  const long n = std::strtol(text, nullptr, 10);
  return n > 0 && n < (1L << 30) ? static_cast<int>(n) : fallback;
}

// `code` must be one of `allowed`; the message names the call and the recent error.
inline void expectOneOf(long long code, std::initializer_list<long long> allowed, const char* call) {
  for (long long a : allowed) {
    if (code == a) return;
  }
  ADD_FAILURE() << call << " returned " << code << " (aclGetRecentErrMsg() = \"" << aclGetRecentErrMsg() << "\")";
}

// Busy-waits a log-uniform random time (0 to some tens of microseconds), so a racing call lands anywhere from
// before the other thread's first check to after its work finished.
inline void randomPause(std::mt19937& rng) {
  const uint32_t spins = rng() & ((1u << (rng() % 14)) - 1);
  std::atomic<uint32_t> counter{0};  // an atomic, so the loop is not optimized away
  while (counter.fetch_add(1, std::memory_order_relaxed) < spins) {
  }
}

// A thread that frees the blocks handed to it, each after a random pause; aclrtFree's code is kept.
class RacingFreer : NoCopy {
 public:
  explicit RacingFreer(uint32_t seed) : rng_(seed), thread_([this] { loop(); }) {}
  ~RacingFreer() {
    wait();
    hand(kStop);
    thread_.join();
  }

  void hand(void* block) {
    victim_.store(block, std::memory_order_release);
    victim_.notify_one();
  }
  // Waits until the block handed last is freed; returns aclrtFree's code.
  aclError wait() {
    awaitVictim([](void* v) { return v == nullptr; });
    return result_.load(std::memory_order_acquire);
  }

 private:
  static inline void* const kStop = reinterpret_cast<void*>(uintptr_t{1});
  // Spins a while before it sleeps: waking a sleeping thread takes longer than a small call's whole launch,
  // while yielding without end costs the other threads a core (a third of the time under ThreadSanitizer).
  template <class Ready>
  void* awaitVictim(Ready ready) {
    constexpr int kSpins = 4096;
    for (int i = 0;; ++i) {
      void* v = victim_.load(std::memory_order_acquire);
      if (ready(v)) return v;
      if (i < kSpins) {
        if (i % 64 == 63) std::this_thread::yield();
        continue;
      }
      victim_.wait(v, std::memory_order_acquire);
    }
  }
  void loop() {
    for (;;) {
      void* v = awaitVictim([](void* v) { return v != nullptr; });
      if (v == kStop) return;
      randomPause(rng_);
      result_.store(aclrtFree(v), std::memory_order_release);
      victim_.store(nullptr, std::memory_order_release);
      victim_.notify_one();
    }
  }
  std::mt19937 rng_;
  std::atomic<void*> victim_{nullptr};
  std::atomic<aclError> result_{ACL_SUCCESS};
  std::thread thread_;
};

// One small call of `op`: every tensor in a block of its own (indices zero, so every index is legal;
// values are whatever fresh device memory holds). Nothing is checked but the codes.
class OperatorCall : NoCopy {
 public:
  OperatorCall(const OpInfo& op, aclDataType dtype) : op_(op) {
    Extents sizes;
    sizes.N = 1;
    sizes.C = 16;  // 256 KiB outputs: a kernel long enough for a free to land in it
    sizes.in = {1, 32, 32};
    const int64_t out = op.rule == IndexRule::kAdaptiveMax ? 8 : 64;
    sizes.out = {1, out, out};
    const aclFormat format = sideFormat(op, false);
    for (const TensorRole& role : op.tensorRoles()) {
      std::vector<int64_t> shape = sideShape(op, role.side, sizes);
      const aclDataType type = role.integer() ? op_.indexDtype() : dtype;
      size_t bytes = aclDataTypeSize(type);
      for (int64_t d : shape) bytes *= static_cast<size_t>(d);
      void* block = nullptr;
      if (aclrtMalloc(&block, bytes, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS && role.integer()) {
        aclrtMemset(block, bytes, 0, bytes);
      }
      blocks_.push_back(block);
      tensors_.push_back(aclCreateTensor(shape.data(), shape.size(), type, nullptr, 0, format, shape.data(),
                                         shape.size(), block));
    }
    const std::vector<int64_t> outSpatial = sizes.spatial(Side::kOut, op.spatialRank);
    const std::vector<int64_t> inShape = sideShape(op, Side::kIn, sizes);
    outputSize_ = aclCreateIntArray(outSpatial.data(), outSpatial.size());
    inputSize_ = aclCreateIntArray(inShape.data(), inShape.size());
  }
  ~OperatorCall() {
    for (aclTensor* t : tensors_) aclDestroyTensor(t);
    aclDestroyIntArray(outputSize_);
    aclDestroyIntArray(inputSize_);
  }

  size_t blockCount() const { return blocks_.size(); }
  void* block(size_t i) const { return blocks_[i]; }
  // Frees every block but `except` (the one another thread frees).
  void freeBlocks(const void* except) {
    for (void* b : blocks_) {
      if (b != nullptr && b != except) aclrtFree(b);
    }
  }

  aclnnStatus plan(uint64_t* workspaceSize, aclOpExecutor** executor) const {
    OpArgs args;
    for (size_t i = 0; i < tensors_.size(); ++i) args.tensors[i] = tensors_[i];
    args.outputSize = op_.takesOutputSize ? outputSize_ : nullptr;
    args.inputSize = op_.takesInputSize ? inputSize_ : nullptr;
    return op_.getWorkspaceSize(args, workspaceSize, executor);
  }
  aclnnStatus launch(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) const {
    return op_.launch(workspace, workspaceSize, executor, stream);
  }

 private:
  const OpInfo& op_;
  std::vector<void*> blocks_;
  std::vector<aclTensor*> tensors_;
  aclIntArray* outputSize_ = nullptr;
  aclIntArray* inputSize_ = nullptr;
};

}  // namespace gradlab::testing
