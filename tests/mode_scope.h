// Test helper: ACL_OPT_DETERMINISTIC on the current device for a scope, for tests of the plain aclnn entry
// points (which read the option, as a user program sets it). Restores the previous value.
#pragma once

#include "acl/acl.h"
#include "verify/device_tensor.h"
#include "gradlab/no_copy.h"

namespace gradlab::testing {

class DeterministicScope : NoCopy {
 public:
  explicit DeterministicScope(bool on) {
    verify::RuntimeScope::shared();
    aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &saved_);
    aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, on ? 1 : 0);
  }
  ~DeterministicScope() { aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, saved_); }

 private:
  int64_t saved_ = 0;
};

}  // namespace gradlab::testing
