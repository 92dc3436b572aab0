// The cells of a tensor as a run hands them out: either values it owns, or a view of memory something else
// keeps alive (a run's fp32 device buffers, read in place: the emulator's device memory is host memory).
// Copies share the cells (a scene or a panel showing a run's gigabyte tensor takes no second gigabyte);
// changing them gives the changed copy cells of its own.
#pragma once

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <span>
#include <vector>

#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab {

template <typename T>
class Cells {
 public:
  Cells() = default;
  Cells(std::vector<T> values) { own(std::move(values)); }  // NOLINT: a vector is its cells
  Cells(std::initializer_list<T> values) { own(std::vector<T>(values)); }
  // A view of `cells`, which stay valid as long as `keeper` (or a copy of it) lives.
  Cells(std::span<const T> cells, std::shared_ptr<const void> keeper)
      : keeper_(std::move(keeper)), data_(cells.data()), size_(cells.size()) {}

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T* data() const { return data_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  const T& operator[](size_t i) const { return data_[i]; }
  const T& front() const { return data_[0]; }
  const T& back() const { return data_[size_ - 1]; }
  std::span<const T> span() const { return {data_, size_}; }
  operator std::span<const T>() const { return span(); }  // NOLINT: read wherever a span is
  std::vector<T> vector() const { return std::vector<T>(begin(), end()); }
  // Whether these cells are a view of memory kept by something else (not owned values).
  bool viewed() const { return keeper_ != nullptr; }

  friend bool operator==(const Cells& a, const Cells& b) { return std::equal(a.begin(), a.end(), b.begin(), b.end()); }
  friend bool operator==(const Cells& a, const std::vector<T>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

  // Changing the cells: the values become this copy's own first (a view or shared values are copied).
  T* mutableData() {
    if (owned_ == nullptr || owned_.use_count() > 1) own(vector());
    return owned_->data();
  }
  T& at(size_t i) { return mutableData()[i]; }
  void assign(size_t n, const T& value) { own(std::vector<T>(n, value)); }
  template <typename It>
  void assign(It first, It last) { own(std::vector<T>(first, last)); }
  void resize(size_t n) {
    std::vector<T> v = vector();
    v.resize(n);
    own(std::move(v));
  }
  void clear() { *this = Cells(); }

 private:
  void own(std::vector<T> values) {
    owned_ = std::make_shared<std::vector<T>>(std::move(values));
    keeper_ = nullptr;
    data_ = owned_->data();
    size_ = owned_->size();
  }

  std::shared_ptr<std::vector<T>> owned_;  // set when the cells are values of their own (shared by copies)
  std::shared_ptr<const void> keeper_;     // set when they are a view: what keeps the viewed memory
  const T* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace gradlab
GRADLAB_API_END
