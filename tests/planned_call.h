// One catalog call on the operator's example sizes (every input 1, indices 0), planned by
// GetWorkspaceSize: the tests launch it or look at its executor.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "gradlab/ops.h"
#include "gradlab/plan.h"
#include "runtime/executor_registry.h"
#include "verify/adaptive_pool_harness.h"
#include "verify/device_tensor.h"
#include "gradlab/no_copy.h"

namespace gradlab::testing {

class PlannedCall : NoCopy {
 public:
  PlannedCall(const OpInfo& op, const std::string& strategy, bool deterministic) {
    verify::RuntimeScope::shared();
    const Extents& sizes = op.example;
    for (const TensorRole& role : op.tensorRoles()) {
      const std::vector<int64_t> shape = sideShape(op, role.side, sizes);
      int64_t cells = 1;
      for (int64_t d : shape) cells *= d;
      const aclFormat format = shape.size() == 4 ? ACL_FORMAT_NCHW : op.spatialRank == 1 ? ACL_FORMAT_NCL : ACL_FORMAT_ND;
      tensors_.push_back(role.integer() ? verify::DeviceTensor::indices(shape, op.indexDtype(), std::vector<int64_t>(cells, 0), format)
                                        : verify::DeviceTensor(shape, ACL_FLOAT, std::vector<float>(cells, 1.0f), format));
      args_.tensors[tensors_.size() - 1] = tensors_.back().get();
    }
    const std::vector<int64_t> outputSize = sizes.spatial(Side::kOut, op.spatialRank);
    const std::vector<int64_t> inputSize = sideShape(op, Side::kIn, sizes);
    outputSize_ = aclCreateIntArray(outputSize.data(), outputSize.size());
    inputSize_ = aclCreateIntArray(inputSize.data(), inputSize.size());
    if (op.takesOutputSize) args_.outputSize = outputSize_;
    if (op.takesInputSize) args_.inputSize = inputSize_;
    args_.profile = verify::adaptive::namedProfile("atlas-a2");
    args_.deterministic = deterministic;
    args_.strategy = strategy;
    status_ = op.getWorkspaceSize(args_, &workspaceSize_, &executor_);
  }
  ~PlannedCall() {
    if (executor_ != nullptr) aclDestroyAclOpExecutor(executor_);
    aclDestroyIntArray(outputSize_);
    aclDestroyIntArray(inputSize_);
  }

  aclnnStatus status() const { return status_; }
  aclOpExecutor* executor() const { return executor_; }
  uint64_t workspaceSize() const { return workspaceSize_; }
  void launched() { executor_ = nullptr; }  // the launch consumed it
  // The plan as GetWorkspaceSize left it, before anyone asked for it.
  std::shared_ptr<const Plan> asPlanned() const {
    std::shared_ptr<const Plan> plan;
    rt::ExecutorRegistry::instance().withLive(executor_, [&](aclOpExecutor& e) { plan = e.plan; });
    return plan;
  }

 private:
  std::vector<verify::DeviceTensor> tensors_;
  aclIntArray* outputSize_ = nullptr;
  aclIntArray* inputSize_ = nullptr;
  OpArgs args_;
  uint64_t workspaceSize_ = 0;
  aclOpExecutor* executor_ = nullptr;
  aclnnStatus status_ = ACLNN_SUCCESS;
};

}  // namespace gradlab::testing
