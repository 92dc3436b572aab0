// A fuzz input read as a stream of small choices. Past the end every read is 0, so any byte string is
// a complete program.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace gradlab::fuzz {

class ByteReader {
 public:
  ByteReader(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  bool done() const { return pos_ >= size_; }
  uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  // A choice in [0, n) (0 when n is 0).
  uint32_t pick(uint32_t n) { return n == 0 ? 0 : byte() % n; }
  template <typename T>
  T raw() {
    uint8_t bytes[sizeof(T)];
    for (uint8_t& b : bytes) b = byte();
    T value;
    std::memcpy(&value, bytes, sizeof value);
    return value;
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

}  // namespace gradlab::fuzz
