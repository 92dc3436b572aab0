#include "api_client/tensor_layout.h"

#include <algorithm>

namespace gradlab::runner {
namespace {

std::vector<int64_t> rowMajorStrides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) s[i - 1] = s[i] * std::max<int64_t>(shape[i], 1);
  return s;
}

}  // namespace

int64_t TensorLayout::numel() const {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

bool TensorLayout::dense() const {
  return offset == 0 && storageElems == numel() && strides == rowMajorStrides(shape);
}

std::vector<int64_t> TensorLayout::cellOffsets() const {
  std::vector<int64_t> out(static_cast<size_t>(std::max<int64_t>(numel(), 0)));
  forEachCell([&](int64_t i, int64_t at) { out[i] = at; });
  return out;
}

TensorLayout makeLayout(const std::vector<int64_t>& shape, Layout layout, size_t channelDim) {
  TensorLayout t;
  t.shape = shape;
  const int64_t n = t.numel();
  const bool empty = std::any_of(shape.begin(), shape.end(), [](int64_t d) { return d <= 0; });
  if (empty || shape.empty() || layout == Layout::kContiguous) {
    t.strides = rowMajorStrides(shape);
    t.storageElems = std::max<int64_t>(n, 0);
    return t;
  }
  if (layout == Layout::kChannelsLast || layout == Layout::kTransposed) {
    std::vector<size_t> order;  // outermost first
    for (size_t d = 0; d < shape.size(); ++d) order.push_back(d);
    if (layout == Layout::kTransposed) {
      // The last two dimensions swap places in memory: the row axis becomes the fastest.
      if (order.size() >= 2) std::swap(order[order.size() - 1], order[order.size() - 2]);
    } else {
      // The channel dimension moves innermost; the others keep their order outside it.
      const size_t channel = std::min(channelDim, shape.size() - 1);
      order.erase(order.begin() + static_cast<std::ptrdiff_t>(channel));
      order.push_back(channel);
    }
    t.strides.assign(shape.size(), 1);
    int64_t s = 1;
    for (size_t i = order.size(); i-- > 0;) {
      t.strides[order[i]] = s;
      s *= shape[order[i]];
    }
    t.storageElems = n;
    return t;
  }
  // Sliced: as if the tensor were x[..., 1:, 2:] of a storage whose rows carry 3 extra cells, with an
  // extra row per plane and a gap between the outermost blocks, so any stride or offset bug reads or
  // writes cells outside the view.
  const size_t r = shape.size();
  std::vector<int64_t> padded = shape;
  padded[r - 1] += 5;
  if (r >= 2) padded[r - 2] += 1;
  t.strides = rowMajorStrides(padded);
  if (r >= 3) t.strides[0] += 7;
  t.offset = r >= 2 ? t.strides[r - 2] + 2 : 2;
  int64_t last = t.offset;
  for (size_t d = 0; d < r; ++d) last += (shape[d] - 1) * t.strides[d];
  t.storageElems = last + 1 + 3;
  return t;
}

}  // namespace gradlab::runner
