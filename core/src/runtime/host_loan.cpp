#include "gradlab/host_loan.h"

#include "runtime/context.h"
#include "runtime/memory.h"

namespace gradlab {

std::shared_ptr<const void> lendHostMemory(void* data, size_t bytes, std::string* refusal) {
  const int32_t device = rt::currentDevice();
  if (device < 0) {
    *refusal = "no device is set (aclrtSetDevice or gradlab::ensureRuntime first)";
    return nullptr;
  }
  rt::AllocationRef lent = rt::DeviceMemory::instance().lendHost(data, bytes, device, refusal);
  if (!lent) return nullptr;
  return std::shared_ptr<const void>(lent->base, [lent](const void*) { rt::DeviceMemory::instance().takeBack(lent); });
}

}  // namespace gradlab
