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

// "" when `t` lies inside a live device allocation; otherwise a sentence naming `name` and `api`.
// `pin` (when given) receives the allocation from the same look-up as the check (none for an empty view).
std::string checkTensorMemory(const aclTensor& t, const std::string& name, AllocationRef* pin = nullptr);

}  // namespace gradlab::rt
