// What one fuzz program has made so far: device allocations (live and freed), tensors, integer arrays,
// executors and streams, and a host buffer. Arguments are picked from here by index bytes, so a mutated
// program still refers to real objects most of the time. Everything is released when the program ends.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "byte_reader.h"
#include "gradlab/no_copy.h"

namespace gradlab::fuzz {

// Device allocations the harness makes stay small, so kernels over them finish quickly.
constexpr size_t kMaxHarnessAllocation = size_t{1} << 20;
// The emulated device's memory (64 GiB): larger requests must be refused before any work.
constexpr uint64_t kDeviceCapacity = uint64_t{64} << 30;
// Operator calls whose tensors hold more elements than kMaxPlanElements in total may be legal but too
// slow to fuzz; they are skipped unless a tensor is larger than the device (the library must refuse
// those before any work). Executors over more than kMaxLaunchElements are destroyed, not launched.
constexpr int64_t kMaxPlanElements = int64_t{1} << 26;
constexpr int64_t kMaxLaunchElements = int64_t{1} << 20;

struct TensorRecord {
  aclTensor* tensor = nullptr;
  int64_t elements = 0;    // of the view (aclCreateTensor refuses views whose count overflows int64)
  bool largerThanDevice = false;  // elements * element size > the emulated device's 64 GiB (or overflows)
  bool destroyed = false;  // a handle aclDestroyTensor ended: every call must refuse it
};

struct Allocation {
  void* ptr = nullptr;
  size_t size = 0;
  int32_t device = 0;
  bool live = true;
};

class State : NoCopy {
 public:
  explicit State(ByteReader& in);
  ~State();  // frees what the program left behind, and checks each release's code

  ByteReader& in;
  std::vector<Allocation> allocations;
  std::vector<TensorRecord> tensors;
  std::vector<aclIntArray*> arrays;
  // Destroyed handles, to pass again (the library keeps a destroyed descriptor's address out of use for
  // thousands of destroys, far more than a program makes, so each is still refused).
  std::vector<TensorRecord> deadTensors;
  std::vector<aclIntArray*> deadArrays;
  void buryTensor(TensorRecord r);
  void buryArray(aclIntArray* a);
  std::vector<aclOpExecutor*> executors;  // not yet launched or destroyed (as far as the program knows)
  // Launched or destroyed with success: a later launch or destroy of one must be refused.
  std::vector<aclOpExecutor*> spentExecutors;
  bool spent(const aclOpExecutor* e) const;
  std::vector<aclrtStream> streams;       // created and not destroyed
  std::vector<aclrtStream> deadStreams;   // destroyed handles, to pass again
  // A real host buffer for the host side of copies, zeroed when a program starts. It outlives programs:
  // allocating and zeroing 1 MiB for each one cost the fuzzer a sixth of its time.
  std::span<uint8_t> host;
  void touchedHost(size_t bytes);  // the program wrote (or may have) the first `bytes` of `host`
  int32_t deviceRefs[8] = {};             // aclrtSetDevice calls not yet undone, per device

  // A device-side pointer argument: null, a live base / interior / end pointer, a freed one, host memory,
  // a stack address or made-up bits. The library checks all of these, so any is fair.
  void* devicePointer();
  // A pointer where the library reads or writes without a check of its own when it is not device memory
  // (the host side of a copy): only device-ish choices or the host buffer, which really holds `count`
  // bytes (nullptr when it cannot), never made-up bits.
  void* copyPointer(size_t count);
  const TensorRecord* tensor();  // nullptr sometimes, a destroyed one sometimes, else one of `tensors`
  const aclIntArray* array();    // the same, of `arrays`
  aclrtStream stream();       // default (nullptr), created, destroyed or made-up
  void* allocate(size_t size);  // aclrtMalloc through the contract check; nullptr when it failed
  // Marks every allocation of `device` (all when < 0) as freed, after a reset or aclFinalize.
  void forgetDevice(int32_t device);
  int32_t currentDevice() const;

 private:
  int32_t stackMarker_ = 0;
};

}  // namespace gradlab::fuzz
