// Where the cells of a logical tensor live in its device storage under each runner Layout.
#pragma once

#include <cstdint>
#include <vector>

#include "gradlab/runner.h"

namespace gradlab::runner {

struct TensorLayout {
  std::vector<int64_t> shape;    // logical (view) shape
  std::vector<int64_t> strides;  // elements
  int64_t offset = 0;            // elements from the start of the storage to cell 0
  int64_t storageElems = 0;      // size of the allocation, in elements
  int64_t numel() const;
  // Row-major without gaps: view cell i is storage element i.
  bool dense() const;
  // Calls fn(i, at) for every view cell i (row-major) with its storage index `at`.
  template <typename Fn>
  void forEachCell(Fn fn) const {
    const int64_t n = numel();
    std::vector<int64_t> idx(shape.size(), 0);
    int64_t at = offset;
    for (int64_t i = 0; i < n; ++i) {
      fn(i, at);
      for (size_t d = shape.size(); d-- > 0;) {
        if (++idx[d] < shape[d]) {
          at += strides[d];
          break;
        }
        at -= (shape[d] - 1) * strides[d];
        idx[d] = 0;
      }
    }
  }
  // Storage index of every view cell, row-major.
  std::vector<int64_t> cellOffsets() const;
};

// `channelDim` is the dimension that becomes innermost under Layout::kChannelsLast (1 for NCHW / NCL,
// 0 for an unbatched CHW tensor).
TensorLayout makeLayout(const std::vector<int64_t>& shape, Layout layout, size_t channelDim);

}  // namespace gradlab::runner
