// How the fuzz program turns bytes into API arguments: mostly small values, plus tables of the values
// where guards live (0, negatives, int32/int64/size_t limits, square roots of the limits, NaN, Inf).
// Each decode has a matching encode so tests/fuzz/make_seeds.cpp writes the seed corpus in the same
// language. Byte 255 always means "the next 8 bytes, raw".
#pragma once

#include <cmath>
#include <cstdint>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "byte_reader.h"
#include "gradlab/ops.h"
#include "gradlab/profile.h"

namespace gradlab::fuzz {

constexpr uint8_t kRaw = 255;

// ---- int64 sizes: dims, strides, offsets, int array values ------------------------------------------
// byte < 128: 0..16 (b % 17); 128..191: 17..80; 192..254: kEdgeSizes.
inline const std::vector<int64_t>& edgeSizes() {
  static const std::vector<int64_t> v = {
      -1, -2, -3, -64, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::min() + 1,
      std::numeric_limits<int64_t>::max(), std::numeric_limits<int64_t>::max() - 1, 2147483647, 2147483648,
      4294967295, 4294967296, 4294967297, int64_t{1} << 62, (int64_t{1} << 62) + 1, int64_t{1} << 61,
      3037000499, 3037000500, int64_t{1} << 24, (int64_t{1} << 24) + 1, 4096, 4097, 65535, 65536, 65537,
      int64_t{1} << 20, int64_t{1} << 30, int64_t{1} << 40, 100, 101, 127, 128, 200, 250, 255, 256, 257,
      1000, 1023, 1024, 2500, 2501, 5000, 10000, 46340, 46341, 1000000, 1000000000, 1000000000000,
      1000000000000000, 1000000000000000000, 4611686018427387904 / 3, 9223372036854775807 / 2 + 1,
      -2147483648, -4294967296, 3000000000, 6000000000, 150, 151, 300, 4000, 8000, 16384};
  return v;
}

inline int64_t readSize(ByteReader& in) {
  const uint8_t b = in.byte();
  if (b < 128) return b % 17;
  if (b < 192) return b - 128 + 17;
  if (b == kRaw) return in.raw<int64_t>();
  return edgeSizes()[(b - 192) % edgeSizes().size()];
}

// ---- byte counts: aclrtMalloc, aclrtMemcpy, aclrtMemset, workspace sizes ---------------------------
// byte < 128: b * 8; 128..191: (b - 127) KiB; 192..254: kEdgeBytes.
inline const std::vector<uint64_t>& edgeBytes() {
  static const std::vector<uint64_t> v = {
      1, 2, 3, 4, 7, 63, 65, 4095, 4097, uint64_t{1} << 20, (uint64_t{1} << 20) + 1, uint64_t{64} << 30,
      (uint64_t{64} << 30) + 1, (uint64_t{64} << 30) - 1, std::numeric_limits<uint64_t>::max(),
      std::numeric_limits<uint64_t>::max() - 1, uint64_t{1} << 63, uint64_t{1} << 40, uint64_t{1} << 32,
      static_cast<uint64_t>(std::numeric_limits<int64_t>::max()), 12, 20, 24, 36, 100, 196608};
  return v;
}

inline uint64_t readBytes(ByteReader& in) {
  const uint8_t b = in.byte();
  if (b < 128) return uint64_t{b} * 8;
  if (b < 192) return uint64_t{b - 127u} * 1024;
  if (b == kRaw) return in.raw<uint64_t>();
  return edgeBytes()[(b - 192) % edgeBytes().size()];
}

// ---- scales -------------------------------------------------------------------------------------------
inline const std::vector<double>& scaleTable() {
  static const std::vector<double> v = {
      0.0, -0.0, 1.0, 2.0, 0.5, 0.25, 4.0, 3.0, 1.0 / 3.0, 1.5, 0.75, 0.02, 0.0199999, 50.0, 50.0001, 49.999,
      1e-300, 1e300, std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::max(),
      -std::numeric_limits<double>::max(), -1.0, -0.5, std::numeric_limits<double>::quiet_NaN(),
      -std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
      -std::numeric_limits<double>::infinity(), 1e-7, 1e7, 0.1, 10.0, 20.5, 1e-38, 3.4e38, 1e39};
  return v;
}

inline double readScale(ByteReader& in) {
  const uint8_t b = in.byte();
  if (b == kRaw) return in.raw<double>();
  return scaleTable()[b % scaleTable().size()];
}

// ---- enums, including values no header names ------------------------------------------------------------
inline const std::vector<int32_t>& dtypeTable() {
  static const std::vector<int32_t> v = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16,   ACL_INT32,     ACL_INT64,
                                         ACL_DOUBLE, ACL_INT8,   ACL_UINT8,  ACL_INT16,     ACL_BOOL,
                                         ACL_UINT64, ACL_UINT32, ACL_UINT16, ACL_COMPLEX64, ACL_COMPLEX128,
                                         ACL_STRING, ACL_DT_UNDEFINED, 5, 99, 1000, -7, std::numeric_limits<int32_t>::min()};
  return v;
}
// Enum arguments stay ints until the call (asEnum): C callers may pass any int, but a C++ enum variable
// holding a value outside the enum's range is undefined behaviour in the harness itself.
template <typename E>
E asEnum(int32_t raw) {
  return static_cast<E>(raw);
}

inline int32_t readDtype(ByteReader& in) {
  const uint8_t b = in.byte();
  if (b == kRaw) return in.raw<int32_t>();
  return dtypeTable()[b % dtypeTable().size()];
}

inline const std::vector<int32_t>& formatTable() {
  static const std::vector<int32_t> v = {ACL_FORMAT_NCHW, ACL_FORMAT_ND,        ACL_FORMAT_NCL,  ACL_FORMAT_NHWC,
                                         ACL_FORMAT_NCDHW, ACL_FORMAT_NC1HWC0, ACL_FORMAT_FRACTAL_NZ,
                                         ACL_FORMAT_UNDEFINED, 5, 99, 1000};
  return v;
}
inline int32_t readFormat(ByteReader& in) {
  const uint8_t b = in.byte();
  if (b == kRaw) return in.raw<int32_t>();
  return formatTable()[b % formatTable().size()];
}

// ---- device profiles: a built-in one, some fields replaced by edge values ----------------------------------
inline const std::vector<int32_t>& coreCounts() {
  static const std::vector<int32_t> v = {0, 1, 2, 3, 4, 7, 48, 1024, 1025, -1, std::numeric_limits<int32_t>::max()};
  return v;
}
inline const std::vector<uint64_t>& ubSizes() {
  static const std::vector<uint64_t> v = {0,     64,     256,       1023,      1024,           1088,
                                          4096,  16384,  196608,    64 << 20,  (64 << 20) + 1, uint64_t{1} << 40,
                                          std::numeric_limits<uint64_t>::max()};
  return v;
}
inline const std::vector<double>& rates() {
  static const std::vector<double> v = {1.0, 64.0, 1600.0, 0.0, -1.0, 1e-300, 1e300,
                                        std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()};
  return v;
}
// Byte 0: the built-in profile; byte 1: which fields change (bit 0 cores, 1 UB, 2 cube cores, 3 HBM, 4 MTE,
// 5 vector rate, 6 launch overhead, 7 atomic-add cost), then one table byte per changed field.
inline DeviceProfile readProfile(ByteReader& in) {
  DeviceProfile p = builtinProfiles()[in.pick(static_cast<uint32_t>(builtinProfiles().size()))];
  const uint8_t mask = in.byte();
  if (mask & 1) p.vectorCores = coreCounts()[in.pick(static_cast<uint32_t>(coreCounts().size()))];
  if (mask & 2) p.ubBytes = ubSizes()[in.pick(static_cast<uint32_t>(ubSizes().size()))];
  if (mask & 4) p.cubeCores = coreCounts()[in.pick(static_cast<uint32_t>(coreCounts().size()))];
  double* fields[] = {&p.gmBandwidthGBps, &p.mteBandwidthGBps, &p.vectorElemsPerNs, &p.launchOverheadUs};
  for (int f = 0; f < 4; ++f) {
    if (mask & (8 << f)) *fields[f] = rates()[in.pick(static_cast<uint32_t>(rates().size()))];
  }
  if (mask & 128) p.atomicAddCost = 1.0 + in.byte() / 8.0;
  return p;
}

// How a catalog call plans: as a direct aclnn call (byte 0), or with its own mode (1), profile (2) or both (3).
inline void readCallContext(ByteReader& in, OpArgs* args) {
  const uint32_t kind = in.pick(16);
  if (kind & 1) args->deterministic = (in.byte() & 1) != 0;
  if (kind & 2) args->profile = readProfile(in);
  if (kind & 4) {
    const uint8_t seed = in.byte();
    args->schedule = seed == 0 ? AtomicSchedule::host() : AtomicSchedule::fromSeed(seed);
  }
  if (kind & 8) {
    // The low bit picks the accumulation; bit 1 asks for a strategy named by the rest (one of any
    // operator's, "cann", "default", or a name no operator has).
    const uint8_t b = in.byte();
    args->accumulate = (b & 1) ? Accumulation::kDtype : Accumulation::kFp32;
    static constexpr const char* kStrategies[] = {"default", "cann",  "scatter",   "gather", "cube",
                                                  "owner",   "lanes", "separable", "CUBE",   "nonsense"};
    if (b & 2) args->strategy = kStrategies[(b >> 2) % std::size(kStrategies)];
  }
}

// ---- the writer side, for the seed corpus -----------------------------------------------------------------
class ByteWriter {
 public:
  ByteWriter& byte(uint8_t b) {
    bytes_.push_back(static_cast<char>(b));
    return *this;
  }
  template <typename T>
  ByteWriter& raw(T value) {
    const auto* p = reinterpret_cast<const char*>(&value);
    bytes_.append(p, sizeof value);
    return *this;
  }
  ByteWriter& size(int64_t v) {
    if (v >= 0 && v <= 16) return byte(static_cast<uint8_t>(v));
    if (v >= 17 && v <= 80) return byte(static_cast<uint8_t>(v - 17 + 128));
    for (size_t i = 0; i < edgeSizes().size() && 192 + i < kRaw; ++i) {
      if (edgeSizes()[i] == v) return byte(static_cast<uint8_t>(192 + i));
    }
    return byte(kRaw).raw(v);
  }
  ByteWriter& bytes(uint64_t v) {
    if (v % 8 == 0 && v / 8 < 128) return byte(static_cast<uint8_t>(v / 8));
    if (v % 1024 == 0 && v / 1024 >= 1 && v / 1024 <= 64) return byte(static_cast<uint8_t>(v / 1024 + 127));
    for (size_t i = 0; i < edgeBytes().size() && 192 + i < kRaw; ++i) {
      if (edgeBytes()[i] == v) return byte(static_cast<uint8_t>(192 + i));
    }
    return byte(kRaw).raw(v);
  }
  ByteWriter& scale(double v) {
    for (size_t i = 0; i < scaleTable().size(); ++i) {
      const double t = scaleTable()[i];
      if (t == v && std::signbit(t) == std::signbit(v)) return byte(static_cast<uint8_t>(i));
    }
    if (std::isnan(v)) return byte(23);
    return byte(kRaw).raw(v);
  }
  ByteWriter& dtype(aclDataType d) { return tableEntry(dtypeTable(), d); }
  // A catalog operator by its index (fuzz_program.h kOperator reads it with pick(kOpCount)).
  ByteWriter& op(OpKind k) { return byte(static_cast<uint8_t>(k)); }
  // readCallContext: a direct call (the active profile and the device's option).
  ByteWriter& directCall() { return byte(0); }
  ByteWriter& format(aclFormat f) { return tableEntry(formatTable(), f); }
  const std::string& str() const { return bytes_; }

 private:
  ByteWriter& tableEntry(const std::vector<int32_t>& table, int32_t v) {
    for (size_t i = 0; i < table.size(); ++i) {
      if (table[i] == v) return byte(static_cast<uint8_t>(i));
    }
    return byte(kRaw).raw(v);
  }
  std::string bytes_;
};

}  // namespace gradlab::fuzz
