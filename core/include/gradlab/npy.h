// NumPy .npy files: write float32 / float16 / int32 / int64 arrays (C order, little-endian, format 1.0,
// byte-identical to numpy.save), read what NumPy writes (format 1.0 / 2.0 / 3.0, either byte order,
// Fortran order, the common numeric dtypes).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab::npy {

enum class DType { kFloat16, kFloat32, kFloat64, kInt8, kInt16, kInt32, kInt64, kUint8, kUint16, kUint32, kUint64, kBool };
const char* dtypeName(DType dtype);  // NumPy's name: "float32", "int64", "bool", ...
size_t dtypeSize(DType dtype);
bool isFloating(DType dtype);

// An array in C order with native (little-endian) element bytes.
struct Array {
  std::vector<int64_t> shape;  // () for a scalar
  DType dtype = DType::kFloat32;
  std::vector<std::byte> data;  // size() * dtypeSize(dtype) bytes

  int64_t size() const;  // number of elements (1 for a scalar)
  // Every element as fp32 (float64 and 64-bit integers round to nearest; bool/ints exactly when they fit).
  std::vector<float> toFloat() const;
  // The same, but false (and `error` naming the element) for a finite value fp32 cannot hold (a float64
  // of 1e300 would become infinity).
  bool toFloat(std::vector<float>* out, std::string* error) const;
  // Every element as int64; false (and `error`) for floating dtypes with a non-integral value, or uint64 above INT64_MAX.
  bool toInt64(std::vector<int64_t>* out, std::string* error) const;
};

Array fromFloat32(const std::vector<int64_t>& shape, std::span<const float> values);
// Values are rounded once to fp16 (nearest even).
Array fromFloat16(const std::vector<int64_t>& shape, std::span<const float> values);
Array fromInt64(const std::vector<int64_t>& shape, std::span<const int64_t> values);
Array fromInt32(const std::vector<int64_t>& shape, std::span<const int64_t> values);

// The bytes of a .npy file holding `array` (format 1.0, or 2.0 if the header needs it, exactly as numpy.save).
std::string encode(const Array& array);
// Parses the bytes of a .npy file. False with a one-sentence reason on anything it cannot read exactly.
bool decode(const std::string& bytes, Array* out, std::string* error);

bool write(const std::string& path, const Array& array, std::string* error);
bool read(const std::string& path, Array* out, std::string* error);

// The header of the .npy file at `path`, read alone, so that a caller can weigh what reading the whole file
// will cost before it does (read() holds the file's bytes and the decoded array at once).
struct Info {
  DType dtype = DType::kFloat32;
  std::vector<int64_t> shape;
  uint64_t fileBytes = 0;
};
bool peek(const std::string& path, Info* out, std::string* error);

}  // namespace gradlab::npy
GRADLAB_API_END
