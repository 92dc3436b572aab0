// aclrtMalloc / aclrtFree: every refusal with its exact code and message, and the emulated capacity.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "acl/acl.h"
#include "runtime/device_malloc.h"
#include "runtime_expect.h"
#include "verify/device_tensor.h"

namespace {

using gradlab::testing::ptr;

class RuntimeMallocFree : public ::testing::Test {
 protected:
  void SetUp() override { gradlab::verify::RuntimeScope::shared(); }
};

TEST_F(RuntimeMallocFree, MallocAndFreeRoundTrip) {
  void* p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, 100, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u) << "device allocations are 64-byte aligned";
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
}

TEST_F(RuntimeMallocFree, EveryPolicyIsAccepted) {
  for (int policy = ACL_MEM_MALLOC_HUGE_FIRST; policy <= ACL_MEM_MALLOC_NORMAL_ONLY_P2P; ++policy) {
    void* p = nullptr;
    ASSERT_EQ(aclrtMalloc(&p, 8, static_cast<aclrtMemMallocPolicy>(policy)), ACL_SUCCESS) << "policy " << policy;
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
  }
}

TEST_F(RuntimeMallocFree, MallocNullDevPtr) {
  EXPECT_FAILS(aclrtMalloc(nullptr, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM, "aclrtMalloc",
               "devPtr is a null pointer");
}

TEST_F(RuntimeMallocFree, MallocSizeZero) {
  void* p = reinterpret_cast<void*>(0x1234);
  EXPECT_FAILS(aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM, "aclrtMalloc", "size is 0");
  EXPECT_EQ(p, nullptr) << "a failed aclrtMalloc leaves *devPtr null";
}

TEST_F(RuntimeMallocFree, MallocBadPolicy) {
  void* p = nullptr;
  EXPECT_FAILS(aclrtMalloc(&p, 16, static_cast<aclrtMemMallocPolicy>(6)), ACL_ERROR_INVALID_PARAM, "aclrtMalloc",
               "policy 6", "aclrtMemMallocPolicy");
  EXPECT_FAILS(aclrtMalloc(&p, 16, static_cast<aclrtMemMallocPolicy>(-1)), ACL_ERROR_INVALID_PARAM, "policy -1");
  EXPECT_EQ(p, nullptr);
}

TEST_F(RuntimeMallocFree, MallocBeyondTheEmulatedCapacity) {
  const size_t capacity = size_t{64} << 30;
  void* p = nullptr;
  EXPECT_FAILS(aclrtMalloc(&p, capacity + 1, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION, "aclrtMalloc",
               "cannot allocate 68719476737 bytes on device 0", "of 68719476736");
  EXPECT_EQ(p, nullptr);
  EXPECT_FAILS(aclrtMalloc(&p, SIZE_MAX, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION,
               "cannot allocate 18446744073709551615 bytes");
  EXPECT_EQ(p, nullptr);
}

TEST_F(RuntimeMallocFree, CapacityCountsLiveAllocations) {
  // 64 GiB minus what is live cannot fit once anything is allocated.
  void* small = nullptr;
  ASSERT_EQ(aclrtMalloc(&small, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  void* p = nullptr;
  EXPECT_FAILS(aclrtMalloc(&p, size_t{64} << 30, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION,
               "cannot allocate 68719476736 bytes", "bytes in use of 68719476736");
  EXPECT_EQ(aclrtFree(small), ACL_SUCCESS);
}

TEST_F(RuntimeMallocFree, FreshMemoryReadsAsNaN) {
  // Documented emulator behaviour: fresh device bytes are 0xFF, so a cell a kernel forgot shows up as NaN.
  void* p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  std::vector<uint8_t> host(16, 0);
  ASSERT_EQ(aclrtMemcpy(host.data(), 16, p, 16, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(host, std::vector<uint8_t>(16, 0xFF));
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
}

// A large block is filled by several host threads in parts: every byte still reads 0xFF, to the ragged end.
TEST_F(RuntimeMallocFree, ALargeFreshBlockReadsAsNaNToItsLastByte) {
  constexpr size_t kBytes = (size_t{96} << 20) + 5;
  void* p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  const auto* bytes = static_cast<const uint8_t*>(p);
  size_t other = 0;
  for (size_t i = 0; i < kBytes; ++i) other += bytes[i] != 0xFF;
  EXPECT_EQ(other, 0u);
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
}

// aclrtMemset of a large block writes its count in parts and not one byte past it.
TEST_F(RuntimeMallocFree, ALargeMemsetWritesExactlyItsCount) {
  constexpr size_t kBytes = size_t{80} << 20, kCount = kBytes - 3;
  void* p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemset(p, kBytes, 0x5A, kCount), ACL_SUCCESS);
  const auto* bytes = static_cast<const uint8_t*>(p);
  size_t other = 0;
  for (size_t i = 0; i < kCount; ++i) other += bytes[i] != 0x5A;
  EXPECT_EQ(other, 0u);
  EXPECT_EQ(bytes[kCount], 0xFF);
  EXPECT_EQ(bytes[kBytes - 1], 0xFF);
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
}

// The runner's unfilled blocks (inputs it writes whole at once) are refused as aclrtMalloc refuses.
TEST_F(RuntimeMallocFree, AnUnfilledBlockHasAclrtMallocsChecks) {
  void* p = nullptr;
  EXPECT_FAILS(gradlab::rt::mallocOnDevice(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST, gradlab::rt::DeviceMemory::Fill::kUnfilled),
               ACL_ERROR_INVALID_PARAM, "aclrtMalloc", "size is 0");
  ASSERT_EQ(gradlab::rt::mallocOnDevice(&p, 4096, ACL_MEM_MALLOC_HUGE_FIRST, gradlab::rt::DeviceMemory::Fill::kUnfilled),
            ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
}

TEST_F(RuntimeMallocFree, FreeNull) {
  EXPECT_FAILS(aclrtFree(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtFree", "devPtr is a null pointer");
}

TEST_F(RuntimeMallocFree, FreeUnknownHostPointer) {
  int onStack = 0;
  EXPECT_FAILS(aclrtFree(&onStack), ACL_ERROR_INVALID_PARAM, "aclrtFree", ptr(&onStack),
               "is not device memory from aclrtMalloc");
}

TEST_F(RuntimeMallocFree, FreeInteriorPointer) {
  void* p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  char* inside = static_cast<char*>(p) + 8;
  EXPECT_FAILS(aclrtFree(inside), ACL_ERROR_INVALID_PARAM, "aclrtFree", ptr(inside), "points inside an allocation",
               "pass the pointer aclrtMalloc returned");
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS) << "the refused interior free must leave the allocation alive";
}

TEST_F(RuntimeMallocFree, DoubleFree) {
  void* p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtFree(p), ACL_SUCCESS);
  EXPECT_FAILS(aclrtFree(p), ACL_ERROR_INVALID_PARAM, "aclrtFree", ptr(p), "was already freed");
}

TEST_F(RuntimeMallocFree, FreeInsideAFreedAllocationSaysFreed) {
  void* p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtFree(p), ACL_SUCCESS);
  char* inside = static_cast<char*>(p) + 16;
  EXPECT_FAILS(aclrtFree(inside), ACL_ERROR_INVALID_PARAM, ptr(inside), "was already freed");
}

// The freed list is bounded: when it is full the longest-freed range is forgotten, never the one just freed
// (whose pointer a buggy program is most likely to use again, even as a host pointer in aclrtMemcpy).
TEST_F(RuntimeMallocFree, TheLatestFreedBlockIsKnownAfterThousandsOfFrees) {
  void* latest = nullptr;
  for (int i = 0; i < 5000; ++i) {
    ASSERT_EQ(aclrtMalloc(&latest, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtFree(latest), ACL_SUCCESS);
  }
  EXPECT_FAILS(aclrtFree(latest), ACL_ERROR_INVALID_PARAM, ptr(latest), "was already freed");
  float host = 0.0f;
  EXPECT_FAILS(aclrtMemcpy(&host, sizeof host, latest, sizeof host, ACL_MEMCPY_DEFAULT), ACL_ERROR_INVALID_PARAM,
               "freed");
}

// Host memory the C++ allocator hands out after a device block was freed may sit at the same address. It
// is host memory now: a copy from or to it must work, and freeing it with aclrtFree is "not device memory".
TEST_F(RuntimeMallocFree, HostMemoryAtTheAddressOfAFreedBlockIsHostMemory) {
  for (size_t bytes : {size_t{16}, size_t{64}, size_t{256}, size_t{4096}}) {
    void* dev = nullptr;
    ASSERT_EQ(aclrtMalloc(&dev, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    void* freed = nullptr;
    ASSERT_EQ(aclrtMalloc(&freed, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtFree(freed), ACL_SUCCESS);
    // Many host blocks of the same size: if the allocator reuses the freed address, one of them gets it.
    std::vector<std::vector<char>> hosts;
    for (int i = 0; i < 64; ++i) hosts.emplace_back(bytes, static_cast<char>(i));
    for (auto& host : hosts) {
      EXPECT_EQ(aclrtMemcpy(dev, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS)
          << aclGetRecentErrMsg();
      EXPECT_EQ(aclrtMemcpy(host.data(), bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS)
          << aclGetRecentErrMsg();
    }
    EXPECT_EQ(aclrtFree(dev), ACL_SUCCESS);
  }
}

}  // namespace
