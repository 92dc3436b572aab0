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
  // Storage index of every view cell, row-major.
  std::vector<int64_t> cellOffsets() const;
};

// `channelDim` is the dimension that becomes innermost under Layout::kChannelsLast (1 for NCHW / NCL,
// 0 for an unbatched CHW tensor).
TensorLayout makeLayout(const std::vector<int64_t>& shape, Layout layout, size_t channelDim);

}  // namespace gradlab::runner
