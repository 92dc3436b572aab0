// aclrtMemcpy / aclrtMemset: round trips in every direction and every refusal with its code and message.
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

#include "acl/acl.h"
#include "runtime_expect.h"
#include "verify/device_tensor.h"
#include "gradlab/no_copy.h"

namespace {

using gradlab::testing::ptr;

// A live device block of `bytes` bytes, freed at the end of the test.
class DeviceBlock : gradlab::NoCopy {
 public:
  explicit DeviceBlock(size_t bytes) : bytes_(bytes) {
    EXPECT_EQ(aclrtMalloc(&p_, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS) << aclGetRecentErrMsg();
  }
  ~DeviceBlock() {
    if (p_) aclrtFree(p_);
  }
  char* get() const { return static_cast<char*>(p_); }
  size_t size() const { return bytes_; }
  void free() {
    ASSERT_EQ(aclrtFree(p_), ACL_SUCCESS);
    freed_ = p_;
    p_ = nullptr;
  }
  char* freedAddress() const { return static_cast<char*>(freed_); }

 private:
  void* p_ = nullptr;
  void* freed_ = nullptr;
  size_t bytes_;
};

std::vector<uint8_t> iota(size_t n, uint8_t first) {
  std::vector<uint8_t> v(n);
  std::iota(v.begin(), v.end(), first);
  return v;
}

class RuntimeMemcpy : public ::testing::Test {
 protected:
  void SetUp() override { gradlab::verify::RuntimeScope::shared(); }
};

TEST_F(RuntimeMemcpy, HostToDeviceToHostRoundTrip) {
  DeviceBlock dev(64);
  auto in = iota(64, 1);
  std::vector<uint8_t> out(64, 0);
  ASSERT_EQ(aclrtMemcpy(dev.get(), 64, in.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(out.data(), 64, dev.get(), 64, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(out, in);
}

TEST_F(RuntimeMemcpy, DeviceToDeviceAndHostToHost) {
  DeviceBlock a(32), b(32);
  auto in = iota(32, 10);
  ASSERT_EQ(aclrtMemcpy(a.get(), 32, in.data(), 32, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(b.get(), 32, a.get(), 32, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_SUCCESS);
  std::vector<uint8_t> out(32, 0);
  ASSERT_EQ(aclrtMemcpy(out.data(), 32, b.get(), 32, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(out, in);
  std::vector<uint8_t> copy(32, 0);
  ASSERT_EQ(aclrtMemcpy(copy.data(), 32, out.data(), 32, ACL_MEMCPY_HOST_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(copy, in);
}

TEST_F(RuntimeMemcpy, InteriorPointersAndDestMaxLargerThanCount) {
  DeviceBlock dev(64);
  std::vector<uint8_t> zeros(64, 0);
  ASSERT_EQ(aclrtMemcpy(dev.get(), 64, zeros.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  auto in = iota(8, 100);
  // destMax says how much room dst has; only count bytes move.
  ASSERT_EQ(aclrtMemcpy(dev.get() + 56, 1000, in.data(), 8, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  std::vector<uint8_t> out(64, 0xAA);
  ASSERT_EQ(aclrtMemcpy(out.data(), 64, dev.get(), 64, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  std::vector<uint8_t> expected(64, 0);
  std::copy(in.begin(), in.end(), expected.begin() + 56);
  EXPECT_EQ(out, expected);
}

TEST_F(RuntimeMemcpy, DefaultKindInfersEachSide) {
  DeviceBlock a(16), b(16);
  auto in = iota(16, 7);
  ASSERT_EQ(aclrtMemcpy(a.get(), 16, in.data(), 16, ACL_MEMCPY_DEFAULT), ACL_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtMemcpy(b.get(), 16, a.get(), 16, ACL_MEMCPY_DEFAULT), ACL_SUCCESS) << aclGetRecentErrMsg();
  std::vector<uint8_t> out(16, 0), copy(16, 0);
  ASSERT_EQ(aclrtMemcpy(out.data(), 16, b.get(), 16, ACL_MEMCPY_DEFAULT), ACL_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(out, in);
  ASSERT_EQ(aclrtMemcpy(copy.data(), 16, out.data(), 16, ACL_MEMCPY_DEFAULT), ACL_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(copy, in);
}

TEST_F(RuntimeMemcpy, DefaultKindStillChecksTheDeviceExtent) {
  DeviceBlock dev(16);
  auto in = iota(32, 0);
  EXPECT_FAILS(aclrtMemcpy(dev.get() + 8, 32, in.data(), 32, ACL_MEMCPY_DEFAULT), ACL_ERROR_INVALID_PARAM,
               "aclrtMemcpy: dst (ACL_MEMCPY_DEFAULT) needs 32 bytes at " + ptr(dev.get() + 8),
               "only 8 remain in its 16-byte device allocation");
}

TEST_F(RuntimeMemcpy, CountZeroIsANoOp) {
  DeviceBlock dev(16);
  int host = 5;
  // Nothing moves, so neither side is inspected (not even a host pointer in the device role).
  EXPECT_EQ(aclrtMemcpy(&host, 0, dev.get(), 0, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  EXPECT_EQ(aclrtMemcpy(dev.get(), 16, &host, 0, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  EXPECT_EQ(host, 5);
}

TEST_F(RuntimeMemcpy, NullDst) {
  int host = 0;
  EXPECT_FAILS(aclrtMemcpy(nullptr, 4, &host, 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
               "aclrtMemcpy: dst is a null pointer");
}

TEST_F(RuntimeMemcpy, NullSrc) {
  DeviceBlock dev(4);
  EXPECT_FAILS(aclrtMemcpy(dev.get(), 4, nullptr, 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
               "aclrtMemcpy: src is a null pointer");
  EXPECT_FAILS(aclrtMemcpy(dev.get(), 4, nullptr, 0, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
               "aclrtMemcpy: src is a null pointer");
}

TEST_F(RuntimeMemcpy, BadKind) {
  DeviceBlock dev(4);
  int host = 0;
  EXPECT_FAILS(aclrtMemcpy(dev.get(), 4, &host, 4, static_cast<aclrtMemcpyKind>(5)), ACL_ERROR_INVALID_PARAM,
               "aclrtMemcpy: kind 5 is not a valid aclrtMemcpyKind");
  EXPECT_FAILS(aclrtMemcpy(dev.get(), 4, &host, 4, static_cast<aclrtMemcpyKind>(-1)), ACL_ERROR_INVALID_PARAM,
               "kind -1 is not a valid aclrtMemcpyKind");
}

TEST_F(RuntimeMemcpy, CountLargerThanDestMax) {
  DeviceBlock dev(64);
  auto in = iota(16, 0);
  EXPECT_FAILS(aclrtMemcpy(dev.get(), 8, in.data(), 16, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
               "aclrtMemcpy: count 16 is larger than destMax 8");
}

TEST_F(RuntimeMemcpy, PastTheEndOfTheDestinationAllocation) {
  DeviceBlock dev(64);
  auto in = iota(80, 0);
  EXPECT_FAILS(aclrtMemcpy(dev.get(), 80, in.data(), 80, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
               "aclrtMemcpy: dst (ACL_MEMCPY_HOST_TO_DEVICE) needs 80 bytes at " + ptr(dev.get()),
               "but only 64 remain in its 64-byte device allocation");
  EXPECT_FAILS(aclrtMemcpy(dev.get() + 32, 40, in.data(), 40, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
               "needs 40 bytes at " + ptr(dev.get() + 32), "only 32 remain in its 64-byte device allocation");
}

TEST_F(RuntimeMemcpy, PastTheEndOfTheSourceAllocation) {
  DeviceBlock dev(64);
  std::vector<uint8_t> out(100, 0);
  EXPECT_FAILS(aclrtMemcpy(out.data(), 100, dev.get() + 4, 61, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_INVALID_PARAM,
               "aclrtMemcpy: src (ACL_MEMCPY_DEVICE_TO_HOST) needs 61 bytes at " + ptr(dev.get() + 4),
               "only 60 remain in its 64-byte device allocation");
  EXPECT_EQ(out, std::vector<uint8_t>(100, 0)) << "a refused copy writes nothing";
  DeviceBlock small(16);
  EXPECT_FAILS(aclrtMemcpy(dev.get(), 64, small.get(), 32, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
               "src (ACL_MEMCPY_DEVICE_TO_DEVICE) needs 32 bytes", "only 16 remain in its 16-byte device allocation");
}

TEST_F(RuntimeMemcpy, HostPointerWhereTheKindSaysDevice) {
  std::vector<uint8_t> host(16, 1), other(16, 2);
  EXPECT_FAILS(aclrtMemcpy(host.data(), 16, other.data(), 16, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
               "aclrtMemcpy: dst (ACL_MEMCPY_HOST_TO_DEVICE) " + ptr(host.data()),
               "is not device memory from aclrtMalloc");
  EXPECT_FAILS(aclrtMemcpy(host.data(), 16, other.data(), 16, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_INVALID_PARAM,
               "aclrtMemcpy: src (ACL_MEMCPY_DEVICE_TO_HOST) " + ptr(other.data()),
               "is not device memory from aclrtMalloc");
  EXPECT_EQ(host, std::vector<uint8_t>(16, 1));
}

TEST_F(RuntimeMemcpy, DevicePointerWhereTheKindSaysHost) {
  DeviceBlock a(16), b(16);
  EXPECT_FAILS(aclrtMemcpy(a.get(), 16, b.get(), 16, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
               "aclrtMemcpy: src " + ptr(b.get()) + " is device memory but ACL_MEMCPY_HOST_TO_DEVICE expects host memory there");
  EXPECT_FAILS(aclrtMemcpy(a.get(), 16, b.get(), 16, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_INVALID_PARAM,
               "aclrtMemcpy: dst " + ptr(a.get()) + " is device memory but ACL_MEMCPY_DEVICE_TO_HOST expects host memory there");
  EXPECT_FAILS(aclrtMemcpy(a.get() + 4, 8, b.get(), 8, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_INVALID_PARAM,
               "dst " + ptr(a.get() + 4) + " is device memory but ACL_MEMCPY_HOST_TO_HOST expects host memory there");
}

TEST_F(RuntimeMemcpy, FreedDeviceMemoryInTheDeviceRole) {
  DeviceBlock dev(32);
  dev.free();
  auto in = iota(8, 0);
  EXPECT_FAILS(aclrtMemcpy(dev.freedAddress(), 8, in.data(), 8, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
               "aclrtMemcpy: dst (ACL_MEMCPY_HOST_TO_DEVICE) " + ptr(dev.freedAddress()),
               "points into device memory that was already freed");
  std::vector<uint8_t> out(8, 0);
  EXPECT_FAILS(aclrtMemcpy(out.data(), 8, dev.freedAddress() + 8, 8, ACL_MEMCPY_DEVICE_TO_HOST),
               ACL_ERROR_INVALID_PARAM, "src (ACL_MEMCPY_DEVICE_TO_HOST) " + ptr(dev.freedAddress() + 8),
               "already freed");
}

TEST_F(RuntimeMemcpy, FreedDeviceMemoryInTheHostRole) {
  DeviceBlock dev(32), live(32);
  dev.free();
  EXPECT_FAILS(aclrtMemcpy(dev.freedAddress(), 8, live.get(), 8, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_INVALID_PARAM,
               "aclrtMemcpy: dst " + ptr(dev.freedAddress()) +
                   " is freed device memory but ACL_MEMCPY_DEVICE_TO_HOST expects host memory there");
  // DEFAULT cannot call freed memory device memory, so it treats it as host and refuses it the same way.
  EXPECT_FAILS(aclrtMemcpy(live.get(), 8, dev.freedAddress(), 8, ACL_MEMCPY_DEFAULT), ACL_ERROR_INVALID_PARAM,
               "src " + ptr(dev.freedAddress()) + " is freed device memory");
}

using RuntimeMemset = RuntimeMemcpy;

TEST_F(RuntimeMemset, SetsExactlyCountBytes) {
  DeviceBlock dev(32);
  ASSERT_EQ(aclrtMemset(dev.get(), 32, 0, 32), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemset(dev.get() + 8, 24, 0x13C, 8), ACL_SUCCESS) << "the value is taken as one byte (0x3C)";
  std::vector<uint8_t> out(32, 0xAA);
  ASSERT_EQ(aclrtMemcpy(out.data(), 32, dev.get(), 32, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  std::vector<uint8_t> expected(32, 0);
  std::fill(expected.begin() + 8, expected.begin() + 16, 0x3C);
  EXPECT_EQ(out, expected);
}

TEST_F(RuntimeMemset, CountZeroIsANoOp) {
  int host = 0;
  EXPECT_EQ(aclrtMemset(&host, 4, 1, 0), ACL_SUCCESS);
  EXPECT_EQ(host, 0);
}

TEST_F(RuntimeMemset, CountLargerThanMaxCount) {
  DeviceBlock dev(64);
  EXPECT_FAILS(aclrtMemset(dev.get(), 16, 0, 32), ACL_ERROR_INVALID_PARAM,
               "aclrtMemset: count 32 is larger than maxCount 16");
}

TEST_F(RuntimeMemset, PastTheEndOfTheAllocation) {
  DeviceBlock dev(64);
  EXPECT_FAILS(aclrtMemset(dev.get(), 80, 0, 80), ACL_ERROR_INVALID_PARAM,
               "aclrtMemset: devPtr needs 80 bytes at " + ptr(dev.get()),
               "only 64 remain in its 64-byte device allocation");
  EXPECT_FAILS(aclrtMemset(dev.get() + 60, 8, 0, 8), ACL_ERROR_INVALID_PARAM, "needs 8 bytes at " + ptr(dev.get() + 60),
               "only 4 remain");
}

TEST_F(RuntimeMemset, NonDevicePointer) {
  std::vector<uint8_t> host(16, 9);
  EXPECT_FAILS(aclrtMemset(host.data(), 16, 0, 16), ACL_ERROR_INVALID_PARAM,
               "aclrtMemset: devPtr " + ptr(host.data()) + " is not device memory from aclrtMalloc");
  EXPECT_EQ(host, std::vector<uint8_t>(16, 9));
  EXPECT_FAILS(aclrtMemset(nullptr, 16, 0, 16), ACL_ERROR_INVALID_PARAM, "aclrtMemset: devPtr is a null pointer");
}

TEST_F(RuntimeMemset, FreedPointer) {
  DeviceBlock dev(16);
  dev.free();
  EXPECT_FAILS(aclrtMemset(dev.freedAddress(), 16, 0, 16), ACL_ERROR_INVALID_PARAM,
               "aclrtMemset: devPtr " + ptr(dev.freedAddress()) + " points into device memory that was already freed");
}

}  // namespace
