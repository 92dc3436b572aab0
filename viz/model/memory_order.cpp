#include "viz/model/memory_order.h"

#include <algorithm>
#include <functional>

#include "i18n/translate.h"
#include "viz/model/text.h"

namespace gradlab::viz {

size_t channelDimOf(const std::vector<int64_t>& shape, const RunRequest& request) {
  return shape.size() == 3 && request.shape.unbatched ? 0 : 1;
}

StorageView storageOf(const std::vector<int64_t>& shape, const RunRequest& request) {
  return storageView(shape, request.layout, channelDimOf(shape, request));
}

std::string stridesText(const StorageView& view) {
  std::string text;
  for (size_t i = 0; i < view.strides.size(); ++i) text += cat(i ? "," : "", view.strides[i]);
  if (view.offset != 0) text += cat(" +", view.offset);
  return i18n::trf("strides {0}", text);
}

std::vector<int64_t> logicalIndex(const std::vector<int64_t>& shape, int64_t flat) {
  std::vector<int64_t> index(shape.size(), 0);
  for (size_t d = shape.size(); d-- > 0;) {
    if (shape[d] <= 0) continue;
    index[d] = flat % shape[d];
    flat /= shape[d];
  }
  return index;
}

int64_t offsetOfCell(const std::vector<int64_t>& shape, const StorageView& view, int64_t flat) {
  const std::vector<int64_t> index = logicalIndex(shape, flat);
  int64_t offset = view.offset;
  for (size_t d = 0; d < index.size() && d < view.strides.size(); ++d) offset += index[d] * view.strides[d];
  return offset;
}

MemoryOrder memoryOrder(const std::vector<int64_t>& shape, const StorageView& view) {
  MemoryOrder m;
  m.view = view;
  const bool empty = shape.empty() || view.strides.size() != shape.size() ||
                     std::any_of(shape.begin(), shape.end(), [](int64_t d) { return d <= 0; });
  if (empty || view.storageElems <= 0) return m;
  int64_t cells = 1;
  for (int64_t d : shape) cells *= d;
  m.slots.assign(static_cast<size_t>(view.storageElems), -1);
  m.offsetOf.assign(static_cast<size_t>(cells), -1);
  for (int64_t flat = 0; flat < cells; ++flat) {
    const int64_t offset = offsetOfCell(shape, view, flat);
    m.offsetOf[static_cast<size_t>(flat)] = offset;
    if (offset >= 0 && offset < view.storageElems) m.slots[static_cast<size_t>(offset)] = flat;
  }
  m.unused = std::count(m.slots.begin(), m.slots.end(), int64_t{-1});
  return m;
}

std::vector<int64_t> layoutPeriods(const MemoryOrder& m, const std::vector<int64_t>& shape) {
  std::vector<int64_t> periods;
  for (size_t d = 0; d < shape.size() && d < m.view.strides.size(); ++d)
    if (shape[d] > 1 && m.view.strides[d] > 1) periods.push_back(m.view.strides[d]);
  std::sort(periods.begin(), periods.end(), std::greater<>());
  periods.erase(std::unique(periods.begin(), periods.end()), periods.end());
  return periods;
}

StripRows wrapRows(const MemoryOrder& m, const std::vector<int64_t>& shape, float room, float cellW, float gapW,
                   int64_t longest) {
  StripRows out;
  const int64_t n = static_cast<int64_t>(m.slots.size());
  if (n == 0) return out;
  std::vector<float> before(static_cast<size_t>(n) + 1, 0.0f);  // width of slots [0, i)
  for (int64_t i = 0; i < n; ++i)
    before[static_cast<size_t>(i) + 1] = before[static_cast<size_t>(i)] + (m.slots[static_cast<size_t>(i)] >= 0 ? cellW : gapW);
  auto width = [&](int64_t a, int64_t b) { return before[static_cast<size_t>(std::min(b, n))] - before[static_cast<size_t>(a)]; };
  auto fits = [&](int64_t length) {
    for (int64_t a = 0; a < n; a += length)
      if (width(a, a + length) > room) return false;
    return true;
  };
  for (int64_t p : layoutPeriods(m, shape)) {
    if (p > longest || !fits(p)) continue;
    int64_t k = 1;
    while (k * p < n && fits((k + 1) * p)) ++k;
    for (int64_t a = 0; a < n; a += k * p) out.starts.push_back(a);
    out.period = p;
    return out;
  }
  out.starts.push_back(0);
  for (int64_t i = 1; i < n; ++i)
    if (width(out.starts.back(), i + 1) > room) out.starts.push_back(i);
  return out;
}

}  // namespace gradlab::viz
