#include "gradlab/npy.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>

#include "gradlab/half.h"
#include "io/whole_file.h"
#include "npy/npy_header.h"

namespace gradlab::npy {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicLen = 6;
constexpr size_t kAlign = 64;
constexpr size_t kGrowthAxisMaxDigits = 21;  // numpy.lib.format: spare room to grow the first axis in place

template <typename T>
T load(const std::byte* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// Element `i` of `a` as double (exact for every dtype but 64-bit integers beyond 2^53).
double elementAsDouble(const Array& a, int64_t i) {
  const std::byte* p = a.data.data() + i * static_cast<int64_t>(dtypeSize(a.dtype));
  switch (a.dtype) {
    case DType::kFloat16: return halfBitsToFloat(load<uint16_t>(p));
    case DType::kFloat32: return load<float>(p);
    case DType::kFloat64: return load<double>(p);
    case DType::kInt8: return load<int8_t>(p);
    case DType::kInt16: return load<int16_t>(p);
    case DType::kInt32: return load<int32_t>(p);
    case DType::kInt64: return static_cast<double>(load<int64_t>(p));
    case DType::kUint8: return load<uint8_t>(p);
    case DType::kUint16: return load<uint16_t>(p);
    case DType::kUint32: return load<uint32_t>(p);
    case DType::kUint64: return static_cast<double>(load<uint64_t>(p));
    case DType::kBool: return load<uint8_t>(p) != 0 ? 1.0 : 0.0;
  }
  return 0.0;
}

std::string shapeRepr(const std::vector<int64_t>& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  if (shape.size() == 1) s += ",";
  return s + ")";
}

void putLe(std::string& out, uint64_t v, size_t bytes) {
  for (size_t i = 0; i < bytes; ++i) out += static_cast<char>((v >> (8 * i)) & 0xFF);
}

// Bytes needed for `shape` of `elementSize`-byte elements; false on overflow.
bool byteCount(const std::vector<int64_t>& shape, size_t elementSize, uint64_t* out) {
  uint64_t n = elementSize;
  for (int64_t d : shape) {
    if (d < 0) return false;
    if (d != 0 && n > std::numeric_limits<uint64_t>::max() / static_cast<uint64_t>(d)) return false;
    n *= static_cast<uint64_t>(d);
  }
  *out = n;
  return true;
}

// Column-major (Fortran) element order -> row-major.
std::vector<std::byte> fortranToC(const std::vector<std::byte>& data, const std::vector<int64_t>& shape, size_t es) {
  std::vector<std::byte> out(data.size());
  const size_t rank = shape.size();
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  std::vector<int64_t> fstride(rank, 1);  // Fortran strides in elements
  for (size_t d = 1; d < rank; ++d) fstride[d] = fstride[d - 1] * shape[d - 1];
  std::vector<int64_t> idx(rank, 0);
  int64_t from = 0;
  for (int64_t i = 0; i < n; ++i) {  // i walks C order; `from` follows in Fortran order
    std::memcpy(out.data() + i * es, data.data() + from * es, es);
    for (size_t d = rank; d-- > 0;) {
      if (++idx[d] < shape[d]) {
        from += fstride[d];
        break;
      }
      from -= (shape[d] - 1) * fstride[d];
      idx[d] = 0;
    }
  }
  return out;
}

}  // namespace

const char* dtypeName(DType dtype) {
  switch (dtype) {
    case DType::kFloat16: return "float16";
    case DType::kFloat32: return "float32";
    case DType::kFloat64: return "float64";
    case DType::kInt8: return "int8";
    case DType::kInt16: return "int16";
    case DType::kInt32: return "int32";
    case DType::kInt64: return "int64";
    case DType::kUint8: return "uint8";
    case DType::kUint16: return "uint16";
    case DType::kUint32: return "uint32";
    case DType::kUint64: return "uint64";
    case DType::kBool: return "bool";
  }
  return "?";
}

size_t dtypeSize(DType dtype) {
  switch (dtype) {
    case DType::kInt8:
    case DType::kUint8:
    case DType::kBool: return 1;
    case DType::kFloat16:
    case DType::kInt16:
    case DType::kUint16: return 2;
    case DType::kFloat32:
    case DType::kInt32:
    case DType::kUint32: return 4;
    case DType::kFloat64:
    case DType::kInt64:
    case DType::kUint64: return 8;
  }
  return 1;
}

bool isFloating(DType dtype) {
  return dtype == DType::kFloat16 || dtype == DType::kFloat32 || dtype == DType::kFloat64;
}

int64_t Array::size() const {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

std::vector<float> Array::toFloat() const {
  const int64_t n = size();
  std::vector<float> out(static_cast<size_t>(n));
  if (n == 0) return out;
  if (dtype == DType::kFloat32) {
    std::memcpy(out.data(), data.data(), out.size() * 4);
  } else if (dtype == DType::kFloat16) {
    halfToFloat(reinterpret_cast<const uint16_t*>(data.data()), out.data(), out.size());
  } else if (dtype == DType::kInt64) {
    for (int64_t i = 0; i < n; ++i) out[i] = static_cast<float>(load<int64_t>(data.data() + i * 8));
  } else if (dtype == DType::kUint64) {
    for (int64_t i = 0; i < n; ++i) out[i] = static_cast<float>(load<uint64_t>(data.data() + i * 8));
  } else {
    for (int64_t i = 0; i < n; ++i) out[i] = static_cast<float>(elementAsDouble(*this, i));
  }
  return out;
}

bool Array::toFloat(std::vector<float>* out, std::string* error) const {
  if (dtype == DType::kFloat64) {
    // From FLT_MAX + half its ulp (2^103) on, a double rounds to infinity.
    constexpr double kFloatOverflow = static_cast<double>(std::numeric_limits<float>::max()) + 0x1p103;
    for (int64_t i = 0; i < size(); ++i) {
      const double d = elementAsDouble(*this, i);
      if (std::isfinite(d) && std::fabs(d) >= kFloatOverflow) {
        if (error) *error = "element " + std::to_string(i) + " = " + std::to_string(d) + " is outside float32's finite range";
        return false;
      }
    }
  }
  *out = toFloat();
  return true;
}

bool Array::toInt64(std::vector<int64_t>* out, std::string* error) const {
  const int64_t n = size();
  out->assign(static_cast<size_t>(n), 0);
  for (int64_t i = 0; i < n; ++i) {
    const std::byte* p = data.data() + i * static_cast<int64_t>(dtypeSize(dtype));
    if (dtype == DType::kInt64) {
      (*out)[i] = load<int64_t>(p);
    } else if (dtype == DType::kUint64) {
      uint64_t v = load<uint64_t>(p);
      if (v > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
        if (error) *error = "element " + std::to_string(i) + " (" + std::to_string(v) + ") does not fit int64";
        return false;
      }
      (*out)[i] = static_cast<int64_t>(v);
    } else {
      const double v = elementAsDouble(*this, i);
      if (isFloating(dtype) && (v != std::floor(v) || !(std::fabs(v) < 9.2e18))) {
        if (error) *error = std::string("element ") + std::to_string(i) + " of a " + dtypeName(dtype) + " array (" +
                            std::to_string(v) + ") is not an integer";
        return false;
      }
      (*out)[i] = static_cast<int64_t>(v);
    }
  }
  return true;
}

Array fromFloat32(const std::vector<int64_t>& shape, std::span<const float> values) {
  Array a{shape, DType::kFloat32, {}};
  a.data.resize(values.size() * 4);
  if (!values.empty()) std::memcpy(a.data.data(), values.data(), a.data.size());
  return a;
}

Array fromFloat16(const std::vector<int64_t>& shape, std::span<const float> values) {
  Array a{shape, DType::kFloat16, {}};
  a.data.resize(values.size() * 2);
  floatToHalf(values.data(), reinterpret_cast<uint16_t*>(a.data.data()), values.size());
  return a;
}

Array fromInt64(const std::vector<int64_t>& shape, std::span<const int64_t> values) {
  Array a{shape, DType::kInt64, {}};
  a.data.resize(values.size() * 8);
  if (!values.empty()) std::memcpy(a.data.data(), values.data(), a.data.size());
  return a;
}

Array fromInt32(const std::vector<int64_t>& shape, std::span<const int64_t> values) {
  Array a{shape, DType::kInt32, {}};
  a.data.resize(values.size() * 4);
  for (size_t i = 0; i < values.size(); ++i) {
    const int32_t v = static_cast<int32_t>(values[i]);
    std::memcpy(a.data.data() + i * 4, &v, 4);
  }
  return a;
}

std::string encode(const Array& array) {
  // Exactly numpy.lib.format._write_array_header: sorted keys, repr() values, growth padding, then
  // spaces and '\n' up to a multiple of 64 bytes (a full 64 when already aligned, as NumPy does).
  std::string dict = "{'descr': '" + detail::descrOf(array.dtype) + "', 'fortran_order': False, 'shape': " +
                     shapeRepr(array.shape) + ", }";
  if (!array.shape.empty()) {
    const size_t digits = std::to_string(array.shape[0]).size();
    if (digits < kGrowthAxisMaxDigits) dict.append(kGrowthAxisMaxDigits - digits, ' ');
  }
  const size_t hlen = dict.size() + 1;
  size_t lengthBytes = 2;
  size_t padding = kAlign - ((kMagicLen + 2 + lengthBytes + hlen) % kAlign);
  int major = 1;
  if (hlen + padding > 0xFFFF) {
    major = 2;
    lengthBytes = 4;
    padding = kAlign - ((kMagicLen + 2 + lengthBytes + hlen) % kAlign);
  }
  std::string out(kMagic, kMagicLen);
  out += static_cast<char>(major);
  out += '\0';
  putLe(out, hlen + padding, lengthBytes);
  out += dict;
  out.append(padding, ' ');
  out += '\n';
  out.append(reinterpret_cast<const char*>(array.data.data()), array.data.size());
  return out;
}

bool decode(const std::string& bytes, Array* out, std::string* error) {
  auto fail = [&](const std::string& why) {
    if (error) *error = why;
    return false;
  };
  if (bytes.size() < kMagicLen + 2 || bytes.compare(0, kMagicLen, kMagic, kMagicLen) != 0) {
    return fail("not a .npy file (the first bytes are not \\x93NUMPY)");
  }
  const int major = static_cast<unsigned char>(bytes[6]);
  const int minor = static_cast<unsigned char>(bytes[7]);
  if ((major != 1 && major != 2 && major != 3) || minor != 0) {
    return fail(".npy format version " + std::to_string(major) + "." + std::to_string(minor) +
                " is not supported (1.0, 2.0 and 3.0 are)");
  }
  const size_t lengthBytes = major == 1 ? 2 : 4;
  const size_t prefix = kMagicLen + 2 + lengthBytes;
  if (bytes.size() < prefix) return fail("truncated .npy file: the header length is cut off");
  uint64_t headerLen = 0;
  for (size_t i = 0; i < lengthBytes; ++i) {
    headerLen |= static_cast<uint64_t>(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
  }
  if (bytes.size() - prefix < headerLen) {
    return fail("truncated .npy file: the header says " + std::to_string(headerLen) + " bytes, the file has " +
                std::to_string(bytes.size() - prefix) + " after the prefix");
  }
  detail::Header header;
  std::string why;
  if (!detail::parseHeader(bytes.substr(prefix, headerLen), &header, &why)) return fail(why);

  const size_t es = dtypeSize(header.dtype);
  uint64_t need = 0;
  if (!byteCount(header.shape, es, &need)) return fail("shape " + shapeRepr(header.shape) + " is too large");
  const uint64_t have = bytes.size() - prefix - headerLen;
  if (have != need) {
    return fail(std::string(have < need ? "truncated .npy file: " : ".npy size mismatch: ") + "shape " +
                shapeRepr(header.shape) + " of " + dtypeName(header.dtype) + " needs " + std::to_string(need) +
                " bytes of data, the file has " + std::to_string(have));
  }
  Array a;
  a.shape = header.shape;
  a.dtype = header.dtype;
  a.data.resize(need);
  if (need > 0) std::memcpy(a.data.data(), bytes.data() + prefix + headerLen, need);
  if (header.bigEndian && es > 1) {
    for (size_t i = 0; i < a.data.size(); i += es) std::reverse(a.data.begin() + i, a.data.begin() + i + es);
  }
  if (header.fortranOrder && a.shape.size() > 1) a.data = fortranToC(a.data, a.shape, es);
  *out = std::move(a);
  return true;
}

bool write(const std::string& path, const Array& array, std::string* error) {
  if (array.data.size() != static_cast<size_t>(std::max<int64_t>(array.size(), 0)) * dtypeSize(array.dtype)) {
    if (error) *error = "cannot write '" + path + "': the array's data does not match its shape " + shapeRepr(array.shape);
    return false;
  }
  return io::writeWholeFile(path, encode(array), error);
}

namespace {

// The file's bytes, read only as far as its own header allows: the magic and the header first, then exactly
// the data its shape needs (and one byte more, to see whether the file is longer). /dev/zero grew the whole
// file into memory before; a FIFO or a device is refused before it is opened.
// Reads the file's bytes, at most one past what its header's shape needs. With `headerOnly`, stops after
// the header and fills it (`*header` gets a shape only when the header parsed). True also when the bytes
// are malformed: decode then says why.
bool readBounded(const std::string& path, std::string* bytes, std::string* why, detail::Header* headerOnly = nullptr) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    *why = std::filesystem::exists(path, ec) ? "cannot open: not a regular file (a device, a FIFO or a folder)"
                                             : "cannot open: no such file";
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *why = "cannot open: " + std::string(std::strerror(errno));
    return false;
  }
  auto take = [&](size_t n) {
    const size_t at = bytes->size();
    bytes->resize(at + n);
    in.read(bytes->data() + at, static_cast<std::streamsize>(n));
    bytes->resize(at + static_cast<size_t>(in.gcount()));
    return static_cast<size_t>(in.gcount()) == n;
  };
  if (!take(kMagicLen + 2) || bytes->compare(0, kMagicLen, kMagic, kMagicLen) != 0) return true;  // decode says why
  const size_t lengthBytes = static_cast<unsigned char>((*bytes)[6]) == 1 ? 2 : 4;
  if (!take(lengthBytes)) return true;
  uint64_t headerLen = 0;
  for (size_t i = 0; i < lengthBytes; ++i)
    headerLen |= static_cast<uint64_t>(static_cast<unsigned char>((*bytes)[8 + i])) << (8 * i);
  constexpr uint64_t kMaxHeader = 1u << 20;  // numpy writes a few hundred bytes
  if (headerLen > kMaxHeader) {
    *why = "the .npy header claims " + std::to_string(headerLen) + " bytes (at most " + std::to_string(kMaxHeader) + ")";
    return false;
  }
  if (!take(static_cast<size_t>(headerLen))) return true;
  detail::Header header;
  if (!detail::parseHeader(bytes->substr(kMagicLen + 2 + lengthBytes), &header, why)) return false;
  if (headerOnly != nullptr) return *headerOnly = header, true;
  uint64_t need = 0;
  if (!byteCount(header.shape, dtypeSize(header.dtype), &need)) return true;
  // One byte past what the shape needs (decode refuses a longer file), never past the file's end: a header
  // claiming terabytes reads what is there and is refused as truncated.
  const uint64_t size = std::filesystem::file_size(path, ec);
  const uint64_t left = !ec && size > bytes->size() ? size - bytes->size() : 0;
  take(static_cast<size_t>(std::min<uint64_t>(need + 1, left + 1)));
  return true;
}

}  // namespace

bool peek(const std::string& path, Info* out, std::string* error) {
  std::string bytes, why;
  detail::Header header;
  header.shape = {-1};  // stays so when the bytes end before a header: decode says why
  if (readBounded(path, &bytes, &why, &header) && header.shape != std::vector<int64_t>{-1}) {
    std::error_code ec;
    out->dtype = header.dtype;
    out->shape = header.shape;
    out->fileBytes = std::filesystem::file_size(path, ec);
    return true;
  }
  Array unused;
  if (why.empty()) decode(bytes, &unused, &why);  // a malformed start: decode names it
  if (why.empty()) why = "its header cannot be read";
  if (why.size() > 300) why = why.substr(0, 300) + "...";
  if (error) *error = "'" + path + "': " + why;
  return false;
}

bool read(const std::string& path, Array* out, std::string* error) {
  std::string bytes, why;
  if (readBounded(path, &bytes, &why) && decode(bytes, out, &why)) return true;
  if (why.size() > 300) why = why.substr(0, 300) + "...";  // a hostile header is not echoed whole
  if (error) *error = "'" + path + "': " + why;
  return false;
}

}  // namespace gradlab::npy
