// .npy files: byte-exact writing (as numpy.save), reading every header version, byte order and Fortran
// order NumPy produces, and clear refusals. Fixtures: tests/data/npy, made by tools/npy_fixtures.py.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "gradlab/npy.h"

namespace gradlab::npy {
namespace {

std::string fixturePath(const std::string& name) { return std::string(GRADLAB_TEST_DATA_DIR) + "/npy/" + name; }

std::string fixtureBytes(const std::string& name) {
  std::ifstream file(fixturePath(name), std::ios::binary);
  EXPECT_TRUE(file) << fixturePath(name);
  std::ostringstream s;
  s << file.rdbuf();
  return s.str();
}

Array load(const std::string& name) {
  Array a;
  std::string error;
  EXPECT_TRUE(read(fixturePath(name), &a, &error)) << error;
  return a;
}

std::string decodeError(const std::string& bytes) {
  Array a;
  std::string error;
  EXPECT_FALSE(decode(bytes, &a, &error));
  return error;
}

// The fixtures' values: i * 0.25 - 1.5 in C order.
std::vector<float> ramp(int n) {
  std::vector<float> v;
  for (int i = 0; i < n; ++i) v.push_back(static_cast<float>(i) * 0.25f - 1.5f);
  return v;
}

TEST(Npy, ReadsFloatsInEitherByteOrder) {
  for (const char* name : {"f4_le_2x3.npy", "f4_be_2x3.npy", "f2_le_2x3.npy", "f2_be_2x3.npy", "f8_le_2x3.npy",
                           "f8_be_2x3.npy", "f4_v2_2x3.npy", "f4_v3_2x3.npy"}) {
    SCOPED_TRACE(name);
    Array a = load(name);
    EXPECT_EQ(a.shape, (std::vector<int64_t>{2, 3}));
    EXPECT_TRUE(isFloating(a.dtype));
    EXPECT_EQ(a.toFloat(), ramp(6));
  }
  EXPECT_EQ(load("f2_be_2x3.npy").dtype, DType::kFloat16);
  EXPECT_EQ(load("f8_le_2x3.npy").dtype, DType::kFloat64);
}

TEST(Npy, ReadsIntegersInEitherByteOrder) {
  std::vector<int64_t> ints;
  std::string error;
  for (const char* name : {"i4_le_2x3.npy", "i4_be_2x3.npy"}) {
    Array a = load(name);
    EXPECT_EQ(a.dtype, DType::kInt32);
    ASSERT_TRUE(a.toInt64(&ints, &error)) << error;
    EXPECT_EQ(ints, (std::vector<int64_t>{-3, -2, -1, 0, 1, 2})) << name;
  }
  for (const char* name : {"i8_le_2x3.npy", "i8_be_2x3.npy"}) {
    Array a = load(name);
    EXPECT_EQ(a.dtype, DType::kInt64);
    ASSERT_TRUE(a.toInt64(&ints, &error)) << error;
    const int64_t t = 1000000000000;
    EXPECT_EQ(ints, (std::vector<int64_t>{-3 * t, -2 * t, -t, 0, t, 2 * t})) << name;
  }
  Array u = load("u1_6.npy");
  EXPECT_EQ(u.dtype, DType::kUint8);
  EXPECT_EQ(u.toFloat(), (std::vector<float>{250, 251, 252, 253, 254, 255}));
  Array b = load("b1_4.npy");
  EXPECT_EQ(b.dtype, DType::kBool);
  EXPECT_EQ(b.toFloat(), (std::vector<float>{1, 0, 0, 1}));
}

TEST(Npy, FortranOrderIsTransposedToCOrder) {
  Array a = load("f4_fortran_2x3x4.npy");
  EXPECT_EQ(a.shape, (std::vector<int64_t>{2, 3, 4}));
  EXPECT_EQ(a.toFloat(), ramp(24));
}

TEST(Npy, ScalarsAndEmptyArrays) {
  Array s = load("f4_scalar.npy");
  EXPECT_TRUE(s.shape.empty());
  EXPECT_EQ(s.size(), 1);
  EXPECT_EQ(s.toFloat(), std::vector<float>{2.5f});
  Array e = load("f4_empty_0x3.npy");
  EXPECT_EQ(e.shape, (std::vector<int64_t>{0, 3}));
  EXPECT_EQ(e.size(), 0);
  EXPECT_TRUE(e.toFloat().empty());
}

TEST(Npy, WritesExactlyWhatNumpySaves) {
  EXPECT_EQ(encode(fromFloat32({2, 3}, ramp(6))), fixtureBytes("f4_le_2x3.npy"));
  EXPECT_EQ(encode(fromFloat16({2, 3}, ramp(6))), fixtureBytes("f2_le_2x3.npy"));
  EXPECT_EQ(encode(fromInt32({2, 3}, std::vector<int64_t>{-3, -2, -1, 0, 1, 2})), fixtureBytes("i4_le_2x3.npy"));
  const int64_t t = 1000000000000;
  EXPECT_EQ(encode(fromInt64({2, 3}, std::vector<int64_t>{-3 * t, -2 * t, -t, 0, t, 2 * t})), fixtureBytes("i8_le_2x3.npy"));
  EXPECT_EQ(encode(fromFloat32({}, std::vector<float>{2.5f})), fixtureBytes("f4_scalar.npy"));
  EXPECT_EQ(encode(fromFloat32({0, 3}, {})), fixtureBytes("f4_empty_0x3.npy"));
  EXPECT_EQ(encode(fromFloat32({1, 2, 3, 4}, ramp(24))), fixtureBytes("f4_1x2x3x4.npy"));
  EXPECT_EQ(encode(fromFloat32({64}, ramp(64))), fixtureBytes("f4_len64.npy"));
  EXPECT_EQ(encode(fromInt64({1, 1, 2, 2}, std::vector<int64_t>{0, 5, 10, 15})), fixtureBytes("i8_nchw_1x1x2x2.npy"));
}

TEST(Npy, HeadersAreAlignedTo64Bytes) {
  for (int64_t n : {1, 7, 10, 123456789}) {
    std::string bytes = encode(fromFloat32({n, 1}, {}));
    const size_t headerEnd = bytes.find('\n') + 1;
    EXPECT_EQ(headerEnd % 64, 0u) << n;
  }
}

TEST(Npy, RoundTripsThroughAFile) {
  const std::string path = ::testing::TempDir() + "gradlab_npy_roundtrip.npy";
  std::vector<float> values{1.0f, -0.0f, 3.5e-8f, 65504.0f, -1e30f, 0.1f};
  std::string error;
  ASSERT_TRUE(write(path, fromFloat32({3, 2}, values), &error)) << error;
  Array back;
  ASSERT_TRUE(read(path, &back, &error)) << error;
  EXPECT_EQ(back.shape, (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(back.dtype, DType::kFloat32);
  EXPECT_EQ(back.data, fromFloat32({3, 2}, values).data) << "bit-exact, including -0";

  ASSERT_TRUE(write(path, fromFloat16({6}, values), &error)) << error;
  ASSERT_TRUE(read(path, &back, &error)) << error;
  EXPECT_EQ(back.dtype, DType::kFloat16);
  std::vector<float> f = back.toFloat();
  EXPECT_EQ(f[0], 1.0f);
  EXPECT_EQ(f[3], 65504.0f);
  EXPECT_TRUE(std::isinf(f[4]));

  std::vector<int64_t> ints{-1, 0, 1LL << 40}, got;
  ASSERT_TRUE(write(path, fromInt64({3}, ints), &error)) << error;
  ASSERT_TRUE(read(path, &back, &error)) << error;
  ASSERT_TRUE(back.toInt64(&got, &error));
  EXPECT_EQ(got, ints);
  std::remove(path.c_str());
}

TEST(Npy, RefusesWhatItCannotReadExactly) {
  const std::string good = fixtureBytes("f4_le_2x3.npy");
  EXPECT_NE(decodeError("").find("not a .npy file"), std::string::npos);
  EXPECT_NE(decodeError("PK\x03\x04 zip file").find("not a .npy file"), std::string::npos);
  std::string badVersion = good;
  badVersion[6] = 4;
  EXPECT_NE(decodeError(badVersion).find("version 4.0"), std::string::npos);
  EXPECT_NE(decodeError(good.substr(0, 9)).find("truncated"), std::string::npos);
  EXPECT_NE(decodeError(good.substr(0, 60)).find("truncated"), std::string::npos);
  std::string e = decodeError(good.substr(0, good.size() - 3));
  EXPECT_NE(e.find("truncated"), std::string::npos) << e;
  EXPECT_NE(e.find("needs 24 bytes"), std::string::npos) << e;
  EXPECT_NE(decodeError(good + "xx").find("size mismatch"), std::string::npos);

  std::string badHeader = good;
  badHeader.replace(badHeader.find("'shape'"), 7, "'shope'");
  EXPECT_NE(decodeError(badHeader).find("unexpected key 'shope'"), std::string::npos);

  Array a;
  std::string error;
  EXPECT_FALSE(read(fixturePath("c8_2.npy"), &a, &error));
  EXPECT_NE(error.find("unsupported dtype descr '<c8'"), std::string::npos) << error;
  EXPECT_FALSE(read(fixturePath("record_2.npy"), &a, &error));
  EXPECT_NE(error.find("structured"), std::string::npos) << error;
  EXPECT_FALSE(read(fixturePath("does_not_exist.npy"), &a, &error));
  EXPECT_NE(error.find("cannot open"), std::string::npos) << error;
}

// The magic, version 1.0 and the header padded as numpy pads it (to 64 bytes with its newline), no data.
std::string version1File(std::string header) {
  header.append(64 - (10 + header.size() + 1) % 64, ' ');
  header += '\n';
  std::string bytes = std::string("\x93NUMPY\x01\x00", 8);
  bytes += static_cast<char>(header.size() & 0xFF);
  bytes += static_cast<char>(header.size() >> 8);
  return bytes + header;
}

// A file is read only as far as its header allows: /dev/zero grew into memory until the process was
// killed, a FIFO blocked, a header claiming terabytes of data allocated them, and a 50 MB header came back
// whole in the error line.
TEST(Npy, ReadsOnlyWhatTheHeaderAllows) {
  Array a;
  std::string error;
  EXPECT_FALSE(read("/dev/zero", &a, &error));
  EXPECT_NE(error.find("not a regular file"), std::string::npos) << error;

  const std::string dir = ::testing::TempDir();
  auto writeFile = [&](const std::string& name, const std::string& bytes) {
    std::ofstream(dir + name, std::ios::binary) << bytes;
    return dir + name;
  };
  const std::string zeros = writeFile("zeros.npy", std::string(1 << 16, '\0'));
  EXPECT_FALSE(read(zeros, &a, &error));
  EXPECT_NE(error.find("not a .npy file"), std::string::npos) << error;

  // A valid header claiming 4 TB of float32: refused as truncated, nothing of that size allocated.
  const std::string huge = writeFile(
      "huge.npy", version1File("{'descr': '<f4', 'fortran_order': False, 'shape': (1000000000000,), }") +
                      std::string(16, '\0'));
  EXPECT_FALSE(read(huge, &a, &error));
  EXPECT_NE(error.find("truncated .npy file"), std::string::npos) << error;

  // A header longer than any numpy writes is refused by its length, and the error line stays short.
  std::string big = std::string("\x93NUMPY\x02\x00", 8) + std::string("\x00\x00\x40\x00", 4) + std::string(1 << 16, 'x');
  EXPECT_FALSE(read(writeFile("bigheader.npy", big), &a, &error));
  EXPECT_NE(error.find("the .npy header claims 4194304 bytes"), std::string::npos) << error;
  EXPECT_LT(error.size(), 400u);
}

// The reason quotes the header on one line: its newline (and any control byte) escaped. Found by the files
// fuzzer: text after the dict made the error two lines.
TEST(Npy, ABadHeaderIsQuotedOnOneLine) {
  const std::string bytes = version1File("{'descr': '<f4', 'fortran_order': False, 'shape': (0, 3), } 'shape'\t");
  Array a;
  std::string error;
  EXPECT_FALSE(decode(bytes, &a, &error));
  EXPECT_NE(error.find("unexpected text after the dict"), std::string::npos) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  EXPECT_EQ(error.find('\t'), std::string::npos) << error;
  EXPECT_NE(error.find("'shape'\\t"), std::string::npos) << error;
  EXPECT_NE(error.find(" \\n\""), std::string::npos) << error;
  // A header without a key (the files campaign, after 2,029,539 inputs).
  EXPECT_FALSE(decode(version1File("{'fortran_order': False, 'shape': (2, 3), }"), &a, &error));
  EXPECT_NE(error.find("missing 'descr' in"), std::string::npos) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  // A long header is quoted in part (the files campaign: a 4.8 KB reason).
  EXPECT_FALSE(decode(version1File("{'descr': '<f8', " + std::string(3000, 'x') + "}"), &a, &error));
  EXPECT_NE(error.find("... (3062 bytes)\""), std::string::npos) << error;
  EXPECT_LT(error.size(), 400u) << error;
  // A key or a descr with a newline in it.
  std::string key = "{'descr': '<f4', 'fortra\n n_order': False, 'shape': (1, 3), }";
  EXPECT_FALSE(decode(std::string("\x93NUMPY\x01\x00", 8) + static_cast<char>(key.size()) + '\0' + key, &a, &error));
  EXPECT_NE(error.find("'fortra\\n n_order'"), std::string::npos) << error;
  std::string descr = "{'descr': '<f\n4', 'fortran_order': False, 'shape': (1, 3), }";
  EXPECT_FALSE(decode(std::string("\x93NUMPY\x01\x00", 8) + static_cast<char>(descr.size()) + '\0' + descr, &a, &error));
  EXPECT_NE(error.find("'<f\\n4'"), std::string::npos) << error;
}

TEST(Npy, IntegerConversionRefusesFractions) {
  std::vector<int64_t> ints;
  std::string error;
  EXPECT_FALSE(load("f4_le_2x3.npy").toInt64(&ints, &error));
  EXPECT_NE(error.find("is not an integer"), std::string::npos) << error;
  Array whole = fromFloat32({2}, std::vector<float>{3.0f, -4.0f});
  ASSERT_TRUE(whole.toInt64(&ints, &error)) << error;
  EXPECT_EQ(ints, (std::vector<int64_t>{3, -4}));
}

}  // namespace
}  // namespace gradlab::npy
