// Owning handles for the ACL objects the tests create: freed with their ACL destroy call.
#pragma once

#include <memory>

#include "acl/acl.h"

namespace gradlab::testing {

struct TensorDeleter {
  void operator()(aclTensor* t) const { aclDestroyTensor(t); }
};
using TensorPtr = std::unique_ptr<aclTensor, TensorDeleter>;

struct ArrayDeleter {
  void operator()(aclIntArray* a) const { aclDestroyIntArray(a); }
};
using ArrayPtr = std::unique_ptr<aclIntArray, ArrayDeleter>;

}  // namespace gradlab::testing
