// aclTensor and aclIntArray as the aclnn API sees them: host-side descriptors of device data.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "runtime/memory.h"

struct aclTensor {
  std::vector<int64_t> viewDims;
  std::vector<int64_t> strides;  // in elements
  int64_t offset = 0;            // in elements, from `data`
  aclDataType dtype = ACL_FLOAT;
  aclFormat format = ACL_FORMAT_ND;
  std::vector<int64_t> storageDims;
  void* data = nullptr;

  int64_t dim() const { return static_cast<int64_t>(viewDims.size()); }
  int64_t numel() const;
  bool empty() const { return numel() == 0; }
  bool contiguous() const;
  size_t elementSize() const;
  // Bytes from `data` up to one past the last element the view can touch (0 for an empty view).
  size_t reachBytes() const;
};

struct aclIntArray {
  std::vector<int64_t> values;
};

namespace gradlab::rt {

constexpr uint64_t kMaxTensorDims = 8;

const char* dtypeName(aclDataType dtype);
const char* formatName(aclFormat format);

// Whether the handle is one aclCreateTensor / aclCreateIntArray made and no destroy has ended. Never reads
// through the pointer.
bool isLiveTensor(const aclTensor* t);
bool isLiveIntArray(const aclIntArray* a);
// "<name> 0x... is not a live aclTensor (destroyed already, or not made by aclCreateTensor)", and the same
// for arrays.
std::string notLiveTensor(const std::string& name, const void* handle);
std::string notLiveIntArray(const std::string& name, const void* handle);

// The bytes [begin, end) a view's elements can touch; {0, 0} for an empty view.
struct ByteRange {
  uintptr_t begin = 0, end = 0;
  bool empty() const { return begin == end; }
  bool overlaps(const ByteRange& o) const { return !empty() && !o.empty() && begin < o.end && o.begin < end; }
};
ByteRange touchedBytes(const aclTensor& t);
// "gradOutput (FLOAT [2, 2], bytes 0x... to 0x...)"
std::string describeTouchedBytes(const std::string& name, const aclTensor& t);
std::string describeBytes(const ByteRange& r);  // "bytes 0x... to 0x..."

// "" when `t` lies inside a live device allocation; otherwise a sentence naming `name` and `api`.
// `pin` (when given) receives the allocation from the same look-up as the check (none for an empty view).
std::string checkTensorMemory(const aclTensor& t, const std::string& name, AllocationRef* pin = nullptr);

}  // namespace gradlab::rt
